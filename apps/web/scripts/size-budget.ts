/**
 * The storefront's size budget, run by `npm run check` (size-limit style, on a real build): for each
 * page type, the gzip size of what a first visit to it loads before it can run (the entry script and
 * the chunks it imports, the early-input script, the page's route module and its imports, their CSS),
 * against that page type's limit. A build is made in a temporary folder (Vite's manifest names the
 * chunks), so the check never touches dist/. It prints one row per page type and fails above a limit.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { build } from 'vite';

/**
 * The home page's limits in bytes after gzip (level 9): the first visit to /app, which this check
 * measured alone before page types had their own. The CSS is one file for every page: one limit.
 */
export const BUDGET = { js: 140 * 1024, css: 12 * 1024 };

/** A page type: the route module a first visit to it runs, and its limits in bytes after gzip (level 9). */
interface PageBudget {
  page: string;
  example: string;
  module: string;
  js: number;
  css: number;
  /**
   * An islands page (src/app/islands.tsx): its first load is the early-input script and the islands'
   * loader; these are the modules of its islands, whose code (with React and the islands' client)
   * loads when each is first used: reported, not budgeted.
   */
  islands?: string[];
  /**
   * An islands page's islands that load at once, whatever the visitor does (`load="load"`, on the light
   * client: src/app/lite-island-client.tsx): part of its first load.
   */
  atOnce?: string[];
}

const KB = 1024;
/** The islands every islands page has (src/app/island-registry.ts). */
const HEADER = 'src/components/header/header.tsx';
const NEWSLETTER = 'src/components/footer/newsletter-form.tsx';
/** The light islands' client (React and the translations: no router, query cache or toasts). */
const LITE_CLIENT = 'src/app/lite-island-client.tsx';

/**
 * Each page type's limits: the figures of the build when the limits were set plus 1 KB, so any
 * growth fails `npm run check` (lower a limit when a change makes its page lighter). The issue's
 * targets (first-load JS ≤ 100 KB everywhere, ≤ 75 KB on product and news pages) and the road to them
 * are in docs/storefront.md, Bytes.
 */
export const BUDGETS: PageBudget[] = [
  {
    page: 'home',
    example: '/app',
    module: 'src/features/home/home-page.tsx',
    js: 5 * KB,
    css: BUDGET.css,
    islands: [
      HEADER,
      NEWSLETTER,
      'src/features/home/home-page.tsx',
      'src/features/home/components/recommended-sections.tsx',
      'src/features/home/components/welcome-box.tsx',
    ],
  },
  {
    page: 'products list',
    example: '/app/products',
    module: 'src/features/products/products-page.tsx',
    js: 5 * KB,
    css: BUDGET.css,
    islands: [HEADER, NEWSLETTER, 'src/components/paged-product-list.tsx'],
  },
  {
    page: 'product',
    example: '/app/product/1',
    module: 'src/features/products/product-page.tsx',
    js: 5 * KB,
    css: BUDGET.css,
    islands: [HEADER, NEWSLETTER, 'src/features/products/product-detail/product-island.tsx'],
  },
  {
    page: 'news list',
    example: '/app/news',
    module: 'src/features/news/news-page.tsx',
    js: 5 * KB,
    css: BUDGET.css,
    islands: [HEADER, NEWSLETTER, 'src/features/news/news-page.tsx'],
  },
  {
    page: 'news post',
    example: '/app/news/1',
    module: 'src/features/news/news-detail-page.tsx',
    js: 5 * KB,
    css: BUDGET.css,
    islands: [HEADER, NEWSLETTER, 'src/features/news/components/other-news.tsx'],
  },
  {
    page: 'about us',
    example: '/app/aboutus',
    module: 'src/features/about-us/about-us-page.tsx',
    js: 5 * KB,
    css: BUDGET.css,
    islands: [HEADER, NEWSLETTER, 'src/features/about-us/components/team-carousel.tsx'],
  },
  {
    page: 'collections',
    example: '/app/collection/1',
    module: 'src/features/collections/collection-page.tsx',
    js: 5 * KB,
    css: BUDGET.css,
    islands: [HEADER, NEWSLETTER, 'src/features/collections/collection-page.tsx'],
  },
  {
    page: 'search',
    example: '/app/products/search/x',
    module: 'src/features/products/product-search-page.tsx',
    js: 5 * KB,
    css: BUDGET.css,
    islands: [HEADER, NEWSLETTER, 'src/components/paged-product-list.tsx'],
  },
  {
    page: 'sign-in',
    example: '/app/s',
    module: 'src/features/auth/sign-in-page.tsx',
    js: 5 * KB,
    css: BUDGET.css,
    islands: [HEADER, NEWSLETTER, 'src/features/auth/sign-in-page.tsx'],
  },
  {
    page: 'login, register',
    example: '/app/login',
    module: 'src/features/auth/auth-page.tsx',
    js: 5 * KB,
    css: BUDGET.css,
    islands: [HEADER, NEWSLETTER, 'src/features/auth/auth-page.tsx'],
  },
  {
    page: 'not found',
    example: '/app/no-such-page',
    module: 'src/app/not-found-page.tsx',
    js: 5 * KB,
    css: BUDGET.css,
    islands: [HEADER, NEWSLETTER],
  },
  {
    // Signed in only: the visitor's own requests, which only the browser can ask for (its token): its
    // list loads at once, on the light client (React and the translations).
    page: 'my requests',
    example: '/app/account/requests',
    module: 'src/features/account/my-requests-page.tsx',
    js: 79 * KB,
    css: BUDGET.css,
    islands: [HEADER, NEWSLETTER],
    atOnce: [LITE_CLIENT, 'src/features/account/my-requests-list.tsx'],
  },
];
/** The script every page loads first, before the app (it holds presses made before hydration). */
const EARLY_INPUT = 'src/early-input.ts';
/** An islands page's script, in place of the app's (src/islands.ts). */
const ISLANDS_ENTRY = 'src/islands.ts';
/** What an islands page loads with its first island (React, the providers, the islands' router). */
const ISLAND_CLIENT = 'src/app/island-client.tsx';

interface ManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
  css?: string[];
}

/** The files of the given manifest keys and their static imports (with their CSS). */
function closure(manifest: Record<string, ManifestChunk>, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

/** The manifest key of the chunk that holds a module (its own chunk, or the one it was bundled into). */
function chunkOf(manifest: Record<string, ManifestChunk>, module: string): string {
  if (manifest[module]) return module;
  throw new Error(`size budget: ${module} is not a chunk of the build`);
}

/**
 * The files a first visit loads: the early-input script and, for an app page, the entry and the
 * page's module with their imports; for an islands page, the islands' loader with its imports (and
 * the CSS, which every page links).
 */
export function firstLoadFiles(manifest: Record<string, ManifestChunk>, budget: PageBudget): Set<string> {
  chunkOf(manifest, budget.module);
  if (!budget.islands) return closure(manifest, ['index.html', EARLY_INPUT, budget.module]);
  const files = closure(manifest, [
    EARLY_INPUT,
    chunkOf(manifest, ISLANDS_ENTRY),
    ...(budget.atOnce ?? []).map((module) => chunkOf(manifest, module)),
  ]);
  for (const css of manifest['index.html']?.css ?? []) files.add(css);
  return files;
}

/** What an islands page loads when one of its islands is first used: the islands' client and the island. */
export function firstUseFiles(manifest: Record<string, ManifestChunk>, islands: string[]): Set<string> {
  // An island without a chunk of its own is bundled with the islands' client (src/app/island-registry.ts).
  return closure(manifest, [
    chunkOf(manifest, ISLAND_CLIENT),
    ...islands.filter((module) => manifest[module]),
  ]);
}

const root = path.resolve(import.meta.dirname, '..');
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-budget-'));
try {
  await build({
    root,
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false },
  });
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const gzipped = new Map<string, number>();
  const gzip = (file: string) => {
    let size = gzipped.get(file);
    if (size === undefined) {
      size = zlib.gzipSync(fs.readFileSync(path.join(outDir, file)), { level: 9 }).length;
      gzipped.set(file, size);
    }
    return size;
  };
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const rows: string[][] = [
    ['page type', 'example', 'JS KB', 'limit', 'CSS KB', 'limit', '', 'islands on first use, JS KB'],
  ];
  let over = false;
  for (const budget of BUDGETS) {
    const total = { js: 0, css: 0 };
    for (const file of firstLoadFiles(manifest, budget))
      total[file.endsWith('.css') ? 'css' : 'js'] += gzip(file);
    let firstUse = '';
    if (budget.islands) {
      let bytes = 0;
      for (const file of firstUseFiles(manifest, budget.islands))
        if (file.endsWith('.js')) bytes += gzip(file);
      firstUse = kb(bytes);
    }
    const ok = total.js <= budget.js && total.css <= budget.css;
    over ||= !ok;
    rows.push([
      budget.page,
      budget.example,
      kb(total.js),
      kb(budget.js),
      kb(total.css),
      kb(budget.css),
      ok ? 'ok' : 'OVER BUDGET',
      firstUse,
    ]);
  }
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  console.log('first-load JS and CSS per page type (gzip, KB):');
  for (const row of rows)
    console.log(
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    );
  process.exitCode = over ? 1 : 0;
} finally {
  fs.rmSync(outDir, { recursive: true, force: true });
}
