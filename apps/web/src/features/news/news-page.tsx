import { useState } from 'react';
import { useTranslation } from '../../app/translate.tsx';
import { PageMain } from '../../app/root-layout.tsx';
import { Breadcrumb } from '../../components/breadcrumb.tsx';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { CardGridSkeleton } from '../../components/skeleton.tsx';
import { usePosts, type PostOrdering } from './api/get-posts.ts';
import { NewsCard } from './components/news-card.tsx';
import { newsHead } from '@storefront/contracts';
import { usePageHead } from '../../lib/use-page-title.ts';
import { queryLoader } from '../../app/route-data.ts';
import { Island } from '../../app/islands.tsx';
import { postsQueryOptions } from './api/get-posts.ts';

/** The posts, newest first. */
export const loader = queryLoader((client, lang) =>
  client.prefetchQuery(postsQueryOptions(lang, '-creation_date')),
);

/** /app/news: breadcrumb, count, the date order toggle (newest first by default) and the cards. */
export default function NewsPage() {
  const { t } = useTranslation('news');
  const posts = usePosts('-creation_date');
  const title = t('news.title', { ns: 'pages' });
  usePageHead(newsHead, undefined);

  return (
    <PageMain>
      <Breadcrumb items={[{ label: title }]} />
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{title}</h1>
      {posts.isPending ? (
        <CardGridSkeleton count={3} />
      ) : posts.isError ? (
        <ErrorPanel error={posts.error} onRetry={() => void posts.refetch()} />
      ) : (
        <Island name="newsList">
          <NewsListing />
        </Island>
      )}
    </PageMain>
  );
}

/**
 * The count, the order toggle and the cards (the page's island, app/islands.tsx): the posts in the
 * order chosen, the newest first until then.
 */
export function NewsListing() {
  const { t } = useTranslation('news');
  const [ordering, setOrdering] = useState<PostOrdering>('-creation_date');
  const [announce, setAnnounce] = useState('');
  const posts = usePosts(ordering);

  const toggle = () => {
    const next = ordering === '-creation_date' ? 'creation_date' : '-creation_date';
    setOrdering(next);
    setAnnounce(
      t('list.sortChanged', {
        order: next === '-creation_date' ? t('list.newestFirst') : t('list.oldestFirst'),
      }),
    );
  };

  if (posts.isPending) return <CardGridSkeleton count={3} />;
  if (posts.isError) return <ErrorPanel error={posts.error} onRetry={() => void posts.refetch()} />;
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-slate-700" data-testid="news-count">
          {t('news.count', { ns: 'pages', count: posts.data.length })}
        </p>
        <button
          type="button"
          onClick={toggle}
          aria-busy={posts.isPlaceholderData || undefined}
          className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-800 hover:bg-slate-100"
        >
          {t('list.sortLabel')}:{' '}
          {ordering === '-creation_date' ? t('list.newestFirst') : t('list.oldestFirst')}
        </button>
        <p role="status" className="sr-only">
          {announce}
        </p>
      </div>
      {posts.data.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-center text-slate-700">
          {t('news.empty', { ns: 'pages' })}
        </p>
      ) : (
        <div
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
          data-testid="news-grid"
          aria-busy={posts.isPlaceholderData || undefined}
        >
          {posts.data.map((post) => (
            <NewsCard key={post.id} post={post} />
          ))}
        </div>
      )}
    </>
  );
}
