import type { CustomerDetail } from '@storefront/contracts/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ContactLink, EnquiryLinks, ProductName, RecordPage } from '../../components/sales.tsx';
import { ActiveBadge, Button, ConfirmTarget, ErrorAlert, SaveStatus, Section } from '../../components/ui.tsx';
import { useFormat } from '../../lib/format.ts';
import { useCustomer, useDeleteCustomer, useSetCustomerActive } from './api.ts';

/** The account's contact, status and age, with enable/disable and delete. */
function Account({ id, customer }: { id: number; customer: CustomerDetail['customer'] }) {
  const { t } = useTranslation();
  const f = useFormat();
  const navigate = useNavigate();
  const setActive = useSetCustomerActive(id);
  const remove = useDeleteCustomer(id);
  const [confirm, setConfirm] = useState(false);
  const label = customer.phone || customer.email || `#${customer.id}`;
  return (
    <>
      <ErrorAlert error={setActive.error} />
      <SaveStatus message={setActive.isSuccess ? t('form.saved') : null} />
      <Section title={t('customers.account')}>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2">
          <dt className="font-medium">{t('enquiries.phone')}</dt>
          <dd>
            <ContactLink kind="phone" value={customer.phone} />
          </dd>
          <dt className="font-medium">{t('enquiries.email')}</dt>
          <dd>
            <ContactLink kind="email" value={customer.email} />
          </dd>
          <dt className="font-medium">{t('list.status')}</dt>
          <dd>
            <ActiveBadge active={customer.active} />
          </dd>
          <dt className="font-medium">{t('customers.since')}</dt>
          <dd>{f.date(customer.created_at)}</dd>
        </dl>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button
            variant={customer.active ? 'secondary' : 'primary'}
            disabled={setActive.isPending}
            onClick={() => setActive.mutate(!customer.active)}
          >
            {customer.active ? t('customers.disable') : t('customers.enable')}
          </Button>
          <Button variant="danger" onClick={() => setConfirm(true)}>
            {t('customers.delete')}
          </Button>
        </div>
        {customer.active ? null : (
          <p className="mt-2 text-sm text-slate-800">{t('customers.disabledNote')}</p>
        )}
      </Section>
      <ConfirmTarget
        target={confirm ? customer : null}
        onClose={() => setConfirm(false)}
        action={remove}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: (deleted) => {
              setConfirm(false);
              // The list says what went.
              void navigate('/customers', { state: { deleted } });
            },
          })
        }
        title={t('customers.deleteTitle', { name: label })}
        description={t('customers.deleteConfirm')}
        confirmLabel={t('customers.delete')}
      />
    </>
  );
}

/** One customer: the account, what they liked and their enquiries. */
export function CustomerDetailPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const id = Number(useParams().id);
  const detail = useCustomer(id);
  return (
    <RecordPage title={t('customers.title')} back="/customers" backLabel={t('customers.back')} query={detail}>
      {(data) => (
        <>
          <Account id={id} customer={data.customer} />
          <Section title={t('customers.liked')}>
            {data.liked.length === 0 ? (
              <p className="text-slate-800">{t('customers.noLikes')}</p>
            ) : (
              <ul className="space-y-1">
                {data.liked.map((p) => (
                  <li key={p.id}>
                    <ProductName id={p.id} title={p.title} />{' '}
                    <span className="text-slate-800">· {f.date(p.liked_at, false)}</span>
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <EnquiryLinks title={t('nav.enquiries')} rows={data.enquiries} empty={t('customers.noEnquiries')} />
        </>
      )}
    </RecordPage>
  );
}
