import { C as ImagePlaceholderIcon, j as apiRequest, k as useLanguage } from '../entry-server.js';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { jsx } from 'react/jsx-runtime';
// src/features/news/api/get-posts.ts
/** GET store/posts/ — news calls are sent without the token (spec section 6). Newest first by default. */
function postsQueryOptions(lang, ordering = '-creation_date') {
  return queryOptions({
    queryKey: [lang, 'store', 'posts', { ordering }],
    queryFn: ({ signal }) =>
      apiRequest(lang, 'store/posts/', {
        query: { ordering },
        auth: false,
        signal,
      }),
  });
}
/** The posts; the previous order stays on screen while the other order loads (no skeleton flash). */
function usePosts(ordering) {
  const lang = useLanguage();
  return useQuery({
    ...postsQueryOptions(lang, ordering),
    placeholderData: keepPreviousData,
  });
}
// src/features/news/components/post-image.tsx
/** A post's first image at 16:9 (sized, lazy), or the no-photo placeholder of the same size. */
function PostImage({ post }) {
  const { t } = useTranslation('news');
  const image = post.images[0]?.image;
  return image
    ? /* @__PURE__ */ jsx('img', {
        src: image,
        alt: t('list.imageAlt', { title: post.title }),
        width: 640,
        height: 360,
        loading: 'lazy',
        decoding: 'async',
        className: 'aspect-[16/9] h-auto w-full bg-slate-100 object-cover',
      })
    : /* @__PURE__ */ jsx('div', {
        className: 'flex aspect-[16/9] w-full items-center justify-center bg-slate-100 text-slate-600',
        children: /* @__PURE__ */ jsx(ImagePlaceholderIcon, {
          width: 40,
          height: 40,
        }),
      });
}
export { postsQueryOptions as n, usePosts as r, PostImage as t };

//# sourceMappingURL=post-image-CYebi0uQ.js.map
