import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageMain } from '../../app/root-layout.tsx';
import { Breadcrumb } from '../../components/breadcrumb.tsx';
import { ProductList, type SortOrder } from '../../components/product-list.tsx';
import { SearchChip } from '../../components/search-chip.tsx';
import { useProducts } from '../../lib/api/get-products.ts';
import { useSubcollections } from '../../lib/api/get-subcollections.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

/**
 * Products of the named subcollection: store/subcollections/?search={name}, first result's products.
 * The header and footer link collections here too (spec section 2); a name that is no subcollection
 * falls back to the collection filter (store/products/?collection={name}).
 */
export default function CollectionPage() {
  const { t } = useTranslation('pages');
  const name = useParams().name ?? '';
  usePageTitle(t('collection.title', { name }));
  const [order, setOrder] = useState<SortOrder>('id');
  const subcollections = useSubcollections(name);
  const noSubcollection = subcollections.isSuccess && subcollections.data.length === 0;
  const byCollection = useProducts({ collection: name, ordering: order }, { enabled: noSubcollection });
  const query = noSubcollection ? byCollection : subcollections;
  const products = useMemo(() => {
    if (noSubcollection) return byCollection.data;
    if (!subcollections.data) return undefined;
    const list = [...(subcollections.data[0]?.products ?? [])];
    return list.sort((a, b) => (order === 'id' ? a.id - b.id : b.id - a.id));
  }, [noSubcollection, byCollection.data, subcollections.data, order]);
  return (
    <PageMain>
      <Breadcrumb items={[{ label: t('products.title'), to: '/products' }, { label: name }]} />
      <h1 className="mb-3 text-2xl font-bold text-slate-900">{t('collection.title', { name })}</h1>
      <SearchChip term={name} />
      <ProductList
        query={query}
        products={products}
        order={order}
        onOrderChange={setOrder}
        empty={t('products.emptySearch', { term: name })}
      />
    </PageMain>
  );
}
