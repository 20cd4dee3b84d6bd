import type { Product } from '@storefront/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../app/translate.tsx';
import { Link } from 'react-router';
import { useAuthDialog } from '../../../app/auth-dialog-context.tsx';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { ProductCard } from '../../../components/product-card.tsx';
import { CardGridSkeleton } from '../../../components/skeleton.tsx';
import { Slider } from '../../../components/slider.tsx';
import { useLikedIds } from '../../../lib/api/get-likes.ts';
import { useRecommendedProducts } from '../../../lib/api/get-products.ts';
import { notify } from '../../../lib/toast.ts';
import { useIsSignedIn } from '../../../lib/use-auth.ts';
import { useShowProduct } from '../../../app/modal-context.tsx';

/** The four sections, in the spec's order, with their flags and headings (docs/product.md, Screens). */
export const HOME_SECTIONS = [
  { flag: 'tejarat_khareji', heading: 'foreignBusiness' },
  { flag: 'tejarat_dakheli', heading: 'domesticBusiness' },
  { flag: 'khadamat_tejarat', heading: 'businesServices' },
  { flag: 'amouzesh_tejarat', heading: 'businessTraining' },
] as const satisfies readonly { flag: keyof Product; heading: string }[];

/** Slides per view by width: 400 and 500 → 1, 600, 700, 800 → 2, 1000 → 3 (docs/product.md, Screens). */
export const HOME_SLIDER_BREAKPOINTS = {
  400: { slidesPerView: 1 },
  500: { slidesPerView: 1 },
  600: { slidesPerView: 2 },
  700: { slidesPerView: 2 },
  800: { slidesPerView: 2 },
  1000: { slidesPerView: 3 },
};

type Filter = 'all' | 'liked';

/**
 * Recommended products (store/products/?recommend=True, the first HOME_RECOMMENDED_LIMIT) in up to four sliders, each shown only when a
 * product has its flag, with the show-all / show-liked toggle (liked ids from store/likes/).
 */
export function RecommendedSections() {
  const { t } = useTranslation('pages');
  const signedIn = useIsSignedIn();
  const { openAuthDialog } = useAuthDialog();
  const [filter, setFilter] = useState<Filter>('all');
  const recommended = useRecommendedProducts();
  const liked = useLikedIds();
  const showProduct = useShowProduct();

  if (recommended.isPending) return <CardGridSkeleton count={3} />;
  if (recommended.isError)
    return <ErrorPanel error={recommended.error} onRetry={() => void recommended.refetch()} />;

  // Show liked for a user waits for the liked ids (and says so when they fail) rather than
  // claiming for a moment that nothing was liked.
  const likedState =
    filter === 'liked' && signedIn
      ? liked.isPending
        ? 'loading'
        : liked.isError
          ? 'failed'
          : 'ready'
      : 'ready';
  const likedIds = new Set(signedIn ? (liked.data ?? []) : []);
  const shown = filter === 'all' ? recommended.data : recommended.data.filter((p) => likedIds.has(p.id));
  const sections = HOME_SECTIONS.map((section) => ({
    ...section,
    products: shown.filter((product) => product[section.flag]),
  })).filter((section) => section.products.length > 0);
  const onLiked = () => notify.success(t('liked!'));

  const toggle = (value: Filter, label: string) => (
    <button
      type="button"
      aria-pressed={filter === value}
      onClick={() => setFilter(value)}
      className={`rounded-full px-4 py-1.5 text-sm font-semibold ${
        filter === value ? 'bg-sky-800 text-white' : 'text-slate-800 hover:bg-slate-100'
      }`}
    >
      {label}
    </button>
  );

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold text-slate-900">{t('home.recommended')}</h2>
        <div
          role="group"
          aria-label={t('home.filterLabel')}
          className="inline-flex gap-1 rounded-full border border-slate-300 bg-white p-1"
        >
          {toggle('all', t('home.showAll'))}
          {toggle('liked', t('home.showLiked'))}
        </div>
      </div>
      {likedState === 'loading' ? (
        <CardGridSkeleton count={3} />
      ) : likedState === 'failed' ? (
        <ErrorPanel error={liked.error} onRetry={() => void liked.refetch()} />
      ) : sections.length === 0 ? (
        <div className="rounded-xl bg-white p-6 text-center text-slate-700" data-testid="home-empty">
          {filter === 'liked' && !signedIn ? (
            <>
              <p className="mb-3">{t('home.noLikedSignedOut')}</p>
              <button
                type="button"
                onClick={() => openAuthDialog('login')}
                className="rounded-lg bg-sky-800 px-4 py-2 text-sm font-semibold text-white hover:bg-sky-900"
              >
                {t('home.logIn')}
              </button>
            </>
          ) : (
            <>
              <p className="mb-3">{filter === 'liked' ? t('home.noLiked') : t('home.noRecommended')}</p>
              <Link
                to="/products"
                className="inline-block rounded-lg bg-sky-800 px-4 py-2 text-sm font-semibold text-white hover:bg-sky-900"
              >
                {t('home.allProducts')}
              </Link>
            </>
          )}
        </div>
      ) : (
        sections.map((section) => (
          <section
            key={section.flag}
            aria-labelledby={`home-${section.flag}`}
            className="mb-8"
            data-section={section.flag}
          >
            <h3 id={`home-${section.flag}`} className="mb-3 text-lg font-bold text-slate-900">
              {t(section.heading)}
            </h3>
            <Slider
              items={section.products}
              getKey={(product) => product.id}
              label={t(section.heading)}
              breakpoints={HOME_SLIDER_BREAKPOINTS}
              renderItem={(product) => (
                <ProductCard product={product} headingLevel={4} onLiked={onLiked} onShow={showProduct} />
              )}
            />
          </section>
        ))
      )}
    </div>
  );
}
