import type { Webhook } from '@storefront/contracts/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, SubmitButton } from '../../components/form.tsx';
import {
  ActiveBadge,
  Button,
  ConfirmDialog,
  CopyField,
  DataTable,
  ErrorAlert,
  Loading,
  SaveStatus,
  Section,
  TextField,
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
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const add = useCreateWebhook();
  return (
    <div className="mb-4">
      <Form
        className="flex flex-wrap items-end gap-3"
        pending={add.isPending}
        error={add.error}
        onSubmit={() =>
          add.mutate(url.trim(), {
            onSuccess: (answer) => {
              setCreated(answer);
              setUrl('');
            },
          })
        }
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
          label={t('common.tableOf', { label: t('webhooks.title') })}
          columns={[
            t('webhooks.url'),
            t('staff.state'),
            t('staff.since'),
            t('webhooks.sent'),
            t('settings.pending'),
            t('settings.failed'),
            t('common.actions'),
          ]}
        >
          {webhooks.data.map((w) => (
            <tr key={w.id} className="border-b border-slate-200">
              <td className="p-2 break-all">
                <span dir="ltr">{w.url}</span>
              </td>
              <td className="p-2">
                <ActiveBadge active={w.active} />
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
                    onClick={() => {
                      setDone(null);
                      toggle.mutate(
                        { id: w.id, active: !w.active },
                        { onSuccess: () => setDone(t('form.saved')) },
                      );
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
              </td>
            </tr>
          ))}
        </DataTable>
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
        onConfirm={() => {
          if (!toDelete) return;
          setDone(null);
          remove.mutate(toDelete.id, {
            onSuccess: () => {
              setToDelete(null);
              setDone(t('form.deleted'));
            },
          });
        }}
        busy={remove.isPending}
        error={remove.error}
        danger
      />
    </Section>
  );
}
