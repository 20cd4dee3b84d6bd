import { describe, expect, it } from 'vitest';
import { imagePreloads, withApp } from '../src/modules/web/ssr.ts';

const HASH = 'a'.repeat(32);
const SHELL =
  '<!doctype html><html><head><title>x</title><link rel="stylesheet" href="/app/assets/index.css"></head><body><div id="root"></div></body></html>';
/** What React writes for the header's logo, a banner (SVG) and two product cards (a raster image: AVIF and WebP). */
const card = (n: number) =>
  `<article><picture class="contents"><source type="image/avif" srcset="/media/${HASH}-320.avif 320w, /media/${HASH}-640.avif 640w" sizes="(min-width: 1024px) 368px, 100vw"/>` +
  `<source type="image/webp" srcset="/media/${HASH}-320.webp 320w" sizes="(min-width: 1024px) 368px, 100vw"/>` +
  `<img src="/media/${HASH}.jpg" alt="card ${n}" loading="lazy" width="480" height="360"/></picture></article>`;
const PAGE =
  `<header><img src="/media/logo.svg" alt="logo"/></header><main><h1>Home</h1>` +
  `<img src="/media/banner.svg?a=1&amp;b=2" alt="banner" loading="eager" fetchPriority="high"/>${card(1)}${card(2)}</main>`;

describe('the first images of a rendered page, preloaded from its head', () => {
  it("preloads the main column's first two images: an SVG by its src, a picture as its AVIF srcset and sizes", () => {
    expect(imagePreloads(PAGE)).toBe(
      '<link rel="preload" as="image" fetchpriority="high" href="/media/banner.svg?a=1&amp;b=2">' +
        `<link rel="preload" as="image" type="image/avif" fetchpriority="high" imagesrcset="/media/${HASH}-320.avif 320w, /media/${HASH}-640.avif 640w" imagesizes="(min-width: 1024px) 368px, 100vw">`,
    );
  });

  it("takes a carousel's first slide only: the home's first banner and first card", () => {
    const banner = (n: number) =>
      `<div data-slide="${n}"><img src="/media/banner-${n}.svg" alt="banner ${n}" loading="${n === 1 ? 'eager' : 'lazy'}"/></div>`;
    const home =
      `<main><section aria-roledescription="carousel" data-slider="_R_1_">${banner(1)}${banner(2)}${banner(3)}</section>` +
      `<section data-slider="_R_2_"><div data-slide="1">${card(1)}</div><div data-slide="2">${card(2)}</div></section></main>`;
    const links = imagePreloads(home);
    expect(links).toContain('href="/media/banner-1.svg"');
    expect(links).not.toContain('banner-2');
    expect(links).toContain(`imagesrcset="/media/${HASH}-320.avif 320w, /media/${HASH}-640.avif 640w"`);
    expect(links.match(/<link /g)).toHaveLength(2);
  });

  it('skips what is before the main column, and a page without one', () => {
    expect(imagePreloads(PAGE, 1)).not.toContain('logo');
    expect(imagePreloads('<header><img src="/media/logo.svg"/></header>')).toBe('');
    expect(imagePreloads('<main><p>No pictures.</p></main>')).toBe('');
  });

  it("puts them in the page's head, before its end", () => {
    const page = withApp(SHELL, PAGE, '<script type="application/json" id="state">{}</script>');
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain(
      '<link rel="stylesheet" href="/app/assets/index.css"><link rel="preload" as="image"',
    );
    expect(head.match(/rel="preload" as="image"/g)).toHaveLength(2);
    expect(page).toContain(`<div id="root">${PAGE}</div>`);
  });

  it('marks an islands page’s root, with the tab’s title its script sets (escaped)', () => {
    const page = withApp(SHELL, PAGE, '', { appTitle: 'Saffron "A" <b> & co' });
    expect(page).toContain(
      `<div id="root" data-islands="" data-app-title="Saffron &quot;A&quot; &lt;b&gt; &amp; co">${PAGE}</div>`,
    );
    expect(withApp(SHELL, PAGE, '', {})).toContain(`<div id="root" data-islands="">${PAGE}</div>`);
  });
});
