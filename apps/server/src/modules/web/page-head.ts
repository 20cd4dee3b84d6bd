import type { ProductsQuery } from '@storefront/contracts';
import type { FastifyInstance } from 'fastify';
import { mediaUrlFor, type LocaleContext } from '../../lib/translate.ts';
import { describe, type Head } from './head.ts';
import { ogImageUrl } from './og-image.ts';
import type { Translations } from './ssr.ts';

/**
 * What each storefront page's head says, from the catalogue and the storefront's own translations
 * (the same files the app loads): the page title and description, canonical and alternate URLs, a
 * preview image, and structured data (Organization and WebSite with a SearchAction on home; Product
 * with its supplier and an AggregateOffer unless the price is on request; NewsArticle; AboutPage;
 * BreadcrumbList where the page has a breadcrumb). An unknown product or post gives a 404 head
 * (noindex).
 *
 * Every page has an absolute preview image (og:image, twitter:image): the page's own (a product's,
 * a post's), else the store's logo, else the first product image of the list the page shows (home,
 * products, a search, a collection, a supplier; news: the first post image), else the default image
 * drawn from the store's name (og-image.ts).
 */

type Texts = Record<string, unknown>;

/**
 * The URL of a storefront page in one language (`?lng=`), or without a language (undefined): the
 * x-default page, whose language the reader's browser chooses (cookie, Accept-Language).
 */
export function pageUrl(base: string, pagePath: string, lang: string | undefined): string {
  const url = `${base}/app/${pagePath}`;
  return lang === undefined ? url : `${url}${pagePath.includes('?') ? '&' : '?'}lng=${lang}`;
}

export function pageHeads(app: FastifyInstance, translations: Translations) {
  const { config } = app;
  const fallback = config.defaultLanguage;
  const textsOf = (lang: string): { pages: Texts; common: Texts } => ({
    pages: translations[lang]?.pages ?? {},
    common: translations[lang]?.common ?? {},
  });
  const text = (tree: Texts, key: string, fallbackText: string, values: Record<string, string> = {}) => {
    let value: unknown = tree;
    for (const part of key.split('.')) value = (value as Texts | undefined)?.[part];
    const template = typeof value === 'string' ? value : fallbackText;
    return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
  };

  /** The store's identity (store/repository.ts), the translations' site title where it has no name. */
  const identity = async (ctx: LocaleContext) => {
    const store = await app.storeRepository.storeIdentity(ctx);
    const t = textsOf(ctx.lang);
    return {
      ...store,
      /** The name the owner set (empty when none): the default preview image is drawn from it. */
      ownName: store.name,
      name: store.name || text(t.common, 'siteTitle', 'فروشگاه'),
      description: store.description || text(t.common, 'siteTagline', ''),
    };
  };

  /** The head of `/app/{pagePath}` (no leading slash, no query) in `lang`, and the page's status. */
  /**
   * `explicit`: the URL names its language (`lng`); else it is the x-default page, shown in the
   * language the reader's browser asked for, and its own canonical URL.
   */
  return async (
    pagePath: string,
    lang: string,
    base: string,
    explicit: boolean,
  ): Promise<{ head: Head; status: number }> => {
    const t = textsOf(lang);
    const ctx: LocaleContext = { lang, fallback, media: mediaUrlFor(base), showPhone: false };
    const site = await identity(ctx);
    /** This page's own URL: with its language when the request named one, else the x-default one. */
    const urlOf = (p: string) => pageUrl(base, p, explicit ? lang : undefined);
    const alternates = (p: string) => ({
      ...Object.fromEntries(config.languages.map((l) => [l, pageUrl(base, p, l)])),
      'x-default': pageUrl(base, p, undefined),
    });
    const home = {
      '@type': 'ListItem',
      position: 1,
      name: text(t.pages, 'breadcrumb.home', site.name),
      item: urlOf(''),
    };
    const breadcrumb = (items: { name: string; path: string }[]) => ({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        home,
        ...items.map((item, i) => ({
          '@type': 'ListItem',
          position: i + 2,
          name: item.name,
          item: urlOf(item.path),
        })),
      ],
    });
    const logo = site.logo ?? undefined;
    /** The last resort of every page's preview: the store's name, drawn (og-image.ts). */
    const defaultImage = ogImageUrl(base, lang, site.ownName);
    /**
     * The first image of the first products of a list (with `filters`), or undefined. `ctx` has no
     * media base, so the list comes as products (never as pre-rendered JSON).
     */
    const firstProductImage = async (...lists: ProductsQuery[]): Promise<string | undefined> => {
      for (const filters of lists) {
        const { items } = await app.storeRepository.listProducts(
          filters,
          { paged: true, limit: 24, offset: 0, ordering: 'id' },
          ctx,
        );
        const image = items.find((p) => p.images.length > 0)?.images[0]?.image;
        if (image) return image;
      }
      return undefined;
    };
    /** A list page's preview: the logo, else the list's first product image, else the default. */
    const listImage = async (...lists: ProductsQuery[]) =>
      logo ?? (await firstProductImage(...lists)) ?? defaultImage;
    const page = (p: string, head: Partial<Head> & { title: string }): Head => ({
      lang,
      dir: lang === 'fa' || lang === 'ar' ? 'rtl' : 'ltr',
      description: site.description || site.name,
      canonical: urlOf(p),
      alternates: alternates(p),
      type: 'website',
      siteName: site.name,
      favicon: site.favicon ?? undefined,
      image: logo ?? defaultImage,
      jsonLd: [],
      ...head,
    });
    const notFound = (p: string) => ({
      status: 404,
      head: page(p, { title: `${text(t.common, 'errors.notFound', '404')} | ${site.name}`, noindex: true }),
    });

    const [first, second] = pagePath.split('/');
    if (first === 'product' && second !== undefined) {
      const id = /^\d{1,9}$/.test(second) ? Number(second) : 0;
      const product = id ? await app.storeRepository.getProduct(id, ctx) : undefined;
      if (!product) return notFound(pagePath);
      const image = product.images[0]?.image;
      const crumbs = [
        { name: text(t.pages, 'products.title', 'Products'), path: 'products' },
        { name: product.title, path: pagePath },
      ];
      const offers =
        product.price_range === null
          ? undefined
          : {
              '@type': 'AggregateOffer',
              lowPrice: product.price_range.start_price,
              highPrice: product.price_range.end_price,
              priceCurrency: product.price_range.currency_type || 'IRR',
              offerCount: 1,
              availability: `https://schema.org/${product.inventory > 0 ? 'InStock' : 'OutOfStock'}`,
            };
      return {
        status: 200,
        head: page(pagePath, {
          title: `${product.title} | ${site.name}`,
          description: describe(product.short_description || product.description) || site.name,
          image: image ?? logo ?? defaultImage,
          type: 'product',
          jsonLd: [
            {
              '@context': 'https://schema.org',
              '@type': 'Product',
              name: product.title,
              description: describe(product.short_description || product.description, 500),
              sku: String(product.id),
              url: urlOf(pagePath),
              ...(product.images.length > 0 ? { image: product.images.map((i) => i.image) } : {}),
              ...(product.collection ? { category: product.collection.title } : {}),
              ...(product.industry
                ? {
                    brand: { '@type': 'Brand', name: product.industry.title },
                    manufacturer: {
                      '@type': 'Organization',
                      name: product.industry.title,
                      ...(product.industry.website ? { url: product.industry.website } : {}),
                    },
                  }
                : {}),
              ...(offers ? { offers } : {}),
            },
            breadcrumb(crumbs),
          ],
        }),
      };
    }
    if (first === 'news' && second !== undefined) {
      const id = /^\d{1,9}$/.test(second) ? Number(second) : 0;
      const post = id ? await app.storeRepository.getPost(id, ctx) : undefined;
      if (!post) return notFound(pagePath);
      const firstSentence = describe(post.content).split(/(?<=[.!?؟])\s/)[0] ?? '';
      const image = post.images[0]?.image;
      return {
        status: 200,
        head: page(pagePath, {
          title: `${post.title} | ${site.name}`,
          description: firstSentence || site.name,
          image: image ?? logo ?? defaultImage,
          type: 'article',
          jsonLd: [
            {
              '@context': 'https://schema.org',
              '@type': 'NewsArticle',
              headline: post.title,
              datePublished: post.creation_date,
              description: describe(post.content, 300),
              url: urlOf(pagePath),
              ...(image ? { image: [image] } : {}),
              publisher: { '@type': 'Organization', name: site.name, ...(logo ? { logo } : {}) },
            },
            breadcrumb([
              { name: text(t.pages, 'news.title', 'News'), path: 'news' },
              { name: post.title, path: pagePath },
            ]),
          ],
        }),
      };
    }
    /** The storefront's list pages: their title (the app's own) and their breadcrumb. */
    const LISTS = new Map<string, [key: string, fallbackTitle: string]>([
      ['products', ['products.title', 'Products']],
      ['news', ['news.title', 'News']],
    ]);
    const list = LISTS.get(pagePath);
    if (list) {
      const name = text(t.pages, ...list);
      const image =
        pagePath === 'news'
          ? (logo ??
            (await app.storeRepository.listPosts({ paged: true, limit: 24, offset: 0 }, ctx)).items.find(
              (post) => post.images.length > 0,
            )?.images[0]?.image ??
            defaultImage)
          : await listImage({});
      return {
        status: 200,
        head: page(pagePath, {
          title: `${name} | ${site.name}`,
          image,
          jsonLd: [breadcrumb([{ name, path: pagePath }])],
        }),
      };
    }
    if (pagePath === 'aboutus') {
      const name = text(t.pages, 'about.title', 'About us');
      return {
        status: 200,
        head: page(pagePath, {
          title: `${name} | ${site.name}`,
          jsonLd: [
            {
              '@context': 'https://schema.org',
              '@type': 'AboutPage',
              name,
              url: urlOf(pagePath),
              description: site.description,
            },
            breadcrumb([{ name, path: pagePath }]),
          ],
        }),
      };
    }
    if (pagePath === '') {
      return {
        status: 200,
        head: page('', {
          title: site.description ? `${site.name} | ${site.description}` : site.name,
          // The home page shows the recommended products first.
          image: await listImage({ recommend: true }, {}),
          jsonLd: [
            {
              '@context': 'https://schema.org',
              '@type': 'Organization',
              name: site.name,
              url: urlOf(''),
              ...(logo ? { logo } : {}),
              ...(site.description ? { description: site.description } : {}),
              ...(site.email ? { email: site.email } : {}),
              ...(site.phones[0] ? { telephone: site.phones[0] } : {}),
              ...(site.address ? { address: site.address } : {}),
              ...(site.social.length > 0 ? { sameAs: site.social.map((s) => s.url) } : {}),
            },
            {
              '@context': 'https://schema.org',
              '@type': 'WebSite',
              name: site.name,
              url: urlOf(''),
              inLanguage: lang,
              potentialAction: {
                '@type': 'SearchAction',
                target: {
                  '@type': 'EntryPoint',
                  urlTemplate: `${base}/app/products/search/{search_term_string}`,
                },
                'query-input': 'required name=search_term_string',
              },
            },
          ],
        }),
      };
    }
    // The account pages (the login/register dialog's tabs as pages): their tab's name, never indexed.
    if (pagePath === 'login' || pagePath === 'register') {
      const tab = text(t.common, pagePath === 'login' ? 'dialog.loginTab' : 'dialog.registerTab', pagePath);
      return { status: 200, head: page(pagePath, { title: `${tab} | ${site.name}`, noindex: true }) };
    }
    // The lists of products by a search term, a collection (or subcollection), a supplier.
    const named = pagePath.split('/');
    if (named.length === 3 && named[1] === 'search' && named[2] !== '') {
      const term = named[2]!;
      const filters: ProductsQuery[] | undefined =
        named[0] === 'products'
          ? [{ search: term }]
          : named[0] === 'collections'
            ? [{ collection: term }, { subcollection: term }]
            : named[0] === 'industries'
              ? [{ industry: term }]
              : undefined;
      if (filters) {
        return {
          status: 200,
          head: page(pagePath, { title: site.name, image: await listImage(...filters) }),
        };
      }
    }
    if (pagePath === 'search') {
      return { status: 200, head: page(pagePath, { title: site.name, image: await listImage({}) }) };
    }
    // Other pages (sign-in): the site's head.
    return { status: 200, head: page(pagePath, { title: site.name, noindex: first === 's' }) };
  };
}
