import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageMain } from '../../app/root-layout.tsx';
import { Breadcrumb } from '../../components/breadcrumb.tsx';
import { ProductList, type SortOrder } from '../../components/product-list.tsx';
import { SearchChip } from '../../components/search-chip.tsx';
import { useProducts } from './api/get-products.ts';

/** /app/search/?subCollection=&industry=&product= : exact-title filters. */
export default function FilteredProductsPage() {
  const { t } = useTranslation('pages');
  const [params] = useSearchParams();
  const filters = {
    subcollection: params.get('subCollection') ?? undefined,
    industry: params.get('industry') ?? undefined,
    product: params.get('product') ?? undefined,
  };
  const term = [filters.subcollection, filters.industry, filters.product].filter(Boolean).join(' · ');
  const [order, setOrder] = useState<SortOrder>('id');
  const query = useProducts({ ...filters, ordering: order });
  return (
    <PageMain>
      <Breadcrumb
        items={[{ label: t('products.title'), to: '/products' }, ...(term ? [{ label: term }] : [])]}
      />
      <h1 className="mb-3 text-2xl font-bold text-slate-900">
        {term ? t('search.title', { term }) : t('products.title')}
      </h1>
      {term && <SearchChip term={term} />}
      <ProductList query={query} products={query.data} order={order} onOrderChange={setOrder} />
    </PageMain>
  );
}
