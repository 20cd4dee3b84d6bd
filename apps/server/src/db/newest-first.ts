import { sql, type SelectQueryBuilder } from 'kysely';

/**
 * One page of a back-office list, newest first: how many rows `matching` selects, then the ids of
 * the page (by `id`, descending) and, for those only, the full rows of `rows` in the same order.
 * Reading ids first keeps the joins of `rows` to one page.
 */
export async function newestFirstPage<DB, TB extends keyof DB, RDB, RTB extends keyof RDB, R>(
  matching: SelectQueryBuilder<DB, TB, object>,
  rows: SelectQueryBuilder<RDB, RTB, R>,
  id: string,
  query: { page?: unknown; page_size?: unknown },
): Promise<{ count: number; results: R[] }> {
  const page = Number(query.page ?? 1);
  const pageSize = Number(query.page_size ?? 25);
  // Typed here: for tables given as parameters Kysely cannot name the selected columns.
  const { count } = (await matching
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow()) as { count: number | string };
  const ids = (await matching
    .select(sql.ref<number>(id).as('id'))
    .orderBy(sql.ref(id), 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute()) as unknown as { id: number }[];
  if (ids.length === 0) return { count: Number(count), results: [] };
  const results = await rows
    .where(
      sql.ref(id),
      'in',
      ids.map((r) => r.id),
    )
    .orderBy(sql.ref(id), 'desc')
    .execute();
  return { count: Number(count), results: results as R[] };
}
