import { enquiryStatuses, type ChannelWarning, type Dashboard } from '@storefront/contracts/admin';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EnquiryStatusBadge, ProductName } from '../../components/sales.tsx';
import { ErrorAlert, Loading, PageTitle, Section, TableFrame } from '../../components/ui.tsx';
import { useFormat } from '../../lib/format.ts';
import { SourceTable } from '../../components/enquiry-source.tsx';
import { useDashboard } from './api.ts';
import { QuoteFigures } from './dashboard-quotes.tsx';

function Stat({ label, value, to }: { label: string; value: number; to?: string }) {
  const f = useFormat();
  return (
    <div className="rounded border border-slate-300 bg-white p-4">
      <dt className="text-sm text-slate-800">{label}</dt>
      <dd className="mt-1 text-3xl font-bold">
        {to ? (
          <Link to={to} className="text-sky-900 underline">
            {f.number(value)}
          </Link>
        ) : (
          f.number(value)
        )}
      </dd>
    </div>
  );
}

/** The last 30 days as CSS bars (hidden from screen readers) with the same numbers as a table. */
function DailyChart({ daily }: { daily: { date: string; count: number }[] }) {
  const { t } = useTranslation();
  const f = useFormat();
  const captionId = useId();
  const max = Math.max(1, ...daily.map((d) => d.count));
  const total = daily.reduce((sum, d) => sum + d.count, 0);
  return (
    <figure aria-labelledby={captionId}>
      <figcaption id={captionId} className="mb-2 text-sm text-slate-800">
        {t('dashboard.chartSummary', {
          count: total,
          formatted: f.number(total),
          max: f.number(daily.length ? Math.max(...daily.map((d) => d.count)) : 0),
        })}
      </figcaption>
      <div aria-hidden="true" className="flex h-40 items-end gap-0.5 border-b border-slate-500">
        {daily.map((d) => (
          <div
            key={d.date}
            title={`${f.day(d.date)}: ${f.number(d.count)}`}
            className="flex h-full flex-1 flex-col justify-end"
          >
            <div
              className="rounded-t bg-sky-700"
              style={{ height: `${(d.count / max) * 100}%`, minHeight: d.count > 0 ? 2 : 0 }}
            />
          </div>
        ))}
      </div>
      <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-slate-800">
        <span>{daily[0] ? f.day(daily[0].date, true) : ''}</span>
        <span>{daily.length ? f.day(daily[daily.length - 1]!.date, true) : ''}</span>
      </div>
      <details className="mt-2">
        <summary className="cursor-pointer text-sm text-sky-900 underline">
          {t('dashboard.showTable')}
        </summary>
        <TableFrame label={t('common.tableOf', { label: t('dashboard.daily') })}>
          <table className="mt-2 text-sm">
            <caption className="sr-only">{t('dashboard.daily')}</caption>
            <thead>
              <tr className="border-b border-slate-300 bg-slate-100">
                {(['day', 'enquiries'] as const).map((c) => (
                  <th key={c} scope="col" className="p-1.5 text-start">
                    {t(`dashboard.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {daily.map((d) => (
                <tr key={d.date} className="border-b border-slate-200">
                  <td className="p-1.5">{f.day(d.date)}</td>
                  <td className="p-1.5">{f.number(d.count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      </details>
    </figure>
  );
}

function ProductList({
  products,
  countLabel,
}: {
  products: { id: number; title: string; count?: number }[];
  countLabel?: (count: number) => string;
}) {
  const { t } = useTranslation();
  if (products.length === 0) return <p className="text-slate-800">{t('dashboard.none')}</p>;
  return (
    <ol className="list-decimal space-y-1 ps-6">
      {products.map((p) => (
        <li key={p.id}>
          <ProductName id={p.id} title={p.title} />
          {p.count !== undefined && countLabel ? (
            <span className="text-slate-800"> · {countLabel(p.count)}</span>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

function EnquiryStats({ enquiries }: { enquiries: NonNullable<Dashboard['enquiries']> }) {
  const { t } = useTranslation();
  const f = useFormat();
  const statusKeys = [
    ...enquiryStatuses,
    ...Object.keys(enquiries.by_status).filter((k) => !(enquiryStatuses as readonly string[]).includes(k)),
  ];
  return (
    <>
      <Section title={t('dashboard.newEnquiries')}>
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <Stat label={t('dashboard.today')} value={enquiries.today} />
          <Stat label={t('dashboard.week')} value={enquiries.week} />
          <Stat label={t('dashboard.last30')} value={enquiries.last_30_days} />
          <Stat label={t('dashboard.unread')} value={enquiries.unread} to="/enquiries?unread=1" />
        </dl>
      </Section>
      <Section title={t('dashboard.daily')}>
        <DailyChart daily={enquiries.daily} />
      </Section>
      <Section title={t('dashboard.byStatus')}>
        <ul className="flex flex-wrap gap-3">
          {statusKeys.map((status) => (
            <li key={status} className="rounded border border-slate-300 px-3 py-2">
              <Link to={`/enquiries?status=${status}`} className="text-sky-900 underline">
                {(enquiryStatuses as readonly string[]).includes(status) ? (
                  <EnquiryStatusBadge status={status as (typeof enquiryStatuses)[number]} />
                ) : (
                  status
                )}
                <span> {f.number(enquiries.by_status[status] ?? 0)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </Section>
      {/* A server older than the sources sends none: the section is left out. */}
      {enquiries.by_source ? (
        <Section title={t('source.dashboardTitle')}>
          <div className="grid gap-6 md:grid-cols-2">
            <SourceTable caption={t('source.last30')} rows={enquiries.by_source.last_30_days} />
            <SourceTable caption={t('source.last90')} rows={enquiries.by_source.last_90_days} />
          </div>
        </Section>
      ) : null}
    </>
  );
}

/** Products that lack something (an English title, an image): how many, and the first of them. */
function MissingSection({ title, missing }: { title: string; missing: Dashboard['missing_image'] }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <Section title={title}>
      <p className="mb-2">
        {t('dashboard.productsCount', { count: missing.count, formatted: f.number(missing.count) })}
      </p>
      <ProductList products={missing.products} />
    </Section>
  );
}

/** A channel running out of credit or failing: what is wrong, and the page where it is mended. */
function WarningCard({ warning }: { warning: ChannelWarning }) {
  const { t } = useTranslation();
  const f = useFormat();
  const channel = t(`channels.names.${warning.channel}`);
  const balance = warning.balance
    ? warning.balance.unit === 'IRR'
      ? t('channels.sms.balanceIrr', { amount: f.number(warning.balance.amount) })
      : t('channels.sms.balanceCredit', { amount: f.number(warning.balance.amount) })
    : t('channels.sms.unknown');
  return (
    <li className="rounded border border-amber-400 bg-amber-50 p-3 text-amber-950">
      <p className="font-bold">
        {warning.kind === 'low_credit'
          ? t('channels.warnings.lowCredit', { balance })
          : t('channels.warnings.failing', {
              channel,
              count: warning.failed,
              formatted: f.number(warning.failed),
            })}
      </p>
      {warning.last_error ? (
        <p className="mt-1">
          {t('channels.warnings.lastError')}{' '}
          <code dir="ltr" className="rounded bg-white px-1 break-all">
            {warning.last_error}
          </code>
        </p>
      ) : null}
      <p className="mt-1">
        {warning.kind === 'low_credit' ? (
          <Link to="/settings#channels" className="text-sky-900 underline">
            {t('channels.warnings.toSettings')}
          </Link>
        ) : (
          <Link
            to={`/settings?kind=${warning.channel}&status=failed#deliveries`}
            className="text-sky-900 underline"
          >
            {t('channels.warnings.toFailed', { channel })}
          </Link>
        )}
      </p>
    </li>
  );
}

/** The owner's channel warnings (the server sends none to the other roles). */
function ChannelWarnings({ warnings }: { warnings: ChannelWarning[] }) {
  const { t } = useTranslation();
  if (warnings.length === 0) return null;
  return (
    <Section title={t('channels.warnings.title')}>
      <ul className="grid gap-3 md:grid-cols-2">
        {warnings.map((w) => (
          <WarningCard key={`${w.channel}-${w.kind}`} warning={w} />
        ))}
      </ul>
    </Section>
  );
}

export function DashboardPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const dashboard = useDashboard();
  const data = dashboard.data;
  return (
    <div>
      <PageTitle>{t('nav.dashboard')}</PageTitle>
      {dashboard.isPending ? <Loading /> : null}
      <ErrorAlert error={dashboard.error} />
      {data ? (
        <>
          <ChannelWarnings warnings={data.channel_warnings ?? []} />
          {data.enquiries ? <EnquiryStats enquiries={data.enquiries} /> : null}
          {/* Quotes: for the roles that see enquiries, from a server that sends them. */}
          {data.quotes ? <QuoteFigures quotes={data.quotes} /> : null}
          {data.reviews_waiting !== null ? (
            <Section title={t('dashboard.reviewsWaiting')}>
              <p>
                <Link to="/reviews?status=held" className="text-sky-900 underline">
                  {t('dashboard.reviewsWaitingLink', {
                    count: data.reviews_waiting,
                    formatted: f.number(data.reviews_waiting),
                  })}
                </Link>
              </p>
            </Section>
          ) : null}
          <div className="grid gap-x-6 lg:grid-cols-2">
            <Section title={t('dashboard.mostLiked')}>
              <ProductList
                products={data.most_liked}
                countLabel={(n) => t('dashboard.likes', { count: n, formatted: f.number(n) })}
              />
            </Section>
            {data.enquiries ? (
              <Section title={t('dashboard.mostEnquired')}>
                <ProductList
                  products={data.enquiries.most_enquired}
                  countLabel={(n) => t('dashboard.enquiryCount', { count: n, formatted: f.number(n) })}
                />
              </Section>
            ) : null}
            <MissingSection title={t('dashboard.missingEnglish')} missing={data.missing_english} />
            <MissingSection title={t('dashboard.missingImage')} missing={data.missing_image} />
          </div>
        </>
      ) : null}
    </div>
  );
}
