import {
  enquiryStatuses,
  quoteEventActions,
  NOTE_MAX,
  type EnquiryDetail,
  type EnquiryEvent,
} from '@storefront/contracts/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  ErrorAlert,
  FieldErrorsContext,
  SaveStatus,
  Section,
  TextField,
} from '../../components/ui.tsx';
import { fieldErrorsOf } from '../../lib/errors.ts';
import { useFormat } from '../../lib/format.ts';
import { useAddEnquiryNote } from './api.ts';

/** The staff member an assignment names: the name, the number of a deleted one, or nobody. */
function staffName(t: (key: string) => string, id: string | null, name: string | null) {
  if (id === null) return t('enquiries.nobody');
  return name || `#${id}`;
}

function EventText({ event }: { event: EnquiryEvent }) {
  const { t } = useTranslation();
  const f = useFormat();
  const status = (s: string | null) =>
    s && (enquiryStatuses as readonly string[]).includes(s) ? t(`enquiryStatus.${s}`) : (s ?? '—');
  if (event.kind === 'quote')
    return (
      <span>
        {event.quote && (quoteEventActions as readonly string[]).includes(event.quote.action)
          ? t(`quoteEvent.${event.quote.action}`, { number: f.number(event.quote.number) })
          : t('quoteEvent.other')}
      </span>
    );
  if (event.kind === 'note')
    return (
      <>
        <span className="font-medium">{t('enquiry.event.note')}</span>
        <p dir="auto" className="mt-1 whitespace-pre-wrap">
          {event.note}
        </p>
      </>
    );
  if (event.kind === 'status')
    return <span>{t('enquiry.event.status', { from: status(event.from), to: status(event.to) })}</span>;
  return (
    <span>
      {t('enquiry.event.assign', {
        from: staffName(t, event.from, event.from_name),
        to: staffName(t, event.to, event.to_name),
      })}
    </span>
  );
}

function NoteForm({ id }: { id: number }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const add = useAddEnquiryNote(id);
  const fields = add.error ? fieldErrorsOf(add.error) : {};
  const tooLong = text.length > NOTE_MAX;
  return (
    <FieldErrorsContext.Provider value={fields}>
      <form
        noValidate
        className="mb-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim() && !tooLong) add.mutate(text, { onSuccess: () => setText('') });
        }}
      >
        <TextField
          label={t('enquiry.note')}
          multiline
          rows={3}
          dir="auto"
          value={text}
          onChange={(value) => {
            setText(value);
            if (add.isSuccess) add.reset();
          }}
          path="text"
          errors={tooLong ? ['too_long'] : []}
        />
        <Button type="submit" variant="primary" className="mt-2" disabled={add.isPending || !text.trim()}>
          {t('enquiry.addNote')}
        </Button>
        <ErrorAlert error={add.error} />
        <SaveStatus message={add.isSuccess ? t('enquiry.noteAdded') : null} />
      </form>
    </FieldErrorsContext.Provider>
  );
}

/** The note form and what has happened to the enquiry (notes, status and assignee changes, quotes). */
export function EnquiryTimeline({ detail }: { detail: EnquiryDetail }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <Section title={t('enquiry.timeline')}>
      <NoteForm id={detail.enquiry.id} />
      {detail.events.length === 0 ? (
        <p className="text-slate-800">{t('enquiry.noEvents')}</p>
      ) : (
        <ol className="space-y-3 border-s-2 border-slate-300 ps-4" aria-label={t('enquiry.timeline')}>
          {detail.events.map((event) => (
            <li key={event.id}>
              <p className="text-sm text-slate-800">
                <time dateTime={event.at}>{f.date(event.at)}</time> ·{' '}
                {event.staff.name ? (
                  <>
                    <span dir="auto">{event.staff.name}</span>
                    {event.staff.email ? (
                      <>
                        {' '}
                        (<span dir="ltr">{event.staff.email}</span>)
                      </>
                    ) : null}
                  </>
                ) : (
                  <span dir="ltr">{event.staff.email || t('enquiry.system')}</span>
                )}
              </p>
              <EventText event={event} />
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
