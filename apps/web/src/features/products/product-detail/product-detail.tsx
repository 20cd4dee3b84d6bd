import type { Product } from '@storefront/contracts';
import { Suspense, lazy, useRef, useState } from 'react';
import { useTranslation } from '../../../app/translate.tsx';
import { Link, useSearchParams } from 'react-router';
import { Breadcrumb } from '../../../components/breadcrumb.tsx';
import { formatDigits, formatPriceRange } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { useStoreIdentity } from '../../../lib/api/get-store-identity.ts';
import { AvailabilityBadge } from './availability-badge.tsx';
import { LikeButton } from '../../../components/like-button.tsx';
import { EnquirySent, type SentEnquiry } from '../../../components/enquiry-sent.tsx';
import { PreviewDescription } from './preview-description.tsx';
import { ProductGallery } from './product-gallery.tsx';
import { PRODUCT_TABS_ID, ProductTabs, type ProductTab } from './product-tabs.tsx';
import { ProductTags } from './product-tags.tsx';
import { SupplierPanel } from './supplier-panel.tsx';

/** The request dialog (Radix Dialog and its form) loads when it is first opened, not with the page. */
const EnquiryDialog = lazy(() =>
  import('./enquiry-dialog.tsx').then((module) => ({ default: module.EnquiryDialog })),
);

/** `?status=open` opens the request dialog (docs/product.md, Screens). */
export const STATUS_PARAM = 'status';

/** The page's query with `status=open` (its other keys, `lng` among them, kept). */
function withStatusOpen(params: URLSearchParams): string {
  const next = new URLSearchParams(params);
  next.set(STATUS_PARAM, 'open');
  return next.toString();
}

/** The product detail page's content once the product is loaded. */
export function ProductDetail({ product }: { product: Product }) {
  const { t } = useTranslation('product');
  const { t: tc } = useTranslation();
  const lang = useLanguage();
  const rialDisplay = useStoreIdentity().data?.price_display ?? 'IRR';
  const [searchParams, setSearchParams] = useSearchParams();
  const statusOpen = searchParams.get(STATUS_PARAM) === 'open';
  const [dialogOpen, setDialogOpen] = useState(false);
  // Mounted from its first opening on (it keeps what was typed, as when it was always there).
  const [dialogUsed, setDialogUsed] = useState(statusOpen);
  if ((dialogOpen || statusOpen) && !dialogUsed) setDialogUsed(true);
  // The last request sent from this page: its reference and follow link stay below the button.
  const [sent, setSent] = useState<SentEnquiry | null>(null);
  const requestButton = useRef<HTMLAnchorElement>(null);
  const [tab, setTab] = useState<ProductTab>('description');

  const onDialogOpenChange = (open: boolean) => {
    setDialogOpen(open);
    if (!open && statusOpen) {
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          next.delete(STATUS_PARAM);
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    }
  };

  const readMore = () => {
    setTab('description');
    const tabs = document.getElementById(PRODUCT_TABS_ID);
    tabs?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    tabs?.querySelector<HTMLElement>('[role="tab"]')?.focus({ preventScroll: true });
  };

  return (
    <article>
      <Breadcrumb items={[{ label: t('productsCrumb'), to: '/products' }, { label: product.title }]} />
      <div className="grid gap-6 md:grid-cols-2 md:gap-8">
        <div className="min-w-0 md:sticky md:top-4 md:self-start">
          <ProductGallery product={product} />
        </div>
        <div className="min-w-0">
          <h1 className="mb-2 text-2xl font-bold break-words text-slate-900 sm:text-3xl">{product.title}</h1>
          {product.short_description && (
            <p className="mb-4 text-lg text-slate-700">{product.short_description}</p>
          )}
          <dl className="mb-4 grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-2">
            <dt className="text-sm font-semibold text-slate-700">{t('availability')}</dt>
            <dd>
              <AvailabilityBadge inventory={product.inventory} />
            </dd>
            <dt className="text-sm font-semibold text-slate-700">{t('priceRange')}</dt>
            <dd className="font-bold text-slate-900" data-testid="price-range">
              {product.price_range
                ? formatPriceRange(product.price_range, lang, rialDisplay)
                : t('priceOnRequest')}
            </dd>
          </dl>
          <div className="mb-5 flex flex-wrap items-center gap-3">
            {/* A link to this page with ?status=open (the dialog opens there), so a press before the
                app hydrates is not lost; once hydrated a plain click opens the dialog in place. */}
            <Link
              ref={requestButton}
              to={{ search: `?${withStatusOpen(searchParams)}` }}
              role="button"
              aria-haspopup="dialog"
              preventScrollReset
              onClick={(event) => {
                if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
                  return;
                event.preventDefault();
                setDialogOpen(true);
              }}
              onKeyDown={(event) => {
                if (event.key !== ' ') return;
                event.preventDefault();
                setDialogOpen(true);
              }}
              className="rounded-lg bg-sky-800 px-5 py-2.5 font-semibold text-white hover:bg-sky-900"
            >
              {t('request')}
            </Link>
            <LikeButton productId={product.id} title={product.title} />
          </div>
          {sent && (
            <EnquirySent
              sent={sent}
              t={tc}
              digits={(value) => formatDigits(value, lang)}
              onClose={() => {
                setSent(null);
                // The keyboard goes back to where the request started, not to the page's top.
                requestButton.current?.focus();
              }}
            />
          )}
          <PreviewDescription text={product.preview_description} onReadMore={readMore} />
          {product.industry && <SupplierPanel industry={product.industry} />}
          <ProductTags tags={product.tags} />
        </div>
      </div>
      <ProductTabs product={product} tab={tab} onTabChange={setTab} />
      {dialogUsed && (
        <Suspense fallback={null}>
          <EnquiryDialog
            productId={product.id}
            productTitle={product.title}
            open={dialogOpen || statusOpen}
            onOpenChange={onDialogOpenChange}
            onSent={setSent}
          />
        </Suspense>
      )}
    </article>
  );
}
