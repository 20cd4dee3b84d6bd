import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageMain } from '../../app/root-layout.tsx';
import { ResultsHeading } from '../../components/results-heading.tsx';
import { ProductList, sortById, type SortOrder } from '../../components/product-list.tsx';
import { useIndustries } from './api/get-industries.ts';
import { queryLoader } from '../../app/route-data.ts';
import { industriesQueryOptions } from './api/get-industries.ts';
import { useShowProduct } from '../../app/modal-context.tsx';

/** The industry of that name with its products. */
export const loader = queryLoader((client, lang, { params }) =>
  client.prefetchQuery(industriesQueryOptions(lang, params.name ?? '')),
);

/** Products of the named industry: store/industries/?search={name}, first result's products. */
export default function IndustryPage() {
  const { t } = useTranslation('pages');
  const name = useParams().name ?? '';
  const [order, setOrder] = useState<SortOrder>('id');
  const showProduct = useShowProduct();
  const query = useIndustries(name);
  const products = useMemo(() => {
    if (!query.data) return undefined;
    return sortById(query.data[0]?.industry_products ?? [], order);
  }, [query.data, order]);
  return (
    <PageMain>
      <ResultsHeading term={name} title={t('industry.title', { name })} />
      <ProductList
        query={query}
        products={products}
        order={order}
        onOrderChange={setOrder}
        empty={t('products.emptySearch', { term: name })}
        onShow={showProduct}
      />
    </PageMain>
  );
}
