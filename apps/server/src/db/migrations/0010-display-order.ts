import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Frozen: the order of subcollections within their collection (`position`, then id; an import sets
 * it from the file's order, as for banners) and a banner's optional link.
 */
export function displayOrderMigration(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('subcollections')
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('banners').addColumn('link', 'text').execute();
    },
  };
}
