import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageMain } from '../../app/root-layout.tsx';
import { useModal } from '../../app/modal-context.tsx';
import { Breadcrumb } from '../../components/breadcrumb.tsx';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { CardGridSkeleton } from '../../components/skeleton.tsx';
import { formatDate } from '../../lib/format.ts';
import { useLanguage } from '../../lib/use-language.ts';
import { usePosts } from './api/get-posts.ts';

export default function NewsPage() {
  const { t } = useTranslation('pages');
  const lang = useLanguage();
  const { openModal } = useModal();
  const [ordering, setOrdering] = useState<'creation_date' | '-creation_date'>('-creation_date');
  const posts = usePosts(ordering);
  return (
    <PageMain>
      <Breadcrumb items={[{ label: t('news.title') }]} />
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{t('news.title')}</h1>
      {posts.isPending ? (
        <CardGridSkeleton count={3} />
      ) : posts.isError ? (
        <ErrorPanel error={posts.error} onRetry={() => void posts.refetch()} />
      ) : (
        <>
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <p className="text-slate-700">{t('news.count', { count: posts.data.length })}</p>
            <button
              type="button"
              onClick={() => setOrdering(ordering === '-creation_date' ? 'creation_date' : '-creation_date')}
              className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-800 hover:bg-slate-100"
            >
              {t('products.publishDate')}:{' '}
              {ordering === '-creation_date' ? t('products.sortNewest') : t('products.sortOldest')}
            </button>
          </div>
          {posts.data.length === 0 ? (
            <p className="rounded-xl bg-white p-6 text-center text-slate-700">{t('news.empty')}</p>
          ) : (
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {posts.data.map((post) => (
                <article
                  key={post.id}
                  className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
                >
                  {post.images[0] && (
                    <img
                      src={post.images[0].image}
                      alt=""
                      loading="lazy"
                      className="aspect-[16/9] w-full bg-slate-100 object-cover"
                    />
                  )}
                  <div className="flex flex-1 flex-col p-4">
                    <h2 className="mb-1 text-base font-bold text-slate-900">{post.title}</h2>
                    <p className="mb-2 text-xs text-slate-600">
                      <time dateTime={post.creation_date}>{formatDate(post.creation_date, lang)}</time>
                    </p>
                    <p className="mb-4 line-clamp-3 text-sm text-slate-700">{post.content}</p>
                    <button
                      type="button"
                      onClick={() => openModal({ type: 'news', item: post })}
                      aria-label={t('news.seeMoreNamed', { title: post.title })}
                      className="mt-auto self-start rounded-lg bg-sky-800 px-4 py-2 text-sm font-semibold text-white hover:bg-sky-900"
                    >
                      {t('news.seeMore')}
                    </button>
                  </div>
                </article>
              ))}
            </div>
          )}
        </>
      )}
    </PageMain>
  );
}
