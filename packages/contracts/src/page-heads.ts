import type { Post, Product, ProductsQuery } from './store.ts';
import type { StorefrontPage } from './storefront-pages.ts';

/**
 * Each storefront page's head, declared once: its title, description, own preview image, the list
 * whose first image previews it, and its structured data (Organization and WebSite with a
 * SearchAction on home; Product with its supplier and an AggregateOffer unless the price is on
 * request; NewsArticle; AboutPage; BreadcrumbList where the page has a breadcrumb). The server writes
 * the head from it (apps/server/src/modules/web/page-head.ts adds what only it knows: absolute URLs,
 * alternates, the preview image's fallbacks), and each page of apps/web sets the tab's title from it
 * (lib/use-page-title.ts). Pure functions of the page's data, the store's identity and a translator.
 */

/** A translation by `namespace:key` with `{{name}}` values (i18next's `t` in the app). */
export type Translate = (key: string, values?: Record<string, string>) => string;

/** The store's identity as heads use it: `name` and `description` already stood in for when empty. */
export interface HeadSite {
  name: string;
  description: string;
  logo?: string | null | undefined;
  email?: string | undefined;
  phones: readonly string[];
  address?: string | undefined;
  social: readonly { url: string }[];
}

export interface HeadContext {
  lang: string;
  t: Translate;
  site: HeadSite;
  /** A storefront page's absolute URL (its path under /app/, no leading slash) in this page's language. */
  url: (pagePath: string) => string;
  /** The storefront's absolute base, `https://host/app` (the search action's template). */
  appBase: string;
  /** This page's path under /app/ (its canonical URL's path). */
  path: string;
}

export interface PageHead {
  /** The head's `<title>`. */
  title: string;
  /**
   * The tab's title once the app runs, where it is not `title` (a product's name alone, a search's
   * heading); null: the page leaves the tab's title as it is (still loading).
   */
  appTitle?: string | null;
  /** Else the store's description, else its name. */
  description?: string;
  /** The page's own preview image (a product's, a post's). */
  image?: string | undefined;
  /** The list the page shows: its first image previews the page when the store has no logo. */
  list?: readonly ProductsQuery[] | 'posts';
  type?: 'product' | 'article';
  noindex?: boolean;
  /** An unknown product or post. */
  status?: 404;
  jsonLd?: object[];
}

export type HeadOf<D> = (ctx: HeadContext, data: D) => PageHead;

/** A description of at most ~160 characters, cut at a word, from plain text or HTML. */
export function describe(text: string, max = 160): string {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** "{page} | {store}". */
const named = (ctx: HeadContext, name: string) => `${name} | ${ctx.site.name}`;

/** Home (named by the store), then `items` (each a page under /app/). */
function breadcrumb(ctx: HeadContext, items: { name: string; path: string }[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [{ name: ctx.site.name, path: '' }, ...items].map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: ctx.url(item.path),
    })),
  };
}

/** An unknown product or post: a 404, never indexed. */
const missing = (ctx: HeadContext): PageHead => ({
  status: 404,
  title: named(ctx, ctx.t('common:errors.notFound')),
  noindex: true,
});

/** A list page with its own title and breadcrumb (products, news). */
const listPage =
  (key: string, list: PageHead['list']): HeadOf<unknown> =>
  (ctx) => {
    const name = ctx.t(key);
    return { title: named(ctx, name), list, jsonLd: [breadcrumb(ctx, [{ name, path: ctx.path }])] };
  };

export const homeHead: HeadOf<unknown> = (ctx) => {
  const { site } = ctx;
  const logo = site.logo ?? undefined;
  return {
    title: site.description ? `${site.name} | ${site.description}` : site.name,
    appTitle: site.name,
    // The home page shows the recommended products first.
    list: [{ recommend: true }, {}],
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: site.name,
        url: ctx.url(''),
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
        url: ctx.url(''),
        inLanguage: ctx.lang,
        potentialAction: {
          '@type': 'SearchAction',
          target: {
            '@type': 'EntryPoint',
            urlTemplate: `${ctx.appBase}/products/search/{search_term_string}`,
          },
          'query-input': 'required name=search_term_string',
        },
      },
    ],
  };
};

export const productsHead = listPage('pages:products.title', [{}]);
export const newsHead = listPage('pages:news.title', 'posts');

/** `product`: undefined while it loads, null when there is none; `failed`: it could not be loaded. */
export const productHead: HeadOf<{ product: Product | null | undefined; failed?: boolean }> = (
  ctx,
  { product, failed },
) => {
  // In the tab, a product's page is named by the product alone.
  if (product === null) return { ...missing(ctx), appTitle: ctx.t('product:notFound.title') };
  if (product === undefined) {
    return { title: ctx.site.name, appTitle: failed ? ctx.t('product:pageTitle') : null };
  }
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
    title: named(ctx, product.title),
    appTitle: product.title,
    description: describe(product.short_description || product.description) || ctx.site.name,
    image: product.images[0]?.image,
    type: 'product',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.title,
        description: describe(product.short_description || product.description, 500),
        sku: String(product.id),
        url: ctx.url(ctx.path),
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
      breadcrumb(ctx, [
        { name: ctx.t('pages:products.title'), path: 'products' },
        { name: product.title, path: ctx.path },
      ]),
    ],
  };
};

/** `post`: undefined while it loads, null when there is none. */
export const postHead: HeadOf<{ post: Post | null | undefined }> = (ctx, { post }) => {
  if (post === null) return { ...missing(ctx), appTitle: named(ctx, ctx.t('news:detail.notFoundTitle')) };
  if (post === undefined) return { title: ctx.site.name };
  const logo = ctx.site.logo ?? undefined;
  const image = post.images[0]?.image;
  const firstSentence = describe(post.content).split(/(?<=[.!?؟])\s/)[0] ?? '';
  return {
    title: named(ctx, post.title),
    description: firstSentence || ctx.site.name,
    image,
    type: 'article',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'NewsArticle',
        headline: post.title,
        datePublished: post.creation_date,
        description: describe(post.content, 300),
        url: ctx.url(ctx.path),
        ...(image ? { image: [image] } : {}),
        publisher: { '@type': 'Organization', name: ctx.site.name, ...(logo ? { logo } : {}) },
      },
      breadcrumb(ctx, [
        { name: ctx.t('pages:news.title'), path: 'news' },
        { name: post.title, path: ctx.path },
      ]),
    ],
  };
};

export const aboutHead: HeadOf<unknown> = (ctx) => {
  const name = ctx.t('pages:about.title');
  return {
    title: named(ctx, name),
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'AboutPage',
        name,
        url: ctx.url(ctx.path),
        description: ctx.site.description,
      },
      breadcrumb(ctx, [{ name, path: ctx.path }]),
    ],
  };
};

/** The lists by a search term, a collection (or subcollection), a supplier: their heading in the tab. */
const resultsPage =
  (key: string, value: 'term' | 'name', list: (name: string) => ProductsQuery[]): HeadOf<{ name: string }> =>
  (ctx, { name }) => ({
    title: ctx.site.name,
    appTitle: named(ctx, ctx.t(key, { [value]: name })),
    list: list(name),
  });

export const productSearchHead = resultsPage('pages:search.title', 'term', (search) => [{ search }]);
export const collectionHead = resultsPage('pages:collection.title', 'name', (name) => [
  { collection: name },
  { subcollection: name },
]);
export const industryHead = resultsPage('pages:industry.title', 'name', (industry) => [{ industry }]);

/** `term`: the filters shown, joined (empty without any). The preview is all products' first image. */
export const filteredHead: HeadOf<{ term: string }> = (ctx, { term }) => ({
  title: ctx.site.name,
  appTitle: named(ctx, term ? ctx.t('pages:search.title', { term }) : ctx.t('pages:products.title')),
  list: [{}],
});

export const signInHead: HeadOf<unknown> = (ctx) => ({
  title: ctx.site.name,
  appTitle: named(ctx, ctx.t('news:signIn.documentTitle')),
  noindex: true,
});

/** The login/register dialog's tabs as pages: named by their tab, never indexed. */
const authPage =
  (key: string): HeadOf<unknown> =>
  (ctx) => ({ title: named(ctx, ctx.t(key)), noindex: true });
export const loginHead = authPage('common:dialog.loginTab');
export const registerHead = authPage('common:dialog.registerTab');

/** Any other path: the app's not-found page (the server answers it as the site's page). */
export const notFoundHead: HeadOf<unknown> = (ctx) => ({
  title: ctx.site.name,
  appTitle: named(ctx, ctx.t('common:errors.notFoundTitle')),
});

/** Every page's head, by page (the server's table; the app's pages import their own). */
export const pageHeads = {
  home: homeHead,
  products: productsHead,
  productSearch: productSearchHead,
  product: productHead,
  collection: collectionHead,
  industry: industryHead,
  filtered: filteredHead,
  news: newsHead,
  post: postHead,
  about: aboutHead,
  signIn: signInHead,
  login: loginHead,
  register: registerHead,
  notFound: notFoundHead,
} satisfies Record<StorefrontPage, HeadOf<never>>;
