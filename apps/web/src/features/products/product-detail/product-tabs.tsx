import type { Product } from '@storefront/contracts';
import * as Tabs from '@radix-ui/react-tabs';
import { useTranslation } from '../../../app/translate.tsx';
import { SafeHtml } from '../../../components/safe-html.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { useDirection } from '../../../lib/use-language.ts';
import { useReviews } from '../api/get-reviews.ts';
import { ReviewForm } from './review-form.tsx';
import { ReviewList } from './review-list.tsx';

export type ProductTab = 'description' | 'properties' | 'comments';

export const PRODUCT_TABS_ID = 'product-tabs';

/** Description (sanitised HTML, the default), properties (key/value rows), comments (reviews). */
export function ProductTabs({
  product,
  tab,
  onTabChange,
}: {
  product: Product;
  tab: ProductTab;
  onTabChange: (tab: ProductTab) => void;
}) {
  const { t } = useTranslation('product');
  const dir = useDirection();
  const reviews = useReviews(product.id);
  const trigger =
    'shrink-0 border-b-2 border-transparent px-4 py-2.5 text-sm font-semibold text-slate-700 hover:text-sky-900 data-[state=active]:border-sky-800 data-[state=active]:text-sky-900 sm:text-base';
  const panel = 'py-5 outline-none focus-visible:ring-2 focus-visible:ring-sky-300';

  return (
    <Tabs.Root
      id={PRODUCT_TABS_ID}
      value={tab}
      onValueChange={(value) => onTabChange(value as ProductTab)}
      dir={dir}
      className="mt-8 scroll-mt-4"
    >
      <Tabs.List
        aria-label={t('tabs.label')}
        className="flex overflow-x-auto border-b border-slate-200 [scrollbar-width:thin]"
      >
        <Tabs.Trigger value="description" className={trigger}>
          {t('tabs.description')}
        </Tabs.Trigger>
        <Tabs.Trigger value="properties" className={trigger}>
          {t('tabs.properties')}
        </Tabs.Trigger>
        <Tabs.Trigger value="comments" className={trigger}>
          {reviews.data ? t('tabs.comments', { count: reviews.data.length }) : t('tabs.commentsPlain')}
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="description" className={panel}>
        {product.description.trim() ? (
          <SafeHtml html={product.description} className="max-w-3xl leading-8 text-slate-800" />
        ) : (
          <p className="text-slate-700">{t('noDescription')}</p>
        )}
      </Tabs.Content>
      <Tabs.Content value="properties" className={panel}>
        {product.properties.length > 0 ? (
          <dl className="max-w-3xl divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200">
            {product.properties.map((property, index) => (
              <div
                key={`${index}-${property.key}`}
                className="grid gap-1 px-4 py-3 odd:bg-slate-50 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)] sm:gap-4"
              >
                <dt className="font-semibold text-slate-800">{property.key}</dt>
                <dd className="break-words text-slate-900">{property.value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="text-slate-700">{t('noProperties')}</p>
        )}
      </Tabs.Content>
      <Tabs.Content value="comments" className={panel}>
        <div className="grid gap-8 lg:grid-cols-2">
          <section aria-labelledby="reviews-heading">
            <h2 id="reviews-heading" className="mb-3 text-lg font-bold text-slate-900">
              {t('reviews.heading')}
            </h2>
            {reviews.isPending ? (
              <div className="space-y-3">
                <Skeleton className="h-20 w-full" />
                <Skeleton className="h-20 w-full" />
              </div>
            ) : reviews.isError ? (
              <p role="alert" className="text-red-800">
                {t('reviews.loadFailed')}
              </p>
            ) : (
              <ReviewList reviews={reviews.data} />
            )}
          </section>
          <ReviewForm productId={product.id} />
        </div>
      </Tabs.Content>
    </Tabs.Root>
  );
}
