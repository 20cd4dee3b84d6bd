import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.ts';
import { createIndexes, migration, serialTable } from './support/schema.ts';

/** Frozen: the catalogue tables as first shipped. */
export function catalogueMigration(dialect: DialectName): Migration {
  const realType = dialect === 'postgres' ? 'double precision' : 'real';
  return migration(async (db) => {
    await db.schema
      .createTable('meta')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('collections')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('footer', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('subcollections')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('collection_id', 'integer', (c) =>
        c.notNull().references('collections.id').onDelete('cascade'),
      )
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('search_doc', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .createTable('industries')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('website', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('phone', 'text')
      .addColumn('search_doc', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .createTable('tags')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('title', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('products')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('short_description', 'text', (c) => c.notNull())
      .addColumn('preview_description', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('inventory', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('start_price', sql.raw(realType), (c) => c.notNull().defaultTo(0))
      .addColumn('end_price', sql.raw(realType), (c) => c.notNull().defaultTo(0))
      .addColumn('currency_type', 'text', (c) => c.notNull().defaultTo('IRR'))
      .addColumn('industry_id', 'integer', (c) => c.references('industries.id').onDelete('set null'))
      .addColumn('collection_id', 'integer', (c) => c.references('collections.id').onDelete('set null'))
      .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('properties', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('recommend', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('tejarat_khareji', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('tejarat_dakheli', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('khadamat_tejarat', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('amouzesh_tejarat', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('creation_date', 'text', (c) => c.notNull())
      .addColumn('search_doc', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await createIndexes(db, [
      ['products_recommend_idx', 'products', ['recommend', 'id']],
      ['products_industry_idx', 'products', ['industry_id']],
      ['products_collection_idx', 'products', ['collection_id']],
      ['products_creation_date_idx', 'products', ['creation_date', 'id']],
    ]);
    await db.schema
      .createTable('product_subcollections')
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('subcollection_id', 'integer', (c) =>
        c.notNull().references('subcollections.id').onDelete('cascade'),
      )
      .addPrimaryKeyConstraint('product_subcollections_pk', ['product_id', 'subcollection_id'])
      .execute();
    await createIndexes(db, [
      ['product_subcollections_sub_idx', 'product_subcollections', ['subcollection_id', 'product_id']],
    ]);
    await db.schema
      .createTable('product_tags')
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('product_tags_pk', ['product_id', 'tag_id'])
      .execute();
    await createIndexes(db, [['product_tags_tag_idx', 'product_tags', ['tag_id']]]);
    await db.schema
      .createTable('posts')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('specific_content', 'text', (c) => c.notNull())
      .addColumn('creation_date', 'text', (c) => c.notNull())
      .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
    await createIndexes(db, [['posts_creation_date_idx', 'posts', ['creation_date', 'id']]]);
    await db.schema
      .createTable('banners')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('image', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('about_us')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('content', 'text', (c) => c.notNull())
      .execute();
    await serialTable(db, dialect, 'reviews')
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('language', 'text')
      .addColumn('creation_date', 'text', (c) => c.notNull())
      .execute();
    await createIndexes(db, [['reviews_product_idx', 'reviews', ['product_id', 'creation_date']]]);
    await db.schema
      .createTable('name_keys')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('entity_id', 'integer', (c) => c.notNull())
      .execute();
    await createIndexes(db, [['name_keys_idx', 'name_keys', ['kind', 'key', 'entity_id']]]);

    if (dialect === 'sqlite') {
      // Trigram full-text index over products.search_doc (external content: rebuilt after import).
      await sql`CREATE VIRTUAL TABLE product_search USING fts5(search_doc, content='products', content_rowid='id', tokenize='trigram')`.execute(
        db,
      );
    } else {
      await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
      await sql`CREATE INDEX products_search_trgm_idx ON products USING gin (search_doc gin_trgm_ops)`.execute(
        db,
      );
    }
  });
}
