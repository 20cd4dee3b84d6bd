import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiConfig } from '../lib/api-client.ts';
import { createI18n } from './i18n.ts';
import { NAMESPACES, type Translations } from './translate.tsx';

const localesDir = path.resolve(import.meta.dirname, '../../public/locales');

/** One language's translations as the server puts them into a page's state block. */
function pageTranslations(lng: string): Translations {
  return Object.fromEntries(
    NAMESPACES.map((ns) => [
      ns,
      JSON.parse(fs.readFileSync(path.join(localesDir, lng, `${ns}.json`), 'utf8')) as Record<
        string,
        unknown
      >,
    ]),
  );
}

function fetchedUrls(fetchSpy: { mock: { calls: unknown[][] } }): string[] {
  return fetchSpy.mock.calls.map(([input]) => String(input instanceof Request ? input.url : input));
}

function setNavigatorLanguages(languages: string[]) {
  vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(window.navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

/** Every source at once, each with its own value; a source set to null is left empty. */
function sources({
  query = null,
  cookie = null,
  local = null,
  session = null,
  navigator = ['de-DE'],
  html = null,
}: {
  query?: string | null;
  cookie?: string | null;
  local?: string | null;
  session?: string | null;
  navigator?: string[];
  html?: string | null;
}) {
  if (query !== null) window.history.replaceState(null, '', `/app/?lng=${encodeURIComponent(query)}`);
  if (cookie !== null) document.cookie = `i18next=${encodeURIComponent(cookie)}; path=/`;
  if (local !== null) window.localStorage.setItem('i18nextLng', local);
  if (session !== null) window.sessionStorage.setItem('i18nextLng', session);
  setNavigatorLanguages(navigator);
  if (html !== null) document.documentElement.setAttribute('lang', html);
}

afterEach(() => {
  document.documentElement.removeAttribute('lang');
});

describe('language detection (docs/product.md, Language order)', () => {
  it('takes the lng query key first', async () => {
    sources({ query: 'en', cookie: 'fa', local: 'fa', session: 'fa', navigator: ['fa'], html: 'fa' });
    expect((await createI18n()).resolvedLanguage).toBe('en');
  });
  it('then the i18next cookie', async () => {
    sources({ cookie: 'en', local: 'fa', session: 'fa', navigator: ['fa'], html: 'fa' });
    expect((await createI18n()).resolvedLanguage).toBe('en');
  });
  it('then local storage i18nextLng', async () => {
    sources({ local: 'en', session: 'fa', navigator: ['fa'], html: 'fa' });
    expect((await createI18n()).resolvedLanguage).toBe('en');
  });
  it('then session storage', async () => {
    sources({ session: 'en', navigator: ['fa'], html: 'fa' });
    expect((await createI18n()).resolvedLanguage).toBe('en');
  });
  it('then the browser language (a regional code counts as its language)', async () => {
    sources({ navigator: ['en-GB'], html: 'fa' });
    expect((await createI18n()).resolvedLanguage).toBe('en');
  });
  it('then the html lang attribute', async () => {
    sources({ navigator: ['de-DE'], html: 'en' });
    expect((await createI18n()).resolvedLanguage).toBe('en');
  });
  it('falls back to fa when nothing supported is found', async () => {
    sources({ query: 'de', navigator: ['de-DE', 'tr'] });
    const i18n = await createI18n();
    expect(i18n.resolvedLanguage).toBe('fa');
  });
  it('drops values that look like script injection and goes on to the next source', async () => {
    sources({
      query: '<script>alert(1)</script>',
      cookie: '" onmouseover="alert(1)',
      local: 'en',
      navigator: ['fa'],
    });
    const i18n = await createI18n();
    expect(i18n.resolvedLanguage).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(document.documentElement.outerHTML).not.toContain('script>alert');
  });
  it('caches the result in local storage', async () => {
    sources({ query: 'en' });
    await createI18n();
    expect(window.localStorage.getItem('i18nextLng')).toBe('en');
  });
});

describe('language and the document', () => {
  it("sets <html lang dir> and switches them at once, leaving the title (the store's name) alone", async () => {
    // The server's head named the page with the store's own name: no translation replaces it.
    document.title = 'Golestan Spices';
    sources({ local: 'fa' });
    const i18n = await createI18n();
    expect(document.documentElement.lang).toBe('fa');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.title).toBe('Golestan Spices');
    await i18n.changeLanguage('en');
    expect(document.documentElement.lang).toBe('en');
    expect(document.documentElement.dir).toBe('ltr');
    expect(document.title).toBe('Golestan Spices');
    expect(i18n.t('home.heading', { ns: 'pages', name: 'Golestan Spices' })).toBe(
      'Welcome to Golestan Spices',
    );
    expect(window.localStorage.getItem('i18nextLng')).toBe('en');
  });

  it('loads each namespace per language from /locales once, fallback included', async () => {
    sources({ local: 'en' });
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const i18n = await createI18n();
    const urls = fetchedUrls(fetchSpy);
    for (const lng of ['en', 'fa'])
      for (const ns of NAMESPACES)
        expect(urls.filter((u) => u.endsWith(`/locales/${lng}/${ns}.json`))).toHaveLength(1);
    expect(i18n.t('news:list.share')).toBe('Share link');
    // Switching back to the fallback language fetches nothing: it is here already.
    fetchSpy.mockClear();
    await i18n.changeLanguage('fa');
    expect(fetchedUrls(fetchSpy)).toEqual([]);
  });

  it("starts in the server's language with the page's translations, fetching nothing, and keeps the choice", async () => {
    sources({ navigator: ['fa'] });
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const i18n = await createI18n({
      initial: { language: 'en', translations: { en: pageTranslations('en'), fa: pageTranslations('fa') } },
    });
    expect(fetchedUrls(fetchSpy)).toEqual([]);
    expect(i18n.resolvedLanguage).toBe('en');
    expect(i18n.t('home.heading', { ns: 'pages', name: 'X' })).toBe('Welcome to X');
    expect(document.documentElement.dir).toBe('ltr');
    // Kept where the next page's detection (and the server, through the cookie) finds it.
    expect(window.localStorage.getItem('i18nextLng')).toBe('en');
    expect(document.cookie).toContain('i18next=en');
  });

  it('loads a namespace the page did not bring on demand, from /locales', async () => {
    sources({ navigator: ['en'] });
    const { news: _news, ...withoutNews } = pageTranslations('en');
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const i18n = await createI18n({
      initial: { language: 'en', translations: { en: withoutNews, fa: pageTranslations('fa') } },
    });
    expect(fetchedUrls(fetchSpy).filter((u) => u.includes('/locales/'))).toEqual([
      `${apiConfig.origin}/locales/en/news.json`,
    ]);
    expect(i18n.hasLoadedNamespace('news')).toBe(true);
  });

  /**
   * A locales server of its own: the files of public/locales, except what `answer` takes over for
   * one path (the n-th request for it is `tries`); every path asked is noted.
   */
  async function withLocales(
    answer: (path: string, tries: number, response: http.ServerResponse) => boolean,
    run: (asked: string[]) => Promise<void>,
  ) {
    const asked: string[] = [];
    const server = http.createServer((request, response) => {
      const url = request.url ?? '';
      asked.push(url);
      if (answer(url, asked.filter((u) => u === url).length, response)) return;
      const file = path.join(localesDir, url.replace(/^\/locales\//, ''));
      if (!url.startsWith('/locales/') || !fs.existsSync(file)) response.writeHead(404).end();
      else response.writeHead(200, { 'Content-Type': 'application/json' }).end(fs.readFileSync(file));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = apiConfig.origin;
    apiConfig.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await run(asked);
    } finally {
      apiConfig.origin = origin;
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it('retries a translation answered with a 5xx or lost on the way, until it comes', async () => {
    const { news: _news, ...withoutNews } = pageTranslations('en');
    await withLocales(
      (url, tries, response) => {
        if (url !== '/locales/en/news.json' || tries > 2) return false;
        // The first answer is a 503, the second is cut off (a network failure), the third is the file.
        if (tries === 1) response.writeHead(503).end();
        else response.destroy();
        return true;
      },
      async (asked) => {
        sources({ navigator: ['en'] });
        const i18n = await createI18n({
          initial: { language: 'en', translations: { en: withoutNews, fa: pageTranslations('fa') } },
        });
        expect(asked.filter((url) => url === '/locales/en/news.json')).toHaveLength(3);
        expect(i18n.hasLoadedNamespace('news')).toBe(true);
        expect(i18n.t('list.share', { ns: 'news' })).toBe('Share link');
      },
    );
  });

  it('does not retry a 4xx: the texts of that namespace fall back to Persian', async () => {
    await withLocales(
      (url, _tries, response) => {
        if (url !== '/locales/en/news.json') return false;
        response.writeHead(404).end();
        return true;
      },
      async (asked) => {
        sources({ local: 'fa' });
        const i18n = await createI18n();
        await i18n.changeLanguage('en');
        await new Promise((resolve) => setTimeout(resolve, 700));
        expect(asked.filter((url) => url === '/locales/en/news.json')).toHaveLength(1);
        expect(i18n.resolvedLanguage).toBe('en');
        expect(i18n.t('news:list.share')).toBe(i18n.translate('fa', 'news', 'list.share'));
        expect(i18n.t('news:list.share')).not.toBe('list.share');
        expect(i18n.t('siteTitle')).toBe('Store');
        // A failed file is not asked for again at the next switch (i18next's rule, kept).
        await i18n.changeLanguage('fa');
        await i18n.changeLanguage('en');
        expect(asked.filter((url) => url === '/locales/en/news.json')).toHaveLength(1);
      },
    );
  });
});

describe('the first load', () => {
  it('carries no translation library: the detection, the loading and `t` are the app’s own', () => {
    const imports = (file: string) =>
      [
        ...fs
          .readFileSync(path.join(import.meta.dirname, file), 'utf8')
          .matchAll(/^import[^'"]*['"]([^'"]+)['"]/gm),
      ]
        .map((match) => match[1])
        .filter((specifier) => !specifier?.startsWith('.'));
    expect(imports('i18n.ts')).toEqual([]);
    expect(imports('translate.tsx')).toEqual(['react']);
    const manifest = JSON.parse(
      fs.readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8'),
    ) as { dependencies: Record<string, string> };
    expect(Object.keys(manifest.dependencies).filter((name) => name.includes('i18next'))).toEqual([]);
  });
});
