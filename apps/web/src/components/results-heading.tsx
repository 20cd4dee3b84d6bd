import { useTranslation } from '../app/translate.tsx';
import { Breadcrumb } from './breadcrumb.tsx';
import { SearchChip } from './search-chip.tsx';

/**
 * The top of the search, collection, industry and filtered pages (docs/product.md, Screens): breadcrumb (home >
 * products > term), the heading (the page's head names the tab the same way) and the removable chip
 * that links home.
 * Without a term (a filtered page with no filter) it is the products page's top.
 */
export function ResultsHeading({ term, title }: { term: string; title: string }) {
  const { t } = useTranslation('pages');
  return (
    <>
      <Breadcrumb
        items={[{ label: t('products.title'), to: '/products' }, ...(term ? [{ label: term }] : [])]}
      />
      <h1 className="mb-3 text-2xl font-bold text-slate-900">{title}</h1>
      {term && <SearchChip term={term} />}
    </>
  );
}
