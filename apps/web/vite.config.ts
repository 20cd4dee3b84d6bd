import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

/** The API server `npm run dev` proxies to (start it with `npm start` or `npm run dev:server`). */
const api = process.env.API_URL ?? 'http://localhost:3000';

/**
 * Preloads the Vazirmatn font from the page's head, so the text is drawn in it from the first paint
 * instead of swapping fonts (and shifting the layout) when it arrives.
 */
function preloadFont(): Plugin {
  return {
    name: 'storefront-preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const font = Object.values(ctx.bundle ?? {}).find(
          (chunk) => chunk.type === 'asset' && /Vazirmatn.*\.woff2$/.test(chunk.fileName),
        );
        if (!font) return [];
        return [
          {
            tag: 'link',
            attrs: {
              rel: 'preload',
              href: `/app/${font.fileName}`,
              as: 'font',
              type: 'font/woff2',
              crossorigin: '',
            },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/**
 * The page's first script, src/early-input.ts (it holds presses made before the app hydrates, for
 * the app to replay: app/early-input.ts): its own entry, named in the head as an `async` module so it
 * runs as soon as it arrives, before the app's deferred scripts.
 */
function earlyInputScript(): Plugin {
  return {
    name: 'storefront-early-input',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find(
          (item) => item.type === 'chunk' && item.isEntry && item.name === EARLY_INPUT,
        );
        if (!chunk) return [];
        return [
          {
            tag: 'script',
            attrs: { type: 'module', async: true, src: `/app/${chunk.fileName}` },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}
const EARLY_INPUT = 'early-input';

/** The inert holder of the app's script tags in the built index.html (see scriptsAfterFirstPaint). */
export const APP_SCRIPTS = 'storefront-app-scripts';
/** The inert holder of an islands page's script (src/islands.ts; see islandsScript). */
export const ISLANDS_SCRIPTS = 'storefront-islands-scripts';
const ISLANDS = 'islands';
/** The early-input script's function that starts the app's scripts (src/islands.ts calls it). */
export const START_APP = '__storefrontStartApp';

/**
 * An islands page (src/app/islands.tsx; the server marks its root `data-islands`) starts with
 * src/islands.ts, its own entry, instead of the app's: its tag waits in a `<template>` of its own,
 * which the early-input script copies after the first paint in place of the app's
 * (scriptsAfterFirstPaint). Runs after that plugin, so its tag is not taken for the app's.
 */
export function islandsScript(): Plugin {
  return {
    name: 'storefront-islands-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find(
          (item) => item.type === 'chunk' && item.isEntry && item.name === ISLANDS,
        );
        if (!chunk) return html;
        return html.replace(
          '</head>',
          `  <template id="${ISLANDS_SCRIPTS}"><script type="module" crossorigin src="/app/${chunk.fileName}"></script></template>\n  </head>`,
        );
      },
    },
  };
}

/**
 * The app's scripts start after the page's first paint. A server-rendered page needs no script to be
 * read, but with the app's module script and its modulepreloads in the head the browser fetched ~180
 * KB of JavaScript beside the page's stylesheet, font and largest image, and ran React's hydration
 * before it painted (a module script waits for the stylesheet, then runs at once): Lighthouse's
 * largest paint waited for all of it (bench/lighthouse.ts, BENCH_WEB_EXPLAIN=1; docs/benchmarks.md,
 * "Largest paint"). Here the tags Vite writes (the entry and its modulepreloads) are moved into a
 * `<template>`, which the browser neither fetches nor runs, and the early-input script (async, first in
 * the head) ends with a few lines that copy them into the head once the document is parsed and a
 * frame has been painted (at once in a hidden tab, where no frame comes). Presses made before then are
 * held and replayed as before (src/early-input.ts).
 */
export function scriptsAfterFirstPaint(): Plugin {
  const start = `
;(() => {
  const copy = (id) => {
    const holder = document.getElementById(id);
    if (!(holder instanceof HTMLTemplateElement)) return;
    holder.remove();
    for (const tag of holder.content.children) {
      const copy = document.createElement(tag.localName);
      for (const { name, value } of tag.attributes) copy.setAttribute(name, value);
      document.head.append(copy);
    }
  };
  // src/islands.ts hands a page it cannot serve to the app with this.
  window.${START_APP} = () => copy(${JSON.stringify(APP_SCRIPTS)});
  const start = () => {
    const islands = document.getElementById('root')?.hasAttribute('data-islands');
    copy(islands ? ${JSON.stringify(ISLANDS_SCRIPTS)} : ${JSON.stringify(APP_SCRIPTS)});
  };
  const afterPaint = () => {
    if (document.visibilityState === 'hidden') start();
    else requestAnimationFrame(() => setTimeout(start, 0));
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', afterPaint, { once: true });
  else afterPaint();
})();
`;
  return {
    name: 'storefront-scripts-after-paint',
    apply: 'build',
    renderChunk(code, chunk) {
      if (!chunk.isEntry || chunk.name !== EARLY_INPUT) return null;
      // Appended: nothing before it moves, so the source map stays as it is (map: null).
      return { code: code + start, map: null };
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const tags: string[] = [];
        const rest = html.replace(
          /[ \t]*<(?:script type="module" crossorigin src="[^"]+"><\/script>|link rel="modulepreload" crossorigin href="[^"]+">)\n?/g,
          (tag) => {
            tags.push(tag.trim());
            return '';
          },
        );
        if (tags.length === 0) return html;
        return rest.replace(
          '</head>',
          `  <template id="${APP_SCRIPTS}">${tags.join('')}</template>\n  </head>`,
        );
      },
    },
  };
}

/**
 * What every page's first load shares, in one chunk: React, React Router, TanStack Query and the app's
 * frame (src/app, src/lib, the header and footer) that the app's entry and the islands' client both
 * import. Without it the islands' client, a second way into these modules, split them into a dozen
 * small files, and gzip, which does not share its dictionary across files, made the app's first load
 * 4 KB heavier. The few modules the islands' loader itself imports (it must stay a few hundred
 * bytes: no React) are a chunk of their own, taken first.
 */
const SHELL_PACKAGES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](react-query|query-core)|@radix-ui[\\/]react-direction)[\\/]/;
const SHELL_SOURCES =
  /[\\/]apps[\\/]web[\\/]src[\\/](app|lib|components[\\/](header|footer))[\\/]|[\\/]packages[\\/]contracts[\\/]src[\\/](index|locale-format|api-error|error-codes|storefront-pages|json-in-script|media)\.ts$/;
/**
 * What the light islands' client (src/app/lite-island-client.tsx, the account page's list) shares with
 * the rest: React and the few modules it draws with. A chunk of its own, which the shell imports, so
 * that the light client loads it and not the shell (React Router and TanStack Query among it).
 */
const BASE_PACKAGES = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
const BASE_SOURCES =
  /[\\/]apps[\\/]web[\\/]src[\\/](app[\\/](translate|ssr-state-block|auth-pages|basename|lazy-route)|lib[\\/](api-client|format|use-language|return-focus)|components[\\/](skeleton|error-panel|island-failure))\.tsx?$|[\\/]packages[\\/]contracts[\\/]src[\\/](index|locale-format|api-error|error-codes|storefront-pages|json-in-script|media)\.ts$/;
function inBase(id: string): boolean {
  return BASE_PACKAGES.test(id) || BASE_SOURCES.test(id);
}
const LOADER_MODULES =
  /[\\/]src[\\/](app[\\/](language-detection|island-markup|early-presses)|lib[\\/](languages|token-store|page)|components[\\/]slider-motion)\.ts$|preload-helper/;
function inShell(id: string): boolean {
  return SHELL_PACKAGES.test(id) || SHELL_SOURCES.test(id);
}

/**
 * Two builds (`npm run build`, scripts/build.ts): the browser's into dist/, then the server-side
 * render's (`vite build --ssr src/entry-server.tsx`) into dist/.ssr/, which the server loads and never
 * serves.
 */
export default defineConfig(({ isSsrBuild }) => ({
  base: '/app/',
  plugins: [
    react(),
    tailwindcss(),
    ...(isSsrBuild
      ? []
      : [
          preloadFont(),
          earlyInputScript(),
          scriptsAfterFirstPaint(),
          islandsScript(),
          // .br and .gz beside every compressible file of the build: the server sends them as they
          // are (apps/server/src/lib/plugins/compression.ts), so a visitor's download costs no compression.
          compression({
            algorithms: ['brotliCompress', 'gzip'],
            include: /\.(js|mjs|css|html|json|svg|txt|xml|webmanifest)$/,
            exclude: /\.map$/,
            threshold: 1024,
          }),
        ]),
  ],
  // The server build carries its dependencies: it runs from wherever the build is put (WEB_DIST_DIR,
  // the e2e suite's temporary folder), with no node_modules beside it.
  ssr: { noExternal: true },
  // public/ holds the favicon and the translations; the server answers /locales/{lng}/{ns}.json from
  // the build's copy (dist/locales) or, before a build, from public/locales.
  publicDir: 'public',
  build: isSsrBuild
    ? { outDir: 'dist/.ssr', emptyOutDir: true, sourcemap: true, copyPublicDir: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        sourcemap: true,
        chunkSizeWarningLimit: 600,
        rollupOptions: {
          input: {
            index: fileURLToPath(new URL('index.html', import.meta.url)),
            [EARLY_INPUT]: fileURLToPath(new URL('src/early-input.ts', import.meta.url)),
            [ISLANDS]: fileURLToPath(new URL('src/islands.ts', import.meta.url)),
          },
          output: {
            codeSplitting: {
              groups: [
                { name: 'loader', test: LOADER_MODULES, priority: 3 },
                { name: 'base', test: inBase, priority: 2 },
                { name: 'shell', test: inShell, minShareCount: 2, priority: 1 },
              ],
            },
          },
        },
      },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '^/(fa|en)/api/': { target: api, changeOrigin: false },
      '/locales/': { target: api },
      '/media/': { target: api },
    },
  },
}));
