import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageMain } from '../../app/root-layout.tsx';
import { Breadcrumb } from '../../components/breadcrumb.tsx';
import { ProductList, type SortOrder } from '../../components/product-list.tsx';
import { SearchChip } from '../../components/search-chip.tsx';
import { useProducts } from './api/get-products.ts';

export default function ProductSearchPage() {
  const { t } = useTranslation('pages');
  const term = useParams().name ?? '';
  const [order, setOrder] = useState<SortOrder>('id');
  const query = useProducts({ search: term, ordering: order });
  return (
    <PageMain>
      <Breadcrumb items={[{ label: t('products.title'), to: '/products' }, { label: term }]} />
      <h1 className="mb-3 text-2xl font-bold text-slate-900">{t('search.title', { term })}</h1>
      <SearchChip term={term} />
      <ProductList query={query} products={query.data} order={order} onOrderChange={setOrder} />
    </PageMain>
  );
}
