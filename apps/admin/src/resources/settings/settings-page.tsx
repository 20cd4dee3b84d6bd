import type { FieldErrorCode } from '@storefront/contracts';
import type { NotificationPreferences, Settings, Webhook } from '@storefront/contracts/admin';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api, type CreatedWebhook, type DeliveryQuery } from '../../lib/api.ts';
import { SETTINGS_KEY } from '../../components/sales.tsx';
import {
  Badge,
  Button,
  Checkbox,
  ConfirmDialog,
  ErrorAlert,
  FieldErrorText,
  FieldErrorsContext,
  Loading,
  PageTitle,
  Pagination,
  SaveStatus,
  Section,
  SelectField,
  TableFrame,
  TextField,
} from '../../components/ui.tsx';
import { FilterPanel } from '../../components/filter-panel.tsx';
import { fieldErrorsOf } from '../../lib/errors.ts';
import { useFormat } from '../../lib/format.ts';
import { isOwner, useSession } from '../../lib/session.ts';

const NOTIFICATIONS_KEY = ['account', 'notifications'] as const;
const WEBHOOKS_KEY = ['webhooks'] as const;
const DELIVERY_PAGE_SIZE = 25;

// ---- my notifications -------------------------------------------------------------------------------

function NotificationsForm({ initial }: { initial: NotificationPreferences }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [prefs, setPrefsState] = useState(initial);
  const [fields, setFields] = useState<Record<string, FieldErrorCode[]>>({});
  const save = useMutation({
    mutationFn: () => api.saveNotifications(prefs),
    onMutate: () => setFields({}),
    onSuccess: (answer) => {
      client.setQueryData(NOTIFICATIONS_KEY, answer);
      setPrefsState(answer);
    },
    onError: (e) => setFields(fieldErrorsOf(e)),
  });
  const setPrefs = (next: NotificationPreferences) => {
    setPrefsState(next);
    if (save.isSuccess) save.reset();
  };
  return (
    <FieldErrorsContext.Provider value={fields}>
      <form
        noValidate
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <SelectField
          label={t('settings.mailLanguage')}
          value={prefs.language}
          path="language"
          className="max-w-xs"
          onChange={(e) => setPrefs({ ...prefs, language: e.target.value as 'fa' | 'en' })}
        >
          <option value="fa">{t('languages.fa')}</option>
          <option value="en">{t('languages.en')}</option>
        </SelectField>
        <Checkbox
          label={t('settings.notifyEnquiries')}
          checked={prefs.notify_enquiries}
          path="notify_enquiries"
          onChange={(on) => setPrefs({ ...prefs, notify_enquiries: on })}
        />
        <Checkbox
          label={t('settings.notifyReviews')}
          checked={prefs.notify_reviews}
          path="notify_reviews"
          onChange={(on) => setPrefs({ ...prefs, notify_reviews: on })}
        />
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {t('form.save')}
        </Button>
      </form>
      <ErrorAlert error={save.error} />
      <SaveStatus message={save.isSuccess ? t('form.saved') : null} />
    </FieldErrorsContext.Provider>
  );
}

function MyNotifications() {
  const { t } = useTranslation();
  const prefs = useQuery({ queryKey: NOTIFICATIONS_KEY, queryFn: api.notifications });
  return (
    <Section title={t('settings.myNotifications')}>
      {prefs.isPending ? <Loading /> : null}
      <ErrorAlert error={prefs.error} />
      {prefs.data ? <NotificationsForm initial={prefs.data} /> : null}
    </Section>
  );
}

// ---- review moderation ------------------------------------------------------------------------------

function ReviewModeration({ settings, owner }: { settings: Settings; owner: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const groupId = useId();
  // The owner's choice until it is saved; before a choice (and after the save) the stored setting.
  // The section stays mounted across its own save, so its "saved" stays in view.
  const [picked, setPicked] = useState<Settings['reviews'] | null>(null);
  const choice = picked ?? settings.reviews;
  const save = useMutation({
    mutationFn: (reviews: Settings['reviews']) => api.saveSettings(reviews),
    onSuccess: (answer) => {
      client.setQueryData(SETTINGS_KEY, answer);
      setPicked(null);
      void client.invalidateQueries({ queryKey: ['reviews'] });
    },
  });
  const fields = fieldErrorsOf(save.error);
  return (
    <Section title={t('settings.moderation')}>
      {owner ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(choice);
          }}
        >
          <fieldset
            aria-invalid={fields.reviews ? true : undefined}
            aria-describedby={fields.reviews ? `${groupId}-error` : undefined}
          >
            <legend id={groupId} className="mb-1 font-medium">
              {t('settings.moderationQuestion')}
            </legend>
            {(['publish', 'hold'] as const).map((value) => (
              <label key={value} className="flex items-center gap-2 py-1">
                <input
                  type="radio"
                  name={`${groupId}-reviews`}
                  value={value}
                  checked={choice === value}
                  onChange={() => {
                    setPicked(value);
                    save.reset();
                  }}
                  className="accent-sky-800"
                />
                {t(`settings.reviews.${value}`)}
              </label>
            ))}
            <FieldErrorText id={`${groupId}-error`} codes={fields.reviews ?? []} />
          </fieldset>
          <Button type="submit" variant="primary" className="mt-2" disabled={save.isPending}>
            {t('form.save')}
          </Button>
          <ErrorAlert error={save.error} />
          <SaveStatus message={save.isSuccess ? t('form.saved') : null} />
        </form>
      ) : (
        <>
          <p>{t(`settings.reviews.${settings.reviews}`)}</p>
          <p className="mt-1 text-sm text-slate-800">{t('settings.ownerOnly')}</p>
        </>
      )}
    </Section>
  );
}

// ---- mail ---------------------------------------------------------------------------------------------

function MailStatus({ mail }: { mail: Settings['mail'] }) {
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

// ---- webhooks (owner) -----------------------------------------------------------------------------

function NewWebhook() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [url, setUrl] = useState('');
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [copied, setCopied] = useState(false);
  const [fields, setFields] = useState<Record<string, FieldErrorCode[]>>({});
  const add = useMutation({
    mutationFn: () => api.createWebhook(url.trim()),
    onMutate: () => {
      setFields({});
      setCopied(false);
    },
    onSuccess: (answer) => {
      setCreated(answer);
      setUrl('');
      void client.invalidateQueries({ queryKey: WEBHOOKS_KEY });
    },
    onError: (e) => setFields(fieldErrorsOf(e)),
  });
  return (
    <div className="mb-4">
      <FieldErrorsContext.Provider value={fields}>
        <form
          noValidate
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            add.mutate();
          }}
        >
          <TextField
            label={t('webhooks.url')}
            type="url"
            dir="ltr"
            value={url}
            onChange={setUrl}
            path="url"
            className="min-w-72 flex-1"
            placeholder="https://example.com/hooks/storefront"
            required
          />
          <Button type="submit" variant="primary" disabled={add.isPending || !url.trim()}>
            {t('webhooks.add')}
          </Button>
        </form>
      </FieldErrorsContext.Provider>
      <ErrorAlert error={add.error} />
      <SaveStatus message={created ? t('webhooks.created') : null} />
      {created ? (
        <div className="mt-3 rounded border border-green-300 bg-green-50 p-3">
          <label htmlFor="webhook-secret" className="mb-1 block text-sm font-medium">
            {t('webhooks.secret')}
          </label>
          <div className="flex gap-2">
            <input
              id="webhook-secret"
              readOnly
              dir="ltr"
              value={created.secret}
              aria-describedby="webhook-secret-help"
              className="block w-full rounded border border-slate-500 bg-white px-2 py-1.5 font-mono"
              onFocus={(e) => e.target.select()}
            />
            <Button
              aria-label={t('webhooks.copySecret')}
              onClick={() => {
                void navigator.clipboard?.writeText(created.secret).then(() => setCopied(true));
              }}
            >
              {copied ? t('common.copied') : t('common.copy')}
            </Button>
          </div>
          <p id="webhook-secret-help" className="mt-2 text-sm">
            {t('webhooks.secretHelp', { header: 'X-Storefront-Signature' })}
          </p>
        </div>
      ) : null}
    </div>
  );
}

function Webhooks({ onShowDeliveries }: { onShowDeliveries: (id: number) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const client = useQueryClient();
  const webhooks = useQuery({ queryKey: WEBHOOKS_KEY, queryFn: api.webhooks });
  const [done, setDone] = useState<string | null>(null);
  const toggle = useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) => api.setWebhookActive(id, active),
    onMutate: () => setDone(null),
    onSuccess: () => {
      setDone(t('form.saved'));
      return client.invalidateQueries({ queryKey: WEBHOOKS_KEY });
    },
  });
  const [toDelete, setToDelete] = useState<Webhook | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => api.deleteWebhook(id),
    onMutate: () => setDone(null),
    onSuccess: () => {
      setToDelete(null);
      setDone(t('form.deleted'));
      void client.invalidateQueries({ queryKey: WEBHOOKS_KEY });
    },
  });
  return (
    <Section title={t('webhooks.title')}>
      <p className="mb-3 text-slate-800">{t('webhooks.intro')}</p>
      <NewWebhook />
      {webhooks.isPending ? <Loading /> : null}
      <ErrorAlert error={webhooks.error ?? toggle.error} />
      <SaveStatus message={done} />
      {webhooks.data && webhooks.data.length === 0 ? <p>{t('webhooks.none')}</p> : null}
      {webhooks.data && webhooks.data.length > 0 ? (
        <TableFrame label={t('common.tableOf', { label: t('webhooks.title') })}>
          <table className="w-full text-sm">
            <caption className="sr-only">{t('webhooks.title')}</caption>
            <thead>
              <tr className="border-b border-slate-300 bg-slate-100">
                <th scope="col" className="p-2 text-start">
                  {t('webhooks.url')}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t('staff.state')}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t('staff.since')}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t('webhooks.sent')}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t('settings.pending')}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t('settings.failed')}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t('common.actions')}
                </th>
              </tr>
            </thead>
            <tbody>
              {webhooks.data.map((w) => (
                <tr key={w.id} className="border-b border-slate-200">
                  <td className="p-2 break-all">
                    <span dir="ltr">{w.url}</span>
                  </td>
                  <td className="p-2">
                    {w.active ? (
                      <Badge tone="green">{t('staff.active')}</Badge>
                    ) : (
                      <Badge tone="slate">{t('staff.disabled')}</Badge>
                    )}
                  </td>
                  <td className="p-2 whitespace-nowrap">{f.date(w.created_at, false)}</td>
                  <td className="p-2">{f.number(w.sent)}</td>
                  <td className="p-2">{f.number(w.pending)}</td>
                  <td className="p-2">{f.number(w.failed)}</td>
                  <td className="p-2">
                    <div className="flex flex-wrap gap-1">
                      <Button
                        variant="ghost"
                        disabled={toggle.isPending}
                        aria-label={
                          w.active
                            ? t('webhooks.disableFor', { url: w.url })
                            : t('webhooks.enableFor', { url: w.url })
                        }
                        onClick={() => toggle.mutate({ id: w.id, active: !w.active })}
                      >
                        {w.active ? t('staff.disable') : t('staff.enable')}
                      </Button>
                      <Button
                        variant="ghost"
                        aria-label={t('webhooks.deliveriesFor', { url: w.url })}
                        onClick={() => onShowDeliveries(w.id)}
                      >
                        {t('webhooks.deliveries')}
                      </Button>
                      <Button
                        variant="ghost"
                        aria-label={t('webhooks.deleteFor', { url: w.url })}
                        onClick={() => setToDelete(w)}
                      >
                        {t('delete.button')}
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      ) : null}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) {
            setToDelete(null);
            remove.reset();
          }
        }}
        title={t('webhooks.deleteTitle')}
        description={t('webhooks.deleteConfirm', { url: toDelete?.url ?? '' })}
        confirmLabel={t('delete.confirmButton')}
        onConfirm={() => toDelete && remove.mutate(toDelete.id)}
        busy={remove.isPending}
        error={remove.error}
        danger
      />
    </Section>
  );
}

// ---- the delivery history (owner) -----------------------------------------------------------------

const deliveryTones = { pending: 'amber', sent: 'green', failed: 'slate' } as const;

function Deliveries({ webhooks }: { webhooks: Webhook[] | undefined }) {
  const { t } = useTranslation();
  const f = useFormat();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('kind');
  const statusParam = params.get('status');
  const page = Math.max(1, Number(params.get('page')) || 1);
  const webhook = Number(params.get('webhook')) || undefined;
  const query: DeliveryQuery = {
    page,
    page_size: DELIVERY_PAGE_SIZE,
    kind: kindParam === 'email' || kindParam === 'webhook' ? kindParam : undefined,
    status:
      statusParam === 'pending' || statusParam === 'sent' || statusParam === 'failed'
        ? statusParam
        : undefined,
    webhook,
  };
  const set = (patch: Record<string, string | number | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, String(v));
    }
    if (!('page' in patch)) next.delete('page');
    setParams(next, { preventScrollReset: true });
  };
  const [retried, setRetried] = useState(false);
  const list = useQuery({
    queryKey: ['deliveries', query],
    queryFn: () => api.deliveries(query),
    placeholderData: keepPreviousData,
  });
  const retry = useMutation({
    mutationFn: (id: number) => api.retryDelivery(id),
    onSuccess: () => {
      setRetried(true);
      void client.invalidateQueries({ queryKey: ['deliveries'] });
      void client.invalidateQueries({ queryKey: WEBHOOKS_KEY });
      void client.invalidateQueries({ queryKey: SETTINGS_KEY });
    },
  });
  const rows = list.data?.results ?? [];
  return (
    <Section title={t('deliveries.title')}>
      <FilterPanel
        active={[query.kind, query.status, webhook].filter((v) => v !== undefined).length}
        className="mb-3 flex flex-wrap items-end gap-4"
      >
        <SelectField
          label={t('deliveries.kind')}
          value={query.kind ?? ''}
          onChange={(e) => set({ kind: e.target.value })}
        >
          <option value="">{t('list.all')}</option>
          <option value="email">{t('deliveries.kinds.email')}</option>
          <option value="webhook">{t('deliveries.kinds.webhook')}</option>
        </SelectField>
        <SelectField
          label={t('list.status')}
          value={query.status ?? ''}
          onChange={(e) => set({ status: e.target.value })}
        >
          <option value="">{t('list.all')}</option>
          {(['pending', 'sent', 'failed'] as const).map((s) => (
            <option key={s} value={s}>
              {t(`deliveries.statuses.${s}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('deliveries.webhook')}
          value={webhook === undefined ? '' : String(webhook)}
          onChange={(e) => set({ webhook: e.target.value })}
        >
          <option value="">{t('list.all')}</option>
          {webhook !== undefined && !webhooks?.some((w) => w.id === webhook) ? (
            <option value={webhook}>#{webhook}</option>
          ) : null}
          {webhooks?.map((w) => (
            <option key={w.id} value={w.id}>
              {w.url}
            </option>
          ))}
        </SelectField>
      </FilterPanel>
      <ErrorAlert error={list.error ?? retry.error} />
      <SaveStatus message={retried && !retry.isPending ? t('deliveries.retried') : null} />
      {list.isPending ? <Loading /> : null}
      {list.data ? (
        <TableFrame label={t('common.tableOf', { label: t('deliveries.title') })}>
          <table className="w-full text-sm">
            <caption className="sr-only">{t('deliveries.title')}</caption>
            <thead>
              <tr className="border-b border-slate-300 bg-slate-100">
                {['created', 'kind', 'topic', 'recipient', 'status', 'attempts', 'result'].map((c) => (
                  <th key={c} scope="col" className="p-2 text-start">
                    {c === 'status' ? t('list.status') : t(`deliveries.${c}`)}
                  </th>
                ))}
                <th scope="col" className="p-2 text-start">
                  {t('common.actions')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={8} className="p-4 text-center">
                    {t('common.noResults')}
                  </td>
                </tr>
              ) : null}
              {rows.map((d) => (
                <tr key={d.id} className="border-b border-slate-200 align-top">
                  <td className="p-2 whitespace-nowrap">{f.date(d.created_at)}</td>
                  <td className="p-2">{t(`deliveries.kinds.${d.kind}`)}</td>
                  <td className="p-2">
                    <span dir="ltr">{d.topic}</span>
                  </td>
                  <td className="p-2 break-all">
                    <span dir="ltr">{d.recipient}</span>
                  </td>
                  <td className="p-2">
                    <Badge tone={deliveryTones[d.status]}>{t(`deliveries.statuses.${d.status}`)}</Badge>
                  </td>
                  <td className="p-2">{f.number(d.attempts)}</td>
                  <td className="p-2">
                    {d.status === 'sent' && d.sent_at
                      ? t('deliveries.sentAt', { date: f.date(d.sent_at) })
                      : d.status === 'pending'
                        ? t('deliveries.nextAttempt', { date: f.date(d.next_attempt_at) })
                        : null}
                    {d.response_status !== null ? (
                      <div>{t('deliveries.response', { status: d.response_status })}</div>
                    ) : null}
                    {d.last_error ? (
                      <div>
                        <code dir="ltr" className="rounded bg-slate-100 px-1 break-all">
                          {d.last_error}
                        </code>
                      </div>
                    ) : null}
                  </td>
                  <td className="p-2">
                    {d.status === 'failed' ? (
                      <Button
                        variant="ghost"
                        disabled={retry.isPending}
                        aria-label={t('deliveries.retryFor', { recipient: d.recipient })}
                        onClick={() => retry.mutate(d.id)}
                      >
                        {t('deliveries.retry')}
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      ) : null}
      {list.data ? (
        <Pagination
          page={page}
          count={list.data.count}
          pageSize={DELIVERY_PAGE_SIZE}
          onPage={(p) => set({ page: p })}
        />
      ) : null}
    </Section>
  );
}

function OwnerSections() {
  const [, setParams] = useSearchParams();
  const webhooks = useQuery({ queryKey: WEBHOOKS_KEY, queryFn: api.webhooks });
  return (
    <>
      <Webhooks
        onShowDeliveries={(id) => {
          setParams(new URLSearchParams({ kind: 'webhook', webhook: String(id) }), {
            preventScrollReset: true,
          });
          document.getElementById('deliveries')?.scrollIntoView();
        }}
      />
      <div id="deliveries">
        <Deliveries webhooks={webhooks.data} />
      </div>
    </>
  );
}

export function SettingsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const owner = isOwner(session.data?.staff.role);
  const settings = useQuery({ queryKey: SETTINGS_KEY, queryFn: api.settings });
  return (
    <div>
      <PageTitle>{t('nav.settings')}</PageTitle>
      <MyNotifications />
      {settings.isPending ? <Loading /> : null}
      <ErrorAlert error={settings.error} />
      {settings.data ? (
        <>
          <ReviewModeration settings={settings.data} owner={owner} />
          <MailStatus mail={settings.data.mail} />
        </>
      ) : null}
      {owner ? <OwnerSections /> : null}
    </div>
  );
}
