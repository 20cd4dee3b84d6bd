import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { CatalogueError, importCatalogueFile } from '../src/modules/catalogue/import.ts';
import { CatalogueScanner, NOT_AN_OBJECT, type CatalogueEvent } from '../src/modules/catalogue/reader.ts';
import { describeEachDatabase } from './support/databases.ts';
import { fixtureCatalogue, writeCatalogue } from './support/fixture.ts';

/** The events of a file given to the scanner in pieces of `size` bytes. */
function scan(text: string | Buffer, size: number): CatalogueEvent[] {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  const scanner = new CatalogueScanner();
  const events: CatalogueEvent[] = [];
  for (let at = 0; at < bytes.length; at += size) events.push(...scanner.push(bytes.subarray(at, at + size)));
  scanner.end();
  return events;
}

/** The events a file must give: its root's keys in order, the streamed sections element by element. */
function expected(root: Record<string, unknown>): CatalogueEvent[] {
  return Object.entries(root).flatMap(([key, value]): CatalogueEvent[] =>
    (key === 'products' || key === 'reviews') && Array.isArray(value)
      ? [
          { type: 'start', key },
          ...value.map((item, index) => ({ type: 'item' as const, key, index, value: item })),
          { type: 'end', key },
        ]
      : [{ type: 'section', key, value }],
  );
}

describe('the catalogue scanner', () => {
  const root = {
    format: 'storefront-catalogue/1',
    languages: ['fa', 'en'],
    count: -12.5e3,
    flag: true,
    nothing: null,
    products: [
      { id: 1, title: { fa: 'پسته «اکبری»', en: 'Say "pistachio" \\ back\\slash \\"' }, tags: [[], {}] },
      { id: 2, title: { fa: '\u0001 کنترل \n خط', en: '}]{[,: in a text' }, price: 0 },
    ],
    posts: [],
    reviews: [],
  };

  it('gives each section and element whole, wherever the file is cut', () => {
    for (const text of [
      JSON.stringify(root),
      JSON.stringify(root, null, 2),
      `\uFEFF${JSON.stringify(root)}`,
    ]) {
      const bytes = Buffer.from(text);
      for (const size of [1, 2, 3, 5, 7, 64, bytes.length]) expect(scan(bytes, size)).toEqual(expected(root));
    }
  });

  it('refuses what is not one JSON object, naming the root when it is valid JSON of another kind', () => {
    expect(() => scan('[{"format": 1}]', 4)).toThrow(NOT_AN_OBJECT);
    expect(() => scan('"text"', 4)).toThrow(NOT_AN_OBJECT);
    for (const bad of [
      '',
      '   ',
      '{"format": ',
      '{"format" "x"}',
      '{"format": "x",}',
      '{"products": [{"id": 1},]}',
      '{"products": [{"id": 1} {"id": 2}]}',
      '{"products": [{"id": 1]}',
      '{"format": "x"} trailing',
      '{"format": tru}',
      '{format: "x"}',
    ]) {
      expect(() => scan(bad, 3), bad).toThrow();
      expect(() => scan(bad, 1000), bad).toThrow();
    }
  });
});

describeEachDatabase('a first import (into a store without products)', (store) => {
  let app: FastifyInstance;
  let mediaDir: string;
  beforeAll(async () => {
    app = await buildApp(store().config);
    mediaDir = path.join(store().config.dataDir, 'media');
  });
  afterAll(async () => {
    await app?.close();
  });

  /** The indexes and triggers of the product tables, as the schema defines them. */
  const schema = async (): Promise<unknown[]> => {
    if (store().dialect === 'sqlite') {
      const { rows } =
        await sql`SELECT type, name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') ORDER BY name`.execute(
          app.database.db,
        );
      return rows;
    }
    const { rows } =
      await sql`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() ORDER BY indexname`.execute(
        app.database.db,
      );
    return rows;
  };
  const productCount = async () =>
    Number(
      (
        await app.database.db
          .selectFrom('products')
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses a file changed between its check and its writing, and leaves the store as it was', async () => {
    const before = await schema();
    const file = writeCatalogue();
    const changed = fixtureCatalogue();
    changed.products[0]!.title = { fa: 'پسته تازه', en: 'Fresh pistachios' };
    let rewritten = false;
    const importing = importCatalogueFile(app.database, file, mediaDir, {
      onProgress: ({ phase }) => {
        // The check has read the file (it is smaller than one chunk); the writing reads it again.
        if (phase === 'check' && !rewritten) {
          rewritten = true;
          fs.writeFileSync(file, JSON.stringify(changed));
        }
      },
    });
    await expect(importing).rejects.toThrow(CatalogueError);
    await expect(importing).rejects.toThrow(/changed while it was imported/);
    expect(await productCount()).toBe(0);
    expect(await schema()).toEqual(before);
  });

  it('builds the same indexes and triggers as before, and a search index that finds its products', async () => {
    const before = await schema();
    await importCatalogueFile(app.database, writeCatalogue(), mediaDir);
    expect(await productCount()).toBe(fixtureCatalogue().products.length);
    expect(await schema()).toEqual(before);
    if (store().dialect === 'sqlite') {
      // FTS5 checks its index against the products' search text (throws when they differ).
      await sql`INSERT INTO product_search(product_search) VALUES('integrity-check')`.execute(
        app.database.db,
      );
    }
    expect((await app.inject('/en/api/store/products/?search=carpet')).json()).toMatchObject([{ id: 2 }]);
    // The triggers are back: a later change of a product's text reaches the search index.
    const next = fixtureCatalogue();
    next.products[1]!.title = { fa: 'گلیم قشقایی', en: 'Qashqai kilim' };
    await importCatalogueFile(app.database, writeCatalogue(next), mediaDir);
    expect((await app.inject('/en/api/store/products/?search=kilim')).json()).toMatchObject([{ id: 2 }]);
    if (store().dialect === 'sqlite') {
      await sql`INSERT INTO product_search(product_search) VALUES('integrity-check')`.execute(
        app.database.db,
      );
    }
  });
});
