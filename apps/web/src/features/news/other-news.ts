import type { Post } from '@storefront/contracts';

/** How many other posts the news page shows (docs/product.md, Constants: other news 4). */
export const OTHER_NEWS = 4;

function time(post: Post): number {
  const value = Date.parse(post.creation_date);
  return Number.isNaN(value) ? 0 : value;
}

/** Up to `max` of the newest posts, never the current one (newest first; the higher id breaks a tie). */
export function selectOtherNews(posts: readonly Post[], currentId: number, max = OTHER_NEWS): Post[] {
  return posts
    .filter((post) => post.id !== currentId)
    .sort((a, b) => time(b) - time(a) || b.id - a.id)
    .slice(0, max);
}
