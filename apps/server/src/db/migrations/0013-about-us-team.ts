import type { Migration } from 'kysely/migration';
import { addColumns, migration, withDefault } from './support/schema.ts';

/**
 * Frozen: the about-us page's team (`about_us.team`: JSON array of members, each with a translated
 * name, role and description and an optional photo `{src, alt}`; the media reference as stored),
 * shown by the storefront's team carousel in this order. Empty by default: a store shows no team
 * until it has one.
 */
export function aboutUsTeamMigration(): Migration {
  return migration(async (db) => {
    await addColumns(db, 'about_us', [['team', 'text', withDefault('[]')]]);
  });
}
