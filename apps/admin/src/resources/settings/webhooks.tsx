import type { Webhook } from '@storefront/contracts/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, SubmitButton, useCreated } from '../../components/form.tsx';
import {
  ActiveBadge,
  Button,
  ConfirmTarget,
  CopyField,
  DataTable,
  ErrorAlert,
  Loading,
  SaveStatus,
  Section,
  TextField,
  type Column,
} from '../../components/ui.tsx';
import { useFormat } from '../../lib/format.ts';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useSetWebhookActive,
  useWebhooks,
  type CreatedWebhook,
} from './api.ts';

/** Adds a webhook by its address; its signing secret is shown this once. */
function NewWebhook() {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const [created, onCreated] = useCreated<CreatedWebhook>(() => setUrl(''));
  const add = useCreateWebhook();
  return (
    <div className="mb-4">
      <Form
        className="flex flex-wrap items-end gap-3"
        save={add}
        onSubmit={() => add.mutate(url.trim(), { onSuccess: onCreated })}
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
        <SubmitButton disabled={!url.trim()}>{t('webhooks.add')}</SubmitButton>
      </Form>
      <SaveStatus message={created ? t('webhooks.created') : null} />
      {created ? (
        <CopyField
          id="webhook-secret"
          label={t('webhooks.secret')}
          value={created.secret}
          copyLabel={t('webhooks.copySecret')}
          help={t('webhooks.secretHelp', { header: 'X-Storefront-Signature' })}
          mono
        />
      ) : null}
    </div>
  );
}

/** The owner's webhooks: add, turn off or on, see their deliveries, delete. */
export function Webhooks({ onShowDeliveries }: { onShowDeliveries: (id: number) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const webhooks = useWebhooks();
  const [done, setDone] = useState<string | null>(null);
  const toggle = useSetWebhookActive();
  const [toDelete, setToDelete] = useState<Webhook | null>(null);
  const remove = useDeleteWebhook();
  const columns: Column<Webhook>[] = [
    {
      key: 'url',
      header: t('webhooks.url'),
      className: 'break-all',
      cell: (w) => <span dir="ltr">{w.url}</span>,
    },
    { key: 'state', header: t('staff.state'), cell: (w) => <ActiveBadge active={w.active} /> },
    {
      key: 'since',
      header: t('staff.since'),
      className: 'whitespace-nowrap',
      cell: (w) => f.date(w.created_at, false),
    },
    { key: 'sent', header: t('webhooks.sent'), cell: (w) => f.number(w.sent) },
    { key: 'pending', header: t('settings.pending'), cell: (w) => f.number(w.pending) },
    { key: 'failed', header: t('settings.failed'), cell: (w) => f.number(w.failed) },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (w) => (
        <div className="flex flex-wrap gap-1">
          <Button
            variant="ghost"
            disabled={toggle.isPending}
            aria-label={
              w.active ? t('webhooks.disableFor', { url: w.url }) : t('webhooks.enableFor', { url: w.url })
            }
            onClick={() => {
              setDone(null);
              toggle.mutate({ id: w.id, active: !w.active }, { onSuccess: () => setDone(t('form.saved')) });
            }}
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
      ),
    },
  ];
  return (
    <Section title={t('webhooks.title')}>
      <p className="mb-3 text-slate-800">{t('webhooks.intro')}</p>
      <NewWebhook />
      {webhooks.isPending ? <Loading /> : null}
      <ErrorAlert error={webhooks.error ?? toggle.error} />
      <SaveStatus message={done} />
      {webhooks.data && webhooks.data.length === 0 ? <p>{t('webhooks.none')}</p> : null}
      {webhooks.data && webhooks.data.length > 0 ? (
        <DataTable
          label={t('webhooks.title')}
          frameLabel={t('common.tableOf', { label: t('webhooks.title') })}
          rows={webhooks.data}
          columns={columns}
        />
      ) : null}
      <ConfirmTarget
        target={toDelete}
        onClose={() => setToDelete(null)}
        action={remove}
        title={t('webhooks.deleteTitle')}
        description={t('webhooks.deleteConfirm', { url: toDelete?.url ?? '' })}
        confirmLabel={t('delete.confirmButton')}
        onConfirm={(webhook) => {
          setDone(null);
          remove.mutate(webhook.id, {
            onSuccess: () => {
              setToDelete(null);
              setDone(t('form.deleted'));
            },
          });
        }}
      />
    </Section>
  );
}
