import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageMain } from '../../app/root-layout.tsx';
import { Breadcrumb } from '../../components/breadcrumb.tsx';
import { PagedProductList } from '../../components/paged-product-list.tsx';
import { SearchChip } from '../../components/search-chip.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** /app/products/search/{name}: the term, its chip, the result count and the cards. */
export default function ProductSearchPage() {
  const { t } = useTranslation('pages');
  const term = useParams().name ?? '';
  usePageTitle(t('search.title', { term }));
  return (
    <PageMain>
      <Breadcrumb items={[{ label: t('products.title'), to: '/products' }, { label: term }]} />
      <h1 className="mb-3 text-2xl font-bold text-slate-900">{t('search.title', { term })}</h1>
      <SearchChip term={term} />
      {/* A new term is a new list (its own sort and pages). */}
      <PagedProductList key={term} params={{ search: term }} empty={t('products.emptySearch', { term })} />
    </PageMain>
  );
}
