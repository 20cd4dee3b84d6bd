import type { AuditEntry } from '@storefront/contracts/admin';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format.ts';
import { fieldLabel } from '../../lib/labels.ts';

/** A text value's longest rendering in the log, characters (the server keeps up to 300). */
const TEXT_LIMIT = 120;
/** A list's longest rendering, items. */
const LIST_LIMIT = 10;

type Format = ReturnType<typeof useFormat>;
interface Context {
  t: TFunction;
  f: Format;
  entity: string;
  field: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Rich text as its words (older entries kept HTML). */
function plainText(value: string): string {
  return value
    .replace(/<[^>]*>/g, ' ')
    .replace(/&([a-z]+);/gi, (whole, name: string) => ENTITIES[name.toLowerCase()] ?? whole)
    .replace(/\s+/g, ' ')
    .trim();
}

/** Values that are names of something the app translates: a role, a status, a setting, a language. */
function named({ t, entity, field }: Context, value: string): string | undefined {
  const last = field.split('.').pop();
  let key: string | undefined;
  if (last === 'role') key = `roles.${value}`;
  else if (last === 'status' && entity === 'enquiry') key = `enquiryStatus.${value}`;
  else if (last === 'status' && entity === 'review') key = `reviewStatus.${value}`;
  else if (last === 'reviews' && entity === 'settings') key = `settings.reviews.${value}`;
  else if (last === 'language') key = `languages.${value}`;
  else if (last === 'feed') key = `feeds.names.${value}`;
  else if (last === 'price_on_request') key = `feeds.priceOnRequest.${value}`;
  // The quote settings' currency and validity unit (issue 25).
  else if (last === 'currency' && entity === 'settings') key = `quoteSettings.currencies.${value}`;
  else if (last === 'unit' && entity === 'settings') key = `quoteSettings.units.${value}`;
  return key ? t(key, { defaultValue: '' }) || undefined : undefined;
}

const isTranslated = (value: object) =>
  Object.keys(value).length > 0 && Object.keys(value).every((k) => k === 'fa' || k === 'en');

/** The name of a fact recorded beside the changes. */
export function detailLabel(t: TFunction, f: Format, key: string): string {
  return t(`audit.details.${key}`, { defaultValue: '' }) || fieldLabel(t, f.language, key);
}

/**
 * One recorded value as a person reads it, in the current language: names translated, numbers and
 * dates in its digits and calendar, texts as text (no HTML) and shortened, never JSON.
 */
export function describeAuditValue(value: unknown, context: Context, depth = 0): string {
  const { t, f } = context;
  if (value === null || value === undefined || value === '') return t('audit.none');
  if (typeof value === 'boolean') return t(value ? 'audit.yes' : 'audit.no');
  if (typeof value === 'number') return f.number(value);
  if (typeof value === 'string') {
    const name = named(context, value);
    if (name) return name;
    if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return f.date(value);
    const text = plainText(value);
    if (!text) return t('audit.none');
    return text.length > TEXT_LIMIT ? `${text.slice(0, TEXT_LIMIT)}…` : text;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return t('audit.none');
    // Lists of things (images, properties): how many.
    if (value.some((v) => v !== null && typeof v === 'object'))
      return t('common.total', { count: value.length, formatted: f.number(value.length) });
    const shown = value.slice(0, LIST_LIMIT).map((v) => describeAuditValue(v, context, depth + 1));
    return `${shown.join(f.language === 'fa' ? '، ' : ', ')}${value.length > LIST_LIMIT ? '…' : ''}`;
  }
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    // A translated text: the current language's (else the other one's).
    if (isTranslated(record))
      return describeAuditValue(record[f.language] ?? record.fa ?? record.en, context, depth + 1);
    // A deleted entity: its title.
    if ('title' in record) return describeAuditValue(record.title, context, depth + 1);
    if (depth > 1) return '…';
    return Object.entries(record)
      .map(
        ([key, v]) =>
          `${detailLabel(t, f, key)}: ${describeAuditValue(v, { ...context, field: key }, depth + 1)}`,
      )
      .join(' · ');
  }
  return t('audit.none');
}

/** An entry's action and what it acted on, in the current language ("Changed · Product #12"). */
export function useAuditNames() {
  const { t } = useTranslation();
  const f = useFormat();
  return {
    action: (action: string) => t(`audit.actions.${action}`, { defaultValue: action }),
    entity: (entry: Pick<AuditEntry, 'entity' | 'entity_id'>) => {
      const kind = t(`audit.entities.${entry.entity}`, { defaultValue: entry.entity });
      if (!entry.entity_id) return kind;
      const id = /^\d+$/.test(entry.entity_id) ? f.number(Number(entry.entity_id)) : entry.entity_id;
      return `${kind} #${id}`;
    },
  };
}

/** An entry's changes (field: before → after) and its other facts, as a list; never raw JSON. */
export function AuditSummary({ entry }: { entry: Pick<AuditEntry, 'entity' | 'changes' | 'details'> }) {
  const { t } = useTranslation();
  const f = useFormat();
  const context = (field: string): Context => ({ t, f, entity: entry.entity, field });
  const details = Object.entries(entry.details);
  if (entry.changes.length === 0 && details.length === 0) return <span>{t('audit.none')}</span>;
  return (
    <ul className="space-y-0.5">
      {entry.changes.map((change) => (
        <li key={change.field}>
          <span className="font-medium">{fieldLabel(t, f.language, change.field)}</span>:{' '}
          <bdi>{describeAuditValue(change.before, context(change.field))}</bdi>{' '}
          <span aria-hidden="true">{t('audit.arrow')}</span>{' '}
          <span className="sr-only">{t('audit.changedTo')}</span>{' '}
          <bdi>{describeAuditValue(change.after, context(change.field))}</bdi>
        </li>
      ))}
      {details.map(([key, value]) => (
        <li key={key}>
          <span className="font-medium">{detailLabel(t, f, key)}</span>:{' '}
          <bdi>{describeAuditValue(value, context(key))}</bdi>
        </li>
      ))}
    </ul>
  );
}
