import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageMain } from '../../app/root-layout.tsx';
import { Breadcrumb } from '../../components/breadcrumb.tsx';
import { ProductList, type SortOrder } from '../../components/product-list.tsx';
import { SearchChip } from '../../components/search-chip.tsx';
import { useIndustries } from './api/get-industries.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** Products of the named industry: store/industries/?search={name}, first result's products. */
export default function IndustryPage() {
  const { t } = useTranslation('pages');
  const name = useParams().name ?? '';
  usePageTitle(t('industry.title', { name }));
  const [order, setOrder] = useState<SortOrder>('id');
  const query = useIndustries(name);
  const products = useMemo(() => {
    if (!query.data) return undefined;
    const list = [...(query.data[0]?.industry_products ?? [])];
    return list.sort((a, b) => (order === 'id' ? a.id - b.id : b.id - a.id));
  }, [query.data, order]);
  return (
    <PageMain>
      <Breadcrumb items={[{ label: t('products.title'), to: '/products' }, { label: name }]} />
      <h1 className="mb-3 text-2xl font-bold text-slate-900">{t('industry.title', { name })}</h1>
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
