import type { CatalogueKind, EnquiryStatus } from '@storefront/contracts/admin';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api.ts';
import { EntityPicker } from './pickers.tsx';
import { Badge } from './ui.tsx';

/** The navigation badge's query: the enquiries nobody has opened yet. */
export const UNREAD_KEY = ['enquiries', 'unread'] as const;

/** How often the unread count is asked again (and on window focus). */
export const UNREAD_INTERVAL = 20_000;

export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: UNREAD_KEY,
    queryFn: api.unreadEnquiries,
    enabled,
    refetchInterval: UNREAD_INTERVAL,
    refetchOnWindowFocus: true,
  });
}

/**
 * Asks for the unread count again now (after opening or changing an enquiry). A request already
 * under way may have been answered before the change, so it is cancelled first.
 */
export function refreshUnread(client: QueryClient): void {
  void client
    .cancelQueries({ queryKey: UNREAD_KEY })
    .then(() => client.invalidateQueries({ queryKey: UNREAD_KEY }));
}

export const SETTINGS_KEY = ['settings'] as const;

export const ASSIGNEES_KEY = ['enquiries', 'assignees'] as const;

export function useAssignees(enabled = true) {
  return useQuery({ queryKey: ASSIGNEES_KEY, queryFn: api.assignees, enabled, staleTime: 60_000 });
}

const PERSIAN_DIGITS = '۰۱۲۳۴۵۶۷۸۹';
const ARABIC_DIGITS = '٠١٢٣٤٥٦٧٨٩';

/** A phone number in international form for a `tel:` link: 0912… → +98912…; spaces and dashes go. */
export function internationalPhone(phone: string): string {
  let digits = '';
  for (const ch of phone.trim()) {
    const fa = PERSIAN_DIGITS.indexOf(ch);
    const ar = ARABIC_DIGITS.indexOf(ch);
    if (fa >= 0) digits += String(fa);
    else if (ar >= 0) digits += String(ar);
    else if (/[0-9+]/.test(ch)) digits += ch;
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
