import { T as queryLoader, n as PageMain } from '../entry-server.js';
import { t as Breadcrumb } from './breadcrumb-Ci-jbknc.js';
import { t as PagedProductList } from './paged-product-list-CSIpoKHD.js';
import { t as usePageTitle } from './use-page-title-B_QKOac9.js';
import { t as productPagesQueryOptions } from './get-products-BsuTN-fM.js';
import { useTranslation } from 'react-i18next';
import { jsx, jsxs } from 'react/jsx-runtime';
// src/features/products/products-page.tsx
/** The first page of cards in the default order. */
var loader = queryLoader((client, lang) =>
  client.prefetchInfiniteQuery(productPagesQueryOptions(lang, { ordering: 'id' })),
);
/** /app/products: breadcrumb (home > products), the total count, sort toggle, cards page by page. */
function ProductsPage() {
  const { t } = useTranslation('pages');
  usePageTitle(t('products.title'));
  return /* @__PURE__ */ jsxs(PageMain, {
    children: [
      /* @__PURE__ */ jsx(Breadcrumb, { items: [{ label: t('products.title') }] }),
      /* @__PURE__ */ jsx('h1', {
        className: 'mb-4 text-2xl font-bold text-slate-900',
        children: t('products.title'),
      }),
      /* @__PURE__ */ jsx(PagedProductList, { params: {} }),
    ],
  });
}
export { ProductsPage as default, loader };

//# sourceMappingURL=products-page-Bm2nou_x.js.map
