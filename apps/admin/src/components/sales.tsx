import { asciiDigits } from '@storefront/contracts';
import type { CatalogueKind, EnquiryRow, EnquiryStatus } from '@storefront/contracts/admin';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../lib/format.ts';
import { canEditCatalogue, useSession } from '../lib/session.ts';
import { EntityPicker } from './pickers.tsx';
import { Badge, ErrorAlert, Loading, PageTitle, Section } from './ui.tsx';

/** A phone number in international form for a `tel:` link: 0912… → +98912…; spaces and dashes go. */
export function internationalPhone(phone: string): string {
  let digits = '';
  for (const ch of asciiDigits(phone.trim())) {
    if (/[0-9+]/.test(ch)) digits += ch;
  }
  if (digits.startsWith('+')) return digits;
  if (digits.startsWith('00')) return `+${digits.slice(2)}`;
  if (digits.startsWith('0')) return `+98${digits.slice(1)}`;
  if (digits.startsWith('98')) return `+${digits}`;
  return digits;
}

export function telHref(phone: string): string {
  return `tel:${internationalPhone(phone)}`;
}

export function mailtoHref(email: string): string {
  return `mailto:${email.trim()}`;
}

const statusTones: Record<EnquiryStatus, 'amber' | 'green' | 'slate'> = {
  new: 'amber',
  contacted: 'slate',
  quoted: 'slate',
  won: 'green',
  lost: 'slate',
  spam: 'slate',
};

export function EnquiryStatusBadge({ status }: { status: EnquiryStatus }) {
  const { t } = useTranslation();
  return <Badge tone={statusTones[status]}>{t(`enquiryStatus.${status}`)}</Badge>;
}

/** A link that opens in a new tab, and says so to screen readers. */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="text-sky-900 underline">
      {children} <span className="sr-only">({t('common.newTab')})</span>
    </a>
  );
}

/** The language a visitor wrote in, by its code. */
export function languageName(t: TFunction, code: string | null): string {
  if (!code) return '—';
  return t(`languages.${code}`, { defaultValue: code });
}

/**
 * A product or collection filter: the picker, which searches the catalogue's list (every staff role
 * reads it).
 */
export function CatalogueFilter({
  kind,
  label,
  value,
  onChange,
}: {
  kind: CatalogueKind;
  label: string;
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  return (
    <div className="min-w-64">
      <EntityPicker kind={kind} label={label} value={value} onChange={onChange} />
    </div>
  );
}

/** What an enquiry asked about: its product (by its title then, or its number), or "General". */
export function EnquiryProduct({ row }: { row: EnquiryRow }) {
  const { t } = useTranslation();
  if (row.product_id === null && !row.product_title)
    return <span className="text-slate-800">{t('enquiries.general')}</span>;
  return <span dir="auto">{row.product_title || `#${row.product_id}`}</span>;
}

/** A section listing enquiries (reference, date, product, status), each a link to it; `empty` when none. */
export function EnquiryLinks({ title, rows, empty }: { title: string; rows: EnquiryRow[]; empty: string }) {
  return (
    <Section title={title}>
      {rows.length === 0 ? <p className="text-slate-800">{empty}</p> : <EnquiryList rows={rows} />}
    </Section>
  );
}

function EnquiryList({ rows }: { rows: EnquiryRow[] }) {
  const f = useFormat();
  return (
    <ul className="space-y-1">
      {rows.map((row) => (
        <li key={row.id} className="flex flex-wrap items-center gap-2">
          <Link to={`/enquiries/${row.id}`} className="text-sky-900 underline">
            <span dir="ltr">{row.reference}</span>
          </Link>
          <span>{f.date(row.created_at, false)}</span>
          <span>·</span>
          <EnquiryProduct row={row} />
          <EnquiryStatusBadge status={row.status} />
        </li>
      ))}
    </ul>
  );
}

/** A link drawn as a secondary button (back to a list, a download). */
export const LINK_BUTTON =
  'inline-flex items-center rounded border border-slate-400 bg-white px-3 py-1.5 text-sm font-medium text-slate-900 hover:bg-slate-100';

/** A phone number that calls, or an address that writes, when there is one ("—" otherwise). */
export function ContactLink({
  kind,
  value,
  action,
}: {
  kind: 'phone' | 'email';
  value: string | null;
  /** Said before the value ("Call", "Email"). */
  action?: string;
}) {
  if (!value) return <>—</>;
  return (
    <a href={kind === 'phone' ? telHref(value) : mailtoHref(value)} className="text-sky-900 underline">
      {action ? <>{action} </> : null}
      <span dir="ltr">{value}</span>
    </a>
  );
}

/** A product's title (its number when it has none): a link to its editor for the roles that edit. */
export function ProductName({ id, title }: { id: number; title: string }) {
  const session = useSession();
  const name = title || `#${id}`;
  if (!canEditCatalogue(session.data?.staff.role)) return <span dir="auto">{name}</span>;
  return (
    <Link to={`/products/${id}`} className="text-sky-900 underline" dir="auto">
      {name}
    </Link>
  );
}

/**
 * A page about one record (an enquiry, a customer): its heading with the way back to its list, the
 * loading and error states, then what `children` draws of the record once it is here.
 */
export function RecordPage<T>({
  title,
  back,
  backLabel,
  query,
  children,
}: {
  title: string;
  /** The list's path. */
  back: string;
  backLabel: string;
  /** The record's query (a `useQuery` result); one not asked (a malformed id in the URL) is not loading. */
  query: { data?: T; error: unknown; isPending: boolean; fetchStatus: string };
  children: (data: T) => ReactNode;
}) {
  return (
    <div>
      <PageTitle
        actions={
          <Link to={back} className={LINK_BUTTON}>
            {backLabel}
          </Link>
        }
      >
        {title}
      </PageTitle>
      {query.isPending && query.fetchStatus !== 'idle' ? <Loading /> : null}
      <ErrorAlert error={query.error} />
      {query.data ? children(query.data) : null}
    </div>
  );
}
