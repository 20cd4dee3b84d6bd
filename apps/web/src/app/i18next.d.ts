import type common from '../../public/locales/fa/common.json';
import type news from '../../public/locales/fa/news.json';
import type pages from '../../public/locales/fa/pages.json';
import type product from '../../public/locales/fa/product.json';

// Translation keys are typed from the Persian files; the key-parity test keeps English in step.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: { common: typeof common; pages: typeof pages; product: typeof product; news: typeof news };
  }
}
