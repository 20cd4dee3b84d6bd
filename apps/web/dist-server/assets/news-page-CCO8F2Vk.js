import {
  E as useModal,
  T as queryLoader,
  f as formatDate,
  k as useLanguage,
  n as PageMain,
  o as htmlToText,
  r as CardGridSkeleton,
  s as preview,
  t as ErrorPanel,
  y as notify,
} from '../entry-server.js';
import { t as Breadcrumb } from './breadcrumb-Ci-jbknc.js';
import { n as postsQueryOptions, r as usePosts, t as PostImage } from './post-image-CYebi0uQ.js';
import { t as usePageTitle } from './use-page-title-B_QKOac9.js';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useHref } from 'react-router';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
/**
 * A sentence ends at . ! ? ؟ or … (optionally followed by closing quotes or brackets) when a space or
 * the end of the text follows, so "2.5" or "www.example.com" do not end it; a line break ends it too.
 */
var SENTENCE_END = /[.!?؟…]+["'»”’)\]]*(?=\s|$)/u;
/**
 * The first sentence of a text, whitespace collapsed, at most `max` characters (a longer sentence is
 * cut at a word boundary and ends with an ellipsis, the ellipsis included in the limit).
 */
function firstSentence(text, max = 500) {
  const firstLine =
    text
      .trim()
      .split(/\n\s*\n|\r?\n/)
      .find((line) => line.trim() !== '') ?? '';
  const match = SENTENCE_END.exec(firstLine);
  const sentence = (match ? firstLine.slice(0, match.index + match[0].length) : firstLine)
    .replace(/\s+/g, ' ')
    .trim();
  if (sentence.length <= max) return sentence;
  return preview(sentence, max - 1).text;
}
/** A post's card preview: the first sentence of its plain text (or of its HTML body when that is empty). */
function postPreview(post, max = 500) {
  return firstSentence(post.content.trim() ? post.content : htmlToText(post.specific_content), max);
}
// src/features/news/components/share-button.tsx
/** Copies through the Clipboard API, or the older selection copy where that API is missing. */
async function copyText(text) {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    if (!document.execCommand('copy')) throw new Error('copy refused');
  } finally {
    area.remove();
  }
}
function LinkIcon() {
  return /* @__PURE__ */ jsx('svg', {
    width: '16',
    height: '16',
    viewBox: '0 0 24 24',
    'aria-hidden': 'true',
    fill: 'none',
    stroke: 'currentColor',
    children: /* @__PURE__ */ jsx('path', {
      strokeWidth: '2',
      strokeLinecap: 'round',
      strokeLinejoin: 'round',
      d: 'M10 13a5 5 0 0 0 7.07 0l3-3a5 5 0 0 0-7.07-7.07l-1.5 1.5M14 11a5 5 0 0 0-7.07 0l-3 3a5 5 0 0 0 7.07 7.07l1.5-1.5',
    }),
  });
}
/**
 * The news card's share button: copies the post's absolute link (/app/news/{id}) on click, Enter or
 * Space, and says so in the 'copied' toast; a refused clipboard shows the link to copy by hand.
 */
function ShareButton({ id, title }) {
  const { t } = useTranslation('news');
  const href = useHref(`/news/${id}`);
  const [busy, setBusy] = useState(false);
  const share = async () => {
    const url = new URL(href, window.location.origin).href;
    setBusy(true);
    try {
      await copyText(url);
      notify.success(t('copied', { ns: 'pages' }));
    } catch {
      notify.error(t('list.copyFailed', { url }));
    } finally {
      setBusy(false);
    }
  };
  return /* @__PURE__ */ jsxs('button', {
    type: 'button',
    onClick: () => void share(),
    'aria-label': t('list.shareNamed', { title }),
    'aria-disabled': busy || void 0,
    title: t('list.shareHint'),
    'data-share-url': href,
    className:
      'inline-flex items-center gap-1.5 rounded-lg border border-sky-800 px-3 py-2 text-sm font-semibold text-sky-900 hover:bg-sky-50',
    children: [/* @__PURE__ */ jsx(LinkIcon, {}), t('list.share')],
  });
}
// src/features/news/components/news-card.tsx
/** A news card: image, linked title, date, first-sentence preview, share and 'see more' (the modal). */
function NewsCard({ post }) {
  const { t } = useTranslation('news');
  const lang = useLanguage();
  const { openModal } = useModal();
  return /* @__PURE__ */ jsxs('article', {
    'data-post-id': post.id,
    className: 'flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm',
    children: [
      /* @__PURE__ */ jsx(PostImage, { post }),
      /* @__PURE__ */ jsxs('div', {
        className: 'flex flex-1 flex-col p-4',
        children: [
          /* @__PURE__ */ jsx('h2', {
            className: 'mb-1 text-base font-bold text-slate-900',
            children: /* @__PURE__ */ jsx(Link, {
              to: `/news/${post.id}`,
              className: 'underline-offset-4 hover:underline',
              children: post.title,
            }),
          }),
          /* @__PURE__ */ jsx('p', {
            className: 'mb-2 text-xs text-slate-600',
            children: /* @__PURE__ */ jsx('time', {
              dateTime: post.creation_date,
              children: formatDate(post.creation_date, lang),
            }),
          }),
          /* @__PURE__ */ jsx('p', {
            className: 'mb-4 text-sm leading-7 text-slate-700',
            'data-testid': 'news-preview',
            children: postPreview(post),
          }),
          /* @__PURE__ */ jsxs('div', {
            className: 'mt-auto flex flex-wrap items-center gap-2',
            children: [
              /* @__PURE__ */ jsx('button', {
                type: 'button',
                onClick: () =>
                  openModal({
                    type: 'news',
                    item: post,
                  }),
                'aria-label': t('news.seeMoreNamed', {
                  ns: 'pages',
                  title: post.title,
                }),
                className:
                  'rounded-lg bg-sky-800 px-4 py-2 text-sm font-semibold text-white hover:bg-sky-900',
                children: t('news.seeMore', { ns: 'pages' }),
              }),
              /* @__PURE__ */ jsx(ShareButton, {
                id: post.id,
                title: post.title,
              }),
            ],
          }),
        ],
      }),
    ],
  });
}
// src/features/news/news-page.tsx
/** The posts, newest first. */
var loader = queryLoader((client, lang) => client.prefetchQuery(postsQueryOptions(lang, '-creation_date')));
/** /app/news: breadcrumb, count, the date order toggle (newest first by default) and the cards. */
function NewsPage() {
  const { t } = useTranslation('news');
  const [ordering, setOrdering] = useState('-creation_date');
  const [announce, setAnnounce] = useState('');
  const posts = usePosts(ordering);
  const title = t('news.title', { ns: 'pages' });
  usePageTitle(title);
  const toggle = () => {
    const next = ordering === '-creation_date' ? 'creation_date' : '-creation_date';
    setOrdering(next);
    setAnnounce(
      t('list.sortChanged', {
        order: next === '-creation_date' ? t('list.newestFirst') : t('list.oldestFirst'),
      }),
    );
  };
  return /* @__PURE__ */ jsxs(PageMain, {
    children: [
      /* @__PURE__ */ jsx(Breadcrumb, { items: [{ label: title }] }),
      /* @__PURE__ */ jsx('h1', {
        className: 'mb-4 text-2xl font-bold text-slate-900',
        children: title,
      }),
      posts.isPending
        ? /* @__PURE__ */ jsx(CardGridSkeleton, { count: 3 })
        : posts.isError
          ? /* @__PURE__ */ jsx(ErrorPanel, {
              error: posts.error,
              onRetry: () => void posts.refetch(),
            })
          : /* @__PURE__ */ jsxs(Fragment, {
              children: [
                /* @__PURE__ */ jsxs('div', {
                  className: 'mb-4 flex flex-wrap items-center justify-between gap-3',
                  children: [
                    /* @__PURE__ */ jsx('p', {
                      className: 'text-slate-700',
                      'data-testid': 'news-count',
                      children: t('news.count', {
                        ns: 'pages',
                        count: posts.data.length,
                      }),
                    }),
                    /* @__PURE__ */ jsxs('button', {
                      type: 'button',
                      onClick: toggle,
                      'aria-busy': posts.isPlaceholderData || void 0,
                      className:
                        'rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-800 hover:bg-slate-100',
                      children: [
                        t('list.sortLabel'),
                        ':',
                        ' ',
                        ordering === '-creation_date' ? t('list.newestFirst') : t('list.oldestFirst'),
                      ],
                    }),
                    /* @__PURE__ */ jsx('p', {
                      role: 'status',
                      className: 'sr-only',
                      children: announce,
                    }),
                  ],
                }),
                posts.data.length === 0
                  ? /* @__PURE__ */ jsx('p', {
                      className: 'rounded-xl bg-white p-6 text-center text-slate-700',
                      children: t('news.empty', { ns: 'pages' }),
                    })
                  : /* @__PURE__ */ jsx('div', {
                      className: 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3',
                      'data-testid': 'news-grid',
                      'aria-busy': posts.isPlaceholderData || void 0,
                      children: posts.data.map((post) => /* @__PURE__ */ jsx(NewsCard, { post }, post.id)),
                    }),
              ],
            }),
    ],
  });
}
export { NewsPage as default, loader };

//# sourceMappingURL=news-page-CCO8F2Vk.js.map
