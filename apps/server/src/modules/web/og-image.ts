import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import { mediaUrlFor } from '../../lib/translate.ts';

/**
 * The default preview image of the storefront's pages: the store's name, 1200×630 PNG, for a page
 * that has no image of its own, no store logo and no product image to show (page-head.ts). Served
 * at `/og-image.png?lng={lang}&v={version}`; the version is a hash of the name, so that a new name
 * is a new URL for the sites that cached the old preview. Rendered by sharp (pango: HarfBuzz shapes
 * Persian letters, the direction follows the text) in Vazirmatn, and kept per language and name.
 */

export const OG_IMAGE_PATH = '/og-image.png';
const WIDTH = 1200;
const HEIGHT = 630;
/** The storefront's theme colour (apps/web/index.html's theme-color). */
const BACKGROUND = '#0b4f8a';
/** The name where the store has none yet (the storefront's own default title). */
const FALLBACK_NAME: Record<string, string> = { fa: 'فروشگاه', en: 'Store' };

const FONT_FILE = createRequire(import.meta.url).resolve('vazirmatn/fonts/ttf/Vazirmatn-Bold.ttf');

/** The name the image shows in `lang`: the store's own, else the storefront's default title. */
export function ogImageName(storeName: string, lang: string): string {
  return storeName.trim() || (FALLBACK_NAME[lang] ?? FALLBACK_NAME.en!);
}

/** The image's absolute URL for this store name and language (its version changes with the name). */
export function ogImageUrl(base: string, lang: string, storeName: string): string {
  const version = crypto
    .createHash('sha256')
    .update(`${lang}\u0000${ogImageName(storeName, lang)}`)
    .digest('hex')
    .slice(0, 12);
  return `${base}${OG_IMAGE_PATH}?lng=${encodeURIComponent(lang)}&v=${version}`;
}

const escapeMarkup = (text: string) =>
  text.replace(/[&<>]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[ch]!);

/** The store's name, white on the theme colour, centred, at most 1040×420 (long names wrap and shrink). */
export async function renderOgImage(name: string): Promise<Buffer> {
  const text = (fit: boolean) =>
    sharp({
      text: {
        text: `<span foreground="#ffffff">${escapeMarkup(name)}</span>`,
        font: 'Vazirmatn Bold 72',
        fontfile: FONT_FILE,
        width: 1040,
        // A name that does not fit at 72 pt is shrunk into the box instead (sharp's autofit).
        ...(fit ? { height: 420 } : { dpi: 96 }),
        align: 'centre',
        wrap: 'word',
        rgba: true,
      },
    })
      .png()
      .toBuffer({ resolveWithObject: true });
  let rendered = await text(false);
  if (rendered.info.height > 420 || rendered.info.width > 1040) rendered = await text(true);
  return sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: BACKGROUND } })
    .composite([{ input: rendered.data, gravity: 'centre' }])
    .png()
    .toBuffer();
}

export const ogImageRoutes: FastifyPluginAsync = async (app: FastifyInstance) => {
  const { languages, defaultLanguage } = app.config;
  /** Rendered images per language and name (a few: a store has one name per language). */
  const rendered = new LRUCache<string, Promise<Buffer>>({ max: 16 });

  app.get<{ Querystring: { lng?: string } }>(OG_IMAGE_PATH, async (request, reply) => {
    const asked = typeof request.query.lng === 'string' ? request.query.lng : '';
    const lang = languages.includes(asked) ? asked : defaultLanguage;
    const identity = await app.storeRepository.storeIdentity({
      lang,
      fallback: defaultLanguage,
      media: mediaUrlFor(''),
      showPhone: false,
    });
    const name = ogImageName(identity.name, lang);
    const key = `${lang}\u0000${name}`;
    let image = rendered.get(key);
    if (!image) {
      image = renderOgImage(name);
      rendered.set(key, image);
      image.catch(() => rendered.delete(key));
    }
    const etag = `"${crypto.createHash('sha256').update(key).digest('hex').slice(0, 16)}"`;
    reply.header('Cache-Control', 'public, max-age=86400').header('ETag', etag).type('image/png');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.send(await image);
  });
};
