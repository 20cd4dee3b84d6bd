import type { Post } from '@storefront/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useModal } from '../../../app/modal-context.tsx';
import { formatDate } from '../../../lib/format.ts';
import { PostImage } from './post-image.tsx';
import { useLanguage } from '../../../lib/use-language.ts';
import { postPreview } from '../news-text.ts';
import { ShareButton } from './share-button.tsx';

/** A news card: image, linked title, date, first-sentence preview, share and 'see more' (the modal). */
export function NewsCard({ post }: { post: Post }) {
  const { t } = useTranslation('news');
  const lang = useLanguage();
  const { openModal } = useModal();
  return (
    <article
      data-post-id={post.id}
      className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <PostImage post={post} />
      <div className="flex flex-1 flex-col p-4">
        <h2 className="mb-1 text-base font-bold text-slate-900">
          <Link to={`/news/${post.id}`} className="underline-offset-4 hover:underline">
            {post.title}
          </Link>
        </h2>
        <p className="mb-2 text-xs text-slate-600">
          <time dateTime={post.creation_date}>{formatDate(post.creation_date, lang)}</time>
        </p>
        <p className="mb-4 text-sm leading-7 text-slate-700" data-testid="news-preview">
          {postPreview(post)}
        </p>
        <div className="mt-auto flex flex-wrap items-center gap-2">
          <button
            type="button"
            onClick={() => openModal({ type: 'news', item: post })}
            aria-label={t('news.seeMoreNamed', { ns: 'pages', title: post.title })}
            className="rounded-lg bg-sky-800 px-4 py-2 text-sm font-semibold text-white hover:bg-sky-900"
          >
            {t('news.seeMore', { ns: 'pages' })}
          </button>
          <ShareButton id={post.id} title={post.title} />
        </div>
      </div>
    </article>
  );
}
