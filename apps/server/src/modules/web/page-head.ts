import {
  matchStorefrontPage,
  pageHeads,
  type HeadContext,
  type PageHead,
  type ProductsQuery,
  type Translate,
  type Translations,
} from '@storefront/contracts';
import type { FastifyInstance } from 'fastify';
import { mediaUrlFor, type LocaleContext } from '../../lib/translate.ts';
import type { Head } from './head.ts';
import { ogImageUrl } from './og-image.ts';

/**
 * The head of a storefront page as the server writes it. What a page's head says is the page's own
 * declaration (packages/contracts page-heads/, which the app's pages use for the tab's title too);
 * this module adds what only the server knows: the page's data read from the catalogue, the
 * translations read at start, absolute URLs (canonical, alternates), and the preview image.
 *
 * Every page has an absolute preview image (og:image, twitter:image): the page's own (a product's,
 * a post's), else the store's logo, else the first image of the list the page shows (home,
 * products, a search, a collection, a supplier; news: the first post image), else the default image
 * drawn from the store's name (og-image.ts).
 */

/**
 * The URL of a storefront page in one language (`?lng=`), or without a language (undefined): the
 * x-default page, whose language the reader's browser chooses (cookie, Accept-Language).
 */
export function pageUrl(base: string, pagePath: string, lang: string | undefined): string {
  const url = `${base}/app/${pagePath}`;
  return lang === undefined ? url : `${url}${pagePath.includes('?') ? '&' : '?'}lng=${lang}`;
}

/** `namespace:key` in `lang`, else in `fallback` (as i18next falls back), else the key; `{{name}}` filled. */
function translator(translations: Translations, lang: string, fallback: string): Translate {
  return (key, values = {}) => {
    const at = key.indexOf(':');
    const [ns, path] = at === -1 ? ['common', key] : [key.slice(0, at), key.slice(at + 1)];
    const find = (language: string) => {
      let value: unknown = translations[language]?.[ns];
      for (const part of path.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
      return typeof value === 'string' ? value : undefined;
    };
    const template = find(lang) ?? find(fallback) ?? path;
    return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
  };
}

/** A product id as the catalogue stores them (else nothing is read: not found). */
const idOf = (raw: string | undefined) => (/^\d{1,9}$/.test(raw ?? '') ? Number(raw) : 0);

export function pageHeadsOf(app: FastifyInstance, translations: Translations) {
  const { config } = app;
  const fallback = config.defaultLanguage;

  /**
   * The head of `/app/{pagePath}` (decoded, no leading slash, no query) in `lang`, and the page's
   * status. `explicit`: the URL names its language (`lng`); else it is the x-default page, shown in
   * the language the reader's browser asked for, and its own canonical URL.
   */
  return async (
    pagePath: string,
    lang: string,
    base: string,
    explicit: boolean,
  ): Promise<{ head: Head; status: number }> => {
    const t = translator(translations, lang, fallback);
    const locale: LocaleContext = { lang, fallback, media: mediaUrlFor(base), showPhone: false };
    const store = await app.storeRepository.storeIdentity(locale);
    const site = {
      ...store,
      name: store.name || t('common:siteTitle'),
      description: store.description || t('common:siteTagline'),
    };
    const ctx: HeadContext = {
      lang,
      t,
      site,
      url: (p) => pageUrl(base, p, explicit ? lang : undefined),
      appBase: `${base}/app`,
      path: pagePath,
    };

    const { page, params } = matchStorefrontPage(pagePath);
    let declared: PageHead;
    switch (page) {
      case 'product': {
        const id = idOf(params.id);
        const product = id ? await app.storeRepository.getProduct(id, locale) : undefined;
        declared = pageHeads.product(ctx, { product: product ?? null });
        break;
      }
      case 'post': {
        const id = idOf(params.id);
        const post = id ? await app.storeRepository.getPost(id, locale) : undefined;
        declared = pageHeads.post(ctx, { post: post ?? null });
        break;
      }
      case 'productSearch':
      case 'collection':
      case 'industry':
        declared = pageHeads[page](ctx, { name: params.name! });
        break;
      // The preview of the filtered page is all products' first image, whatever the filters.
      case 'filtered':
        declared = pageHeads.filtered(ctx, { term: '' });
        break;
      default:
        declared = pageHeads[page](ctx, undefined);
    }

    const logo = site.logo ?? undefined;
    const image =
      declared.image ??
      logo ??
      (declared.list ? await firstImage(declared.list, locale) : undefined) ??
      // The last resort of every page's preview: the store's name, drawn (og-image.ts).
      ogImageUrl(base, lang, store.name);
    const head: Head = {
      lang,
      dir: lang === 'fa' || lang === 'ar' ? 'rtl' : 'ltr',
      title: declared.title,
      description: declared.description ?? (site.description || site.name),
      canonical: ctx.url(pagePath),
      alternates: {
        ...Object.fromEntries(config.languages.map((l) => [l, pageUrl(base, pagePath, l)])),
        'x-default': pageUrl(base, pagePath, undefined),
      },
      type: declared.type ?? 'website',
      siteName: site.name,
      favicon: site.favicon ?? undefined,
      image,
      jsonLd: declared.jsonLd ?? [],
      ...(declared.noindex ? { noindex: true } : {}),
    };
    return { head, status: declared.status ?? 200 };
  };

  /**
   * The first image of the first products (or posts) of a list, or undefined. `locale` has no media
   * base, so the list comes as products (never as pre-rendered JSON).
   */
  async function firstImage(
    list: readonly ProductsQuery[] | 'posts',
    locale: LocaleContext,
  ): Promise<string | undefined> {
    if (list === 'posts') {
      const { items } = await app.storeRepository.listPosts({ paged: true, limit: 24, offset: 0 }, locale);
      return items.find((post) => post.images.length > 0)?.images[0]?.image;
    }
    for (const filters of list) {
      const { items } = await app.storeRepository.listProducts(
        filters,
        { paged: true, limit: 24, offset: 0, ordering: 'id' },
        locale,
      );
      const image = items.find((p) => p.images.length > 0)?.images[0]?.image;
      if (image) return image;
    }
    return undefined;
  }
}
