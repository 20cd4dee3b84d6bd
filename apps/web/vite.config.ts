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
  const start = () => {
    const holder = document.getElementById(${JSON.stringify(APP_SCRIPTS)});
    if (!(holder instanceof HTMLTemplateElement)) return;
    holder.remove();
    for (const tag of holder.content.children) {
      const copy = document.createElement(tag.localName);
      for (const { name, value } of tag.attributes) copy.setAttribute(name, value);
      document.head.append(copy);
    }
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
