import type { Settings } from '@storefront/contracts/admin';
import { useTranslation } from 'react-i18next';
import { Badge, Section } from '../../components/ui.tsx';
import { useFormat } from '../../lib/format.ts';

/** The mail set-up as the server found it: configured or not, what waits, what failed and why. */
export function MailStatus({ mail }: { mail: Settings['mail'] }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <Section title={t('settings.mail')}>
      {mail.configured ? null : (
        <div className="mb-3 rounded border border-amber-400 bg-amber-50 p-3 text-amber-950">
          <p className="font-bold">{t('settings.mailNotConfigured')}</p>
          <p className="mt-1">
            {t('settings.mailNotConfiguredHelp', { url: 'SMTP_URL', from: 'MAIL_FROM' })}
          </p>
        </div>
      )}
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
        <dt className="font-medium">{t('settings.mailState')}</dt>
        <dd>
          {mail.configured ? (
            <Badge tone="green">{t('settings.mailConfigured')}</Badge>
          ) : (
            <Badge>{t('settings.mailOff')}</Badge>
          )}
        </dd>
        <dt className="font-medium">{t('settings.mailFrom')}</dt>
        <dd>{mail.from ? <span dir="ltr">{mail.from}</span> : '—'}</dd>
        <dt className="font-medium">{t('settings.pending')}</dt>
        <dd>{f.number(mail.pending)}</dd>
        <dt className="font-medium">{t('settings.failed')}</dt>
        <dd>{f.number(mail.failed)}</dd>
        <dt className="font-medium">{t('settings.lastError')}</dt>
        <dd>
          {mail.last_error ? (
            <code dir="ltr" className="rounded bg-slate-100 px-1 break-all">
              {mail.last_error}
            </code>
          ) : (
            '—'
          )}
        </dd>
      </dl>
    </Section>
  );
}
