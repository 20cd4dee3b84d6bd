import { useTranslation } from '../../app/translate.tsx';
import { Link } from 'react-router';
import { PageMain } from '../../app/root-layout.tsx';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { Slider } from '../../components/slider.tsx';
import { formatNumber } from '../../lib/format.ts';
import { useLanguage } from '../../lib/use-language.ts';
import { homeHead, type Banner } from '@storefront/contracts';
import { usePageHead } from '../../lib/use-page-title.ts';
import { useStoreName } from '../../lib/api/get-store-identity.ts';
import { useBanners } from './api/get-banners.ts';
import { RecommendedSections } from './components/recommended-sections.tsx';
import { WelcomeBox } from './components/welcome-box.tsx';
import { queryLoader } from '../../app/route-data.ts';
import { Island } from '../../app/islands.tsx';
import { recommendedQueryOptions } from '../../lib/api/get-products.ts';
import { bannersQueryOptions } from './api/get-banners.ts';
import { IMAGE_SIZES, ResponsiveImage } from '../../components/responsive-image.tsx';

/** Carousel autoplay interval (docs/product.md, Constants). */
const BANNER_AUTOPLAY_MS = 5000;
/** The banners' intrinsic size (3:1): the space is kept before the image arrives. */
const BANNER_WIDTH = 1200;
const BANNER_HEIGHT = 400;

/** The banners and the recommended products, before the first paint (app/route-data.ts). */
export const loader = queryLoader((client, lang) =>
  Promise.all([
    client.prefetchQuery(bannersQueryOptions(lang)),
    client.prefetchQuery(recommendedQueryOptions(lang)),
  ]),
);

/** Home: the banner carousel, the recommended sections with their filter, the floating welcome box. */
export default function HomePage() {
  const { t } = useTranslation('pages');
  usePageHead(homeHead, undefined);
  const storeName = useStoreName();
  const banners = useBanners();
  return (
    <>
      <PageMain>
        <h1 className="mb-2 text-2xl font-bold text-slate-900">{t('home.heading', { name: storeName })}</h1>
        <p className="mb-6 text-slate-700">{t('home.intro')}</p>
        <div className="mb-8">
          {banners.isPending ? (
            <Skeleton className="aspect-[3/1] w-full" />
          ) : banners.isError ? (
            <ErrorPanel error={banners.error} onRetry={() => void banners.refetch()} />
          ) : banners.data.length > 0 ? (
            <Island name="banners">
              <HomeBanners banners={banners.data} />
            </Island>
          ) : null}
        </div>
        <Island name="recommended" personal>
          <RecommendedSections />
        </Island>
      </PageMain>
      <Island name="welcome">
        <WelcomeBox />
      </Island>
    </>
  );
}

/** The banner carousel (an island of the home page, app/islands.tsx): plays every 5000 ms, wraps around. */
function HomeBanners({ banners }: { banners: Banner[] }) {
  const { t } = useTranslation('pages');
  const lang = useLanguage();
  return (
    <Slider
      items={banners}
      getKey={(banner) => banner.id}
      label={t('home.banners')}
      autoplayMs={BANNER_AUTOPLAY_MS}
      loop
      renderItem={(banner, index) => {
        const image = (
          <ResponsiveImage
            src={banner.image}
            sizes={IMAGE_SIZES.wide}
            alt={t('home.banner', { number: formatNumber(index + 1, lang) })}
            width={BANNER_WIDTH}
            height={BANNER_HEIGHT}
            // The first banner is the page's largest picture: fetched at once, the rest lazily.
            loading={index === 0 ? 'eager' : 'lazy'}
            fetchPriority={index === 0 ? 'high' : 'auto'}
            className="aspect-[3/1] h-auto w-full rounded-xl bg-slate-200 object-cover"
          />
        );
        // A banner the business gave a link to leads there: a page of the store inside the
        // app, another site in a new tab.
        if (!banner.link) return image;
        const inStore = banner.link.startsWith('/app/');
        return inStore ? (
          <Link to={banner.link.slice('/app'.length)} className="block rounded-xl">
            {image}
          </Link>
        ) : (
          <a href={banner.link} target="_blank" rel="noopener noreferrer" className="block rounded-xl">
            {image}
            <span className="sr-only"> {t('footer.opensInNewTab', { ns: 'common' })}</span>
          </a>
        );
      }}
    />
  );
}

/** The banners as the home page's island: from the page's data. */
export function BannersIsland() {
  const banners = useBanners().data;
  return banners && banners.length > 0 ? <HomeBanners banners={banners} /> : null;
}
