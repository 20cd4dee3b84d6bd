import { useTranslation } from '../../app/translate.tsx';
import { useParams } from 'react-router';
import { PageMain } from '../../app/root-layout.tsx';
import { ResultsHeading } from '../../components/results-heading.tsx';
import { PagedProductList } from '../../components/paged-product-list.tsx';
import { queryLoader } from '../../app/route-data.ts';
import { productPagesQueryOptions } from '../../lib/api/get-products.ts';
import { useShowProduct } from '../../app/modal-context.tsx';
import { productSearchHead } from '@storefront/contracts';
import { usePageHead } from '../../lib/use-page-title.ts';
import { Island } from '../../app/islands.tsx';

/** The first page of results in the default order. */
export const loader = queryLoader((client, lang, { params }) =>
  client.prefetchInfiniteQuery(productPagesQueryOptions(lang, { search: params.name ?? '', ordering: 'id' })),
);

/** /app/products/search/{name}: the term, its chip, the result count and the cards. */
export default function ProductSearchPage() {
  const { t } = useTranslation('pages');
  const term = useParams().name ?? '';
  const showProduct = useShowProduct();
  usePageHead(productSearchHead, { name: term });
  return (
    <PageMain>
      <ResultsHeading term={term} title={t('search.title', { term })} />
      {/* A new term is a new list (its own sort and pages). */}
      <Island
        key={term}
        name="productList"
        personal
        props={{ params: { search: term }, empty: t('products.emptySearch', { term }) }}
      >
        <PagedProductList
          params={{ search: term }}
          empty={t('products.emptySearch', { term })}
          onShow={showProduct}
        />
      </Island>
    </PageMain>
  );
}
