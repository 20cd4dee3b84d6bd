import type {
  AuditAction,
  AuditChange,
  AuditEntity,
  AuditEntry,
  AuditQuery,
} from '@storefront/contracts/admin';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * The audit log: every staff write (who, when, what, a before/after summary), written in the same
 * transaction as the write where there is one; owners read and filter it.
 *
 * An entry's summary is stored as JSON text: its facts, and for the actions that change things
 * (`CHANGING`) each changed field as `field: [before, after]`. Long texts are kept shortened (HTML
 * as its text), long lists cut, so that the stored JSON stays whole. Reading gives the changes field
 * by field (`title.en`, not the whole translated object) and the other facts apart.
 */

/** The stored summary's largest size, characters (after shortening its values). */
const SUMMARY_LIMIT = 8000;
/** A text value's largest length in an entry, characters. */
const TEXT_LIMIT = 300;
/** A list value's largest length in an entry. */
const LIST_LIMIT = 20;

/** Actions whose summary holds `field: [before, after]` pairs. */
const CHANGING: ReadonlySet<string> = new Set(['create', 'update', 'approve', 'hide', 'enable', 'disable']);

export interface AuditRecord {
  action: AuditAction;
  entity: AuditEntity;
  entityId?: string | number | null;
  /** The entry's facts; for `CHANGING` actions each changed field as `field: [before, after]`. */
  summary: unknown;
}

/** The fields that differ between two versions of an entity: `{field: [before, after]}`. */
export function changes(before: object | undefined, after: object | undefined): Record<string, unknown> {
  const a = (before ?? {}) as Record<string, unknown>;
  const b = (after ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) out[key] = [a[key] ?? null, b[key] ?? null];
  }
  return out;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Rich text's words without its markup (an audit entry shows what was written, not the HTML). */
function htmlToText(html: string): string {
  return html
    .replace(/<(br|hr)\b[^>]*>|<\/(p|div|li|h[1-6]|tr|td|th|blockquote)>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[\da-f]+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A value as an entry keeps it: texts as text and shortened, lists cut (with "…" for the rest). */
export function shortenForAudit(
  value: unknown,
  textLimit = TEXT_LIMIT,
  listLimit = LIST_LIMIT,
  depth = 0,
): unknown {
  if (typeof value === 'string') {
    const text = /<\/?[a-z][^>]*>/i.test(value) ? htmlToText(value) : value;
    return text.length > textLimit ? `${text.slice(0, textLimit)}…` : text;
  }
  if (depth > 8) return '…';
  if (Array.isArray(value)) {
    const kept = value.slice(0, listLimit).map((v) => shortenForAudit(v, textLimit, listLimit, depth + 1));
    return value.length > listLimit ? [...kept, '…'] : kept;
  }
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = shortenForAudit(v, textLimit, listLimit, depth + 1);
    return out;
  }
  return value;
}

/** A field's change, nested objects (translated texts, social links) by their fields' paths. */
function flatten(field: string, before: unknown, after: unknown, out: AuditChange[]): void {
  const objects = (isPlainObject(before) || before == null) && (isPlainObject(after) || after == null);
  if (objects && (isPlainObject(before) || isPlainObject(after))) {
    const a = (before ?? {}) as Record<string, unknown>;
    const b = (after ?? {}) as Record<string, unknown>;
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (JSON.stringify(a[key] ?? null) !== JSON.stringify(b[key] ?? null))
        flatten(`${field}.${key}`, a[key] ?? null, b[key] ?? null, out);
    }
    return;
  }
  out.push({ field, before: shortenForAudit(before ?? null), after: shortenForAudit(after ?? null) });
}

/** A stored summary read: its changes field by field, and its other facts. */
export function readSummary(
  action: string,
  summary: string,
): { changes: AuditChange[]; details: Record<string, unknown> } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(summary);
  } catch {
    // An entry from before summaries were kept whole (cut in the middle of its JSON).
    return { changes: [], details: {} };
  }
  const changes: AuditChange[] = [];
  const details: Record<string, unknown> = {};
  if (!isPlainObject(parsed)) return { changes, details };
  for (const [key, value] of Object.entries(parsed)) {
    if (CHANGING.has(action) && Array.isArray(value) && value.length === 2)
      flatten(key, value[0], value[1], changes);
    else details[key] = shortenForAudit(value);
  }
  return { changes, details };
}

/** The summary as stored: whole JSON, its values shortened (more if it is still too long). */
function storedSummary(summary: unknown): string {
  const text = JSON.stringify(shortenForAudit(summary ?? {}));
  if (text.length <= SUMMARY_LIMIT) return text;
  const shorter = JSON.stringify(shortenForAudit(summary ?? {}, 60, 5));
  return shorter.length <= SUMMARY_LIMIT ? shorter : JSON.stringify({ truncated: true });
}

export async function recordAudit(
  db: Kysely<DB>,
  who: { id: number; email: string } | null,
  record: AuditRecord,
): Promise<void> {
  const summary = storedSummary(record.summary);
  await db
    .insertInto('audit_log')
    .values({
      at: new Date().toISOString(),
      staff_id: who?.id ?? null,
      staff_email: who?.email ?? '',
      action: record.action,
      entity: record.entity,
      entity_id: record.entityId === undefined || record.entityId === null ? null : String(record.entityId),
      summary,
    })
    .execute();
}

export async function listAudit(
  db: Kysely<DB>,
  query: AuditQuery & { page: number; page_size: number },
): Promise<{ count: number; results: AuditEntry[] }> {
  let q = db.selectFrom('audit_log');
  if (query.staff !== undefined) q = q.where('staff_id', '=', Number(query.staff));
  if (query.entity) q = q.where('entity', '=', query.entity);
  if (query.action) q = q.where('action', '=', query.action);
  if (query.from) q = q.where('at', '>=', `${query.from}T00:00:00.000Z`);
  if (query.to) q = q.where('at', '<=', `${query.to}T23:59:59.999Z`);
  const [total, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    q
      .selectAll()
      .orderBy('id', 'desc')
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size)
      .execute(),
  ]);
  return {
    count: Number(total.n),
    results: rows.map((row) => ({ ...row, ...readSummary(row.action, row.summary) })),
  };
}
