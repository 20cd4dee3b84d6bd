import type { Post } from '@storefront/contracts';
import { useTranslation } from '../../../app/translate.tsx';
import { useModal } from '../../../app/modal-context.tsx';
import { PostCard } from './post-card.tsx';
import { postPreview } from '../news-text.ts';
import { ShareButton } from './share-button.tsx';

/** A news card: image, linked title, date, first-sentence preview, share and 'see more' (the modal). */
export function NewsCard({ post }: { post: Post }) {
  const { t } = useTranslation('news');
  const { openModal } = useModal();
  return (
    <PostCard
      post={post}
      level="h2"
      className="flex flex-col"
      bodyClassName="flex flex-1 flex-col p-4"
      dateClassName="mb-2 text-xs text-slate-600"
    >
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
    </PostCard>
  );
}
