import {
  permanentReasons,
  smsKinds,
  smsProviderNames,
  type ChannelSettings,
  type SmsKind,
  type SmsProviderName,
} from '@storefront/contracts/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, SubmitButton } from '../../components/form.tsx';
import { Badge, ErrorAlert, SaveStatus, Section, SelectField, TextField } from '../../components/ui.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import { useFormat } from '../../lib/format.ts';
import { useSaveChannels, useTestSms } from './api.ts';
import { SecretField, secretBody, untouched, type SecretEdit } from '../../components/secret-field.tsx';

type Sms = ChannelSettings['sms'];

/** What each kind's template is given, in the order the server passes them (README, SMS_TEMPLATES). */
const templateParams: Record<SmsKind, string> = {
  otp: 'code',
  otp_en: 'code',
  enquiry: 'reference, link',
  enquiry_en: 'reference, link',
  staff_enquiry: 'reference, link',
  staff_review: 'link',
  reply: 'reference, link',
  reply_en: 'reference, link',
  staff_thread: 'reference, link',
  test: 'code',
};

const templatesOf = (sms: Sms) =>
  Object.fromEntries(smsKinds.map((kind) => [kind, sms.templates[kind] ?? ''])) as Record<SmsKind, string>;

/** The credit as the provider counts it: rials (Persian digits in fa) or the provider's own units. */
function BalanceText({ balance }: { balance: Sms['balance'] }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (!balance) return <>{t('channels.sms.unknown')}</>;
  const amount = f.number(balance.amount);
  return (
    <>
      {balance.unit === 'IRR'
        ? t('channels.sms.balanceIrr', { amount })
        : t('channels.sms.balanceCredit', { amount })}
    </>
  );
}

/** Whether SMS works, the credit, what waits and what failed (the outbox's SMS rows). */
function SmsStatus({ sms }: { sms: Sms }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <>
      {sms.configured ? null : (
        <div className="mb-3 rounded border border-amber-400 bg-amber-50 p-3 text-amber-950">
          <p className="font-bold">{t('channels.sms.notConfigured')}</p>
          <p className="mt-1">{t('channels.sms.notConfiguredHelp')}</p>
        </div>
      )}
      <dl className="mb-4 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
        <dt className="font-medium">{t('channels.state')}</dt>
        <dd>
          {sms.configured ? (
            <Badge tone="green">{t('channels.configured')}</Badge>
          ) : (
            <Badge>{t('channels.off')}</Badge>
          )}
        </dd>
        {sms.configured ? (
          <>
            <dt className="font-medium">{t('channels.sms.balance')}</dt>
            <dd>
              <BalanceText balance={sms.balance} />
            </dd>
          </>
        ) : null}
        <dt className="font-medium">{t('channels.sms.pending')}</dt>
        <dd>{f.number(sms.pending)}</dd>
        <dt className="font-medium">{t('channels.sms.failed')}</dt>
        <dd>{f.number(sms.failed)}</dd>
        <dt className="font-medium">{t('channels.sms.lastError')}</dt>
        <dd>
          {sms.last_error ? (
            <code dir="ltr" className="rounded bg-slate-100 px-1 break-all">
              {sms.last_error}
            </code>
          ) : (
            '—'
          )}
        </dd>
      </dl>
    </>
  );
}

/** The provider, its key, the sender line and a template per kind; what the environment sets is read-only. */
function SmsForm({ sms }: { sms: Sms }) {
  const { t } = useTranslation();
  const save = useSaveChannels();
  const [provider, setProviderState] = useState<SmsProviderName | ''>(sms.provider ?? '');
  const [key, setKeyState] = useState<SecretEdit>(untouched);
  const [sender, setSenderState] = useState(sms.sender);
  const [templates, setTemplatesState] = useState(() => templatesOf(sms));
  // A change after a save takes its "Saved." away until it is saved too.
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      if (save.isSuccess) save.reset();
    };
  const setProvider = changed(setProviderState);
  const setKey = changed(setKeyState);
  const setSender = changed(setSenderState);
  const setTemplates = changed(setTemplatesState);
  const providerName = (name: SmsProviderName) => t(`channels.providers.${name}`);

  return (
    <Form
      className="space-y-4"
      save={save}
      saved={t('form.saved')}
      onSubmit={() =>
        save.mutate(
          {
            sms: {
              // A locked provider is sent as it is: the server refuses only another value.
              provider: sms.provider_locked ? sms.provider : provider || null,
              ...(sms.api_key_locked ? {} : { api_key: secretBody(key) }),
              ...(sms.sender_locked ? {} : { sender }),
              ...(sms.templates_locked ? {} : { templates }),
            },
          },
          {
            onSuccess: (answer) => {
              // The key typed is gone from the page once saved: only its masked form comes back.
              setKeyState(untouched);
              setSenderState(answer.sms.sender);
              setTemplatesState(templatesOf(answer.sms));
            },
          },
        )
      }
    >
      {sms.provider_locked ? (
        <TextField
          label={t('channels.sms.provider')}
          value={sms.provider ? providerName(sms.provider) : ''}
          onChange={() => undefined}
          disabled
          hint={t('channels.locked', { name: 'SMS_PROVIDER' })}
          className="max-w-md"
        />
      ) : (
        <SelectField
          label={t('channels.sms.provider')}
          value={provider}
          path="sms.provider"
          className="max-w-md"
          onChange={(e) => setProvider(e.target.value as SmsProviderName | '')}
        >
          <option value="">{t('channels.sms.noProvider')}</option>
          {smsProviderNames.map((name) => (
            <option key={name} value={name}>
              {providerName(name)}
            </option>
          ))}
        </SelectField>
      )}
      <div className="max-w-md">
        <SecretField
          label={t('channels.sms.apiKey')}
          current={sms.api_key}
          locked={sms.api_key_locked}
          env="SMS_API_KEY"
          path="sms.api_key"
          edit={key}
          onEdit={setKey}
        />
      </div>
      <TextField
        label={t('channels.sms.sender')}
        value={sms.sender_locked ? sms.sender : sender}
        onChange={setSender}
        path="sms.sender"
        dir="ltr"
        inputMode="tel"
        className="max-w-md"
        disabled={sms.sender_locked}
        hint={sms.sender_locked ? t('channels.locked', { name: 'SMS_SENDER' }) : t('channels.sms.senderHint')}
      />
      {sms.base_url ? (
        <p>
          <span className="font-medium">{t('channels.sms.baseUrl')}: </span>
          <code dir="ltr" className="rounded bg-slate-100 px-1 break-all">
            {sms.base_url}
          </code>{' '}
          <span className="text-sm text-slate-700">{t('channels.locked', { name: 'SMS_BASE_URL' })}</span>
        </p>
      ) : null}
      <fieldset className="space-y-3">
        <legend className="mb-1 font-bold">{t('channels.sms.templates')}</legend>
        <p className="text-sm text-slate-800">
          {sms.templates_locked
            ? t('channels.locked', { name: 'SMS_TEMPLATES' })
            : t('channels.sms.templatesHelp')}
        </p>
        <div className="grid gap-3 md:grid-cols-2">
          {smsKinds.map((kind) => (
            <TextField
              key={kind}
              label={t(`channels.sms.kinds.${kind}`)}
              value={templates[kind]}
              onChange={(value) => setTemplates({ ...templates, [kind]: value })}
              path={`sms.templates.${kind}`}
              dir="ltr"
              disabled={sms.templates_locked}
              hint={[
                t('channels.sms.params', { params: templateParams[kind] }),
                kind.endsWith('_en') ? t('channels.sms.enHint') : '',
              ]
                .filter(Boolean)
                .join(' ')}
            />
          ))}
        </div>
      </fieldset>
      <SubmitButton>{t('form.save')}</SubmitButton>
    </Form>
  );
}

/** Why the provider refused the test (translated by its reason) and what it said. */
function TestSmsError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!(error instanceof ApiError)) return <ErrorAlert error={error} />;
  const body = (error.body ?? {}) as { reason?: unknown; detail?: unknown };
  const reason = permanentReasons.find((r) => r === body.reason);
  const detail = typeof body.detail === 'string' ? body.detail : null;
  if (error.code === 'channel_not_configured')
    return (
      <div role="alert" className="my-3 rounded border border-red-300 bg-red-50 p-3 text-red-900">
        <p>{errorMessage(t, error)}</p>
        <p>{t('channels.sms.testNotConfigured')}</p>
      </div>
    );
  if (error.code !== 'channel_send_failed') return <ErrorAlert error={error} />;
  return (
    <div role="alert" className="my-3 rounded border border-red-300 bg-red-50 p-3 text-red-900">
      <p className="font-bold">{t('channels.sms.testFailed')}</p>
      {reason ? <p>{t('channels.sms.testReason', { reason: t(`deliveries.reasons.${reason}`) })}</p> : null}
      {detail ? (
        <p>
          {t('channels.sms.testDetail')}{' '}
          <code dir="auto" className="rounded bg-white px-1 break-all">
            {detail}
          </code>
        </p>
      ) : null}
    </div>
  );
}

/** Sends the `test` template to a phone now, and says what the provider answered. */
function TestSms() {
  const { t } = useTranslation();
  const [phone, setPhone] = useState('');
  const test = useTestSms();
  return (
    <div className="mt-6 border-t border-slate-200 pt-4">
      <h3 className="mb-2 font-bold">{t('channels.sms.test')}</h3>
      <Form
        className="flex flex-wrap items-start gap-2"
        save={test}
        feedback="manual"
        onSubmit={() => test.mutate(phone)}
      >
        <TextField
          label={t('channels.sms.testPhone')}
          value={phone}
          onChange={(value) => {
            setPhone(value);
            if (!test.isPending) test.reset();
          }}
          path="phone"
          type="tel"
          dir="ltr"
          inputMode="tel"
          autoComplete="off"
          placeholder="09121234567"
        />
        <SubmitButton className="mt-6">{t('channels.sms.test')}</SubmitButton>
      </Form>
      {test.error && !(test.error instanceof ApiError && test.error.code === 'validation_failed') ? (
        <TestSmsError error={test.error} />
      ) : null}
      <SaveStatus
        message={
          test.data
            ? test.data.provider_id
              ? t('channels.sms.testSentId', { id: test.data.provider_id })
              : t('channels.sms.testSent')
            : null
        }
      />
    </div>
  );
}

/** The owner's SMS section: its state, its settings and the test message. */
export function SmsSettings({ sms }: { sms: Sms }) {
  const { t } = useTranslation();
  return (
    <Section title={t('channels.sms.title')}>
      <SmsStatus sms={sms} />
      <SmsForm sms={sms} />
      <TestSms />
    </Section>
  );
}
