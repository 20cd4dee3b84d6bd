import type { Product } from '@storefront/contracts';
import { useTranslation } from '../app/translate.tsx';
import { useShowProduct } from '../app/modal-context.tsx';
import { PageMain } from '../app/root-layout.tsx';
import { ProductList, type ListQueryState, type SortOrder } from './product-list.tsx';
import { ResultsHeading } from './results-heading.tsx';

/**
 * A page of the products of something named in its URL (a collection, an industry): the results
 * heading with the name, then the sortable list, whose empty state names what was looked for.
 */
export function NamedProductsPage({
  name,
  title,
  list,
}: {
  name: string;
  title: string;
  /** The list's query, its products (undefined while loading) and its sort order. */
  list: {
    query: ListQueryState;
    products: Product[] | undefined;
    order: SortOrder;
    onOrderChange: (order: SortOrder) => void;
  };
}) {
  const { t } = useTranslation('pages');
  const showProduct = useShowProduct();
  return (
    <PageMain>
      <ResultsHeading term={name} title={title} />
      <ProductList {...list} empty={t('products.emptySearch', { term: name })} onShow={showProduct} />
    </PageMain>
  );
}
