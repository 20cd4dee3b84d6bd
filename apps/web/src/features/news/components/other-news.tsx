import type { Post } from '@storefront/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Slider } from '../../../components/slider.tsx';
import { formatDate } from '../../../lib/format.ts';
import { PostImage } from './post-image.tsx';
import { useLanguage } from '../../../lib/use-language.ts';
import { selectOtherNews } from '../other-news.ts';

const BREAKPOINTS = { 0: { slidesPerView: 1 }, 600: { slidesPerView: 2 }, 1000: { slidesPerView: 3 } };

/**
 * 'Other news' under a post: up to the 4 newest posts except the current one, in the shared (mirrored
 * in RTL) carousel. Nothing when the store has no other post.
 */
export function OtherNews({ posts, currentId }: { posts: readonly Post[]; currentId: number }) {
  const { t } = useTranslation('news');
  const lang = useLanguage();
  const others = selectOtherNews(posts, currentId);
  if (posts.length < 2 || others.length === 0) return null;
  const heading = t('news.otherNews', { ns: 'pages' });
  return (
    <section
      aria-labelledby="other-news-heading"
      className="mt-10 [&_.swiper-slide]:h-auto"
      data-testid="other-news"
    >
      <h2 id="other-news-heading" className="mb-4 text-xl font-bold text-slate-900">
        {heading}
      </h2>
      <Slider
        items={others}
        getKey={(post) => post.id}
        label={heading}
        breakpoints={BREAKPOINTS}
        renderItem={(post) => (
          <article
            data-post-id={post.id}
            className="h-full overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
          >
            <PostImage post={post} />
            <div className="p-4">
              <h3 className="mb-1 text-base font-bold text-slate-900">
                <Link to={`/news/${post.id}`} className="underline-offset-4 hover:underline">
                  {post.title}
                </Link>
              </h3>
              <p className="text-xs text-slate-600">
                <time dateTime={post.creation_date}>{formatDate(post.creation_date, lang)}</time>
              </p>
            </div>
          </article>
        )}
      />
    </section>
  );
}
