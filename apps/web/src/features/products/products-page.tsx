import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageMain } from '../../app/root-layout.tsx';
import { Breadcrumb } from '../../components/breadcrumb.tsx';
import { ProductList, type SortOrder } from '../../components/product-list.tsx';
import { useProducts } from './api/get-products.ts';

export default function ProductsPage() {
  const { t } = useTranslation('pages');
  const [order, setOrder] = useState<SortOrder>('id');
  const query = useProducts({ ordering: order });
  return (
    <PageMain>
      <Breadcrumb items={[{ label: t('products.title') }]} />
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{t('products.title')}</h1>
      <ProductList query={query} products={query.data} order={order} onOrderChange={setOrder} />
    </PageMain>
  );
}
