/**
 * The storefront's pages under `/app/` (React Router patterns, no leading slash). apps/web's route table
 * (app/routes.tsx) is built on these paths, and the server (modules/web/page-head.ts) matches a URL with
 * them to write that page's head (page-heads/): a page's path is written once.
 */
export const STOREFRONT_PAGES = {
  home: '',
  products: 'products',
  productSearch: 'products/search/:name',
  product: 'product/:id',
  collection: 'collections/search/:name',
  industry: 'industries/search/:name',
  filtered: 'search',
  news: 'news',
  post: 'news/:id',
  about: 'aboutus',
  signIn: 's',
  login: 'login',
  register: 'register',
  /** A signed-in user's enquiries (issue 25): never indexed, drawn once the browser knows the token. */
  myRequests: 'account/requests',
} as const;

/** A storefront page; `notFound` is every other path (the app's catch-all route). */
export type StorefrontPage = keyof typeof STOREFRONT_PAGES | 'notFound';

/**
 * The page a path (decoded, no leading or trailing slash, no query) shows and its parameters, as the
 * app's router matches it: a `:param` is one non-empty segment.
 */
export function matchStorefrontPage(pagePath: string): {
  page: StorefrontPage;
  params: Record<string, string>;
} {
  const segments = pagePath === '' ? [] : pagePath.split('/');
  for (const [page, pattern] of Object.entries(STOREFRONT_PAGES)) {
    const parts = pattern === '' ? [] : pattern.split('/');
    if (parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = parts.every((part, i) => {
      const segment = segments[i]!;
      if (!part.startsWith(':')) return part === segment;
      params[part.slice(1)] = segment;
      return segment !== '';
    });
    if (matches) return { page: page as StorefrontPage, params };
  }
  return { page: 'notFound', params: {} };
}
