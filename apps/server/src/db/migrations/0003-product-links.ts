import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.ts';
import { addColumns, migration, withDefault } from './support/schema.ts';

/**
 * Frozen: a read copy of each product's tag and subcollection ids (JSON arrays, in order) on the
 * product row, so serving a product needs no join. The link tables stay the source for filters.
 */
export function productLinksMigration(dialect: DialectName): Migration {
  return migration(async (db) => {
    await addColumns(db, 'products', [
      ['tag_ids', 'text', withDefault('[]')],
      ['subcollection_ids', 'text', withDefault('[]')],
    ]);
    if (dialect === 'sqlite') {
      await sql`UPDATE products SET
        tag_ids = COALESCE((SELECT json_group_array(tag_id) FROM
          (SELECT tag_id FROM product_tags WHERE product_id = products.id ORDER BY position)), '[]'),
        subcollection_ids = COALESCE((SELECT json_group_array(subcollection_id) FROM
          (SELECT subcollection_id FROM product_subcollections WHERE product_id = products.id ORDER BY subcollection_id)), '[]')`.execute(
        db,
      );
    } else {
      await sql`UPDATE products SET
        tag_ids = COALESCE((SELECT json_agg(tag_id ORDER BY position)::text FROM product_tags WHERE product_id = products.id), '[]'),
        subcollection_ids = COALESCE((SELECT json_agg(subcollection_id ORDER BY subcollection_id)::text FROM product_subcollections WHERE product_id = products.id), '[]')`.execute(
        db,
      );
    }
  });
}
