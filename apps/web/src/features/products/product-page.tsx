import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageMain } from '../../app/root-layout.tsx';
import { Breadcrumb } from '../../components/breadcrumb.tsx';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { ImagePlaceholderIcon } from '../../components/icons.tsx';
import { SafeHtml } from '../../components/safe-html.tsx';
import { LoadingNote, Skeleton } from '../../components/skeleton.tsx';
import { formatDate, formatPriceRange } from '../../lib/format.ts';
import { useLanguage } from '../../lib/use-language.ts';
import { useProduct } from './api/get-product.ts';

/** Product detail: the essentials; issue 5 adds the carousel, tabs, reviews and request dialog. */
export default function ProductPage() {
  const { t } = useTranslation('pages');
  const lang = useLanguage();
  const id = Number(useParams().id);
  const query = useProduct(id);

  if (query.isPending) {
    return (
      <PageMain>
        <LoadingNote />
        <Skeleton className="mb-4 h-4 w-48" />
        <Skeleton className="mb-4 h-8 w-2/3" />
        <Skeleton className="aspect-[16/9] w-full max-w-2xl" />
      </PageMain>
    );
  }
  if (query.isError) {
    return (
      <PageMain>
        <Breadcrumb
          items={[{ label: t('products.title'), to: '/products' }, { label: t('product.title') }]}
        />
        <ErrorPanel error={query.error} headingLevel={1} onRetry={() => void query.refetch()} />
      </PageMain>
    );
  }
  const product = query.data;
  const image = product.images[0]?.image;
  return (
    <PageMain>
      <Breadcrumb items={[{ label: t('products.title'), to: '/products' }, { label: product.title }]} />
      <div className="grid gap-6 md:grid-cols-2">
        {image ? (
          <img src={image} alt="" className="aspect-[4/3] w-full rounded-xl bg-slate-100 object-cover" />
        ) : (
          <div className="flex aspect-[4/3] w-full items-center justify-center rounded-xl bg-slate-100 text-slate-600">
            <ImagePlaceholderIcon width={56} height={56} />
            <span className="sr-only">{t('products.noImage')}</span>
          </div>
        )}
        <div>
          <h1 className="mb-2 text-2xl font-bold text-slate-900">{product.title}</h1>
          <p className="mb-3 text-slate-700">{product.short_description}</p>
          <p className="mb-2">
            <span
              className={`rounded-full px-3 py-1 text-sm font-semibold ${
                product.inventory > 0 ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-800'
              }`}
            >
              {product.inventory > 0 ? t('product.inStock') : t('product.unavailable')}
            </span>
          </p>
          <dl className="mb-3 space-y-1 text-sm text-slate-800">
            <div>
              <dt className="inline font-semibold">{t('product.price')}: </dt>
              <dd className="inline">{formatPriceRange(product.price_range, lang)}</dd>
            </div>
            {product.industry && (
              <div>
                <dt className="inline font-semibold">{t('product.supplier')}: </dt>
                <dd className="inline">{product.industry.title}</dd>
              </div>
            )}
          </dl>
          <p className="text-sm text-slate-600">
            {t('product.published', { date: formatDate(product.creation_date, lang) })}
          </p>
        </div>
      </div>
      <SafeHtml html={product.description} className="mt-6 max-w-3xl leading-8 text-slate-800" />
    </PageMain>
  );
}
