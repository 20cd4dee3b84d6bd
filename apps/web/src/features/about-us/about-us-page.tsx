import { useTranslation } from '../../app/translate.tsx';
import { PageMain } from '../../app/root-layout.tsx';
import { Breadcrumb } from '../../components/breadcrumb.tsx';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { SafeHtml } from '../../components/safe-html.tsx';
import { LoadingNote, Skeleton } from '../../components/skeleton.tsx';
import { useAboutUs } from './api/get-about-us.ts';
import { AboutBanner } from './components/about-banner.tsx';
import { TeamCarousel } from './components/team-carousel.tsx';
import { Island } from '../../app/islands.tsx';
import { aboutHead } from '@storefront/contracts';
import { usePageHead } from '../../lib/use-page-title.ts';
import { queryLoader } from '../../app/route-data.ts';
import { aboutUsQueryOptions } from './api/get-about-us.ts';

/** The about-us text. */
export const loader = queryLoader((client, lang) => client.prefetchQuery(aboutUsQueryOptions(lang)));

/**
 * /app/aboutus: banner, title, the first about-us item's HTML (or 'no info') and the store's team
 * carousel (the first item's `team`; none when the store lists no one).
 */
export default function AboutUsPage() {
  const { t } = useTranslation('news');
  const about = useAboutUs();
  const content = about.data?.[0]?.content?.trim();
  const team = about.data?.[0]?.team ?? [];
  const title = t('about.title', { ns: 'pages' });
  usePageHead(aboutHead, undefined);
  return (
    <PageMain>
      <Breadcrumb items={[{ label: title }]} />
      <AboutBanner text={t('about.bannerText')} />
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{title}</h1>
      {about.isPending ? (
        <>
          <LoadingNote />
          {/* Tall enough that what follows starts below the first screen: the text arriving moves nothing in view. */}
          <Skeleton className="h-[70vh] w-full max-w-3xl" />
        </>
      ) : about.isError ? (
        <ErrorPanel error={about.error} onRetry={() => void about.refetch()} />
      ) : content ? (
        <SafeHtml html={content} className="max-w-3xl leading-8 text-slate-800" />
      ) : (
        <p className="rounded-xl bg-white p-6 text-slate-700" data-testid="about-empty">
          {t('about.noInfo', { ns: 'pages' })}
        </p>
      )}
      <Island name="team" load="visible">
        <TeamCarousel team={team} />
      </Island>
    </PageMain>
  );
}
