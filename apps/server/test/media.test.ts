import fs from 'node:fs';
import path from 'node:path';
import { MEDIA_VARIANT_FORMATS, MEDIA_VARIANT_WIDTHS, mediaSrcSets } from '@storefront/contracts';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { importCatalogueFile } from '../src/modules/catalogue/import.ts';
import { createTestStore, type TestStore } from './support/databases.ts';
import { writeCatalogue } from './support/fixture.ts';

describe('media: responsive variants made when an image enters the store, served immutable', () => {
  let store: TestStore & { cleanup: () => Promise<void> };
  let app: FastifyInstance;
  let png: string;
  let svg: string;

  beforeAll(async () => {
    store = await createTestStore('sqlite');
    app = await buildApp(store.config);
    const file = writeCatalogue();
    // A real photo-sized image in place of the fixture's 1×1 pixel: 1000 × 750.
    await sharp({ create: { width: 1000, height: 750, channels: 3, background: '#c0392b' } })
      .png()
      .toFile(path.join(path.dirname(file), 'images', 'pistachio.png'));
    await importCatalogueFile(app.database, file, store.config.mediaDir);
    const names = fs.readdirSync(store.config.mediaDir);
    png = names.find((name) => /^[0-9a-f]{32}\.png$/.test(name))!.slice(0, 32);
    svg = names.find((name) => /^[0-9a-f]{32}\.svg$/.test(name))!.slice(0, 32);
  });
  afterAll(async () => {
    await app?.close();
    await store?.cleanup();
  });

  it('import makes every width (never wider than the original) in AVIF and WebP; SVG gets none', async () => {
    for (const format of MEDIA_VARIANT_FORMATS) {
      for (const width of MEDIA_VARIANT_WIDTHS) {
        const file = path.join(store.config.mediaDir, `${png}-${width}.${format}`);
        const meta = await sharp(file).metadata();
        expect(meta.format === 'heif' ? 'avif' : meta.format).toBe(format);
        expect(meta.width).toBe(Math.min(width, 1000));
      }
    }
    expect(fs.readdirSync(store.config.mediaDir).filter((name) => name.startsWith(`${svg}-`))).toEqual([]);
  });

  it('a variant is served with its type and a year of immutable caching; ETag and 304 hold', async () => {
    const answer = await app.inject({ url: `/media/${png}-640.webp` });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('image/webp');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(answer.rawPayload).metadata()).width).toBe(640);
    const again = await app.inject({
      url: `/media/${png}-640.webp`,
      headers: { 'if-none-match': String(answer.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const original = await app.inject({ url: `/media/${png}.png` });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
  });

  it('a variant missing (an image stored before variants) is made on its first request', async () => {
    const file = path.join(store.config.mediaDir, `${png}-320.avif`);
    fs.rmSync(file);
    const answers = await Promise.all([1, 2, 3].map(() => app.inject({ url: `/media/${png}-320.avif` })));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('image/avif');
    }
    expect((await sharp(file).metadata()).width).toBe(320);
  });

  it('no variant of what has none, of a width not offered, or of an unknown image: 404 in JSON', async () => {
    for (const url of [
      `/media/${svg}-640.avif`,
      `/media/${png}-641.webp`,
      `/media/${png}-640.png`,
      `/media/${'0'.repeat(32)}-640.webp`,
      '/media/nothing.png',
    ]) {
      const answer = await app.inject({ url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json(), url).toMatchObject({ code: 'not_found' });
    }
    expect(fs.readdirSync(store.config.mediaDir).some((name) => name.endsWith('.tmp'))).toBe(false);
  });

  it('the storefront offers the variants through srcset: contracts name them as the server does', async () => {
    const sets = mediaSrcSets(`http://shop.example/media/${png}.png`)!;
    expect(sets.avif).toBe(
      MEDIA_VARIANT_WIDTHS.map((w) => `http://shop.example/media/${png}-${w}.avif ${w}w`).join(', '),
    );
    for (const candidate of sets.webp.split(', ')) {
      const url = new URL(candidate.split(' ')[0]!);
      expect((await app.inject({ url: url.pathname })).statusCode).toBe(200);
    }
    expect(mediaSrcSets(`http://shop.example/media/${svg}.svg`)).toBeNull();
    expect(mediaSrcSets('https://elsewhere.example/photo.jpg')).toBeNull();
  });
});
