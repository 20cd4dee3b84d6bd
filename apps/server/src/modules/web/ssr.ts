import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { escapeHtml, type Render, type Translations } from '@storefront/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Server-side rendering of storefront pages: loads the web app's server build (`.ssr/` in the web build,
 * made by `npm run build`, never served: React Router's data router, React's renderer, apps/web/src/entry-server.tsx)
 * and renders a page with the app's own API calls answered inside this server (`app.inject`: the same
 * routes, caches and pre-rendered products as a browser's call, no socket). routes.ts owns when a page
 * is rendered and how it is cached; this module owns the render itself. The render's request and result
 * are packages/contracts render.ts (the build is plain JavaScript, its export checked here).
 */

/** The render function of the server build beside the browser's, or null when there is none. */
export async function loadRender(webDistDir: string): Promise<{ render: Render; builtAt: number } | null> {
  const entry = path.join(webDistDir, '.ssr', 'entry-server.js');
  let builtAt: number;
  try {
    builtAt = (await fs.promises.stat(entry)).mtimeMs;
  } catch {
    return null;
  }
  // React in its production build unless NODE_ENV says otherwise (React reads it when first loaded,
  // which is here: the server itself does not use React).
  process.env.NODE_ENV ??= 'production';
  // Loaded once: the build's chunks import the entry by its plain URL, so a second copy (a query
  // string to reload a new build) would have contexts of its own. A new build needs a restart.
  const module = (await import(pathToFileURL(entry).href)) as { render?: unknown };
  if (typeof module.render !== 'function') throw new Error(`${entry} exports no render function`);
  return { render: module.render as Render, builtAt };
}

/**
 * Every namespace of every language in the translations folder (`{lng}/{ns}.json`), read once at
 * start for the render and for the pages' heads (page-head.ts). A file that cannot be read or parsed
 * is left out (its texts fall back, as i18next's would).
 */
export async function readTranslations(
  localesDir: string,
  languages: readonly string[],
): Promise<Translations> {
  const translations: Translations = {};
  for (const lng of languages) {
    const dir = path.join(localesDir, lng);
    const files = (await fs.promises.readdir(dir).catch(() => [])).filter((file) => file.endsWith('.json'));
    translations[lng] = Object.fromEntries(
      (
        await Promise.all(
          files.map(async (file) => {
            try {
              const text = await fs.promises.readFile(path.join(dir, file), 'utf8');
              return [[file.slice(0, -'.json'.length), JSON.parse(text) as Record<string, unknown>]];
            } catch {
              return [];
            }
          }),
        )
      ).flat(),
    );
  }
  return translations;
}

/** Headers of the page's request that decide the API's absolute URLs (media), passed on. */
const PASSED_ON = ['host', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-for', 'forwarded'];

/**
 * A fetch for the app's API calls during a render: a visitor's request (no token, no cookie) through
 * the app itself. Anything that is not this server's API is refused (the app makes no other calls).
 */
export function inAppFetch(app: FastifyInstance, page: FastifyRequest): typeof fetch {
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const name of PASSED_ON) {
    const value = page.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!/^\/[a-z]{2,3}\/api\//.test(url)) throw new TypeError(`not an API call of this server: ${url}`);
    if (init?.method !== undefined && init.method !== 'GET') throw new TypeError('a render only reads');
    if (init?.signal?.aborted) throw init.signal.reason;
    const answer = await app.inject({ method: 'GET', url, headers });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (typeof value === 'string') responseHeaders.set(name, value);
    }
    return new Response(answer.rawPayload.length > 0 ? new Uint8Array(answer.rawPayload) : null, {
      status: answer.statusCode,
      headers: responseHeaders,
    });
  };
}

/**
 * The shell with the rendered app in its root element, the app's state after it and its first images
 * preloaded. An islands page's root is marked `data-islands` (the browser hydrates its islands, not
 * the app: apps/web/src/islands.ts), with the tab's title its script sets.
 */
export function withApp(
  shell: string,
  html: string,
  state: string,
  islands?: { appTitle?: string | undefined },
): string {
  const root = '<div id="root"></div>';
  const at = shell.indexOf(root);
  if (at === -1) return shell;
  const title = islands?.appTitle === undefined ? '' : ` data-app-title="${escapeHtml(islands.appTitle)}"`;
  const open = islands ? `<div id="root" data-islands=""${title}>` : '<div id="root">';
  const page = `${shell.slice(0, at)}${open}${html}</div>${state}${shell.slice(at + root.length)}`;
  // The first images of the page, preloaded from the head (imagePreloads).
  const preloads = imagePreloads(html);
  const head = page.indexOf('</head>');
  return preloads && head !== -1 ? `${page.slice(0, head)}${preloads}${page.slice(head)}` : page;
}

/** How many of the main column's first images a page preloads (imagePreloads). */
export const PRELOADED_IMAGES = 2;

/**
 * Preloads, at high priority, the first images of the rendered page's main column (the home's first
 * banner and first recommended card, a list's first cards, a product's or post's picture): the
 * largest paint of every page is one of them. Of a carousel (`data-slider`) only the first slide's
 * image counts: the others are out of view. Without it a card's image, lazy, was asked for only
 * after the first layout, behind the page's other requests. A `<picture>` is preloaded as its AVIF
 * source (srcset and sizes as the element has them: the browser picks the same file), any other image
 * by its src. The attributes are copied as React wrote them (already escaped).
 */
export function imagePreloads(html: string, count = PRELOADED_IMAGES): string {
  const main = html.indexOf('<main');
  if (main === -1) return '';
  const links: string[] = [];
  const tag = /<picture\b[^>]*>([\s\S]*?)<\/picture>|<img\b[^>]*>/g;
  tag.lastIndex = main;
  const attribute = (text: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(text)?.[1];
  // Where each carousel starts, and the carousels whose first image is taken.
  const sliders = [...html.slice(main).matchAll(/\sdata-slider="/g)].map((found) => main + found.index);
  const taken = new Set<number>();
  for (let match = tag.exec(html); match && links.length < count; match = tag.exec(html)) {
    const at = match.index;
    const slider = sliders.findLast((start) => start < at);
    if (slider !== undefined) {
      if (taken.has(slider)) continue;
      taken.add(slider);
    }
    const avif =
      match[1] === undefined ? undefined : /<source\b[^>]*type="image\/avif"[^>]*>/.exec(match[1])?.[0];
    const srcset = avif && attribute(avif, 'srcset');
    if (srcset) {
      const sizes = attribute(avif, 'sizes');
      links.push(
        `<link rel="preload" as="image" type="image/avif" fetchpriority="high" imagesrcset="${srcset}"${sizes ? ` imagesizes="${sizes}"` : ''}>`,
      );
      continue;
    }
    const img = match[1] === undefined ? match[0] : /<img\b[^>]*>/.exec(match[1])?.[0];
    const src = img && attribute(img, 'src');
    if (src) links.push(`<link rel="preload" as="image" fetchpriority="high" href="${src}">`);
  }
  return links.join('');
}
