import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageMain } from '../../app/root-layout.tsx';
import { Breadcrumb } from '../../components/breadcrumb.tsx';
import { PagedProductList } from '../../components/paged-product-list.tsx';
import { SearchChip } from '../../components/search-chip.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';

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
  usePageTitle(term ? t('search.title', { term }) : t('products.title'));
  return (
    <PageMain>
      <Breadcrumb
        items={[{ label: t('products.title'), to: '/products' }, ...(term ? [{ label: term }] : [])]}
      />
      <h1 className="mb-3 text-2xl font-bold text-slate-900">
        {term ? t('search.title', { term }) : t('products.title')}
      </h1>
      {term && <SearchChip term={term} />}
      <PagedProductList
        key={term}
        params={filters}
        empty={term ? t('products.emptySearch', { term }) : undefined}
      />
    </PageMain>
  );
}
