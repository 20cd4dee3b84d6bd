import type { Webhook } from '@storefront/contracts/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FilterPanel } from '../../components/filter-panel.tsx';
import {
  Badge,
  Button,
  DataTable,
  ErrorAlert,
  Loading,
  Pagination,
  SaveStatus,
  Section,
  SelectField,
} from '../../components/ui.tsx';
import { useFormat } from '../../lib/format.ts';
import { useDeliveries, useRetryDelivery, type DeliveryQuery } from './api.ts';

const DELIVERY_PAGE_SIZE = 25;
const deliveryTones = { pending: 'amber', sent: 'green', failed: 'slate' } as const;
const COLUMNS = ['created', 'kind', 'topic', 'recipient', 'status', 'attempts', 'result'] as const;

/** The history's filters and page, read from the URL (an unknown value is no filter). */
function useDeliveryParams() {
  const [params, setParams] = useSearchParams();
  const kind = params.get('kind');
  const status = params.get('status');
  const page = Math.max(1, Number(params.get('page')) || 1);
  const webhook = Number(params.get('webhook')) || undefined;
  const query: DeliveryQuery = {
    page,
    page_size: DELIVERY_PAGE_SIZE,
    kind: kind === 'email' || kind === 'webhook' ? kind : undefined,
    status: status === 'pending' || status === 'sent' || status === 'failed' ? status : undefined,
    webhook,
  };
  // A new filter starts again from the first page; the page stays where it is scrolled to.
  const set = (patch: Record<string, string | number | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, String(v));
    }
    if (!('page' in patch)) next.delete('page');
    setParams(next, { preventScrollReset: true });
  };
  return { query, page, webhook, set };
}

/** Every mail and webhook call the outbox made or will make, with retry for a failed one (owner). */
export function Deliveries({ webhooks }: { webhooks: Webhook[] | undefined }) {
  const { t } = useTranslation();
  const f = useFormat();
  const { query, page, webhook, set } = useDeliveryParams();
  const [retried, setRetried] = useState(false);
  const list = useDeliveries(query);
  const retry = useRetryDelivery();
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
        <DataTable
          label={t('common.tableOf', { label: t('deliveries.title') })}
          empty={rows.length === 0}
          columns={[
            ...COLUMNS.map((c) => (c === 'status' ? t('list.status') : t(`deliveries.${c}`))),
            t('common.actions'),
          ]}
        >
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
                    onClick={() => retry.mutate(d.id, { onSuccess: () => setRetried(true) })}
                  >
                    {t('deliveries.retry')}
                  </Button>
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
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
