import {
  A as ApiError,
  T as queryLoader,
  a as Skeleton,
  f as formatDate,
  i as LoadingNote,
  j as apiRequest,
  k as useLanguage,
  n as PageMain,
  t as ErrorPanel,
} from '../entry-server.js';
import { t as Breadcrumb } from './breadcrumb-Ci-jbknc.js';
import { t as SafeHtml } from './safe-html-DYIcg39A.js';
import { n as postsQueryOptions, r as usePosts, t as PostImage } from './post-image-CYebi0uQ.js';
import { t as Slider } from './slider-CYSBwPKk.js';
import { t as usePageTitle } from './use-page-title-B_QKOac9.js';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
// src/features/news/api/get-post.ts
/** GET store/posts/{id}/ (without the token). */
function postQueryOptions(lang, id) {
  return queryOptions({
    queryKey: [lang, 'store', 'posts', id],
    queryFn: ({ signal }) =>
      apiRequest(lang, `store/posts/${id}/`, {
        auth: false,
        signal,
      }),
  });
}
function usePost(id) {
  const lang = useLanguage();
  return useQuery({
    ...postQueryOptions(lang, id),
    enabled: Number.isInteger(id),
  });
}
function time(post) {
  const value = Date.parse(post.creation_date);
  return Number.isNaN(value) ? 0 : value;
}
/** Up to `max` of the newest posts, never the current one (newest first; the higher id breaks a tie). */
function selectOtherNews(posts, currentId, max = 4) {
  return posts
    .filter((post) => post.id !== currentId)
    .sort((a, b) => time(b) - time(a) || b.id - a.id)
    .slice(0, max);
}
// src/features/news/components/other-news.tsx
var BREAKPOINTS = {
  0: { slidesPerView: 1 },
  600: { slidesPerView: 2 },
  1e3: { slidesPerView: 3 },
};
/**
 * 'Other news' under a post: up to the 4 newest posts except the current one, in the shared (mirrored
 * in RTL) carousel. Nothing when the store has no other post.
 */
function OtherNews({ posts, currentId }) {
  const { t } = useTranslation('news');
  const lang = useLanguage();
  const others = selectOtherNews(posts, currentId);
  if (posts.length < 2 || others.length === 0) return null;
  const heading = t('news.otherNews', { ns: 'pages' });
  return /* @__PURE__ */ jsxs('section', {
    'aria-labelledby': 'other-news-heading',
    className: 'mt-10 [&_.swiper-slide]:h-auto',
    'data-testid': 'other-news',
    children: [
      /* @__PURE__ */ jsx('h2', {
        id: 'other-news-heading',
        className: 'mb-4 text-xl font-bold text-slate-900',
        children: heading,
      }),
      /* @__PURE__ */ jsx(Slider, {
        items: others,
        getKey: (post) => post.id,
        label: heading,
        breakpoints: BREAKPOINTS,
        renderItem: (post) =>
          /* @__PURE__ */ jsxs('article', {
            'data-post-id': post.id,
            className: 'h-full overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm',
            children: [
              /* @__PURE__ */ jsx(PostImage, { post }),
              /* @__PURE__ */ jsxs('div', {
                className: 'p-4',
                children: [
                  /* @__PURE__ */ jsx('h3', {
                    className: 'mb-1 text-base font-bold text-slate-900',
                    children: /* @__PURE__ */ jsx(Link, {
                      to: `/news/${post.id}`,
                      className: 'underline-offset-4 hover:underline',
                      children: post.title,
                    }),
                  }),
                  /* @__PURE__ */ jsx('p', {
                    className: 'text-xs text-slate-600',
                    children: /* @__PURE__ */ jsx('time', {
                      dateTime: post.creation_date,
                      children: formatDate(post.creation_date, lang),
                    }),
                  }),
                ],
              }),
            ],
          }),
      }),
    ],
  });
}
// src/features/news/news-detail-page.tsx
/** A route id that can name a post: digits only (so "1e3", "0x1" or "-1" are not found). */
function parseId(raw) {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}
/** The post and the others beside it. */
var loader = queryLoader((client, lang, { params }) => {
  const id = parseId(params.id);
  return Promise.all([
    id === null ? void 0 : client.prefetchQuery(postQueryOptions(lang, id)),
    client.prefetchQuery(postsQueryOptions(lang, '-creation_date')),
  ]);
});
/** /app/news/{id}: title, date, first image, sanitised body and the other news carousel. */
function NewsDetailPage() {
  const { t } = useTranslation('news');
  const lang = useLanguage();
  const id = parseId(useParams().id);
  const post = usePost(id ?? NaN);
  const posts = usePosts('-creation_date');
  const newsTitle = t('news.title', { ns: 'pages' });
  const notFound =
    id === null || (post.isError && post.error instanceof ApiError && post.error.status === 404);
  usePageTitle(notFound ? t('detail.notFoundTitle') : post.data?.title);
  if (notFound)
    return /* @__PURE__ */ jsxs(PageMain, {
      children: [
        /* @__PURE__ */ jsx(Breadcrumb, {
          items: [
            {
              label: newsTitle,
              to: '/news',
            },
            { label: t('detail.notFoundTitle') },
          ],
        }),
        /* @__PURE__ */ jsxs('div', {
          className: 'mx-auto max-w-xl rounded-xl bg-white p-8 text-center shadow-sm',
          children: [
            /* @__PURE__ */ jsx('h1', {
              className: 'mb-2 text-2xl font-bold text-slate-900',
              children: t('detail.notFoundTitle'),
            }),
            /* @__PURE__ */ jsx('p', {
              className: 'mb-6 text-slate-700',
              children: t('detail.notFoundText'),
            }),
            /* @__PURE__ */ jsx(Link, {
              to: '/news',
              className:
                'inline-block rounded-lg bg-sky-800 px-5 py-2.5 font-semibold text-white hover:bg-sky-900',
              children: t('detail.backToNews'),
            }),
          ],
        }),
      ],
    });
  return /* @__PURE__ */ jsx(PageMain, {
    children: post.isPending
      ? /* @__PURE__ */ jsxs(Fragment, {
          children: [
            /* @__PURE__ */ jsx(LoadingNote, {}),
            /* @__PURE__ */ jsx(Skeleton, { className: 'mb-4 h-5 w-40' }),
            /* @__PURE__ */ jsx(Skeleton, { className: 'mb-2 h-8 w-2/3' }),
            /* @__PURE__ */ jsx(Skeleton, { className: 'mb-4 h-5 w-48' }),
            /* @__PURE__ */ jsx(Skeleton, { className: 'mb-6 aspect-[16/9] w-full max-w-3xl rounded-xl' }),
          ],
        })
      : post.isError
        ? /* @__PURE__ */ jsxs(Fragment, {
            children: [
              /* @__PURE__ */ jsx(Breadcrumb, {
                items: [
                  {
                    label: newsTitle,
                    to: '/news',
                  },
                ],
              }),
              /* @__PURE__ */ jsx(ErrorPanel, {
                error: post.error,
                headingLevel: 1,
                onRetry: () => void post.refetch(),
              }),
            ],
          })
        : /* @__PURE__ */ jsxs(Fragment, {
            children: [
              /* @__PURE__ */ jsxs('article', {
                children: [
                  /* @__PURE__ */ jsx(Breadcrumb, {
                    items: [
                      {
                        label: newsTitle,
                        to: '/news',
                      },
                      { label: post.data.title },
                    ],
                  }),
                  /* @__PURE__ */ jsx('h1', {
                    className: 'mb-2 text-2xl font-bold text-slate-900',
                    children: post.data.title,
                  }),
                  /* @__PURE__ */ jsx('p', {
                    className: 'mb-4 text-sm text-slate-600',
                    children: /* @__PURE__ */ jsx('time', {
                      dateTime: post.data.creation_date,
                      children: t('news.published', {
                        ns: 'pages',
                        date: formatDate(post.data.creation_date, lang),
                      }),
                    }),
                  }),
                  post.data.images[0] &&
                    /* @__PURE__ */ jsx('img', {
                      src: post.data.images[0].image,
                      alt: t('list.imageAlt', { title: post.data.title }),
                      width: 1280,
                      height: 720,
                      className:
                        'mb-6 aspect-[16/9] h-auto w-full max-w-3xl rounded-xl bg-slate-100 object-cover',
                    }),
                  /* @__PURE__ */ jsx(SafeHtml, {
                    html: post.data.specific_content,
                    className: 'max-w-3xl leading-8 text-slate-800',
                  }),
                ],
              }),
              posts.data &&
                /* @__PURE__ */ jsx(OtherNews, {
                  posts: posts.data,
                  currentId: post.data.id,
                }),
            ],
          }),
  });
}
export { NewsDetailPage as default, loader };

//# sourceMappingURL=news-detail-page-CjcnQv2A.js.map
