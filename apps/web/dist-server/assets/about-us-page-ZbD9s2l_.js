import {
  T as queryLoader,
  a as Skeleton,
  i as LoadingNote,
  j as apiRequest,
  k as useLanguage,
  n as PageMain,
  t as ErrorPanel,
} from '../entry-server.js';
import { t as Breadcrumb } from './breadcrumb-Ci-jbknc.js';
import { t as SafeHtml } from './safe-html-DYIcg39A.js';
import { t as Slider } from './slider-CYSBwPKk.js';
import { t as usePageTitle } from './use-page-title-B_QKOac9.js';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
// src/features/about-us/api/get-about-us.ts
/** GET store/about-us/ (without the token): the page shows the first item's content. */
function aboutUsQueryOptions(lang) {
  return queryOptions({
    queryKey: [lang, 'store', 'about-us'],
    queryFn: ({ signal }) =>
      apiRequest(lang, 'store/about-us/', {
        auth: false,
        signal,
      }),
  });
}
function useAboutUs() {
  const lang = useLanguage();
  return useQuery(aboutUsQueryOptions(lang));
}
// src/features/about-us/components/about-banner.tsx
/**
 * The about-us banner, drawn (no image request, no layout shift): a skyline of trade (crates, a ship,
 * a globe) over a gradient. Decorative: the page title beside it names the page.
 */
function AboutBanner({ text }) {
  return /* @__PURE__ */ jsxs('div', {
    className:
      'relative mb-6 overflow-hidden rounded-2xl bg-gradient-to-br from-sky-900 via-sky-800 to-teal-700 text-white',
    children: [
      /* @__PURE__ */ jsxs('svg', {
        'aria-hidden': 'true',
        focusable: 'false',
        viewBox: '0 0 1200 300',
        width: '1200',
        height: '300',
        preserveAspectRatio: 'xMidYMid slice',
        className: 'block aspect-[4/1] h-auto min-h-40 w-full',
        children: [
          /* @__PURE__ */ jsx('circle', {
            cx: '980',
            cy: '90',
            r: '120',
            fill: '#fff',
            opacity: '0.08',
          }),
          /* @__PURE__ */ jsx('circle', {
            cx: '980',
            cy: '90',
            r: '80',
            fill: 'none',
            stroke: '#fff',
            strokeOpacity: '0.25',
            strokeWidth: '2',
          }),
          /* @__PURE__ */ jsx('ellipse', {
            cx: '980',
            cy: '90',
            rx: '35',
            ry: '80',
            fill: 'none',
            stroke: '#fff',
            strokeOpacity: '0.25',
            strokeWidth: '2',
          }),
          /* @__PURE__ */ jsx('path', {
            d: 'M900 90h160M912 50h136M912 130h136',
            stroke: '#fff',
            strokeOpacity: '0.25',
            strokeWidth: '2',
          }),
          /* @__PURE__ */ jsx('path', {
            d: 'M0 250 Q300 200 600 240 T1200 230 V300 H0Z',
            fill: '#fff',
            opacity: '0.1',
          }),
          /* @__PURE__ */ jsx('path', {
            d: 'M0 270 Q320 235 640 265 T1200 255 V300 H0Z',
            fill: '#fff',
            opacity: '0.12',
          }),
          /* @__PURE__ */ jsxs('g', {
            fill: '#fbbf24',
            opacity: '0.85',
            children: [
              /* @__PURE__ */ jsx('rect', {
                x: '120',
                y: '200',
                width: '60',
                height: '40',
                rx: '3',
              }),
              /* @__PURE__ */ jsx('rect', {
                x: '185',
                y: '200',
                width: '60',
                height: '40',
                rx: '3',
                fill: '#f87171',
              }),
              /* @__PURE__ */ jsx('rect', {
                x: '150',
                y: '158',
                width: '60',
                height: '40',
                rx: '3',
                fill: '#34d399',
              }),
            ],
          }),
          /* @__PURE__ */ jsx('path', {
            d: 'M300 235 h190 l-25 30 h-140z',
            fill: '#e2e8f0',
            opacity: '0.9',
          }),
          /* @__PURE__ */ jsx('rect', {
            x: '360',
            y: '205',
            width: '70',
            height: '30',
            fill: '#cbd5e1',
            opacity: '0.9',
          }),
          /* @__PURE__ */ jsx('path', {
            d: 'M395 205 V170',
            stroke: '#e2e8f0',
            strokeWidth: '4',
          }),
        ],
      }),
      /* @__PURE__ */ jsx('p', {
        className:
          'absolute inset-x-0 bottom-0 bg-gradient-to-t from-slate-950/70 to-transparent px-5 pb-4 pt-10 text-lg font-bold leading-8 sm:text-2xl',
        children: text,
      }),
    ],
  });
}
// src/features/about-us/components/team-carousel.tsx
/** The five placeholder team members (texts in the news namespace, about.members.{key}). */
var TEAM = [
  {
    key: 'ceo',
    colour: '#0c4a6e',
  },
  {
    key: 'sales',
    colour: '#115e59',
  },
  {
    key: 'logistics',
    colour: '#7c2d12',
  },
  {
    key: 'support',
    colour: '#4c1d95',
  },
  {
    key: 'training',
    colour: '#831843',
  },
];
/** 1 slide below 500 px, 2 from 500, 3 from 800, 4 from 1100 (spec: team carousel 1 to 4). */
var BREAKPOINTS = {
  0: { slidesPerView: 1 },
  500: { slidesPerView: 2 },
  800: { slidesPerView: 3 },
  1100: { slidesPerView: 4 },
};
/** A drawn avatar: the initials on a coloured disc with a head-and-shoulders outline behind. */
function Avatar({ initials, colour, label }) {
  return /* @__PURE__ */ jsxs('svg', {
    role: 'img',
    'aria-label': label,
    viewBox: '0 0 120 120',
    width: '120',
    height: '120',
    className: 'mx-auto mb-3',
    children: [
      /* @__PURE__ */ jsx('circle', {
        cx: '60',
        cy: '60',
        r: '58',
        fill: colour,
      }),
      /* @__PURE__ */ jsx('circle', {
        cx: '60',
        cy: '48',
        r: '22',
        fill: '#fff',
        opacity: '0.15',
      }),
      /* @__PURE__ */ jsx('path', {
        d: 'M22 104 a38 30 0 0 1 76 0',
        fill: '#fff',
        opacity: '0.15',
      }),
      /* @__PURE__ */ jsx('text', {
        x: '60',
        y: '62',
        textAnchor: 'middle',
        dominantBaseline: 'middle',
        fill: '#fff',
        fontSize: '34',
        fontWeight: '700',
        fontFamily: 'inherit',
        children: initials,
      }),
    ],
  });
}
function TeamCarousel() {
  const { t } = useTranslation('news');
  return /* @__PURE__ */ jsxs('section', {
    'aria-labelledby': 'team-heading',
    className: 'mt-10 [&_.swiper-slide]:h-auto',
    'data-testid': 'team',
    children: [
      /* @__PURE__ */ jsx('h2', {
        id: 'team-heading',
        className: 'mb-1 text-xl font-bold text-slate-900',
        children: t('about.teamTitle'),
      }),
      /* @__PURE__ */ jsx('p', {
        className: 'mb-4 text-slate-700',
        children: t('about.teamIntro'),
      }),
      /* @__PURE__ */ jsx(Slider, {
        items: [...TEAM],
        getKey: (member) => member.key,
        label: t('about.teamCarousel'),
        breakpoints: BREAKPOINTS,
        renderItem: (member) => {
          const name = t(`about.members.${member.key}.name`);
          return /* @__PURE__ */ jsxs('article', {
            className: 'h-full rounded-xl border border-slate-200 bg-white p-5 text-center shadow-sm',
            children: [
              /* @__PURE__ */ jsx(Avatar, {
                initials: t(`about.members.${member.key}.initials`),
                colour: member.colour,
                label: t('about.avatarAlt', { name }),
              }),
              /* @__PURE__ */ jsx('h3', {
                className: 'text-base font-bold text-slate-900',
                children: name,
              }),
              /* @__PURE__ */ jsx('p', {
                className: 'mb-2 text-sm font-semibold text-sky-900',
                children: t(`about.members.${member.key}.role`),
              }),
              /* @__PURE__ */ jsx('p', {
                className: 'text-sm leading-6 text-slate-700',
                children: t(`about.members.${member.key}.description`),
              }),
            ],
          });
        },
      }),
    ],
  });
}
// src/features/about-us/about-us-page.tsx
/** The about-us text. */
var loader = queryLoader((client, lang) => client.prefetchQuery(aboutUsQueryOptions(lang)));
/** /app/aboutus: banner, title, the first about-us item's HTML (or 'no info') and the team carousel. */
function AboutUsPage() {
  const { t } = useTranslation('news');
  const about = useAboutUs();
  const content = about.data?.[0]?.content?.trim();
  const title = t('about.title', { ns: 'pages' });
  usePageTitle(title);
  return /* @__PURE__ */ jsxs(PageMain, {
    children: [
      /* @__PURE__ */ jsx(Breadcrumb, { items: [{ label: title }] }),
      /* @__PURE__ */ jsx(AboutBanner, { text: t('about.bannerText') }),
      /* @__PURE__ */ jsx('h1', {
        className: 'mb-4 text-2xl font-bold text-slate-900',
        children: title,
      }),
      about.isPending
        ? /* @__PURE__ */ jsxs(Fragment, {
            children: [
              /* @__PURE__ */ jsx(LoadingNote, {}),
              /* @__PURE__ */ jsx(Skeleton, { className: 'h-[70vh] w-full max-w-3xl' }),
            ],
          })
        : about.isError
          ? /* @__PURE__ */ jsx(ErrorPanel, {
              error: about.error,
              onRetry: () => void about.refetch(),
            })
          : content
            ? /* @__PURE__ */ jsx(SafeHtml, {
                html: content,
                className: 'max-w-3xl leading-8 text-slate-800',
              })
            : /* @__PURE__ */ jsx('p', {
                className: 'rounded-xl bg-white p-6 text-slate-700',
                'data-testid': 'about-empty',
                children: t('about.noInfo', { ns: 'pages' }),
              }),
      /* @__PURE__ */ jsx(TeamCarousel, {}),
    ],
  });
}
export { AboutUsPage as default, loader };

//# sourceMappingURL=about-us-page-ZbD9s2l_.js.map
