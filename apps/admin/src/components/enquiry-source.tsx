import { DIRECT_SOURCE, type EnquirySource, type SourceCount } from '@storefront/contracts/admin';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge, SelectField, TableFrame } from './ui.tsx';
import { useFormat } from '../lib/format.ts';

/**
 * Where an enquiry came from (issue 26): the server names a visitor's first touch in words (torob,
 * google, instagram…) or by another site's host, '' when direct. Known names are shown in the
 * staff member's language; a host is shown as it is (left to right).
 */

/** The names the server gives (modules/enquiries/attribution.ts) that have words of their own. */
const KNOWN_SOURCES = [
  'torob',
  'emalls',
  'google',
  'bing',
  'yandex',
  'duckduckgo',
  'instagram',
  'telegram',
  'whatsapp',
  'bale',
  'facebook',
  'twitter',
  'linkedin',
  'divar',
] as const;
const KNOWN = new Set<string>(KNOWN_SOURCES);

/** The sources the inbox's filter offers first (a host is offered once a list links to it). */
const FILTER_SOURCES = ['torob', 'emalls', 'google', 'instagram', 'telegram', 'whatsapp', 'bale'] as const;

/** A source's name in words: '' is direct, a known network by its name, any other host as it is. */
export function sourceLabel(t: TFunction, source: string): string {
  if (source === '') return t('source.direct');
  return KNOWN.has(source) ? t(`source.names.${source}`) : source;
}

/** The inbox's small badge for a row's source. */
export function SourceBadge({ source }: { source: EnquirySource | undefined }) {
  const { t } = useTranslation();
  // An answer from a server older than the source fields has none: shown as unknown, not an error.
  if (!source) return <>—</>;
  const name = sourceLabel(t, source.source);
  return (
    <Badge tone={source.source === '' ? 'slate' : 'green'}>
      <span dir={source.source === '' || KNOWN.has(source.source) ? undefined : 'ltr'}>{name}</span>
    </Badge>
  );
}

/** The inbox's source filter: all, direct, the common networks, and a host the URL names. */
export function SourceFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (v: string) => void;
}) {
  const { t } = useTranslation();
  const choices: string[] = [DIRECT_SOURCE, ...FILTER_SOURCES];
  if (value !== undefined && !choices.includes(value)) choices.push(value);
  return (
    <SelectField label={t('source.filter')} value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
      <option value="">{t('list.all')}</option>
      {choices.map((s) => (
        <option key={s} value={s}>
          {s === DIRECT_SOURCE ? t('source.direct') : sourceLabel(t, s)}
        </option>
      ))}
    </SelectField>
  );
}

/** The enquiry page's rows (inside its definition list): source, campaign, referrer, Torob's click id, landing. */
export function SourceDetails({ source }: { source: EnquirySource | undefined }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (!source) return null;
  const campaign = [source.utm_campaign, source.utm_medium, source.utm_source].filter(
    (part): part is string => part !== null && part !== '',
  );
  const row = (label: string, value: string | null, ltr = true) =>
    value === null || value === '' ? null : (
      <>
        <dt className="font-medium">{label}</dt>
        <dd>{ltr ? <bdi dir="ltr">{value}</bdi> : value}</dd>
      </>
    );
  return (
    <>
      <dt className="font-medium">{t('source.source')}</dt>
      <dd>
        <Link
          to={`/enquiries?source=${encodeURIComponent(source.source === '' ? DIRECT_SOURCE : source.source)}`}
          className="text-sky-900 underline"
        >
          {sourceLabel(t, source.source)}
        </Link>
      </dd>
      {row(t('source.campaign'), campaign.length > 0 ? campaign.join(' · ') : null)}
      {row(t('source.referrer'), source.referrer_host)}
      {row(t('source.torobClid'), source.torob_clid)}
      {row(t('source.landedAt'), source.landed_at === null ? null : f.date(source.landed_at), false)}
    </>
  );
}

/** The dashboard's enquiries and won ones per source, one table per period. */
export function SourceTable({ caption, rows }: { caption: string; rows: SourceCount[] }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (rows.length === 0)
    return (
      <>
        <h3 className="mb-1 font-bold">{caption}</h3>
        <p className="text-slate-800">{t('dashboard.none')}</p>
      </>
    );
  return (
    <TableFrame label={t('common.tableOf', { label: caption })}>
      <table className="text-sm">
        <caption className="mb-1 text-start font-bold">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-300 bg-slate-100">
            <th scope="col" className="p-1.5 text-start">
              {t('source.source')}
            </th>
            <th scope="col" className="p-1.5 text-start">
              {t('source.enquiries')}
            </th>
            <th scope="col" className="p-1.5 text-start">
              {t('source.won')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.source} className="border-b border-slate-200">
              <th scope="row" className="p-1.5 text-start font-normal">
                <Link
                  to={`/enquiries?source=${encodeURIComponent(r.source === '' ? DIRECT_SOURCE : r.source)}`}
                  className="text-sky-900 underline"
                >
                  {sourceLabel(t, r.source)}
                </Link>
              </th>
              <td className="p-1.5">{f.number(r.enquiries)}</td>
              <td className="p-1.5">{f.number(r.won)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
