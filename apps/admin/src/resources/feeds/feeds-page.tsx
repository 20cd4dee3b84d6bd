import { useTranslation } from 'react-i18next';
import { ErrorAlert, Loading, PageTitle } from '../../components/ui.tsx';
import { useFeeds } from './api.ts';
import { EmallsFeed } from './emalls-feed.tsx';
import { TorobFeed } from './torob-feed.tsx';

/**
 * The price-comparison feeds (owner, issue 26): Torob's and Emalls' sections, each saved on its own.
 * A section's form is drawn once the settings have come, so it starts from what is saved.
 */
export function FeedsPage() {
  const { t } = useTranslation();
  const feeds = useFeeds();
  return (
    <div>
      <PageTitle>{t('feeds.title')}</PageTitle>
      <p className="mb-4 max-w-3xl text-slate-800">{t('feeds.intro')}</p>
      {feeds.isPending ? <Loading /> : null}
      <ErrorAlert error={feeds.error} />
      {feeds.data ? (
        <>
          <TorobFeed torob={feeds.data.torob} />
          <EmallsFeed emalls={feeds.data.emalls} />
        </>
      ) : null}
    </div>
  );
}
