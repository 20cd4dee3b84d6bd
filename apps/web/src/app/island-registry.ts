/**
 * Each island's component, loaded by name (the server's render and the browser's hydration both take
 * them from here, so an island draws the same on both sides). A page's own islands are chunks of
 * their own, loaded when first used (src/islands.ts).
 */
import type { ComponentType } from 'react';
import { NewsletterForm } from '../components/footer/newsletter-form.tsx';
import { Header } from '../components/header/header.tsx';
import type { IslandName } from './islands.tsx';

// The props are the JSON the page carries (app/islands.tsx, `Island`); each component checks its own.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type IslandComponent = ComponentType<any>;

export const ISLANDS: Record<IslandName, () => Promise<IslandComponent>> = {
  // On every page, and in the app's first load too: with the islands' client, not chunks of their own
  // (a chunk per island split the app's first load into many smaller files, 8 KB more in gzip).
  header: () => Promise.resolve(Header),
  newsletter: () => Promise.resolve(NewsletterForm),
  product: () =>
    import('../features/products/product-detail/product-island.tsx').then((m) => m.ProductIsland),
  otherNews: () => import('../features/news/components/other-news.tsx').then((m) => m.OtherNewsIsland),
  newsList: () => import('../features/news/news-page.tsx').then((m) => m.NewsListing),
  banners: () => import('../features/home/home-page.tsx').then((m) => m.BannersIsland),
  recommended: () =>
    import('../features/home/components/recommended-sections.tsx').then((m) => m.RecommendedSections),
  welcome: () => import('../features/home/components/welcome-box.tsx').then((m) => m.WelcomeBox),
  productList: () => import('../components/paged-product-list.tsx').then((m) => m.ProductListIsland),
  collection: () => import('../features/collections/collection-page.tsx').then((m) => m.CollectionProducts),
  industry: () => import('../features/industries/industry-page.tsx').then((m) => m.IndustryProducts),
  signIn: () => import('../features/auth/sign-in-page.tsx').then((m) => m.SignInPanel),
  auth: () => import('../features/auth/auth-page.tsx').then((m) => m.AuthPanel),
  myRequests: () => import('../features/account/my-requests-list.tsx').then((m) => m.MyRequestsList),
  team: () => import('../features/about-us/components/team-carousel.tsx').then((m) => m.TeamIsland),
};
