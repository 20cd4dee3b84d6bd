import type { Post } from '@storefront/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { PostImage } from './post-image.tsx';

/**
 * A post's card: its image, then its title (a link to the post, at the given heading level), its
 * date and whatever else the card shows.
 */
export function PostCard({
  post,
  level,
  className,
  bodyClassName,
  dateClassName,
  children,
}: {
  post: Post;
  level: 'h2' | 'h3';
  /** The card's own layout classes (besides its border and shadow). */
  className: string;
  bodyClassName: string;
  dateClassName: string;
  children?: ReactNode;
}) {
  const lang = useLanguage();
  const Heading = level;
  return (
    <article
      data-post-id={post.id}
      className={`${className} overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm`}
    >
      <PostImage post={post} />
      <div className={bodyClassName}>
        <Heading className="mb-1 text-base font-bold text-slate-900">
          <Link to={`/news/${post.id}`} className="underline-offset-4 hover:underline">
            {post.title}
          </Link>
        </Heading>
        <p className={dateClassName}>
          <time dateTime={post.creation_date}>{formatDate(post.creation_date, lang)}</time>
        </p>
        {children}
      </div>
    </article>
  );
}
