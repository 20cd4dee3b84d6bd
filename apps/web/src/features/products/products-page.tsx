import { useTranslation } from '../../app/translate.tsx';
import { PageMain } from '../../app/root-layout.tsx';
import { Breadcrumb } from '../../components/breadcrumb.tsx';
import { PagedProductList } from '../../components/paged-product-list.tsx';
import { productsHead } from '@storefront/contracts';
import { usePageHead } from '../../lib/use-page-title.ts';
import { queryLoader } from '../../app/route-data.ts';
import { productPagesQueryOptions } from '../../lib/api/get-products.ts';
import { useShowProduct } from '../../app/modal-context.tsx';
import { Island } from '../../app/islands.tsx';

/** The first page of cards in the default order. */
export const loader = queryLoader((client, lang) =>
  client.prefetchInfiniteQuery(productPagesQueryOptions(lang, { ordering: 'id' })),
);

/** /app/products: breadcrumb (home > products), the total count, sort toggle, cards page by page. */
export default function ProductsPage() {
  const { t } = useTranslation('pages');
  usePageHead(productsHead, undefined);
  const showProduct = useShowProduct();
  return (
    <PageMain>
      <Breadcrumb items={[{ label: t('products.title') }]} />
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{t('products.title')}</h1>
      <Island name="productList" props={{ params: {} }} personal>
        <PagedProductList params={{}} onShow={showProduct} />
      </Island>
    </PageMain>
  );
}
