import type { StorefrontPage } from '../storefront-pages.ts';
import { aboutHead, newsHead, postHead } from './news.ts';
import { loginHead, myRequestsHead, notFoundHead, registerHead, signInHead } from './account.ts';
import {
  collectionHead,
  filteredHead,
  industryHead,
  productHead,
  productSearchHead,
  productsHead,
} from './catalogue.ts';
import { homeHead } from './home.ts';
import type { HeadOf } from './types.ts';

// One module per group of pages, so that a page's chunk in the app carries its own head only.
export type { HeadContext, HeadOf, HeadSite, PageHead, Translate } from './types.ts';
export { describe } from './types.ts';
export {
  aboutHead,
  collectionHead,
  filteredHead,
  homeHead,
  industryHead,
  loginHead,
  myRequestsHead,
  newsHead,
  notFoundHead,
  postHead,
  productHead,
  productSearchHead,
  productsHead,
  registerHead,
  signInHead,
};

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
  myRequests: myRequestsHead,
  notFound: notFoundHead,
} satisfies Record<StorefrontPage, HeadOf<never>>;
