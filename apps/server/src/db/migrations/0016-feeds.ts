import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.ts';
import { addColumns, createIndexes, migration, serialTable, withDefault } from './support/schema.ts';

/**
 * What a product costs in the feeds' terms, as the partial indexes below are written: a Rial or Toman
 * price of at least 10 (a Toman at least), not on request. The feeds' queries
 * (modules/feeds/products.ts, FEED_PRICED) repeat this text exactly, since SQLite and PostgreSQL
 * use a partial index only for a query whose WHERE holds the index's condition as written.
 */
const PRICED = `published = 1 AND price_on_request = 0 AND start_price >= 10 AND upper(currency_type) IN ('IRR', 'IRT')`;

/**
 * Frozen: the price-comparison feeds (issue 26). Products get `updated_at` (when their row last
 * changed; the existing ones take their creation date), which Torob's `date_updated_desc` pages by;
 * the lists of ids the feeds page through are read from indexes in every order they offer, for every
 * published product and (partial indexes) for the priced ones only, which is what a feed serves when
 * the owner leaves price-on-request products out. `feed_requests` keeps the last requests each feed answered
 * (the back office shows them; pruned to the latest 100 per feed).
 */
export function feedsMigration(dialect: DialectName): Migration {
  return migration(async (db) => {
    await addColumns(db, 'products', [['updated_at', 'text', withDefault('')]]);
    await sql`UPDATE products SET updated_at = creation_date`.execute(db);
    await createIndexes(db, [
      ['products_published_updated_idx', 'products', ['published', 'updated_at', 'id']],
    ]);
    // `published` leads, as in the plain indexes: SQLite's planner, without statistics, prefers an
    // index with an equality on its first column, and then takes the partial one.
    for (const [name, columns] of [
      ['products_priced_id_idx', 'published, id'],
      ['products_priced_date_idx', 'published, creation_date, id'],
      ['products_priced_updated_idx', 'published, updated_at, id'],
    ] as const) {
      await sql.raw(`CREATE INDEX ${name} ON products (${columns}) WHERE ${PRICED}`).execute(db);
    }

    await serialTable(db, dialect, 'feed_requests')
      .addColumn('feed', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('form', 'text')
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('ip', 'text', withDefault(''))
      .execute();
    await createIndexes(db, [['feed_requests_feed_idx', 'feed_requests', ['feed', 'id']]]);
  });
}
