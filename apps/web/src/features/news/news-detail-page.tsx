import { useTranslation } from '../../app/translate.tsx';
import { Link, useParams } from 'react-router';
import { Island } from '../../app/islands.tsx';
import { PageMain } from '../../app/root-layout.tsx';
import { Breadcrumb } from '../../components/breadcrumb.tsx';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { SafeHtml } from '../../components/safe-html.tsx';
import { LoadingNote, Skeleton } from '../../components/skeleton.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { useLanguage } from '../../lib/use-language.ts';
import { usePost } from './api/get-post.ts';
import { usePosts } from './api/get-posts.ts';
import { OtherNews } from './components/other-news.tsx';
import { postHead } from '@storefront/contracts';
import { usePageHead } from '../../lib/use-page-title.ts';
import { queryLoader } from '../../app/route-data.ts';
import { postQueryOptions } from './api/get-post.ts';
import { postsQueryOptions } from './api/get-posts.ts';
import { IMAGE_SIZES, ResponsiveImage } from '../../components/responsive-image.tsx';

/** A route id that can name a post: digits only (so "1e3", "0x1" or "-1" are not found). */
function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/** The post and the others beside it. */
export const loader = queryLoader((client, lang, { params }) => {
  const id = parseId(params.id);
  return Promise.all([
    id === null ? undefined : client.prefetchQuery(postQueryOptions(lang, id)),
    client.prefetchQuery(postsQueryOptions(lang, '-creation_date')),
  ]);
});

/** /app/news/{id}: title, date, first image, sanitised body and the other news carousel. */
export default function NewsDetailPage() {
  const { t } = useTranslation('news');
  const lang = useLanguage();
  const id = parseId(useParams().id);
  const post = usePost(id ?? Number.NaN);
  const posts = usePosts('-creation_date');
  const newsTitle = t('news.title', { ns: 'pages' });
  const notFound =
    id === null || (post.isError && post.error instanceof ApiError && post.error.status === 404);
  usePageHead(postHead, { post: notFound ? null : post.data });

  if (notFound) {
    return (
      <PageMain>
        <Breadcrumb items={[{ label: newsTitle, to: '/news' }, { label: t('detail.notFoundTitle') }]} />
        <div className="mx-auto max-w-xl rounded-xl bg-white p-8 text-center shadow-sm">
          <h1 className="mb-2 text-2xl font-bold text-slate-900">{t('detail.notFoundTitle')}</h1>
          <p className="mb-6 text-slate-700">{t('detail.notFoundText')}</p>
          <Link
            to="/news"
            className="inline-block rounded-lg bg-sky-800 px-5 py-2.5 font-semibold text-white hover:bg-sky-900"
          >
            {t('detail.backToNews')}
          </Link>
        </div>
      </PageMain>
    );
  }

  return (
    <PageMain>
      {post.isPending ? (
        <>
          <LoadingNote />
          {/* The same boxes as the post (breadcrumb, title, date, image): nothing moves when it arrives. */}
          <Skeleton className="mb-4 h-5 w-40" />
          <Skeleton className="mb-2 h-8 w-2/3" />
          <Skeleton className="mb-4 h-5 w-48" />
          <Skeleton className="mb-6 aspect-[16/9] w-full max-w-3xl rounded-xl" />
        </>
      ) : post.isError ? (
        <>
          <Breadcrumb items={[{ label: newsTitle, to: '/news' }]} />
          <ErrorPanel error={post.error} headingLevel={1} onRetry={() => void post.refetch()} />
        </>
      ) : (
        <>
          <article>
            <Breadcrumb items={[{ label: newsTitle, to: '/news' }, { label: post.data.title }]} />
            <h1 className="mb-2 text-2xl font-bold text-slate-900">{post.data.title}</h1>
            <p className="mb-4 text-sm text-slate-600">
              <time dateTime={post.data.creation_date}>
                {t('news.published', { ns: 'pages', date: formatDate(post.data.creation_date, lang) })}
              </time>
            </p>
            {post.data.images[0] && (
              <ResponsiveImage
                src={post.data.images[0].image}
                sizes={IMAGE_SIZES.wide}
                alt={t('list.imageAlt', { title: post.data.title })}
                width={1280}
                height={720}
                // The page's largest picture: asked for first.
                fetchPriority="high"
                className="mb-6 aspect-[16/9] h-auto w-full max-w-3xl rounded-xl bg-slate-100 object-cover"
              />
            )}
            <SafeHtml html={post.data.specific_content} className="max-w-3xl leading-8 text-slate-800" />
          </article>
          {posts.data && (
            <Island name="otherNews" props={{ currentId: post.data.id }}>
              <OtherNews posts={posts.data} currentId={post.data.id} />
            </Island>
          )}
        </>
      )}
    </PageMain>
  );
}
