import type { Plugin } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_SCRIPTS, ISLANDS_SCRIPTS, islandsScript, scriptsAfterFirstPaint } from '../vite.config.ts';

/** The head Vite writes for the build (entry, modulepreloads, stylesheet), as the plugin sees it. */
const BUILT = `<!doctype html>
<html lang="fa" dir="rtl">
  <head>
    <script type="module" async src="/app/assets/early-input-A.js"></script>
    <title>فروشگاه</title>
    <script type="module" crossorigin src="/app/assets/index-B.js"></script>
    <link rel="modulepreload" crossorigin href="/app/assets/react-C.js">
    <link rel="modulepreload" crossorigin href="/app/assets/api-client-D.js">
    <link rel="stylesheet" crossorigin href="/app/assets/index-E.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const plugin = scriptsAfterFirstPaint() as Plugin & {
  transformIndexHtml: { handler: (html: string) => string };
  renderChunk: (code: string, chunk: { isEntry: boolean; name: string }) => { code: string } | null;
};

const nextPaint = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 20)));

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  delete (window as { __storefrontStartApp?: () => void }).__storefrontStartApp;
});

describe('the app scripts after the first paint (vite.config.ts)', () => {
  it('moves the entry and its modulepreloads into an inert template, and keeps the stylesheet and early-input', () => {
    const html = plugin.transformIndexHtml.handler(BUILT);
    const page = new DOMParser().parseFromString(html, 'text/html');
    // Nothing of the app is fetched by the parser: only the early-input script is a live script.
    expect([...page.head.querySelectorAll('script')].map((script) => script.getAttribute('src'))).toEqual([
      '/app/assets/early-input-A.js',
    ]);
    expect(page.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
    expect(page.head.querySelector('link[rel="stylesheet"]')?.getAttribute('href')).toBe(
      '/app/assets/index-E.css',
    );
    const template = page.getElementById(APP_SCRIPTS) as HTMLTemplateElement;
    expect(
      [...template.content.children].map((tag) => tag.getAttribute('src') ?? tag.getAttribute('href')),
    ).toEqual(['/app/assets/index-B.js', '/app/assets/react-C.js', '/app/assets/api-client-D.js']);
  });

  it('ends the early-input script with the start, which copies the tags into the head after a frame', async () => {
    expect(plugin.renderChunk('let a = 1;', { isEntry: true, name: 'index' })).toBeNull();
    const chunk = plugin.renderChunk('', { isEntry: true, name: 'early-input' });
    const html = plugin.transformIndexHtml.handler(BUILT);
    const template = /<template id="[^"]+">[\s\S]*?<\/template>/.exec(html)![0];
    document.head.innerHTML = template;

    new Function(chunk!.code)();
    // Not before the frame: the page paints first.
    expect(document.head.querySelector('script')).toBeNull();
    await nextPaint();
    const script = document.head.querySelector('script')!;
    expect(script.getAttribute('type')).toBe('module');
    expect(script.getAttribute('src')).toBe('/app/assets/index-B.js');
    expect(script.hasAttribute('crossorigin')).toBe(true);
    expect(
      [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) =>
        link.getAttribute('href'),
      ),
    ).toEqual(['/app/assets/react-C.js', '/app/assets/api-client-D.js']);
    // Once: the holder is gone.
    expect(document.getElementById(APP_SCRIPTS)).toBeNull();
  });

  it('an islands page starts the islands script instead; the app starts only when the islands hand it over', async () => {
    const chunk = plugin.renderChunk('', { isEntry: true, name: 'early-input' });
    const islands = islandsScript() as Plugin & {
      transformIndexHtml: {
        handler: (html: string, ctx: { bundle: Record<string, unknown> }) => string;
      };
    };
    const html = islands.transformIndexHtml.handler(plugin.transformIndexHtml.handler(BUILT), {
      bundle: {
        'islands-F.js': { type: 'chunk', isEntry: true, name: 'islands', fileName: 'assets/islands-F.js' },
      },
    });
    const page = new DOMParser().parseFromString(html, 'text/html');
    document.head.innerHTML = page.head.innerHTML;
    document.body.innerHTML = '<div id="root" data-islands=""></div>';

    new Function(chunk!.code)();
    await nextPaint();
    expect(
      [...document.head.querySelectorAll('script[crossorigin]')].map((s) => s.getAttribute('src')),
    ).toEqual(['/app/assets/islands-F.js']);
    expect(document.getElementById(ISLANDS_SCRIPTS)).toBeNull();
    // Still waiting: the app's template.
    expect(document.getElementById(APP_SCRIPTS)).not.toBeNull();
    (window as { __storefrontStartApp?: () => void }).__storefrontStartApp!();
    expect(document.head.querySelector('script[src="/app/assets/index-B.js"]')).not.toBeNull();
    expect(document.getElementById(APP_SCRIPTS)).toBeNull();
  });
});
