import type { Post } from '@storefront/contracts';
import { useTranslation } from '../../../app/translate.tsx';
import { Slider } from '../../../components/slider.tsx';
import { PostCard } from './post-card.tsx';
import { selectOtherNews } from '../other-news.ts';
import { usePosts } from '../api/get-posts.ts';

const BREAKPOINTS = { 0: { slidesPerView: 1 }, 600: { slidesPerView: 2 }, 1000: { slidesPerView: 3 } };

/**
 * 'Other news' under a post: up to the 4 newest posts except the current one, in the shared (mirrored
 * in RTL) carousel. Nothing when the store has no other post.
 */
export function OtherNews({ posts, currentId }: { posts: readonly Post[]; currentId: number }) {
  const { t } = useTranslation('news');
  const others = selectOtherNews(posts, currentId);
  if (posts.length < 2 || others.length === 0) return null;
  const heading = t('news.otherNews', { ns: 'pages' });
  return (
    <section aria-labelledby="other-news-heading" className="mt-10" data-testid="other-news">
      <h2 id="other-news-heading" className="mb-4 text-xl font-bold text-slate-900">
        {heading}
      </h2>
      <Slider
        items={others}
        getKey={(post) => post.id}
        label={heading}
        breakpoints={BREAKPOINTS}
        renderItem={(post) => (
          <PostCard
            post={post}
            level="h3"
            className="h-full"
            bodyClassName="p-4"
            dateClassName="text-xs text-slate-600"
          />
        )}
      />
    </section>
  );
}

/** The carousel as an island of a post's page (app/islands.tsx): the posts from the page's data. */
export function OtherNewsIsland({ currentId }: { currentId: number }) {
  const posts = usePosts('-creation_date');
  return posts.data ? <OtherNews posts={posts.data} currentId={currentId} /> : null;
}
