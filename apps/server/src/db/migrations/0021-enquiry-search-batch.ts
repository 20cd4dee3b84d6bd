import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.ts';
import { migration } from './support/schema.ts';

/**
 * Frozen: on SQLite a batch of order requests indexes its enquiries' search text in one statement
 * before its COMMIT, instead of the insert trigger indexing each enquiry in its own statement (issue
 * 22: FTS5 writes what a statement indexed as a segment of its own, about 50 µs an enquiry in a batch
 * of sixteen against 19 µs for the batch's rows in one INSERT … SELECT).
 *
 * `enquiry_search_batch` holds a row only inside such a batch's transaction (the group commit's
 * writer opens it and deletes it before the COMMIT, so no other connection ever sees one): the id
 * the batch's enquiries come after. While it holds one, the insert trigger leaves new enquiries to
 * the batch; every other writer (the back office, a script, a test) is indexed by the trigger as
 * before. An enquiry is searchable the moment it is committed, as before. PostgreSQL: nothing (its
 * trigram index is a GIN index on the row).
 */
export function enquirySearchBatchMigration(dialect: DialectName): Migration {
  return migration(async (db) => {
    if (dialect !== 'sqlite') return;
    await sql`CREATE TABLE enquiry_search_batch (id integer PRIMARY KEY CHECK (id = 1), after_id integer NOT NULL)`.execute(
      db,
    );
    await sql`DROP TRIGGER enquiries_search_insert`.execute(db);
    await sql
      .raw(
        `CREATE TRIGGER enquiries_search_insert AFTER INSERT ON enquiries
  WHEN NOT EXISTS (SELECT 1 FROM enquiry_search_batch)
BEGIN
  INSERT INTO enquiry_search(rowid, search_doc) VALUES (new.id, new.search_doc);
END`,
      )
      .execute(db);
  });
}
