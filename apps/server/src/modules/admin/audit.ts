import type { AuditEntry, AuditQuery } from '@storefront/contracts/admin';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * The audit log: every staff write (who, when, what, a before/after summary), written in the same
 * transaction as the write where there is one; owners read and filter it.
 */

const SUMMARY_LIMIT = 4000;

export interface AuditRecord {
  action: string;
  entity: string;
  entityId?: string | number | null;
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

export async function recordAudit(
  db: Kysely<DB>,
  who: { id: number; email: string } | null,
  record: AuditRecord,
): Promise<void> {
  let summary = JSON.stringify(record.summary);
  if (summary.length > SUMMARY_LIMIT) summary = `${summary.slice(0, SUMMARY_LIMIT)}…`;
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
  return { count: Number(total.n), results: rows };
}
