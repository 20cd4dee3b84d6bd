import { useMemo, useState } from 'react';
import { useTranslation } from '../../app/translate.tsx';
import { useParams } from 'react-router';
import { NamedProductsPage } from '../../components/named-products-page.tsx';
import { sortById, type SortOrder } from '../../components/product-list.tsx';
import { useIndustries } from './api/get-industries.ts';
import { queryLoader } from '../../app/route-data.ts';
import { industriesQueryOptions } from './api/get-industries.ts';
import { industryHead } from '@storefront/contracts';
import { usePageHead } from '../../lib/use-page-title.ts';
import { Island } from '../../app/islands.tsx';

/** The industry of that name with its products. */
export const loader = queryLoader((client, lang, { params }) =>
  client.prefetchQuery(industriesQueryOptions(lang, params.name ?? '')),
);

/** Products of the named industry: store/industries/?search={name}, first result's products. */
export default function IndustryPage() {
  const name = useParams().name ?? '';
  usePageHead(industryHead, { name });
  return (
    <Island name="industry" props={{ name }} personal>
      <IndustryProducts name={name} />
    </Island>
  );
}

/** The page's heading and sortable list (its island, app/islands.tsx): the industry from the page's data. */
export function IndustryProducts({ name }: { name: string }) {
  const { t } = useTranslation('pages');
  const [order, setOrder] = useState<SortOrder>('id');
  const query = useIndustries(name);
  const products = useMemo(() => {
    if (!query.data) return undefined;
    return sortById(query.data[0]?.industry_products ?? [], order);
  }, [query.data, order]);
  const list = { query, products, order, onOrderChange: setOrder };
  return <NamedProductsPage name={name} title={t('industry.title', { name })} list={list} />;
}
