import { useMemo, useState } from 'react';
import { useTranslation } from '../../app/translate.tsx';
import { useParams } from 'react-router';
import { NamedProductsPage } from '../../components/named-products-page.tsx';
import { sortById, type SortOrder } from '../../components/product-list.tsx';
import { useProducts } from '../../lib/api/get-products.ts';
import { useSubcollections } from '../../lib/api/get-subcollections.ts';
import { queryLoader } from '../../app/route-data.ts';
import { productsQueryOptions } from '../../lib/api/get-products.ts';
import { subcollectionsQueryOptions } from '../../lib/api/get-subcollections.ts';
import { collectionHead } from '@storefront/contracts';
import { usePageHead } from '../../lib/use-page-title.ts';
import { Island } from '../../app/islands.tsx';

/** The subcollection of that name, or, when there is none, the collection's products. */
export const loader = queryLoader(async (client, lang, { params }) => {
  const name = params.name ?? '';
  const subcollections = await client.fetchQuery(subcollectionsQueryOptions(lang, name));
  if (subcollections.length === 0)
    await client.prefetchQuery(productsQueryOptions(lang, { collection: name, ordering: 'id' }));
});

/**
 * Products of the named subcollection: store/subcollections/?search={name}, first result's products.
 * The header and footer link collections here too (docs/product.md, Screens); a name that is no subcollection
 * falls back to the collection filter (store/products/?collection={name}).
 */
export default function CollectionPage() {
  const name = useParams().name ?? '';
  usePageHead(collectionHead, { name });
  return (
    <Island name="collection" props={{ name }} personal>
      <CollectionProducts name={name} />
    </Island>
  );
}

/** The page's heading and sortable list (its island, app/islands.tsx): the products from the page's data. */
export function CollectionProducts({ name }: { name: string }) {
  const { t } = useTranslation('pages');
  const [order, setOrder] = useState<SortOrder>('id');
  const subcollections = useSubcollections(name);
  const noSubcollection = subcollections.isSuccess && subcollections.data.length === 0;
  const byCollection = useProducts({ collection: name, ordering: order }, { enabled: noSubcollection });
  const query = noSubcollection ? byCollection : subcollections;
  const products = useMemo(() => {
    if (noSubcollection) return byCollection.data;
    if (!subcollections.data) return undefined;
    return sortById(subcollections.data[0]?.products ?? [], order);
  }, [noSubcollection, byCollection.data, subcollections.data, order]);
  const list = { query, products, order, onOrderChange: setOrder };
  return <NamedProductsPage name={name} title={t('collection.title', { name })} list={list} />;
}
