import { escapeXml as xml } from '@storefront/contracts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { pickFrom, type Translated } from '../../lib/translate.ts';
import { pageUrl } from './page-head.ts';

/**
 * `/robots.txt` and the sitemap: `/sitemap.xml` is an index of chunks `/sitemap-{n}.xml` of at most
 * URLS_PER_CHUNK URLs (the protocol allows 50,000): the storefront's pages, every collection,
 * industry, published product and news post, each in every language with its alternates (hreflang
 * fa, en, x-default). Read from the database as it is asked for (a chunk of products is one
 * index-only read of ids), answered with an ETag of the catalogue version, so a crawler that asks
 * again gets 304 until the catalogue changes. Absolute URLs use PUBLIC_URL, else the request's host.
 */

/** URLs per sitemap chunk (each URL is one page in one language). */
export const URLS_PER_CHUNK = 10_000;
/** Language-independent pages: the storefront's lists. */
const PAGES = ['', 'products', 'news', 'aboutus'];

interface Entry {
  /** The path under /app/ for each language (a collection's path holds its title in that language). */
  paths: Record<string, string>;
  lastmod?: string;
}

export const sitemapRoutes: FastifyPluginAsync = async (app) => {
  const { config } = app;
  const repository = app.storeRepository;
  const languages = config.languages;
  const fallback = config.defaultLanguage;
  const baseUrl = (request: FastifyRequest) => config.publicUrl ?? `${request.protocol}://${request.host}`;

  /** Entries of the small lists: pages, collections, industries, posts. */
  const smallEntries = async (): Promise<Entry[]> => {
    const titled = (rows: { title: string }[], prefix: string) =>
      rows.map((r) => {
        const title = JSON.parse(r.title) as Translated;
        return {
          paths: Object.fromEntries(
            languages.map((lang) => [
              lang,
              `${prefix}/${encodeURIComponent(pickFrom(title, { lang, fallback }))}`,
            ]),
          ),
        };
      });
    const { collections, industries, posts } = await repository.sitemapLists();
    return [
      ...PAGES.map((path) => ({ paths: Object.fromEntries(languages.map((lang) => [lang, path])) })),
      ...titled(collections, 'collections/search'),
      ...titled(industries, 'industries/search'),
      ...posts.map((p) => ({
        paths: Object.fromEntries(languages.map((lang) => [lang, `news/${p.id}`])),
        lastmod: p.creation_date,
      })),
    ];
  };

  /** How many entries each chunk holds: every entry is one URL per language. */
  const entriesPerChunk = Math.max(1, Math.floor(URLS_PER_CHUNK / languages.length));

  const publishedCount = () => repository.publishedCount();

  /** Answers 304 to a crawler that has this catalogue version's answer; sets the validators. */
  const notModified = async (request: FastifyRequest, reply: FastifyReply, part: string) => {
    const version = await app.catalogueCache.version();
    const etag = `W/"${Buffer.from(`${version} ${part} ${baseUrl(request)}`)
      .toString('base64url')
      .slice(-40)}"`;
    reply.header('ETag', etag).header('Cache-Control', 'public, max-age=3600');
    if (request.headers['if-none-match'] === etag) {
      await reply.status(304).send();
      return true;
    }
    return false;
  };

  app.get('/robots.txt', async (request, reply) => {
    const base = baseUrl(request);
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600');
    return [
      'User-agent: *',
      'Allow: /app/',
      // Sign-in, the API and the translations are not pages.
      'Disallow: /app/s',
      ...languages.map((lang) => `Disallow: /${lang}/api/`),
      'Disallow: /locales/',
      '',
      `Sitemap: ${base}/sitemap.xml`,
      '',
    ].join('\n');
  });

  app.get('/sitemap.xml', async (request, reply) => {
    if (await notModified(request, reply, 'index')) return reply;
    const base = baseUrl(request);
    const small = (await smallEntries()).length;
    const chunks = Math.max(1, Math.ceil((small + (await publishedCount())) / entriesPerChunk));
    const version = await app.catalogueCache.version();
    const lastmod = /^\d{4}-\d{2}-\d{2}T/.test(version) ? version.slice(0, version.indexOf(' ')) : undefined;
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...Array.from(
        { length: chunks },
        (_, n) =>
          `<sitemap><loc>${xml(`${base}/sitemap-${n + 1}.xml`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</sitemap>`,
      ),
      '</sitemapindex>',
      '',
    ].join('\n');
    return reply.type('application/xml; charset=utf-8').send(body);
  });

  app.get<{ Params: { n: string } }>('/sitemap-:n.xml', async (request, reply) => {
    const n = /^[1-9]\d{0,5}$/.test(request.params.n) ? Number(request.params.n) : 0;
    const notFound = () => reply.status(404).send({ detail: 'Not found.', code: 'not_found' });
    if (n === 0) return notFound();
    if (await notModified(request, reply, `chunk ${n}`)) return reply;
    const base = baseUrl(request);
    const small = await smallEntries();
    // Entries in order: the small lists first, then products by id.
    const first = (n - 1) * entriesPerChunk;
    const entries: Entry[] = small.slice(first, first + entriesPerChunk);
    const productOffset = Math.max(0, first - small.length);
    const wanted = entriesPerChunk - entries.length;
    if (wanted > 0) {
      const products = await repository.publishedProductDates(wanted, productOffset);
      for (const p of products) {
        entries.push({
          paths: Object.fromEntries(languages.map((lang) => [lang, `product/${p.id}`])),
          lastmod: p.creation_date,
        });
      }
    }
    if (entries.length === 0 && n > 1) return notFound();
    const lines = ['<?xml version="1.0" encoding="UTF-8"?>'];
    lines.push(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    );
    for (const entry of entries) {
      const alternates =
        languages
          .map(
            (lang) =>
              `<xhtml:link rel="alternate" hreflang="${lang}" href="${xml(pageUrl(base, entry.paths[lang]!, lang))}"/>`,
          )
          .join('') +
        `<xhtml:link rel="alternate" hreflang="x-default" href="${xml(pageUrl(base, entry.paths[fallback]!, undefined))}"/>`;
      const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod.slice(0, 10)}</lastmod>` : '';
      for (const lang of languages) {
        lines.push(
          `<url><loc>${xml(pageUrl(base, entry.paths[lang]!, lang))}</loc>${lastmod}${alternates}</url>`,
        );
      }
    }
    lines.push('</urlset>', '');
    return reply.type('application/xml; charset=utf-8').send(lines.join('\n'));
  });
};
