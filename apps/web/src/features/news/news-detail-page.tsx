import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageMain } from '../../app/root-layout.tsx';
import { Breadcrumb } from '../../components/breadcrumb.tsx';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { SafeHtml } from '../../components/safe-html.tsx';
import { LoadingNote, Skeleton } from '../../components/skeleton.tsx';
import { formatDate } from '../../lib/format.ts';
import { useLanguage } from '../../lib/use-language.ts';
import { usePost } from './api/get-post.ts';

export default function NewsDetailPage() {
  const { t } = useTranslation('pages');
  const lang = useLanguage();
  const id = Number(useParams().id);
  const post = usePost(id);
  return (
    <PageMain>
      {post.isPending ? (
        <>
          <LoadingNote />
          <Skeleton className="mb-4 h-8 w-2/3" />
          <Skeleton className="h-40 w-full" />
        </>
      ) : post.isError ? (
        <>
          <Breadcrumb items={[{ label: t('news.title'), to: '/news' }]} />
          <ErrorPanel error={post.error} headingLevel={1} onRetry={() => void post.refetch()} />
        </>
      ) : (
        <article>
          <Breadcrumb items={[{ label: t('news.title'), to: '/news' }, { label: post.data.title }]} />
          <h1 className="mb-2 text-2xl font-bold text-slate-900">{post.data.title}</h1>
          <p className="mb-4 text-sm text-slate-600">
            {t('news.published', { date: formatDate(post.data.creation_date, lang) })}
          </p>
          {post.data.images[0] && (
            <img
              src={post.data.images[0].image}
              alt=""
              className="mb-6 aspect-[16/9] w-full max-w-3xl rounded-xl bg-slate-100 object-cover"
            />
          )}
          <SafeHtml html={post.data.specific_content} className="max-w-3xl leading-8 text-slate-800" />
        </article>
      )}
    </PageMain>
  );
}
