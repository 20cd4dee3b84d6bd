import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { appendVary, keptVariants, sendEncoded } from '../../lib/plugins/compression.ts';
import {
  cookieLanguage,
  decodeURIComponentSafe,
  languageCookie,
  languageOfTag,
  requestLanguage,
} from '../../lib/language.ts';
import { withHead } from './head.ts';
import { pageHeadsOf } from './page-head.ts';
import { inAppFetch, loadRender, readTranslations, withApp } from './ssr.ts';
import { builtFilesOptions } from '../../lib/plugins/built-files.ts';
import { firstTouchOf, hasTouchCookie, touchCookie } from '../enquiries/attribution.ts';

const PLACEHOLDER = `<!doctype html>
<html lang="fa" dir="rtl">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>فروشگاه</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.8}
a{color:#0b5cad}section+section{margin-block-start:2rem;border-block-start:1px solid #ddd;padding-block-start:1rem}</style>
</head>
<body>
<main>
<section><h1>فروشگاه ساخته نشده است</h1><p>ویترین فروشگاه هنوز ساخته نشده است: <code>npm run build</code> را اجرا کنید
(<code>npm start</code> این کار را خودش انجام می‌دهد). داده‌های فروشگاه در دسترس‌اند:
<a href="/fa/api/store/products/">محصولات</a>، <a href="/fa/api/store/posts/">اخبار</a>.</p></section>
<section lang="en" dir="ltr"><h2>The storefront is not built</h2><p>Run <code>npm run build</code> (<code>npm start</code>
does it for you). The store's data is available: <a href="/en/api/store/products/">products</a>,
<a href="/en/api/store/posts/">news</a>.</p></section>
</main>
</body>
</html>
`;

/** A namespace name: letters, digits, dashes and underscores; nothing that can leave the folder. */
const NAMESPACE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The storefront at /app/*: the production build of apps/web when present (deep links answer
 * index.html, not cached; hashed assets cached for a year), otherwise a placeholder page. `/`
 * redirects to /app/. Translations at /locales/{lng}/{ns}.json, from the build's copy or, before a
 * build, from apps/web/public: only the configured languages and the namespaces that exist; anything
 * else is a 404 in JSON.
 */
export const webRoutes: FastifyPluginAsync = async (app) => {
  const dist = app.config.webDistDir;
  const index = path.join(dist, 'index.html');
  const built = fs.existsSync(index);

  // Keeps the query string (`/?lng=en` → `/app/?lng=en`).
  app.get('/', async (request, reply) => {
    const query = request.url.indexOf('?');
    return reply.redirect(query === -1 ? '/app/' : `/app/${request.url.slice(query)}`);
  });

  if (built) {
    await app.register(fastifyStatic, builtFilesOptions(dist, '/app/'));
  }

  // ---- pages: the shell with each page's head (page-head.ts), in the request's language --------
  // The translations: the build's copy or, before a build, apps/web/public (pages' heads use them too).
  const builtLocales = path.join(dist, 'locales');
  const sourceLocales = path.resolve(dist, '..', 'public', 'locales');
  const localesDir = fs.existsSync(builtLocales) ? builtLocales : sourceLocales;
  const translations = await readTranslations(localesDir, app.config.languages);
  const heads = pageHeadsOf(app, translations);
  const served = new Set(app.config.languages);
  // The server-side render (ssr.ts), when the build has one; without it pages are the shell with
  // their head, and the app renders them in the browser.
  const ssr = built ? await loadRender(dist) : null;
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, 'http://localhost');
    const pagePath = url.pathname.replace(/^\/app\/?/, '').replace(/\/+$/, '');
    // The language as the app will pick it: `lng`, then the i18next cookie, then Accept-Language.
    const lng = url.searchParams.get('lng')?.slice(0, 2).toLowerCase();
    const lang =
      lng !== undefined && served.has(lng)
        ? lng
        : requestLanguage(request.raw, served, app.config.defaultLanguage);
    const base = app.config.publicUrl ?? `${request.protocol}://${request.host}`;
    // Rendered pages are kept per catalogue version, language, host and build (the shell's mtime).
    const shellTime = built ? (await fs.promises.stat(index)).mtimeMs : 0;
    const cache = app.catalogueCache;
    // A product's page shows its reviews: it is kept under the product's reviews stamp as well, so
    // that a review published, hidden or deleted drops that product's pages (every language, host
    // and variant) and nothing else. Read before the render, as the version is.
    const reviewed = /^product\/(\d{1,15})$/.exec(decodeURIComponentSafe(pagePath))?.[1];
    const catalogueVersion = await cache.version();
    const version =
      reviewed === undefined ? catalogueVersion : cache.withReviews(catalogueVersion, Number(reviewed));
    const explicit = lng !== undefined && served.has(lng);
    // The query parameters the app reads (the filtered search page's; `next`, the way back of the
    // sign-in and account pages, which their links carry; a product's `status=open`, its request
    // dialog open, drawn and hydrated at once); others (utm_…) share the page.
    const filters = ['subCollection', 'industry', 'product', 'next', 'status']
      .map((name) => `${name}=${url.searchParams.get(name) ?? ''}`)
      .join('&');
    const key = `page ${lang} ${explicit ? 'lng' : 'auto'} ${base} ${shellTime} ${pagePath}?${filters}`;
    let html = cache.responsesEnabled ? cache.response(key, version) : undefined;
    let status = 200;
    if (html === undefined) {
      const shell = built ? await fs.promises.readFile(index, 'utf8') : PLACEHOLDER;
      let text = shell;
      try {
        const page = await heads(decodeURIComponentSafe(pagePath), lang, base, explicit);
        text = withHead(shell, page.head);
        status = page.status;
      } catch (error) {
        // The page still works without its head (the app sets the title itself).
        request.log.warn({ err: error }, 'page head: could not be written');
      }
      if (ssr) {
        try {
          const rendered = await ssr.render({
            url: `${base}${request.url}`,
            language: lang,
            translations,
            fetch: inAppFetch(app, request),
          });
          if (rendered.kind === 'redirect') return reply.redirect(rendered.location, rendered.status);
          text = withApp(
            text,
            rendered.html,
            rendered.state,
            rendered.islands ? { appTitle: rendered.appTitle } : undefined,
          );
        } catch (error) {
          // The shell alone still works: the app renders the page in the browser.
          request.log.warn({ err: error }, 'page render: sent without its content');
        }
      }
      html = Buffer.from(text);
      if (status === 200) cache.keepResponse(key, version, html);
    }
    // An unknown product or news post is a 404 for browsers and crawlers alike (the app shows its
    // not-found page), never indexed.
    if (status === 404) reply.header('X-Robots-Tag', 'noindex');
    // The language comes from the query, the cookie or Accept-Language.
    appendVary(reply, 'Accept-Language, Cookie');
    // The visitor's first touch (enquiries/attribution.ts), decided for this request alone: the kept
    // page above is the body only, so one visitor's cookie never reaches another; an answer that
    // sets one is private, so no shared cache keeps it either.
    const firstTouch = hasTouchCookie(request.headers.cookie)
      ? undefined
      : firstTouchOf(request.url, request.headers.referer, [
          request.host,
          ...(app.config.publicUrl ? [new URL(app.config.publicUrl).host] : []),
        ]);
    const secure = request.protocol === 'https';
    const touch = firstTouch && touchCookie(firstTouch, secure);
    const cookies = [
      ...(touch ? [touch] : []),
      // A language chosen by `?lng=` is kept for the next page at once, not only once the app's
      // scripts run (a visitor may move on before, or browse with scripts blocked).
      ...(explicit && cookieLanguage(request.headers.cookie, served) !== lang
        ? [languageCookie(lang, secure)]
        : []),
    ];
    if (cookies.length > 0) reply.header('Set-Cookie', cookies.length === 1 ? cookies[0] : cookies);
    reply
      .status(status)
      .header('Cache-Control', cookies.length > 0 ? 'private, no-cache' : 'no-cache')
      .type('text/html; charset=utf-8');
    return status === 200 && cache.responsesEnabled
      ? sendEncoded(request, reply, html, keptVariants(cache, key, version, html))
      : reply.send(html);
  };
  app.get('/app', sendPage);
  app.get('/app/*', sendPage);
  // A missing script or style (an old build's chunk) is a 404, not the page: the app then reloads.
  app.get('/app/assets/*', async (_request, reply) =>
    reply.status(404).send({ detail: 'Not found.', code: 'not_found' }),
  );

  // ---- translations ----------------------------------------------------------------------------
  const languages = new Set(app.config.languages);

  app.get<{ Params: { lng: string; file: string } }>('/locales/:lng/:file', async (request, reply) => {
    const { file } = request.params;
    // A browser locale (en-US, fa_IR) asks for its language's file, as the API's prefixes do.
    const named = languageOfTag(request.params.lng);
    const lng = named ?? '';
    const ns = file.endsWith('.json') ? file.slice(0, -'.json'.length) : '';
    if (named !== undefined && !languages.has(named)) {
      // The API's rule (lib/plugins/edge.ts): a language this store does not serve is named in the 404.
      return reply.status(404).send({
        detail: `The language "${request.params.lng}" is not served here.`,
        code: 'language_not_found',
      });
    }
    if (!languages.has(lng) || !NAMESPACE.test(ns)) {
      return reply.status(404).send({ detail: 'Not found.', code: 'not_found' });
    }
    // lng is one of the configured codes and ns a plain name, so the path stays inside localesDir.
    const filePath = path.join(localesDir, lng, `${ns}.json`);
    let body: Buffer;
    let mtime: Date;
    try {
      [body, { mtime }] = await Promise.all([fs.promises.readFile(filePath), fs.promises.stat(filePath)]);
    } catch {
      return reply.status(404).send({ detail: 'Not found.', code: 'not_found' });
    }
    const etag = `W/"${body.length.toString(16)}-${mtime.getTime().toString(16)}"`;
    reply.header('Cache-Control', 'no-cache').header('ETag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });
};
