import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.ts';
import { type AnyDb, createIndexes, migration, serialTable } from './support/schema.ts';

/** Frozen: accounts, likes, order requests and newsletter sign-ups. */
export function accountsMigration(dialect: DialectName): Migration {
  const serial = (db: AnyDb, table: string) => serialTable(db, dialect, table);
  return migration(async (db) => {
    await serial(db, 'users')
      .addColumn('username', 'text', (c) => c.notNull().unique())
      .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    // No foreign key to products: likes survive a catalogue re-import of the same product ids,
    // and the import removes the likes of products that are gone.
    await db.schema
      .createTable('likes')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('product_id', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('likes_pk', ['user_id', 'product_id'])
      .execute();
    await createIndexes(db, [['likes_product_idx', 'likes', ['product_id']]]);
    // Order requests keep the product's id and title as they were: they outlive catalogue changes.
    await serial(db, 'orders')
      .addColumn('product_id', 'integer')
      .addColumn('product_title', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await createIndexes(db, [['orders_created_idx', 'orders', ['created_at']]]);
    await serial(db, 'newsletter_emails')
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  });
}
