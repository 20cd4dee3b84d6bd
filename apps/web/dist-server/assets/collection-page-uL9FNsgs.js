import {
  T as queryLoader,
  d as useSubcollections,
  n as PageMain,
  u as subcollectionsQueryOptions,
} from '../entry-server.js';
import { t as ResultsHeading } from './results-heading-C4OPeq7m.js';
import { n as sortById, t as ProductList } from './product-list-eGeaYw3g.js';
import { i as useProducts, n as productsQueryOptions } from './get-products-BsuTN-fM.js';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { jsx, jsxs } from 'react/jsx-runtime';
// src/features/collections/collection-page.tsx
/** The subcollection of that name, or, when there is none, the collection's products. */
var loader = queryLoader(async (client, lang, { params }) => {
  const name = params.name ?? '';
  if ((await client.fetchQuery(subcollectionsQueryOptions(lang, name))).length === 0)
    await client.prefetchQuery(
      productsQueryOptions(lang, {
        collection: name,
        ordering: 'id',
      }),
    );
});
/**
 * Products of the named subcollection: store/subcollections/?search={name}, first result's products.
 * The header and footer link collections here too (spec section 2); a name that is no subcollection
 * falls back to the collection filter (store/products/?collection={name}).
 */
function CollectionPage() {
  const { t } = useTranslation('pages');
  const name = useParams().name ?? '';
  const [order, setOrder] = useState('id');
  const subcollections = useSubcollections(name);
  const noSubcollection = subcollections.isSuccess && subcollections.data.length === 0;
  const byCollection = useProducts(
    {
      collection: name,
      ordering: order,
    },
    { enabled: noSubcollection },
  );
  const query = noSubcollection ? byCollection : subcollections;
  const products = useMemo(() => {
    if (noSubcollection) return byCollection.data;
    if (!subcollections.data) return void 0;
    return sortById(subcollections.data[0]?.products ?? [], order);
  }, [noSubcollection, byCollection.data, subcollections.data, order]);
  return /* @__PURE__ */ jsxs(PageMain, {
    children: [
      /* @__PURE__ */ jsx(ResultsHeading, {
        term: name,
        title: t('collection.title', { name }),
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
export { CollectionPage as default, loader };

//# sourceMappingURL=collection-page-uL9FNsgs.js.map
