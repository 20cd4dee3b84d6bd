import { T as queryLoader, j as apiRequest, k as useLanguage, n as PageMain } from '../entry-server.js';
import { t as ResultsHeading } from './results-heading-C4OPeq7m.js';
import { n as sortById, t as ProductList } from './product-list-eGeaYw3g.js';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { jsx, jsxs } from 'react/jsx-runtime';
// src/features/industries/api/get-industries.ts
/** GET store/industries/?search={name}: the page uses the first result's industry_products. */
function industriesQueryOptions(lang, search) {
  return queryOptions({
    queryKey: [lang, 'store', 'industries', { search: search ?? null }],
    queryFn: ({ signal }) =>
      apiRequest(lang, 'store/industries/', {
        query: { search },
        signal,
      }),
  });
}
function useIndustries(search) {
  const lang = useLanguage();
  return useQuery(industriesQueryOptions(lang, search));
}
// src/features/industries/industry-page.tsx
/** The industry of that name with its products. */
var loader = queryLoader((client, lang, { params }) =>
  client.prefetchQuery(industriesQueryOptions(lang, params.name ?? '')),
);
/** Products of the named industry: store/industries/?search={name}, first result's products. */
function IndustryPage() {
  const { t } = useTranslation('pages');
  const name = useParams().name ?? '';
  const [order, setOrder] = useState('id');
  const query = useIndustries(name);
  const products = useMemo(() => {
    if (!query.data) return void 0;
    return sortById(query.data[0]?.industry_products ?? [], order);
  }, [query.data, order]);
  return /* @__PURE__ */ jsxs(PageMain, {
    children: [
      /* @__PURE__ */ jsx(ResultsHeading, {
        term: name,
        title: t('industry.title', { name }),
      }),
      /* @__PURE__ */ jsx(ProductList, {
        query,
        products,
        order,
        onOrderChange: setOrder,
        empty: t('products.emptySearch', { term: name }),
      }),
    ],
  });
}
export { IndustryPage as default, loader };

//# sourceMappingURL=industry-page-CTn_JAPP.js.map
