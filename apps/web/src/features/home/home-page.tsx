import { useTranslation } from 'react-i18next';
import { PageMain } from '../../app/root-layout.tsx';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { ProductCard } from '../../components/product-card.tsx';
import { CardGridSkeleton, Skeleton } from '../../components/skeleton.tsx';
import { Slider } from '../../components/slider.tsx';
import { formatNumber } from '../../lib/format.ts';
import { useLanguage } from '../../lib/use-language.ts';
import { useProducts } from '../products/api/get-products.ts';
import { useBanners } from './api/get-banners.ts';

/** Carousel autoplay interval (spec section 9). */
const BANNER_AUTOPLAY_MS = 5000;

/** Home: banners and recommended products (issue 5 turns them into sliders and sections). */
export default function HomePage() {
  const { t } = useTranslation('pages');
  const lang = useLanguage();
  const banners = useBanners();
  const recommended = useProducts({ recommend: true });
  return (
    <PageMain>
      <h1 className="mb-2 text-2xl font-bold text-slate-900">{t('home.heading')}</h1>
      <p className="mb-6 text-slate-700">{t('home.intro')}</p>
      <div className="mb-8">
        {banners.isPending ? (
          <Skeleton className="aspect-[3/1] w-full" />
        ) : banners.isError ? (
          <ErrorPanel error={banners.error} onRetry={() => void banners.refetch()} />
        ) : (
          <Slider
            items={banners.data}
            getKey={(banner) => banner.id}
            label={t('home.banners')}
            autoplayMs={BANNER_AUTOPLAY_MS}
            loop
            renderItem={(banner, index) => (
              <img
                src={banner.image}
                alt={t('home.banner', { number: formatNumber(index + 1, lang) })}
                className="aspect-[3/1] w-full rounded-xl bg-slate-200 object-cover"
              />
            )}
          />
        )}
      </div>
      <section aria-labelledby="home-recommended">
        <h2 id="home-recommended" className="mb-4 text-xl font-bold text-slate-900">
          {t('home.recommended')}
        </h2>
        {recommended.isPending ? (
          <CardGridSkeleton count={3} />
        ) : recommended.isError ? (
          <ErrorPanel error={recommended.error} onRetry={() => void recommended.refetch()} />
        ) : (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {recommended.data.map((product) => (
              <ProductCard key={product.id} product={product} />
            ))}
          </div>
        )}
      </section>
    </PageMain>
  );
}
