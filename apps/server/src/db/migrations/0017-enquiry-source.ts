import type { Migration } from 'kysely/migration';
import { addColumns, createIndexes, migration } from './support/schema.ts';

/**
 * Frozen: where each enquiry came from (issue 26). The visitor's first touch, as the storefront's
 * first-party cookie kept it (modules/enquiries/attribution.ts): `source` in words ('' when direct or
 * unknown, so the inbox's filter and the dashboard's groups need no NULL case), the UTM fields, the
 * referring host, Torob's click id (only within Torob's 7 days) and when the visitor landed. All
 * but `source` are nullable: older enquiries have none of them. The index serves the inbox's source
 * filter newest first and the dashboard's counts per source.
 */
export function enquirySourceMigration(): Migration {
  return migration(async (db) => {
    await addColumns(db, 'enquiries', [
      ['source', 'text', (c) => c.notNull().defaultTo('')],
      ['utm_source', 'text'],
      ['utm_medium', 'text'],
      ['utm_campaign', 'text'],
      ['referrer_host', 'text'],
      ['torob_clid', 'text'],
      ['landed_at', 'text'],
    ]);
    await createIndexes(db, [['enquiries_source_idx', 'enquiries', ['source', 'id']]]);
  });
}
