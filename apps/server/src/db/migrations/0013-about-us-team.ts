import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Frozen: the about-us page's team (`about_us.team`: JSON array of members, each with a translated
 * name, role and description and an optional photo `{src, alt}`; the media reference as stored),
 * shown by the storefront's team carousel in this order. Empty by default: a store shows no team
 * until it has one.
 */
export function aboutUsTeamMigration(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('about_us')
        .addColumn('team', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
    },
  };
}
