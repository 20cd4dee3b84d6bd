import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { hashPassword } from '../../src/modules/auth/passwords.ts';
import { generateCatalogue } from '../../src/modules/catalogue/generate.ts';
import type { Catalogue } from '../../src/modules/catalogue/format.ts';
import { importCatalogue } from '../../src/modules/catalogue/import.ts';
import { injectAs, staffCookie } from './app.ts';

/**
 * The feeds' tests' store: a generated catalogue of FEED_PRODUCTS products with every case a feed
 * must handle (unpublished products, prices on request, a price in dollars, a zero price, one
 * out of stock, a raster image with variants), and an owner and an editor signed in.
 */

export const FEED_PRODUCTS = 257;
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** The media name the test PNG is stored under (its content hash). */
export const PNG_MEDIA_HASH = crypto.createHash('sha256').update(PNG_1X1).digest('hex').slice(0, 32);

export function feedCatalogue(): Catalogue {
  const catalogue = generateCatalogue({ products: FEED_PRODUCTS, seed: 26 });
  for (const p of catalogue.products) {
    p.published = p.id % 13 !== 0;
    if (p.id % 17 === 0) p.price_range = null;
  }
  const at = (id: number) => catalogue.products.find((p) => p.id === id)!;
  at(1).price_range = { start_price: 1_234_567, end_price: 2_000_000, currency_type: 'IRR' };
  at(1).inventory = 5;
  at(1).images = ['images/feed.png', 'https://cdn.example.com/p.jpg'];
  at(1).properties = [
    { key: { fa: 'وزن', en: 'Weight' }, value: { fa: '۱ کیلوگرم', en: '1 kg' } },
    { key: { fa: 'رنگ' }, value: { fa: 'سبز' } },
  ];
  at(2).price_range = { start_price: 50, end_price: 90, currency_type: 'USD' };
  at(3).price_range = { start_price: 0, end_price: 0, currency_type: 'IRR' };
  at(4).price_range = { start_price: 120_000, end_price: 120_000, currency_type: 'irt' };
  at(4).inventory = 0;
  at(5).price_range = null;
  at(5).inventory = 9;
  return catalogue;
}

/** Whether a product of the catalogue has a Toman price (what `omit` keeps). */
export const priced = (p: Catalogue['products'][number]) =>
  p.price_range !== null &&
  p.price_range.start_price >= 10 &&
  ['IRR', 'IRT'].includes(p.price_range.currency_type.toUpperCase());

export async function importFeedCatalogue(app: FastifyInstance, dataDir: string): Promise<Catalogue> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-feeds-'));
  fs.mkdirSync(path.join(dir, 'images'));
  fs.writeFileSync(path.join(dir, 'images', 'feed.png'), PNG_1X1);
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="6"/>';
  for (const name of [0, 1, 2, 3, 4, 5]
    .map((i) => `product-${i}`)
    .concat(['news-0', 'news-1', 'news-2', 'banner-0', 'banner-1', 'banner-2']))
    fs.writeFileSync(path.join(dir, 'images', `${name}.svg`), svg);
  const catalogue = feedCatalogue();
  await importCatalogue(app.database, catalogue, dir, path.join(dataDir, 'media'));
  return catalogue;
}

export interface Agent {
  cookie: string;
  csrf: string;
}

const PASSWORD = 'a long enough password';

export async function signedIn(app: FastifyInstance, role: 'owner' | 'editor'): Promise<Agent> {
  const email = `${role}-feeds@example.com`;
  await app.staff.create({ email, name: role, passwordHash: await hashPassword(PASSWORD), role });
  const signed = await app.inject({
    method: 'POST',
    url: '/admin/api/session',
    payload: { email, password: PASSWORD },
  });
  expect(signed.statusCode).toBe(200);
  return { cookie: staffCookie(signed), csrf: (signed.json() as { csrf_token: string }).csrf_token };
}

/** PUT /admin/api/feeds as that staff member. */
export const putFeeds = (app: FastifyInstance, agent: Agent, payload: object) =>
  injectAs(app, agent, { method: 'PUT', url: '/admin/api/feeds', payload } satisfies InjectOptions);
