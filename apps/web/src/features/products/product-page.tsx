import { productHead } from '@storefront/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../app/translate.tsx';
import { useParams, useSearchParams } from 'react-router';
import { Island } from '../../app/islands.tsx';
import { PageMain } from '../../app/root-layout.tsx';
import { Breadcrumb } from '../../components/breadcrumb.tsx';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { LoadingNote, Skeleton } from '../../components/skeleton.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useLanguage } from '../../lib/use-language.ts';
import { productQueryOptions } from './api/get-product.ts';
import { ProductDetail, STATUS_PARAM } from './product-detail/product-detail.tsx';
import { ProductNotFound } from './product-detail/product-not-found.tsx';
import { queryLoader } from '../../app/route-data.ts';
import { reviewsQueryOptions } from './api/get-reviews.ts';
import { usePageHead } from '../../lib/use-page-title.ts';

/** The id as the page reads it: digits only, a safe integer; anything else is not found. */
function productIdOf(raw: string | undefined): number {
  const id = /^\d{1,15}$/.test(raw ?? '') ? Number(raw) : NaN;
  return Number.isSafeInteger(id) ? id : NaN;
}

/** The product and its reviews. */
export const loader = queryLoader(async (client, lang, { params }) => {
  const id = productIdOf(params.id);
  if (Number.isNaN(id)) return;
  await Promise.all([
    client.prefetchQuery(productQueryOptions(lang, id)),
    client.prefetchQuery(reviewsQueryOptions(lang, id)),
  ]);
});

/** /app/product/{id}: the product, a not-found state for an unknown id, or the failure with a retry. */
export default function ProductPage() {
  const { t } = useTranslation('product');
  const id = productIdOf(useParams().id);
  const valid = !Number.isNaN(id);
  const lang = useLanguage();
  // `?status=open` opens the request dialog: on an islands page the panel hydrates at once for it.
  const statusOpen = useSearchParams()[0].get(STATUS_PARAM) === 'open';
  // On a language switch the product stays on screen until its other-language text arrives (same id
  // only: another product never stands in for the one asked for).
  const query = useQuery({
    ...productQueryOptions(lang, id),
    enabled: valid,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[3] === id ? previous : undefined),
  });
  const notFound = !valid || (query.isError && query.error instanceof ApiError && query.error.status === 404);

  usePageHead(productHead, { product: notFound ? null : query.data, failed: query.isError });

  if (notFound) {
    return (
      <PageMain>
        <Breadcrumb
          items={[{ label: t('productsCrumb'), to: '/products' }, { label: t('notFound.title') }]}
        />
        <ProductNotFound />
      </PageMain>
    );
  }
  if (query.isPending) {
    return (
      <PageMain>
        <LoadingNote />
        <Skeleton className="mb-4 h-4 w-48" />
        <div className="grid gap-6 md:grid-cols-2 md:gap-8">
          <Skeleton className="aspect-[4/3] w-full" />
          <div>
            <Skeleton className="mb-3 h-8 w-2/3" />
            <Skeleton className="mb-3 h-5 w-full" />
            <Skeleton className="mb-3 h-5 w-1/2" />
            <Skeleton className="h-32 w-full" />
          </div>
        </div>
      </PageMain>
    );
  }
  if (query.isError) {
    return (
      <PageMain>
        <Breadcrumb items={[{ label: t('productsCrumb'), to: '/products' }, { label: t('pageTitle') }]} />
        <ErrorPanel error={query.error} headingLevel={1} onRetry={() => void query.refetch()} />
      </PageMain>
    );
  }
  return (
    <PageMain>
      <Island
        name="product"
        props={{ id: query.data.id }}
        load={statusOpen ? 'load' : 'interaction'}
        personal
      >
        <ProductDetail key={query.data.id} product={query.data} />
      </Island>
    </PageMain>
  );
}
