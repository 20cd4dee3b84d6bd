import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { exportCatalogue } from '../src/modules/catalogue/export.ts';
import { generateCatalogue } from '../src/modules/catalogue/generate.ts';
import { CatalogueError, importCatalogue, importCatalogueFile } from '../src/modules/catalogue/import.ts';
import { validateCatalogue } from '../src/modules/catalogue/validate.ts';
import { withFixtureApp } from './support/app.ts';
import { describeEachDatabase } from './support/databases.ts';
import { fixtureCatalogue, writeCatalogue } from './support/fixture.ts';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../..');

function errorsOf(raw: unknown, baseDir = path.dirname(writeCatalogue())): string[] {
  const result = validateCatalogue(raw, baseDir);
  return result.ok ? [] : result.errors;
}

describe('catalogue validation', () => {
  it('accepts the fixture and a generated store', () => {
    expect(errorsOf(fixtureCatalogue())).toEqual([]);
    const generated = generateCatalogue({ products: 50 });
    expect(validateCatalogue(generated, '/nonexistent').ok).toBe(false); // its images are not there
    expect(
      errorsOf({
        ...generated,
        products: generated.products.map((p) => ({ ...p, images: [] })),
        posts: [],
        banners: [],
      }),
    ).toEqual([]);
  });
  it('names unknown keys with their path', () => {
    const c = fixtureCatalogue() as unknown as Record<string, unknown>;
    c.extra = 1;
    (c.products as Record<string, unknown>[])[1]!.colour = 'red';
    expect(errorsOf(c).sort()).toEqual(['(root): unknown key "extra"', 'products[1]: unknown key "colour"']);
  });
  it('names bad types with their path', () => {
    const c = fixtureCatalogue();
    (c.products[2] as unknown as Record<string, unknown>).inventory = 'many';
    (c.products[0]!.price_range as unknown as Record<string, unknown>).start_price = -5;
    (c.collections[0]!.title as unknown as Record<string, unknown>).fa = 7;
    (c.posts[1] as unknown as Record<string, unknown>).creation_date = '2024-01-01';
    const errors = errorsOf(c);
    expect(errors).toContain('products[2].inventory: Invalid input: expected number, received string');
    expect(errors).toContain('products[0].price_range.start_price: must not be negative');
    expect(errors).toContain('collections[0].title.fa: a Persian (fa) text is required');
    expect(errors).toContain(
      'posts[1].creation_date: must be an ISO 8601 date with a zone, e.g. 2024-05-01T10:00:00Z',
    );
  });
  it('names dangling references, duplicate ids and unlisted languages', () => {
    const c = fixtureCatalogue();
    c.products[0]!.industry = 99;
    c.products[1]!.tags = [1, 42];
    c.subcollections[0]!.collection = 8;
    c.reviews[0]!.product = 77;
    c.tags.push({ id: 2, title: { fa: 'تکراری' } });
    c.industries[0]!.title = { fa: 'الف', de: 'A' };
    expect(errorsOf(c)).toEqual([
      'tags[2].id: duplicate id 2 (also tags[1])',
      'subcollections[0].collection: collections id 8 does not exist in this file',
      'products[0].industry: industries id 99 does not exist in this file',
      'products[1].tags[1]: tags id 42 does not exist in this file',
      'reviews[0].product: products id 77 does not exist in this file',
      'industries[0].title.de: language "de" is not listed in languages',
    ]);
  });
  it('checks images: present, inside the folder, an image type; https URLs allowed', () => {
    const c = fixtureCatalogue();
    c.products[0]!.images = [
      'images/missing.png',
      '../outside.png',
      '/etc/passwd',
      'images/notes.txt',
      'http://plain.example/a.png',
    ];
    expect(errorsOf(c)).toEqual([
      'products[0].images[0]: image file "images/missing.png" was not found',
      'products[0].images[1]: "../outside.png" points outside the catalogue\'s folder',
      'products[0].images[2]: "/etc/passwd" must be a path relative to the catalogue file or an https:// URL',
      'products[0].images[3]: "images/notes.txt" is not an image (.jpg, .jpeg, .png, .webp, .gif, .avif, .svg)',
      'products[0].images[4]: "http://plain.example/a.png" must be a path relative to the catalogue file or an https:// URL',
    ]);
  });
  it('rejects a wrong format marker and a file that is not an object', () => {
    expect(errorsOf({ ...fixtureCatalogue(), format: 'other/2' })).toEqual([
      'format: must be "storefront-catalogue/1"',
    ]);
    expect(errorsOf([])[0]).toMatch(/^\(root\): /);
  });
});

describeEachDatabase('catalogue import and export', (store) => {
  let app: FastifyInstance;
  let mediaDir: string;
  withFixtureApp(store, (built, media) => {
    app = built;
    mediaDir = media;
  });

  const snapshot = async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-export-')), 'out.json');
    await exportCatalogue(app.database, file, mediaDir);
    return { file, text: fs.readFileSync(file, 'utf8') };
  };

  it('a bad file changes nothing', async () => {
    const before = (await snapshot()).text;
    const bad = fixtureCatalogue();
    bad.products = [];
    bad.reviews[0]!.product = 5;
    await expect(
      importCatalogue(app.database, bad, path.dirname(writeCatalogue()), mediaDir),
    ).rejects.toThrow(CatalogueError);
    await expect(importCatalogueFile(app.database, '/nonexistent/catalogue.json', mediaDir)).rejects.toThrow(
      /cannot read/,
    );
    const notJson = path.join(path.dirname(writeCatalogue()), 'broken.json');
    fs.writeFileSync(notJson, '{"format": ');
    await expect(importCatalogueFile(app.database, notJson, mediaDir)).rejects.toThrow(/not valid JSON/);
    expect((await snapshot()).text).toBe(before);
  });

  it('a failure while writing rolls the whole import back', async () => {
    const before = (await snapshot()).text;
    // Make the database refuse to remove a post, which happens after products, tags and the rest were written.
    if (store().dialect === 'sqlite') {
      await sql`CREATE TRIGGER refuse_posts BEFORE DELETE ON posts BEGIN SELECT RAISE(ABORT, 'refused'); END`.execute(
        app.database.db,
      );
    } else {
      await sql`CREATE FUNCTION refuse() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$ LANGUAGE plpgsql`.execute(
        app.database.db,
      );
      await sql`CREATE TRIGGER refuse_posts BEFORE DELETE ON posts FOR EACH ROW EXECUTE FUNCTION refuse()`.execute(
        app.database.db,
      );
    }
    try {
      const c = fixtureCatalogue();
      c.products = c.products.slice(0, 1);
      c.reviews = [];
      c.posts = c.posts.slice(0, 1);
      await expect(
        importCatalogue(app.database, c, path.dirname(writeCatalogue()), mediaDir),
      ).rejects.toThrow(/refused/);
    } finally {
      await sql`DROP TRIGGER refuse_posts${sql.raw(store().dialect === 'postgres' ? ' ON posts' : '')}`.execute(
        app.database.db,
      );
    }
    expect((await snapshot()).text).toBe(before);
    expect((await app.inject('/en/api/store/products/?search=carpet')).json()).toMatchObject([{ id: 2 }]);
  });

  it('the same subcollection listed twice for a product is stored once', async () => {
    const c = fixtureCatalogue();
    c.products[0]!.subcollections = [10, 10];
    await importCatalogue(app.database, c, path.dirname(writeCatalogue()), mediaDir);
    expect((await app.inject('/en/api/store/products/1/')).json()).toMatchObject({
      subcollections: [{ id: 10 }],
    });
  });

  it('export then import gives the same store', async () => {
    const first = await snapshot();
    const exported = JSON.parse(first.text) as ReturnType<typeof fixtureCatalogue>;
    expect(exported.products).toHaveLength(3);
    expect(exported.products[0]!.images[1]).toBe('https://cdn.example.com/p.jpg');
    expect(exported.products[0]!.images[0]).toMatch(/^images\/[0-9a-f]{32}\.png$/);
    expect(
      fs.existsSync(path.join(path.dirname(first.file), exported.products[0]!.images[0] as string)),
    ).toBe(true);
    const detailBefore = (await app.inject('/en/api/store/products/1/')).body;

    await importCatalogueFile(app.database, first.file, mediaDir);
    expect((await snapshot()).text).toBe(first.text);
    expect((await app.inject('/en/api/store/products/1/')).body).toBe(detailBefore);
  });

  it('import replaces the catalogue: products, reviews and search index', async () => {
    const c = fixtureCatalogue();
    c.products = c.products.filter((p) => p.id !== 1);
    c.reviews = [];
    c.products[0]!.title = { fa: 'گلیم قشقایی', en: 'Qashqai kilim' };
    c.tags[0]!.title = { fa: 'ویژه صادرات', en: 'Export special' };
    c.industries[1]!.title = { fa: 'گلیم فارس', en: 'Fars Kilims' };
    await importCatalogue(app.database, c, path.dirname(writeCatalogue()), mediaDir);
    expect((await app.inject('/fa/api/store/products/1/')).statusCode).toBe(404);
    expect((await app.inject('/en/api/store/products/?search=kilim')).json()).toMatchObject([{ id: 2 }]);
    expect((await app.inject('/en/api/store/products/?search=handwoven')).json()).toEqual([]);
    // Texts of the entities a product refers to are served fresh after the import too.
    expect((await app.inject('/en/api/store/products/2/')).json()).toMatchObject({
      tags: [{ tag: { id: 1, title: 'Export special' } }],
      industry: { id: 6, title: 'Fars Kilims' },
    });
    await importCatalogueFile(app.database, writeCatalogue(), mediaDir);
    expect((await app.inject('/en/api/store/products/?search=pistachio')).json()).toMatchObject([{ id: 1 }]);
  });
});

describe('a third language is configuration only', () => {
  it('serves /ar/api/ with texts falling back to Persian', async () => {
    const { createTestStore } = await import('./support/databases.ts');
    const store = await createTestStore('sqlite', { languages: ['fa', 'en', 'ar'] });
    const app = await buildApp(store.config);
    try {
      const c = fixtureCatalogue();
      c.languages.push('ar');
      c.collections[0]!.title.ar = 'المكسرات';
      await importCatalogue(
        app.database,
        c,
        path.dirname(writeCatalogue()),
        path.join(store.config.dataDir, 'media'),
      );
      const res = await app.inject('/ar/api/store/collections/');
      expect(res.json()).toEqual([
        { id: 1, title: 'المكسرات' },
        { id: 2, title: 'صنایع دستی' },
        { id: 3, title: 'خدمات' },
      ]);
    } finally {
      await app.close();
      await store.cleanup();
    }
  });
});

describe('the catalogue command', () => {
  const cli = (args: string[], env: Record<string, string>) =>
    run(process.execPath, [path.join(repoRoot, 'apps/server/src/cli.ts'), ...args], {
      env: { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: '', ...env },
    }).then(
      (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({
        code: e.code,
        stdout: e.stdout,
        stderr: e.stderr,
      }),
    );

  it('generates, imports and exports; a bad file exits 1 naming its errors', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-cli-'));
    const out = path.join(dataDir, 'generated');
    const generated = await cli(['catalogue', 'generate', '--products', '30', '--out', out], {
      DATA_DIR: dataDir,
    });
    expect(generated).toMatchObject({ code: 0 });
    const imported = await cli(['catalogue', 'import', path.join(out, 'catalogue.json')], {
      DATA_DIR: dataDir,
    });
    expect(imported.stdout).toContain('Imported 30 products');
    const exported = await cli(['catalogue', 'export', path.join(dataDir, 'export', 'store.json')], {
      DATA_DIR: dataDir,
    });
    expect(exported.code).toBe(0);
    expect(
      JSON.parse(fs.readFileSync(path.join(dataDir, 'export', 'store.json'), 'utf8')).products,
    ).toHaveLength(30);

    const bad = fixtureCatalogue();
    bad.products[0]!.collection = 42;
    const failed = await cli(['catalogue', 'import', writeCatalogue(bad)], { DATA_DIR: dataDir });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('products[0].collection: collections id 42 does not exist in this file');

    expect((await cli(['catalogue', 'frobnicate'], { DATA_DIR: dataDir })).code).toBe(2);
    expect(
      (await cli(['catalogue', 'generate', '--products', 'lots', '--out', out], { DATA_DIR: dataDir })).code,
    ).toBe(2);
    const badEnv = await cli(['migrate'], { DATA_DIR: dataDir, PORT: 'x' });
    expect([badEnv.code, badEnv.stderr]).toEqual([1, expect.stringContaining('PORT="x"')]);
  });
});
