import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageMain } from '../../app/root-layout.tsx';
import { ResultsHeading } from '../../components/results-heading.tsx';
import { PagedProductList } from '../../components/paged-product-list.tsx';

/**
 * /app/search/?subCollection=&industry=&product= : exact-title filters, whichever are present
 * (spec section 5). Empty parameters are left out.
 */
export default function FilteredProductsPage() {
  const { t } = useTranslation('pages');
  const [params] = useSearchParams();
  const value = (name: string) => params.get(name)?.trim() || undefined;
  const filters = {
    subcollection: value('subCollection'),
    industry: value('industry'),
    product: value('product'),
  };
  const term = [filters.subcollection, filters.industry, filters.product].filter(Boolean).join(' · ');
  return (
    <PageMain>
      <ResultsHeading term={term} title={term ? t('search.title', { term }) : t('products.title')} />
      <PagedProductList
        key={term}
        params={filters}
        empty={term ? t('products.emptySearch', { term }) : undefined}
      />
    </PageMain>
  );
}
