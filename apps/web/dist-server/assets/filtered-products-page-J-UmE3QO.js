import { T as queryLoader, n as PageMain } from '../entry-server.js';
import { t as ResultsHeading } from './results-heading-C4OPeq7m.js';
import { t as PagedProductList } from './paged-product-list-CSIpoKHD.js';
import { t as productPagesQueryOptions } from './get-products-BsuTN-fM.js';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { jsx, jsxs } from 'react/jsx-runtime';
// src/features/products/filtered-products-page.tsx
/** The filters as the page reads them: present, trimmed, non-empty. */
function filtersOf(params) {
  const value = (name) => params.get(name)?.trim() || void 0;
  return {
    subcollection: value('subCollection'),
    industry: value('industry'),
    product: value('product'),
  };
}
/** The first page of results in the default order. */
var loader = queryLoader((client, lang, { request }) =>
  client.prefetchInfiniteQuery(
    productPagesQueryOptions(lang, {
      ...filtersOf(new URL(request.url).searchParams),
      ordering: 'id',
    }),
  ),
);
/**
 * /app/search/?subCollection=&industry=&product= : exact-title filters, whichever are present
 * (spec section 5). Empty parameters are left out.
 */
function FilteredProductsPage() {
  const { t } = useTranslation('pages');
  const [params] = useSearchParams();
  const filters = filtersOf(params);
  const term = [filters.subcollection, filters.industry, filters.product].filter(Boolean).join(' · ');
  return /* @__PURE__ */ jsxs(PageMain, {
    children: [
      /* @__PURE__ */ jsx(ResultsHeading, {
        term,
        title: term ? t('search.title', { term }) : t('products.title'),
      }),
      /* @__PURE__ */ jsx(
        PagedProductList,
        {
          params: filters,
          empty: term ? t('products.emptySearch', { term }) : void 0,
        },
        term,
      ),
    ],
  });
}
export { FilteredProductsPage as default, loader };

//# sourceMappingURL=filtered-products-page-J-UmE3QO.js.map
