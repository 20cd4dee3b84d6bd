import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.ts';
import { migration } from './support/schema.ts';

/**
 * Frozen: products.search_doc becomes one space-separated line with a space at each end, so that
 * the trigram index can find one- and two-letter words at the start or end of a word (" ab", "ab ").
 */
export function paddedSearchMigration(dialect: DialectName): Migration {
  return migration(async (db) => {
    if (dialect === 'sqlite') {
      await sql`UPDATE products SET search_doc = ' ' || trim(replace(search_doc, char(10), ' ')) || ' '`.execute(
        db,
      );
      await sql`INSERT INTO product_search(product_search) VALUES('rebuild')`.execute(db);
    } else {
      await sql`UPDATE products SET search_doc = ' ' || trim(replace(search_doc, E'\\n', ' ')) || ' '`.execute(
        db,
      );
    }
  });
}
