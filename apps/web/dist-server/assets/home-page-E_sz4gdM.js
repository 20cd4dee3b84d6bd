import {
  A as ApiError,
  D as useAuthDialog,
  M as ORDER_DESCRIPTION_MAX,
  S as CloseIcon,
  T as queryLoader,
  _ as SubmitButton,
  a as Skeleton,
  b as fieldMessages,
  c as useIsSignedIn,
  g as FormField,
  j as apiRequest,
  k as useLanguage,
  m as formatNumber,
  n as PageMain,
  r as CardGridSkeleton,
  t as ErrorPanel,
  v as TextAreaField,
  y as notify,
} from '../entry-server.js';
import { t as Slider } from './slider-CYSBwPKk.js';
import { t as usePageTitle } from './use-page-title-B_QKOac9.js';
import { t as ProductCard } from './product-card-DrV_2F6h.js';
import { n as useLikedIds } from './like-button-CFsQDxxr.js';
import { i as useProducts, n as productsQueryOptions } from './get-products-BsuTN-fM.js';
import { t as useCreateOrder } from './create-order-9DjONg2F.js';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
// src/features/home/api/get-banners.ts
/** GET store/image-banners/ */
function bannersQueryOptions(lang) {
  return queryOptions({
    queryKey: [lang, 'store', 'image-banners'],
    queryFn: ({ signal }) => apiRequest(lang, 'store/image-banners/', { signal }),
  });
}
function useBanners() {
  const lang = useLanguage();
  return useQuery(bannersQueryOptions(lang));
}
// src/features/home/components/recommended-sections.tsx
/** The four sections, in the spec's order, with their flags and headings (spec section 2). */
var HOME_SECTIONS = [
  {
    flag: 'tejarat_khareji',
    heading: 'foreignBusiness',
  },
  {
    flag: 'tejarat_dakheli',
    heading: 'domesticBusiness',
  },
  {
    flag: 'khadamat_tejarat',
    heading: 'businesServices',
  },
  {
    flag: 'amouzesh_tejarat',
    heading: 'businessTraining',
  },
];
/** Slides per view by width: 400 and 500 → 1, 600, 700, 800 → 2, 1000 → 3 (spec section 2). */
var HOME_SLIDER_BREAKPOINTS = {
  400: { slidesPerView: 1 },
  500: { slidesPerView: 1 },
  600: { slidesPerView: 2 },
  700: { slidesPerView: 2 },
  800: { slidesPerView: 2 },
  1e3: { slidesPerView: 3 },
};
/**
 * Recommended products (store/products/?recommend=True) in up to four sliders, each shown only when a
 * product has its flag, with the show-all / show-liked toggle (liked ids from store/likes/).
 */
function RecommendedSections() {
  const { t } = useTranslation('pages');
  const signedIn = useIsSignedIn();
  const { openAuthDialog } = useAuthDialog();
  const [filter, setFilter] = useState('all');
  const recommended = useProducts({ recommend: true });
  const liked = useLikedIds();
  if (recommended.isPending) return /* @__PURE__ */ jsx(CardGridSkeleton, { count: 3 });
  if (recommended.isError)
    return /* @__PURE__ */ jsx(ErrorPanel, {
      error: recommended.error,
      onRetry: () => void recommended.refetch(),
    });
  const likedState =
    filter === 'liked' && signedIn
      ? liked.isPending
        ? 'loading'
        : liked.isError
          ? 'failed'
          : 'ready'
      : 'ready';
  const likedIds = new Set(signedIn ? (liked.data ?? []) : []);
  const shown = filter === 'all' ? recommended.data : recommended.data.filter((p) => likedIds.has(p.id));
  const sections = HOME_SECTIONS.map((section) => ({
    ...section,
    products: shown.filter((product) => product[section.flag]),
  })).filter((section) => section.products.length > 0);
  const onLiked = () => notify.success(t('liked!'));
  const toggle = (value, label) =>
    /* @__PURE__ */ jsx('button', {
      type: 'button',
      'aria-pressed': filter === value,
      onClick: () => setFilter(value),
      className: `rounded-full px-4 py-1.5 text-sm font-semibold ${filter === value ? 'bg-sky-800 text-white' : 'text-slate-800 hover:bg-slate-100'}`,
      children: label,
    });
  return /* @__PURE__ */ jsxs('div', {
    children: [
      /* @__PURE__ */ jsxs('div', {
        className: 'mb-4 flex flex-wrap items-center justify-between gap-3',
        children: [
          /* @__PURE__ */ jsx('h2', {
            className: 'text-xl font-bold text-slate-900',
            children: t('home.recommended'),
          }),
          /* @__PURE__ */ jsxs('div', {
            role: 'group',
            'aria-label': t('home.filterLabel'),
            className: 'inline-flex gap-1 rounded-full border border-slate-300 bg-white p-1',
            children: [toggle('all', t('home.showAll')), toggle('liked', t('home.showLiked'))],
          }),
        ],
      }),
      likedState === 'loading'
        ? /* @__PURE__ */ jsx(CardGridSkeleton, { count: 3 })
        : likedState === 'failed'
          ? /* @__PURE__ */ jsx(ErrorPanel, {
              error: liked.error,
              onRetry: () => void liked.refetch(),
            })
          : sections.length === 0
            ? /* @__PURE__ */ jsx('div', {
                className: 'rounded-xl bg-white p-6 text-center text-slate-700',
                'data-testid': 'home-empty',
                children:
                  filter === 'liked' && !signedIn
                    ? /* @__PURE__ */ jsxs(Fragment, {
                        children: [
                          /* @__PURE__ */ jsx('p', {
                            className: 'mb-3',
                            children: t('home.noLikedSignedOut'),
                          }),
                          /* @__PURE__ */ jsx('button', {
                            type: 'button',
                            onClick: () => openAuthDialog('login'),
                            className:
                              'rounded-lg bg-sky-800 px-4 py-2 text-sm font-semibold text-white hover:bg-sky-900',
                            children: t('home.logIn'),
                          }),
                        ],
                      })
                    : /* @__PURE__ */ jsxs(Fragment, {
                        children: [
                          /* @__PURE__ */ jsx('p', {
                            className: 'mb-3',
                            children: filter === 'liked' ? t('home.noLiked') : t('home.noRecommended'),
                          }),
                          /* @__PURE__ */ jsx(Link, {
                            to: '/products',
                            className:
                              'inline-block rounded-lg bg-sky-800 px-4 py-2 text-sm font-semibold text-white hover:bg-sky-900',
                            children: t('home.allProducts'),
                          }),
                        ],
                      }),
              })
            : sections.map((section) =>
                /* @__PURE__ */ jsxs(
                  'section',
                  {
                    'aria-labelledby': `home-${section.flag}`,
                    className: 'mb-8',
                    'data-section': section.flag,
                    children: [
                      /* @__PURE__ */ jsx('h3', {
                        id: `home-${section.flag}`,
                        className: 'mb-3 text-lg font-bold text-slate-900',
                        children: t(section.heading),
                      }),
                      /* @__PURE__ */ jsx(Slider, {
                        items: section.products,
                        getKey: (product) => product.id,
                        label: t(section.heading),
                        breakpoints: HOME_SLIDER_BREAKPOINTS,
                        renderItem: (product) =>
                          /* @__PURE__ */ jsx(ProductCard, {
                            product,
                            headingLevel: 4,
                            onLiked,
                          }),
                      }),
                    ],
                  },
                  section.flag,
                ),
              ),
    ],
  });
}
/** Persian (۰–۹) and Arabic-Indic (٠–٩) digits as ASCII, spaces and dashes dropped: 09xx typed any way. */
function normalizeDigits(value) {
  return value
    .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 1776))
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 1632))
    .replace(/[\s-]/g, '');
}
/**
 * The first failing rule, in the spec's order: the email must contain @ ('submitAValidEmail'); the
 * phone must start with 09; the phone must be exactly 11 characters ('phoneNumberMustELevenChar').
 * Null when the request may be sent.
 */
function validateQuickRequest(request) {
  if (!request.email.includes('@'))
    return {
      field: 'email',
      key: 'submitAValidEmail',
    };
  const phone = normalizeDigits(request.phone);
  if (!phone.startsWith('09'))
    return {
      field: 'phone',
      key: 'phoneNumberMustStartWith09',
    };
  if (phone.length !== 11)
    return {
      field: 'phone',
      key: 'phoneNumberMustELevenChar',
    };
  return null;
}
/** Where "closed or sent" is remembered: for this browser tab's session only. */
var WELCOME_HIDDEN_KEY = 'storefront.welcomeHidden';
/** Whether the welcome box was closed or used in this session (storage that fails counts as not). */
function isWelcomeHidden(storage = sessionStorageOrNone()) {
  try {
    return storage?.getItem(WELCOME_HIDDEN_KEY) === '1';
  } catch {
    return false;
  }
}
function hideWelcome(storage = sessionStorageOrNone()) {
  try {
    storage?.setItem(WELCOME_HIDDEN_KEY, '1');
  } catch {}
}
function sessionStorageOrNone() {
  try {
    return window.sessionStorage;
  } catch {
    return;
  }
}
// src/features/home/components/welcome-box.tsx
/** Session storage changes only through dismiss(), which re-renders by itself. */
var subscribeToNothing = () => () => {};
/** The general request of the home page is sent as an order of product -1 (spec section 7). */
var GENERAL_REQUEST_ID = -1;
/**
 * The floating welcome box of the home page: a compact prompt whose request button expands it into
 * the quick request form (phone, description, email). The spec's checks run in order and the first
 * failing one is shown at its field; a valid request goes to store/products/-1/orders/. Closing the
 * box or a successful send hides it for the session. A failed send keeps what was typed and says
 * why (the server's field messages, or that it was not sent).
 */
function WelcomeBox() {
  const { t } = useTranslation('pages');
  const { t: tc } = useTranslation();
  const id = useId();
  const form = useRef(null);
  const hiddenThisSession = useSyncExternalStore(subscribeToNothing, isWelcomeHidden, () => false);
  const [dismissed, setDismissed] = useState(false);
  const hidden = hiddenThisSession || dismissed;
  const [expanded, setExpanded] = useState(false);
  const [request, setRequest] = useState({
    phone: '',
    description: '',
    email: '',
  });
  const [invalid, setInvalid] = useState(null);
  const [serverErrors, setServerErrors] = useState({});
  const [failed, setFailed] = useState(false);
  const order = useCreateOrder(GENERAL_REQUEST_ID);
  const box = useRef(null);
  useReserveSpaceBelow(box, !hidden);
  useEffect(() => {
    if (expanded) form.current?.elements.namedItem('phone')?.focus();
  }, [expanded]);
  if (hidden) return null;
  /** Hidden for the session; the keyboard goes to the page rather than to nowhere. */
  const dismiss = () => {
    hideWelcome();
    setDismissed(true);
    document.getElementById('main')?.focus();
  };
  const focusField = (name) => form.current?.elements.namedItem(name)?.focus();
  const onSubmit = (event) => {
    event.preventDefault();
    const problem = validateQuickRequest(request);
    setInvalid(problem);
    setServerErrors({});
    setFailed(false);
    if (problem) {
      focusField(problem.field);
      return;
    }
    order.mutate(
      {
        ...request,
        phone: normalizeDigits(request.phone),
      },
      {
        onSuccess: () => {
          notify.success(t('orderSubmittedSuccessfully'));
          dismiss();
        },
        onError: (error) => {
          const fields =
            error instanceof ApiError && error.status === 400
              ? fieldMessages(error, tc, { description: ORDER_DESCRIPTION_MAX })
              : {};
          const known = {};
          for (const name of ['phone', 'description', 'email']) if (fields[name]) known[name] = fields[name];
          setServerErrors(known);
          setFailed(Object.keys(known).length === 0);
          const first = ['phone', 'description', 'email'].find((name) => known[name]);
          if (first) focusField(first);
        },
      },
    );
  };
  const errorsOf = (name) => [
    ...(invalid?.field === name ? [t(invalid.key)] : []),
    ...(serverErrors[name] ?? []),
  ];
  const update = (name) => (value) => {
    setRequest((current) => ({
      ...current,
      [name]: value,
    }));
    if (invalid?.field === name) setInvalid(null);
  };
  return /* @__PURE__ */ jsxs('aside', {
    ref: box,
    'aria-label': t('welcome.label'),
    'data-testid': 'welcome-box',
    className:
      'fixed bottom-3 end-3 z-30 max-h-[85vh] w-[min(24rem,calc(100vw-1.5rem))] overflow-y-auto rounded-2xl border border-sky-200 bg-white p-4 shadow-2xl',
    children: [
      /* @__PURE__ */ jsxs('div', {
        className: 'mb-2 flex items-start justify-between gap-3',
        children: [
          /* @__PURE__ */ jsx('h2', {
            className: 'text-base font-bold text-slate-900',
            children: t('welcome.title'),
          }),
          /* @__PURE__ */ jsxs('button', {
            type: 'button',
            onClick: dismiss,
            className:
              'inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100',
            children: [
              /* @__PURE__ */ jsx(CloseIcon, {}),
              /* @__PURE__ */ jsx('span', {
                className: 'sr-only',
                children: t('welcome.close'),
              }),
            ],
          }),
        ],
      }),
      !expanded
        ? /* @__PURE__ */ jsxs(Fragment, {
            children: [
              /* @__PURE__ */ jsx('p', {
                className: 'mb-3 text-sm text-slate-700',
                children: t('welcome.prompt'),
              }),
              /* @__PURE__ */ jsx('button', {
                type: 'button',
                'aria-expanded': false,
                'aria-controls': `${id}-form`,
                onClick: () => setExpanded(true),
                className: 'w-full rounded-lg bg-sky-800 px-4 py-2 font-semibold text-white hover:bg-sky-900',
                children: t('welcome.open'),
              }),
            ],
          })
        : /* @__PURE__ */ jsxs('form', {
            id: `${id}-form`,
            ref: form,
            onSubmit,
            noValidate: true,
            className: 'space-y-3',
            children: [
              /* @__PURE__ */ jsx(FormField, {
                label: t('welcome.phone'),
                hint: t('welcome.phoneHint'),
                name: 'phone',
                type: 'tel',
                inputMode: 'tel',
                autoComplete: 'tel',
                dir: 'ltr',
                value: request.phone,
                errors: errorsOf('phone'),
                onChange: (event) => update('phone')(event.target.value),
              }),
              /* @__PURE__ */ jsx(TextAreaField, {
                label: t('welcome.description'),
                name: 'description',
                rows: 3,
                value: request.description,
                errors: errorsOf('description'),
                onChange: (event) => update('description')(event.target.value),
              }),
              /* @__PURE__ */ jsx(FormField, {
                label: t('welcome.email'),
                name: 'email',
                type: 'email',
                autoComplete: 'email',
                dir: 'ltr',
                value: request.email,
                errors: errorsOf('email'),
                onChange: (event) => update('email')(event.target.value),
              }),
              /* @__PURE__ */ jsx('p', {
                role: 'alert',
                className: invalid ? 'sr-only' : 'text-sm font-medium text-red-800',
                'data-testid': 'quick-request-message',
                children: invalid ? t(invalid.key) : failed ? t('welcome.failed') : '',
              }),
              /* @__PURE__ */ jsx(SubmitButton, {
                pending: order.isPending,
                label: t('welcome.submit'),
                pendingLabel: t('welcome.sending'),
                fullWidth: true,
              }),
            ],
          }),
    ],
  });
}
/**
 * While the box floats, the page gets as much room below its end as the box is tall, so that the
 * footer's last lines (the newsletter form) can always be scrolled out from under it.
 */
function useReserveSpaceBelow(box, active) {
  useEffect(() => {
    const element = box.current;
    if (!active || !element) return;
    const body = document.body;
    const reserve = () => {
      body.style.paddingBottom = `${element.offsetHeight + 24}px`;
    };
    reserve();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(reserve);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      body.style.paddingBottom = '';
    };
  }, [box, active]);
}
// src/features/home/home-page.tsx
/** Carousel autoplay interval (spec section 9). */
var BANNER_AUTOPLAY_MS = 5e3;
/** The banners' intrinsic size (3:1): the space is kept before the image arrives. */
var BANNER_WIDTH = 1200;
var BANNER_HEIGHT = 400;
/** The banners and the recommended products, before the first paint (app/route-data.ts). */
var loader = queryLoader((client, lang) =>
  Promise.all([
    client.prefetchQuery(bannersQueryOptions(lang)),
    client.prefetchQuery(productsQueryOptions(lang, { recommend: true })),
  ]),
);
/** Home: the banner carousel, the recommended sections with their filter, the floating welcome box. */
function HomePage() {
  const { t } = useTranslation('pages');
  const lang = useLanguage();
  usePageTitle(void 0);
  const banners = useBanners();
  return /* @__PURE__ */ jsxs(Fragment, {
    children: [
      /* @__PURE__ */ jsxs(PageMain, {
        children: [
          /* @__PURE__ */ jsx('h1', {
            className: 'mb-2 text-2xl font-bold text-slate-900',
            children: t('home.heading'),
          }),
          /* @__PURE__ */ jsx('p', {
            className: 'mb-6 text-slate-700',
            children: t('home.intro'),
          }),
          /* @__PURE__ */ jsx('div', {
            className: 'mb-8',
            children: banners.isPending
              ? /* @__PURE__ */ jsx(Skeleton, { className: 'aspect-[3/1] w-full' })
              : banners.isError
                ? /* @__PURE__ */ jsx(ErrorPanel, {
                    error: banners.error,
                    onRetry: () => void banners.refetch(),
                  })
                : banners.data.length > 0
                  ? /* @__PURE__ */ jsx(Slider, {
                      items: banners.data,
                      getKey: (banner) => banner.id,
                      label: t('home.banners'),
                      autoplayMs: BANNER_AUTOPLAY_MS,
                      loop: true,
                      renderItem: (banner, index) =>
                        /* @__PURE__ */ jsx('img', {
                          src: banner.image,
                          alt: t('home.banner', { number: formatNumber(index + 1, lang) }),
                          width: BANNER_WIDTH,
                          height: BANNER_HEIGHT,
                          loading: index === 0 ? 'eager' : 'lazy',
                          className: 'aspect-[3/1] h-auto w-full rounded-xl bg-slate-200 object-cover',
                        }),
                    })
                  : null,
          }),
          /* @__PURE__ */ jsx(RecommendedSections, {}),
        ],
      }),
      /* @__PURE__ */ jsx(WelcomeBox, {}),
    ],
  });
}
export { HomePage as default, loader };

//# sourceMappingURL=home-page-E_sz4gdM.js.map
