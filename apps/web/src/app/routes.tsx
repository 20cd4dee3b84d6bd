export { BASENAME } from './basename.ts';
import { STOREFRONT_PAGES as PAGES } from '@storefront/contracts';
import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { collectionsQueryOptions } from '../lib/api/get-collections.ts';
import { lazyPage } from './lazy-route.ts';
import { LoadingNote } from '../components/skeleton.tsx';
import { RootLayout } from './root-layout.tsx';
import { queryLoader } from './route-data.ts';
import { storeIdentityQueryOptions } from '../lib/api/get-store-identity.ts';
import { RouteError } from './route-error.tsx';

/**
 * /app/products/search?q=text (the search box submitted before hydration, or without JavaScript) →
 * the spec's /app/products/search/{text}; an empty search → all products (`lng` kept). On the server the render
 * answers it with a redirect (modules/web/ssr.ts).
 */
export function searchFormLoader({ request }: LoaderFunctionArgs): Response {
  const params = new URL(request.url).searchParams;
  const term = params.get('q')?.trim();
  const lng = params.get('lng');
  const query = lng ? `?${new URLSearchParams({ lng }).toString()}` : '';
  return redirect(`${term ? `/products/search/${encodeURIComponent(term)}` : '/products'}${query}`);
}

/**
 * Every route of docs/product.md, Screens, under the /app basename; each page is its own lazy chunk. The
 * pathless child keeps header and footer around the page's error boundary; the root's catches what
 * the frame itself throws (the header and footer have their own, app/shell-boundary.tsx). Loaders fill
 * the query cache (app/route-data.ts): the root's with the footer's categories, each page's (exported
 * by its module) with what the page shows first. The pages' paths are packages/contracts
 * storefront-pages.ts, which the server matches to write each page's head (page-heads/ there; each
 * page sets the tab's title from the same head, lib/use-page-title.ts).
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    // While the first page's code loads in a browser that did not get it from the server.
    hydrateFallbackElement: <LoadingNote />,
    loader: queryLoader((client, lang) =>
      Promise.all([
        client.prefetchQuery(collectionsQueryOptions(lang, { footer: true })),
        client.prefetchQuery(storeIdentityQueryOptions(lang)),
      ]),
    ),
    // Above header and footer: what the frame itself cannot survive still gets a message and a retry.
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: lazyPage(() => import('../features/home/home-page.tsx')) },
          { path: PAGES.products, lazy: lazyPage(() => import('../features/products/products-page.tsx')) },
          // The header's search box sends `?q=` here when the app has not hydrated yet (a plain GET form).
          { path: 'products/search', loader: searchFormLoader },
          {
            path: PAGES.productSearch,
            lazy: lazyPage(() => import('../features/products/product-search-page.tsx')),
          },
          { path: PAGES.product, lazy: lazyPage(() => import('../features/products/product-page.tsx')) },
          {
            path: PAGES.collection,
            lazy: lazyPage(() => import('../features/collections/collection-page.tsx')),
          },
          {
            path: PAGES.industry,
            lazy: lazyPage(() => import('../features/industries/industry-page.tsx')),
          },
          {
            path: PAGES.filtered,
            lazy: lazyPage(() => import('../features/products/filtered-products-page.tsx')),
          },
          { path: PAGES.news, lazy: lazyPage(() => import('../features/news/news-page.tsx')) },
          { path: PAGES.post, lazy: lazyPage(() => import('../features/news/news-detail-page.tsx')) },
          { path: PAGES.about, lazy: lazyPage(() => import('../features/about-us/about-us-page.tsx')) },
          { path: PAGES.signIn, lazy: lazyPage(() => import('../features/auth/sign-in-page.tsx')) },
          // The login/register dialog's tabs as pages (the header's controls link there).
          { path: PAGES.login, lazy: lazyPage(() => import('../features/auth/auth-page.tsx')) },
          { path: PAGES.register, lazy: lazyPage(() => import('../features/auth/auth-page.tsx')) },
          {
            path: PAGES.myRequests,
            lazy: lazyPage(() => import('../features/account/my-requests-page.tsx')),
          },
          { path: '*', lazy: lazyPage(() => import('./not-found-page.tsx')) },
        ],
      },
    ],
  },
];
