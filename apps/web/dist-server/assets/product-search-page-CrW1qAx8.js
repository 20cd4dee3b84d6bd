import { T as queryLoader, n as PageMain } from '../entry-server.js';
import { t as ResultsHeading } from './results-heading-C4OPeq7m.js';
import { t as PagedProductList } from './paged-product-list-CSIpoKHD.js';
import { t as productPagesQueryOptions } from './get-products-BsuTN-fM.js';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { jsx, jsxs } from 'react/jsx-runtime';
// src/features/products/product-search-page.tsx
/** The first page of results in the default order. */
var loader = queryLoader((client, lang, { params }) =>
  client.prefetchInfiniteQuery(
    productPagesQueryOptions(lang, {
      search: params.name ?? '',
      ordering: 'id',
    }),
  ),
);
/** /app/products/search/{name}: the term, its chip, the result count and the cards. */
function ProductSearchPage() {
  const { t } = useTranslation('pages');
  const term = useParams().name ?? '';
  return /* @__PURE__ */ jsxs(PageMain, {
    children: [
      /* @__PURE__ */ jsx(ResultsHeading, {
        term,
        title: t('search.title', { term }),
      }),
      /* @__PURE__ */ jsx(
        PagedProductList,
        {
          params: { search: term },
          empty: t('products.emptySearch', { term }),
        },
        term,
      ),
    ],
  });
}
export { ProductSearchPage as default, loader };

//# sourceMappingURL=product-search-page-CrW1qAx8.js.map
