import { useTranslation } from '../../app/translate.tsx';
import { useSearchParams } from 'react-router';
import { PageMain } from '../../app/root-layout.tsx';
import { ResultsHeading } from '../../components/results-heading.tsx';
import { PagedProductList } from '../../components/paged-product-list.tsx';
import { queryLoader } from '../../app/route-data.ts';
import { productPagesQueryOptions } from '../../lib/api/get-products.ts';
import { useShowProduct } from '../../app/modal-context.tsx';
import { filteredHead } from '@storefront/contracts';
import { usePageHead } from '../../lib/use-page-title.ts';
import { Island } from '../../app/islands.tsx';

/** The filters as the page reads them: present, trimmed, non-empty. */
function filtersOf(params: URLSearchParams) {
  const value = (name: string) => params.get(name)?.trim() || undefined;
  return { subcollection: value('subCollection'), industry: value('industry'), product: value('product') };
}

/** The first page of results in the default order. */
export const loader = queryLoader((client, lang, { request }) =>
  client.prefetchInfiniteQuery(
    productPagesQueryOptions(lang, { ...filtersOf(new URL(request.url).searchParams), ordering: 'id' }),
  ),
);

/**
 * /app/search/?subCollection=&industry=&product= : exact-title filters, whichever are present
 * (docs/product.md, Validation). Empty parameters are left out.
 */
export default function FilteredProductsPage() {
  const { t } = useTranslation('pages');
  const [params] = useSearchParams();
  const filters = filtersOf(params);
  const showProduct = useShowProduct();
  const term = [filters.subcollection, filters.industry, filters.product].filter(Boolean).join(' · ');
  usePageHead(filteredHead, { term });
  return (
    <PageMain>
      <ResultsHeading term={term} title={term ? t('search.title', { term }) : t('products.title')} />
      <Island
        key={term}
        name="productList"
        personal
        props={{ params: filters, ...(term ? { empty: t('products.emptySearch', { term }) } : {}) }}
      >
        <PagedProductList
          params={filters}
          empty={term ? t('products.emptySearch', { term }) : undefined}
          onShow={showProduct}
        />
      </Island>
    </PageMain>
  );
}
