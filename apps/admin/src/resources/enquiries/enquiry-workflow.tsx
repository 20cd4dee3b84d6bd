import { enquiryStatuses, type EnquiryDetail, type EnquiryStatus } from '@storefront/contracts/admin';
import { Options } from '../../components/list-controls.tsx';
import { useTranslation } from 'react-i18next';
import { ErrorAlert, FieldErrorsContext, SaveStatus, Section, SelectField } from '../../components/ui.tsx';
import { fieldErrorsOf } from '../../lib/errors.ts';
import { useAssignees } from '../../lib/sales-api.ts';
import { useUpdateEnquiry } from './api.ts';

/** An enquiry's status and assignee, each saved as soon as it is chosen. */
export function EnquiryWorkflow({ detail }: { detail: EnquiryDetail }) {
  const { t } = useTranslation();
  const assignees = useAssignees();
  const enquiry = detail.enquiry;
  const update = useUpdateEnquiry(enquiry.id);
  // A new change clears the last one's error, and with it its field errors.
  const fields = update.error ? fieldErrorsOf(update.error) : {};
  const options = assignees.data ?? [];
  const current = enquiry.assignee;
  // A deactivated assignee is no longer offered but is still the current one.
  const missing = current && !options.some((a) => a.id === current.id) ? [current] : [];
  return (
    <Section title={t('enquiry.workflow')}>
      <FieldErrorsContext.Provider value={fields}>
        <div className="flex flex-wrap gap-4">
          <SelectField
            label={t('enquiries.status')}
            value={enquiry.status}
            disabled={update.isPending}
            path="status"
            onChange={(e) => update.mutate({ status: e.target.value as EnquiryStatus })}
          >
            <Options choices={enquiryStatuses.map((s) => [s, t(`enquiryStatus.${s}`)] as const)} />
          </SelectField>
          <SelectField
            label={t('enquiries.assignee')}
            value={current ? String(current.id) : ''}
            disabled={update.isPending}
            path="assignee"
            onChange={(e) => update.mutate({ assignee: e.target.value ? Number(e.target.value) : null })}
          >
            <option value="">{t('enquiries.unassigned')}</option>
            {[...missing, ...options].map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </SelectField>
        </div>
      </FieldErrorsContext.Provider>
      <ErrorAlert error={update.error} />
      <SaveStatus message={update.isSuccess ? t('form.saved') : null} />
    </Section>
  );
}
