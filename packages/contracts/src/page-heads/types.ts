import type { ProductsQuery } from '../store.ts';

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
export const named = (ctx: HeadContext, name: string) => `${name} | ${ctx.site.name}`;

/** Home (named by the store), then `items` (each a page under /app/). */
export function breadcrumb(ctx: HeadContext, items: { name: string; path: string }[]): object {
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
export const missing = (ctx: HeadContext): PageHead => ({
  status: 404,
  title: named(ctx, ctx.t('common:errors.notFound')),
  noindex: true,
});

/** A list page with its own title and breadcrumb (products, news). */
export const listPage =
  (key: string, list: PageHead['list']): HeadOf<unknown> =>
  (ctx) => {
    const name = ctx.t(key);
    return { title: named(ctx, name), list, jsonLd: [breadcrumb(ctx, [{ name, path: ctx.path }])] };
  };
