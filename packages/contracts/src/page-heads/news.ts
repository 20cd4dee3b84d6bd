import type { Post } from '../store.ts';
import { breadcrumb, describe, listPage, missing, named, type HeadOf } from './types.ts';

export const newsHead = listPage('pages:news.title', 'posts');

/** `post`: undefined while it loads, null when there is none. */
export const postHead: HeadOf<{ post: Post | null | undefined }> = (ctx, { post }) => {
  if (post === null) return { ...missing(ctx), appTitle: named(ctx, ctx.t('news:detail.notFoundTitle')) };
  if (post === undefined) return { title: ctx.site.name };
  const logo = ctx.site.logo ?? undefined;
  const image = post.images[0]?.image;
  const firstSentence = describe(post.content).split(/(?<=[.!?؟])\s/)[0] ?? '';
  return {
    title: named(ctx, post.title),
    description: firstSentence || ctx.site.name,
    image,
    type: 'article',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'NewsArticle',
        headline: post.title,
        datePublished: post.creation_date,
        description: describe(post.content, 300),
        url: ctx.url(ctx.path),
        ...(image ? { image: [image] } : {}),
        publisher: { '@type': 'Organization', name: ctx.site.name, ...(logo ? { logo } : {}) },
      },
      breadcrumb(ctx, [
        { name: ctx.t('pages:news.title'), path: 'news' },
        { name: post.title, path: ctx.path },
      ]),
    ],
  };
};

export const aboutHead: HeadOf<unknown> = (ctx) => {
  const name = ctx.t('pages:about.title');
  return {
    title: named(ctx, name),
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'AboutPage',
        name,
        url: ctx.url(ctx.path),
        description: ctx.site.description,
      },
      breadcrumb(ctx, [{ name, path: ctx.path }]),
    ],
  };
};
