import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.ts';

/**
 * Frozen: products.search_doc becomes one space-separated line with a space at each end, so that
 * the trigram index can find one- and two-letter words at the start or end of a word (" ab", "ab ").
 */
export function paddedSearchMigration(dialect: DialectName): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
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
    },
  };
}
