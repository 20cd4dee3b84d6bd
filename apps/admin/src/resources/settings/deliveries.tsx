import { deliveryKinds, type Delivery, type Webhook } from '@storefront/contracts/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceFilter, useListParams } from '../../components/list-controls.tsx';
import { ListPage } from '../../components/list-page.tsx';
import { Badge, Button, Section, type Column } from '../../components/ui.tsx';
import { useFormat } from '../../lib/format.ts';
import { useDeliveries, useRetryDelivery, type DeliveryQuery } from './api.ts';

const DELIVERY_PAGE_SIZE = 25;
const deliveryTones = { pending: 'amber', sent: 'green', failed: 'slate' } as const;
const DELIVERY_STATUSES = ['pending', 'sent', 'failed'] as const;

/**
 * Every mail, webhook call, SMS and bot message the outbox made or will make, with retry for a failed
 * one (owner); a permanent failure says why in words (the provider's reason by its code).
 */
export function Deliveries({ webhooks }: { webhooks: Webhook[] | undefined }) {
  const { t } = useTranslation();
  const f = useFormat();
  // One section of the settings page: a new filter or page leaves the window where it is.
  const { params, page, set } = useListParams({ keepScroll: true });
  const kind = params.get('kind');
  const status = params.get('status');
  const webhook = Number(params.get('webhook')) || undefined;
  // An unknown value in the URL is no filter.
  const query: DeliveryQuery = {
    page,
    page_size: DELIVERY_PAGE_SIZE,
    kind: deliveryKinds.find((k) => k === kind),
    status: DELIVERY_STATUSES.find((s) => s === status),
    webhook,
  };
  const [retried, setRetried] = useState(false);
  const list = useDeliveries(query);
  const retry = useRetryDelivery();
  const columns: Column<Delivery>[] = [
    {
      key: 'created',
      header: t('deliveries.created'),
      className: 'whitespace-nowrap',
      cell: (d) => f.date(d.created_at),
    },
    { key: 'kind', header: t('deliveries.kind'), cell: (d) => t(`deliveries.kinds.${d.kind}`) },
    { key: 'topic', header: t('deliveries.topic'), cell: (d) => <span dir="ltr">{d.topic}</span> },
    {
      key: 'recipient',
      header: t('deliveries.recipient'),
      className: 'break-all',
      cell: (d) => <span dir="ltr">{d.recipient}</span>,
    },
    {
      key: 'status',
      header: t('list.status'),
      cell: (d) => <Badge tone={deliveryTones[d.status]}>{t(`deliveries.statuses.${d.status}`)}</Badge>,
    },
    {
      key: 'reason',
      header: t('deliveries.reason'),
      cell: (d) => (d.reason ? <Badge tone="slate">{t(`deliveries.reasons.${d.reason}`)}</Badge> : null),
    },
    { key: 'attempts', header: t('deliveries.attempts'), cell: (d) => f.number(d.attempts) },
    {
      key: 'result',
      header: t('deliveries.result'),
      cell: (d) => (
        <>
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
        </>
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (d) =>
        d.status === 'failed' ? (
          <Button
            variant="ghost"
            disabled={retry.isPending}
            aria-label={t('deliveries.retryFor', { recipient: d.recipient })}
            onClick={() => retry.mutate(d.id, { onSuccess: () => setRetried(true) })}
          >
            {t('deliveries.retry')}
          </Button>
        ) : null,
    },
  ];
  return (
    <Section title={t('deliveries.title')}>
      <ListPage
        // Its own name beside the section's: the table inside "Delivery history" is "Delivery history (table)".
        label={t('common.tableOf', { label: t('deliveries.title') })}
        activeFilters={[query.kind, query.status, webhook].filter((v) => v !== undefined).length}
        filters={
          <>
            <ChoiceFilter
              label={t('deliveries.kind')}
              value={query.kind}
              choices={deliveryKinds.map((k) => [k, t(`deliveries.kinds.${k}`)] as const)}
              onChange={(v) => set({ kind: v })}
            />
            <ChoiceFilter
              label={t('list.status')}
              value={query.status}
              choices={DELIVERY_STATUSES.map((s) => [s, t(`deliveries.statuses.${s}`)] as const)}
              onChange={(v) => set({ status: v })}
            />
            <ChoiceFilter
              label={t('deliveries.webhook')}
              value={webhook === undefined ? undefined : String(webhook)}
              choices={[
                // A webhook since deleted (a link to its deliveries) is still named, by its number.
                ...(webhook !== undefined && !webhooks?.some((w) => w.id === webhook)
                  ? [[String(webhook), `#${webhook}`] as const]
                  : []),
                ...(webhooks ?? []).map((w) => [String(w.id), w.url] as const),
              ]}
              onChange={(v) => set({ webhook: v })}
            />
          </>
        }
        status={retried && !retry.isPending ? t('deliveries.retried') : null}
        error={retry.error}
        list={list}
        pageSize={DELIVERY_PAGE_SIZE}
        columns={columns}
        rowClassName={() => 'align-top'}
      />
    </Section>
  );
}
