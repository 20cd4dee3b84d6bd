import {
  A as ApiError,
  C as ImagePlaceholderIcon,
  D as useAuthDialog,
  O as useDirection,
  S as CloseIcon,
  T as queryLoader,
  _ as SubmitButton,
  a as Skeleton,
  b as fieldMessages,
  c as useIsSignedIn,
  f as formatDate,
  g as FormField,
  h as formatPriceRange,
  i as LoadingNote,
  j as apiRequest,
  k as useLanguage,
  n as PageMain,
  p as formatDigits,
  s as preview,
  t as ErrorPanel,
  v as TextAreaField,
  y as notify,
} from '../entry-server.js';
import { t as Breadcrumb } from './breadcrumb-Ci-jbknc.js';
import { t as LikeButton } from './like-button-CFsQDxxr.js';
import { t as useCreateOrder } from './create-order-9DjONg2F.js';
import {
  a as Autoplay,
  i as SwiperSlide,
  n as SliderControls,
  o as A11y,
  r as Swiper,
  s as Keyboard,
} from './slider-CYSBwPKk.js';
import { t as SafeHtml } from './safe-html-DYIcg39A.js';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { jsx, jsxs } from 'react/jsx-runtime';
import * as Dialog from '@radix-ui/react-dialog';
import * as Tabs from '@radix-ui/react-tabs';
// src/features/products/api/get-product.ts
/** GET store/products/{id}/ */
function productQueryOptions(lang, id) {
  return queryOptions({
    queryKey: [lang, 'store', 'products', id],
    queryFn: ({ signal }) => apiRequest(lang, `store/products/${id}/`, { signal }),
  });
}
// src/features/products/product-detail/availability-badge.tsx
/** In stock when the inventory is above 0, otherwise unavailable (spec section 4). */
function isInStock(inventory) {
  return inventory > 0;
}
function AvailabilityBadge({ inventory }) {
  const { t } = useTranslation('product');
  const inStock = isInStock(inventory);
  return /* @__PURE__ */ jsxs('span', {
    'data-testid': 'availability',
    'data-in-stock': inStock,
    className: `inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold ${inStock ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-800'}`,
    children: [
      /* @__PURE__ */ jsx('span', {
        'aria-hidden': true,
        className: `inline-block h-2 w-2 rounded-full ${inStock ? 'bg-emerald-700' : 'bg-slate-600'}`,
      }),
      inStock ? t('inStock') : t('unavailable'),
    ],
  });
}
// src/features/products/product-detail/order-dialog.tsx
/**
 * The request dialog (phone, description, email). Nothing is checked on the client (spec section 5):
 * the server decides. Success toasts 'orderSubmittedSuccessfully', failure 'errorInSubmittingOrder',
 * and the dialog closes either way (spec sections 4 and 8).
 */
function OrderDialog({ productId, productTitle, open, onOpenChange }) {
  const { t } = useTranslation('product');
  const dir = useDirection();
  const [phone, setPhone] = useState('');
  const [description, setDescription] = useState('');
  const [email, setEmail] = useState('');
  const order = useCreateOrder(productId);
  const onSubmit = (event) => {
    event.preventDefault();
    order.mutate(
      {
        phone,
        description,
        email,
      },
      {
        onSuccess: () => {
          notify.success(t('orderSubmittedSuccessfully'));
          setPhone('');
          setDescription('');
          setEmail('');
          onOpenChange(false);
        },
        onError: () => {
          notify.error(t('errorInSubmittingOrder'));
          onOpenChange(false);
        },
      },
    );
  };
  return /* @__PURE__ */ jsx(Dialog.Root, {
    open,
    onOpenChange,
    children: /* @__PURE__ */ jsxs(Dialog.Portal, {
      children: [
        /* @__PURE__ */ jsx(Dialog.Overlay, { className: 'fixed inset-0 z-40 bg-slate-900/50' }),
        /* @__PURE__ */ jsxs(Dialog.Content, {
          dir,
          className:
            'fixed inset-0 z-50 m-auto h-fit max-h-[95vh] w-[min(30rem,calc(100vw-1.5rem))] overflow-y-auto rounded-2xl bg-white p-5 shadow-2xl sm:p-6',
          children: [
            /* @__PURE__ */ jsxs('div', {
              className: 'mb-4 flex items-start justify-between gap-4',
              children: [
                /* @__PURE__ */ jsxs('div', {
                  children: [
                    /* @__PURE__ */ jsx(Dialog.Title, {
                      className: 'text-lg font-bold text-slate-900',
                      children: t('dialog.title'),
                    }),
                    /* @__PURE__ */ jsx(Dialog.Description, {
                      className: 'text-sm text-slate-600',
                      children: t('dialog.description', { title: productTitle }),
                    }),
                  ],
                }),
                /* @__PURE__ */ jsxs(Dialog.Close, {
                  className:
                    'inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100',
                  children: [
                    /* @__PURE__ */ jsx(CloseIcon, {}),
                    /* @__PURE__ */ jsx('span', {
                      className: 'sr-only',
                      children: t('dialog.close'),
                    }),
                  ],
                }),
              ],
            }),
            /* @__PURE__ */ jsxs('form', {
              onSubmit,
              noValidate: true,
              className: 'space-y-4',
              children: [
                /* @__PURE__ */ jsx(FormField, {
                  label: t('dialog.phone'),
                  name: 'phone',
                  type: 'tel',
                  inputMode: 'tel',
                  dir: 'ltr',
                  autoComplete: 'tel',
                  value: phone,
                  onChange: (event) => setPhone(event.target.value),
                }),
                /* @__PURE__ */ jsx(TextAreaField, {
                  label: t('dialog.message'),
                  name: 'description',
                  rows: 4,
                  value: description,
                  onChange: (event) => setDescription(event.target.value),
                }),
                /* @__PURE__ */ jsx(FormField, {
                  label: t('dialog.email'),
                  name: 'email',
                  type: 'email',
                  dir: 'ltr',
                  autoComplete: 'email',
                  value: email,
                  onChange: (event) => setEmail(event.target.value),
                }),
                /* @__PURE__ */ jsx(SubmitButton, {
                  pending: order.isPending,
                  label: t('dialog.submit'),
                  pendingLabel: t('dialog.sending'),
                  fullWidth: true,
                }),
              ],
            }),
          ],
        }),
      ],
    }),
  });
}
// src/features/products/product-detail/preview-description.tsx
/** Spec section 9: the preview description is cut at 1000 characters. */
var PREVIEW_MAX = 1e3;
/** The preview description, cut at 1000 characters and then followed by the 'continued below' note. */
function PreviewDescription({ text, onReadMore }) {
  const { t } = useTranslation('product');
  const cut = preview(text.trim(), PREVIEW_MAX);
  if (!cut.text) return null;
  return /* @__PURE__ */ jsxs('div', {
    className: 'mb-4 text-slate-800',
    children: [
      /* @__PURE__ */ jsx('p', {
        'data-testid': 'preview-description',
        className: 'leading-8 whitespace-pre-line',
        children: cut.text,
      }),
      cut.cut &&
        /* @__PURE__ */ jsxs('p', {
          className: 'mt-1 text-sm text-slate-700',
          children: [
            /* @__PURE__ */ jsxs('span', { children: [t('continuedBelow'), ' '] }),
            /* @__PURE__ */ jsx('button', {
              type: 'button',
              onClick: onReadMore,
              className: 'font-semibold text-sky-900 underline underline-offset-4 hover:text-sky-950',
              children: t('readFullDescription'),
            }),
          ],
        }),
    ],
  });
}
// src/features/products/product-detail/product-gallery.tsx
/** Spec section 9: the carousel moves every 5000 ms. */
var GALLERY_AUTOPLAY_MS = 5e3;
/**
 * The product's images: wraps around, plays every 5000 ms, pauses while the pointer is over it or
 * focus is inside it, and has a pause button (WCAG 2.2.2). Mirrored in right-to-left. No images: a
 * placeholder of the same size, so nothing shifts.
 */
function ProductGallery({ product }) {
  const { t } = useTranslation('product');
  const dir = useDirection();
  const [swiper, setSwiper] = useState(null);
  const [playing, setPlaying] = useState(true);
  const images = product.images;
  if (images.length === 0)
    return /* @__PURE__ */ jsxs('div', {
      role: 'img',
      'aria-label': t('gallery.noImage'),
      className:
        'flex aspect-[4/3] w-full flex-col items-center justify-center gap-2 rounded-xl bg-slate-100 text-slate-600',
      children: [
        /* @__PURE__ */ jsx(ImagePlaceholderIcon, {
          width: 56,
          height: 56,
          'aria-hidden': true,
        }),
        /* @__PURE__ */ jsx('span', {
          'aria-hidden': true,
          children: t('gallery.noImage'),
        }),
      ],
    });
  const several = images.length > 1;
  const pause = () => {
    if (swiper && playing) swiper.autoplay.pause();
  };
  const resume = () => {
    if (swiper && playing) swiper.autoplay.resume();
  };
  return /* @__PURE__ */ jsxs('section', {
    'aria-roledescription': t('gallery.slide'),
    'aria-label': t('gallery.label'),
    className: 'relative overflow-hidden rounded-xl bg-slate-100',
    'data-testid': 'product-gallery',
    onFocus: pause,
    onBlur: (event) => {
      if (!event.currentTarget.contains(event.relatedTarget)) resume();
    },
    children: [
      /* @__PURE__ */ jsx(
        Swiper,
        {
          dir,
          modules: [Autoplay, A11y, Keyboard],
          slidesPerView: 1,
          loop: several,
          keyboard: {
            enabled: true,
            onlyInViewport: true,
          },
          autoplay: several
            ? {
                delay: GALLERY_AUTOPLAY_MS,
                pauseOnMouseEnter: true,
                disableOnInteraction: false,
              }
            : false,
          a11y: {
            prevSlideMessage: t('gallery.previous'),
            nextSlideMessage: t('gallery.next'),
            slideLabelMessage: `${t('gallery.slide')} {{index}} / {{slidesLength}}`,
            containerRoleDescriptionMessage: t('gallery.label'),
          },
          onSwiper: setSwiper,
          children: images.map((image, index) =>
            /* @__PURE__ */ jsx(
              SwiperSlide,
              {
                children: /* @__PURE__ */ jsx('img', {
                  src: image.image,
                  alt:
                    image.alt ||
                    t('gallery.imageAlt', {
                      title: product.title,
                      number: index + 1,
                      count: images.length,
                    }),
                  width: 800,
                  height: 600,
                  loading: index === 0 ? 'eager' : 'lazy',
                  className: 'aspect-[4/3] h-auto w-full object-cover',
                }),
              },
              `${index}-${image.image}`,
            ),
          ),
        },
        dir,
      ),
      several &&
        /* @__PURE__ */ jsx(SliderControls, {
          swiper,
          labels: {
            previous: t('gallery.previous'),
            next: t('gallery.next'),
            pause: t('gallery.pause'),
            play: t('gallery.play'),
          },
          autoplay: {
            playing,
            setPlaying,
          },
          pausePressed: true,
        }),
    ],
  });
}
// src/features/products/api/get-reviews.ts
function reviewsQueryKey(lang, productId) {
  return [lang, 'store', 'products', productId, 'reviews'];
}
/** GET store/products/{id}/reviews/, newest first. */
function reviewsQueryOptions(lang, productId) {
  return queryOptions({
    queryKey: reviewsQueryKey(lang, productId),
    queryFn: async ({ signal }) => {
      return [...(await apiRequest(lang, `store/products/${productId}/reviews/`, { signal }))].sort(
        (a, b) => Date.parse(b.creation_date) - Date.parse(a.creation_date) || b.id - a.id,
      );
    },
  });
}
function useReviews(productId) {
  const lang = useLanguage();
  return useQuery(reviewsQueryOptions(lang, productId));
}
// src/features/products/api/create-review.ts
/** POST store/products/{id}/reviews/ (name, email, content); the list is refetched after a success. */
function useCreateReview(productId) {
  const lang = useLanguage();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body) =>
      apiRequest(lang, `store/products/${productId}/reviews/`, {
        method: 'POST',
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsQueryKey(lang, productId) }),
  });
}
// src/features/products/product-detail/review-form.tsx
/** Spec sections 5 and 9: a review is at most 500 characters. */
var REVIEW_LIMIT = 500;
/**
 * The review form: name, email and the text (at most 500 characters: maxLength stops typing, a live
 * counter shows the count). Nothing else is checked here; the server decides. Success shows the
 * review-sent confirmation and refetches the list; failure warns that the email may be wrong or the
 * data was not sent, with the server's reasons under the fields.
 */
function ReviewForm({ productId }) {
  const { t } = useTranslation('product');
  const { t: tc } = useTranslation();
  const id = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState({});
  const [status, setStatus] = useState({ kind: 'idle' });
  const create = useCreateReview(productId);
  const onSubmit = (event) => {
    event.preventDefault();
    setErrors({});
    setStatus({ kind: 'idle' });
    create.mutate(
      {
        name,
        email,
        content,
      },
      {
        onSuccess: () => {
          setStatus({ kind: 'sent' });
          setName('');
          setEmail('');
          setContent('');
        },
        onError: (error) => {
          setStatus({ kind: 'failed' });
          if (!(error instanceof ApiError)) return;
          const next = {};
          const codes = error.fieldCodes;
          const messages = fieldMessages(error, tc, { name: 100 });
          for (const key of ['name', 'email', 'content']) {
            if (!messages[key]) continue;
            next[key] =
              key === 'content' && codes.content?.includes('too_long')
                ? [t('reviews.limitReached', { max: REVIEW_LIMIT })]
                : messages[key];
          }
          setErrors(next);
        },
      },
    );
  };
  const counterId = `${id}-counter`;
  const contentErrorId = `${id}-content-error`;
  const atLimit = content.length >= REVIEW_LIMIT;
  return /* @__PURE__ */ jsxs('form', {
    onSubmit,
    noValidate: true,
    'aria-labelledby': `${id}-heading`,
    className: 'space-y-4',
    children: [
      /* @__PURE__ */ jsx('h2', {
        id: `${id}-heading`,
        className: 'text-lg font-bold text-slate-900',
        children: t('reviews.formHeading'),
      }),
      /* @__PURE__ */ jsx('div', {
        'aria-live': 'polite',
        role: 'status',
        children:
          status.kind === 'sent' &&
          /* @__PURE__ */ jsx('p', {
            className: 'rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-emerald-900',
            children: t('reviews.sent'),
          }),
      }),
      status.kind === 'failed' &&
        /* @__PURE__ */ jsx('p', {
          role: 'alert',
          className: 'rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950',
          children: t('reviews.failed'),
        }),
      /* @__PURE__ */ jsxs('div', {
        className: 'grid gap-4 sm:grid-cols-2',
        children: [
          /* @__PURE__ */ jsx(FormField, {
            label: t('reviews.name'),
            name: 'name',
            autoComplete: 'name',
            value: name,
            errors: errors.name,
            onChange: (event) => setName(event.target.value),
          }),
          /* @__PURE__ */ jsx(FormField, {
            label: t('reviews.email'),
            hint: t('reviews.emailHint'),
            type: 'email',
            name: 'email',
            dir: 'ltr',
            autoComplete: 'email',
            value: email,
            errors: errors.email,
            onChange: (event) => setEmail(event.target.value),
          }),
        ],
      }),
      /* @__PURE__ */ jsxs('div', {
        children: [
          /* @__PURE__ */ jsx('label', {
            htmlFor: `${id}-content`,
            className: 'mb-1 block text-sm font-medium text-slate-800',
            children: t('reviews.content'),
          }),
          /* @__PURE__ */ jsx('textarea', {
            id: `${id}-content`,
            name: 'content',
            rows: 5,
            maxLength: REVIEW_LIMIT,
            value: content,
            onChange: (event) => setContent(event.target.value.slice(0, REVIEW_LIMIT)),
            'aria-invalid': errors.content ? true : void 0,
            'aria-describedby': [counterId, errors.content ? contentErrorId : ''].filter(Boolean).join(' '),
            className:
              'w-full rounded-lg border border-slate-400 px-3 py-2 text-slate-900 outline-none focus:border-sky-700 focus:ring-2 focus:ring-sky-200 aria-invalid:border-red-700',
          }),
          /* @__PURE__ */ jsxs('p', {
            id: counterId,
            'data-testid': 'review-counter',
            className: `mt-1 text-xs ${atLimit ? 'font-semibold text-amber-900' : 'text-slate-600'}`,
            children: [
              t('reviews.counter', {
                count: content.length,
                max: REVIEW_LIMIT,
              }),
              atLimit &&
                /* @__PURE__ */ jsxs('span', {
                  children: [' — ', t('reviews.limitReached', { max: REVIEW_LIMIT })],
                }),
            ],
          }),
          errors.content &&
            /* @__PURE__ */ jsx('ul', {
              id: contentErrorId,
              className: 'mt-1 space-y-0.5 text-sm text-red-800',
              children: errors.content.map((message) =>
                /* @__PURE__ */ jsx('li', { children: message }, message),
              ),
            }),
        ],
      }),
      /* @__PURE__ */ jsx(SubmitButton, {
        pending: create.isPending,
        label: t('reviews.submit'),
        pendingLabel: t('reviews.sending'),
      }),
    ],
  });
}
// src/features/products/product-detail/review-list.tsx
/** Reviews, newest first; the date in the Jalali calendar (fa) or the Gregorian (en); text only. */
function ReviewList({ reviews }) {
  const { t } = useTranslation('product');
  const lang = useLanguage();
  if (reviews.length === 0)
    return /* @__PURE__ */ jsx('p', {
      className: 'text-slate-700',
      children: t('reviews.empty'),
    });
  return /* @__PURE__ */ jsx('ol', {
    className: 'space-y-3',
    'data-testid': 'review-list',
    children: reviews.map((review) =>
      /* @__PURE__ */ jsx(
        'li',
        {
          className: 'rounded-xl border border-slate-200 bg-white p-4',
          children: /* @__PURE__ */ jsxs('article', {
            children: [
              /* @__PURE__ */ jsxs('header', {
                className: 'mb-1 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1',
                children: [
                  /* @__PURE__ */ jsx('h3', {
                    className: 'font-bold text-slate-900',
                    children: review.name,
                  }),
                  /* @__PURE__ */ jsx('time', {
                    dateTime: review.creation_date,
                    className: 'text-sm text-slate-600',
                    children: formatDate(review.creation_date, lang),
                  }),
                ],
              }),
              /* @__PURE__ */ jsx('p', {
                className: 'break-words whitespace-pre-line text-slate-800',
                children: review.content,
              }),
            ],
          }),
        },
        review.id,
      ),
    ),
  });
}
// src/features/products/product-detail/product-tabs.tsx
var PRODUCT_TABS_ID = 'product-tabs';
/** Description (sanitised HTML, the default), properties (key/value rows), comments (reviews). */
function ProductTabs({ product, tab, onTabChange }) {
  const { t } = useTranslation('product');
  const dir = useDirection();
  const reviews = useReviews(product.id);
  const trigger =
    'shrink-0 border-b-2 border-transparent px-4 py-2.5 text-sm font-semibold text-slate-700 hover:text-sky-900 data-[state=active]:border-sky-800 data-[state=active]:text-sky-900 sm:text-base';
  const panel = 'py-5 outline-none focus-visible:ring-2 focus-visible:ring-sky-300';
  return /* @__PURE__ */ jsxs(Tabs.Root, {
    id: PRODUCT_TABS_ID,
    value: tab,
    onValueChange: (value) => onTabChange(value),
    dir,
    className: 'mt-8 scroll-mt-4',
    children: [
      /* @__PURE__ */ jsxs(Tabs.List, {
        'aria-label': t('tabs.label'),
        className: 'flex overflow-x-auto border-b border-slate-200 [scrollbar-width:thin]',
        children: [
          /* @__PURE__ */ jsx(Tabs.Trigger, {
            value: 'description',
            className: trigger,
            children: t('tabs.description'),
          }),
          /* @__PURE__ */ jsx(Tabs.Trigger, {
            value: 'properties',
            className: trigger,
            children: t('tabs.properties'),
          }),
          /* @__PURE__ */ jsx(Tabs.Trigger, {
            value: 'comments',
            className: trigger,
            children: reviews.data
              ? t('tabs.comments', { count: reviews.data.length })
              : t('tabs.commentsPlain'),
          }),
        ],
      }),
      /* @__PURE__ */ jsx(Tabs.Content, {
        value: 'description',
        className: panel,
        children: product.description.trim()
          ? /* @__PURE__ */ jsx(SafeHtml, {
              html: product.description,
              className: 'max-w-3xl leading-8 text-slate-800',
            })
          : /* @__PURE__ */ jsx('p', {
              className: 'text-slate-700',
              children: t('noDescription'),
            }),
      }),
      /* @__PURE__ */ jsx(Tabs.Content, {
        value: 'properties',
        className: panel,
        children:
          product.properties.length > 0
            ? /* @__PURE__ */ jsx('dl', {
                className:
                  'max-w-3xl divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200',
                children: product.properties.map((property, index) =>
                  /* @__PURE__ */ jsxs(
                    'div',
                    {
                      className:
                        'grid gap-1 px-4 py-3 odd:bg-slate-50 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)] sm:gap-4',
                      children: [
                        /* @__PURE__ */ jsx('dt', {
                          className: 'font-semibold text-slate-800',
                          children: property.key,
                        }),
                        /* @__PURE__ */ jsx('dd', {
                          className: 'break-words text-slate-900',
                          children: property.value,
                        }),
                      ],
                    },
                    `${index}-${property.key}`,
                  ),
                ),
              })
            : /* @__PURE__ */ jsx('p', {
                className: 'text-slate-700',
                children: t('noProperties'),
              }),
      }),
      /* @__PURE__ */ jsx(Tabs.Content, {
        value: 'comments',
        className: panel,
        children: /* @__PURE__ */ jsxs('div', {
          className: 'grid gap-8 lg:grid-cols-2',
          children: [
            /* @__PURE__ */ jsxs('section', {
              'aria-labelledby': 'reviews-heading',
              children: [
                /* @__PURE__ */ jsx('h2', {
                  id: 'reviews-heading',
                  className: 'mb-3 text-lg font-bold text-slate-900',
                  children: t('reviews.heading'),
                }),
                reviews.isPending
                  ? /* @__PURE__ */ jsxs('div', {
                      className: 'space-y-3',
                      children: [
                        /* @__PURE__ */ jsx(Skeleton, { className: 'h-20 w-full' }),
                        /* @__PURE__ */ jsx(Skeleton, { className: 'h-20 w-full' }),
                      ],
                    })
                  : reviews.isError
                    ? /* @__PURE__ */ jsx('p', {
                        role: 'alert',
                        className: 'text-red-800',
                        children: t('reviews.loadFailed'),
                      })
                    : /* @__PURE__ */ jsx(ReviewList, { reviews: reviews.data }),
              ],
            }),
            /* @__PURE__ */ jsx(ReviewForm, { productId: product.id }),
          ],
        }),
      }),
    ],
  });
}
// src/features/products/product-detail/product-tags.tsx
/** The product's tags as chips; each searches the products with that word. */
function ProductTags({ tags }) {
  const { t } = useTranslation('product');
  if (tags.length === 0) return null;
  return /* @__PURE__ */ jsxs('section', {
    'aria-labelledby': 'tags-heading',
    className: 'mt-4',
    children: [
      /* @__PURE__ */ jsx('h2', {
        id: 'tags-heading',
        className: 'mb-2 text-sm font-bold text-slate-800',
        children: t('tags'),
      }),
      /* @__PURE__ */ jsx('ul', {
        className: 'flex flex-wrap gap-2',
        children: tags.map(({ tag }) =>
          /* @__PURE__ */ jsx(
            'li',
            {
              children: /* @__PURE__ */ jsxs(Link, {
                to: `/products/search/${encodeURIComponent(tag.title)}`,
                title: t('tagSearch', { tag: tag.title }),
                className:
                  'inline-block rounded-full border border-sky-200 bg-sky-50 px-3 py-1 text-sm text-sky-900 hover:bg-sky-100',
                children: ['#', tag.title],
              }),
            },
            tag.id,
          ),
        ),
      }),
    ],
  });
}
/**
 * The supplier's phone (spec section 2): 'no phone submitted' when the supplier has none; the number
 * when the user holds a 'Bearer' token and the API sent it; asterisks otherwise.
 */
function phoneState(industry, signedIn) {
  if (!industry.has_phone) return { kind: 'none' };
  if (signedIn && industry.phone)
    return {
      kind: 'shown',
      phone: industry.phone,
    };
  return { kind: 'masked' };
}
function websiteHref(website) {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}
function SupplierPanel({ industry }) {
  const { t } = useTranslation('product');
  const lang = useLanguage();
  const signedIn = useIsSignedIn();
  const { openAuthDialog } = useAuthDialog();
  const phone = phoneState(industry, signedIn);
  const website = industry.website.trim();
  return /* @__PURE__ */ jsxs('section', {
    'aria-labelledby': 'supplier-heading',
    className: 'rounded-xl border border-slate-200 bg-slate-50 p-4',
    'data-testid': 'supplier-panel',
    children: [
      /* @__PURE__ */ jsx('h2', {
        id: 'supplier-heading',
        className: 'mb-3 text-base font-bold text-slate-900',
        children: t('supplier.heading'),
      }),
      /* @__PURE__ */ jsxs('dl', {
        className: 'grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm',
        children: [
          /* @__PURE__ */ jsx('dt', {
            className: 'font-semibold text-slate-700',
            children: t('supplier.name'),
          }),
          /* @__PURE__ */ jsx('dd', {
            className: 'text-slate-900',
            children: industry.title,
          }),
          /* @__PURE__ */ jsx('dt', {
            className: 'font-semibold text-slate-700',
            children: t('supplier.website'),
          }),
          /* @__PURE__ */ jsx('dd', {
            className: 'min-w-0 break-words',
            children: website
              ? /* @__PURE__ */ jsx('a', {
                  href: websiteHref(website),
                  target: '_blank',
                  rel: 'noopener noreferrer',
                  dir: 'ltr',
                  className: 'text-sky-900 underline underline-offset-4 hover:text-sky-950',
                  children: website.replace(/^https?:\/\//i, '').replace(/\/$/, ''),
                })
              : /* @__PURE__ */ jsx('span', {
                  className: 'text-slate-700',
                  children: t('supplier.noWebsite'),
                }),
          }),
          /* @__PURE__ */ jsx('dt', {
            className: 'font-semibold text-slate-700',
            children: t('supplier.phone'),
          }),
          /* @__PURE__ */ jsxs('dd', {
            'data-testid': 'supplier-phone',
            'data-phone-state': phone.kind,
            className: 'text-slate-900',
            children: [
              phone.kind === 'none' &&
                /* @__PURE__ */ jsx('span', {
                  className: 'text-slate-700',
                  children: t('supplier.noPhone'),
                }),
              phone.kind === 'shown' &&
                /* @__PURE__ */ jsx('a', {
                  href: `tel:${phone.phone}`,
                  dir: 'ltr',
                  className: 'text-sky-900 underline underline-offset-4',
                  children: formatDigits(phone.phone, lang),
                }),
              phone.kind === 'masked' &&
                /* @__PURE__ */ jsxs('span', {
                  className: 'flex flex-wrap items-center gap-x-2 gap-y-1',
                  children: [
                    /* @__PURE__ */ jsx('span', {
                      dir: 'ltr',
                      'aria-hidden': true,
                      className: 'tracking-widest',
                      children: '*********',
                    }),
                    /* @__PURE__ */ jsxs('span', {
                      className: 'sr-only',
                      children: [t('supplier.masked'), '. ', t('supplier.maskedHint')],
                    }),
                    !signedIn &&
                      /* @__PURE__ */ jsx('button', {
                        type: 'button',
                        onClick: () => openAuthDialog('login'),
                        className:
                          'text-sm font-semibold text-sky-900 underline underline-offset-4 hover:text-sky-950',
                        children: t('supplier.logIn'),
                      }),
                  ],
                }),
            ],
          }),
        ],
      }),
    ],
  });
}
// src/features/products/product-detail/product-detail.tsx
/** `?status=open` opens the request dialog (spec section 2). */
var STATUS_PARAM = 'status';
/** The product detail page's content once the product is loaded. */
function ProductDetail({ product }) {
  const { t } = useTranslation('product');
  const lang = useLanguage();
  const [searchParams, setSearchParams] = useSearchParams();
  const statusOpen = searchParams.get(STATUS_PARAM) === 'open';
  const [dialogOpen, setDialogOpen] = useState(false);
  const [tab, setTab] = useState('description');
  const onDialogOpenChange = (open) => {
    setDialogOpen(open);
    if (!open && statusOpen)
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          next.delete(STATUS_PARAM);
          return next;
        },
        {
          replace: true,
          preventScrollReset: true,
        },
      );
  };
  const readMore = () => {
    setTab('description');
    const tabs = document.getElementById(PRODUCT_TABS_ID);
    tabs?.scrollIntoView({
      behavior: 'smooth',
      block: 'start',
    });
    tabs?.querySelector('[role="tab"]')?.focus({ preventScroll: true });
  };
  return /* @__PURE__ */ jsxs('article', {
    children: [
      /* @__PURE__ */ jsx(Breadcrumb, {
        items: [
          {
            label: t('productsCrumb'),
            to: '/products',
          },
          { label: product.title },
        ],
      }),
      /* @__PURE__ */ jsxs('div', {
        className: 'grid gap-6 md:grid-cols-2 md:gap-8',
        children: [
          /* @__PURE__ */ jsx('div', {
            className: 'min-w-0 md:sticky md:top-4 md:self-start',
            children: /* @__PURE__ */ jsx(ProductGallery, { product }),
          }),
          /* @__PURE__ */ jsxs('div', {
            className: 'min-w-0',
            children: [
              /* @__PURE__ */ jsx('h1', {
                className: 'mb-2 text-2xl font-bold break-words text-slate-900 sm:text-3xl',
                children: product.title,
              }),
              product.short_description &&
                /* @__PURE__ */ jsx('p', {
                  className: 'mb-4 text-lg text-slate-700',
                  children: product.short_description,
                }),
              /* @__PURE__ */ jsxs('dl', {
                className: 'mb-4 grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-2',
                children: [
                  /* @__PURE__ */ jsx('dt', {
                    className: 'text-sm font-semibold text-slate-700',
                    children: t('availability'),
                  }),
                  /* @__PURE__ */ jsx('dd', {
                    children: /* @__PURE__ */ jsx(AvailabilityBadge, { inventory: product.inventory }),
                  }),
                  /* @__PURE__ */ jsx('dt', {
                    className: 'text-sm font-semibold text-slate-700',
                    children: t('priceRange'),
                  }),
                  /* @__PURE__ */ jsx('dd', {
                    className: 'font-bold text-slate-900',
                    'data-testid': 'price-range',
                    children: product.price_range
                      ? formatPriceRange(product.price_range, lang)
                      : t('priceOnRequest'),
                  }),
                ],
              }),
              /* @__PURE__ */ jsxs('div', {
                className: 'mb-5 flex flex-wrap items-center gap-3',
                children: [
                  /* @__PURE__ */ jsx('button', {
                    type: 'button',
                    onClick: () => setDialogOpen(true),
                    className: 'rounded-lg bg-sky-800 px-5 py-2.5 font-semibold text-white hover:bg-sky-900',
                    children: t('request'),
                  }),
                  /* @__PURE__ */ jsx(LikeButton, {
                    productId: product.id,
                    title: product.title,
                  }),
                ],
              }),
              /* @__PURE__ */ jsx(PreviewDescription, {
                text: product.preview_description,
                onReadMore: readMore,
              }),
              product.industry && /* @__PURE__ */ jsx(SupplierPanel, { industry: product.industry }),
              /* @__PURE__ */ jsx(ProductTags, { tags: product.tags }),
            ],
          }),
        ],
      }),
      /* @__PURE__ */ jsx(ProductTabs, {
        product,
        tab,
        onTabChange: setTab,
      }),
      /* @__PURE__ */ jsx(OrderDialog, {
        productId: product.id,
        productTitle: product.title,
        open: dialogOpen || statusOpen,
        onOpenChange: onDialogOpenChange,
      }),
    ],
  });
}
// src/features/products/product-detail/product-not-found.tsx
/** An unknown product id: a translated not-found state with the ways back (not a blank page). */
function ProductNotFound() {
  const { t } = useTranslation('product');
  return /* @__PURE__ */ jsxs('div', {
    className: 'mx-auto max-w-xl py-12 text-center',
    'data-testid': 'product-not-found',
    children: [
      /* @__PURE__ */ jsx('p', {
        className: 'mb-2 text-6xl font-bold text-sky-900',
        'aria-hidden': true,
        children: '۴۰۴ / 404',
      }),
      /* @__PURE__ */ jsx('h1', {
        className: 'mb-3 text-2xl font-bold text-slate-900',
        children: t('notFound.title'),
      }),
      /* @__PURE__ */ jsx('p', {
        className: 'mb-6 text-slate-700',
        children: t('notFound.text'),
      }),
      /* @__PURE__ */ jsxs('div', {
        className: 'flex flex-wrap items-center justify-center gap-3',
        children: [
          /* @__PURE__ */ jsx(Link, {
            to: '/',
            className: 'rounded-lg bg-sky-800 px-5 py-2.5 font-semibold text-white hover:bg-sky-900',
            children: t('notFound.home'),
          }),
          /* @__PURE__ */ jsx(Link, {
            to: '/products',
            className:
              'rounded-lg border border-sky-800 px-5 py-2.5 font-semibold text-sky-900 hover:bg-sky-50',
            children: t('notFound.products'),
          }),
        ],
      }),
    ],
  });
}
// src/features/products/product-page.tsx
/** The document title follows the page and the language; the site title comes back on leaving. */
function useDocumentTitle(title) {
  const { t } = useTranslation();
  const lang = useLanguage();
  useEffect(() => {
    if (title) document.title = title;
  }, [title, lang]);
  useEffect(() => () => void (document.title = t('siteTitle')), [t]);
}
/** The id as the page reads it: digits only, a safe integer; anything else is not found. */
function productIdOf(raw) {
  const id = /^\d{1,15}$/.test(raw ?? '') ? Number(raw) : NaN;
  return Number.isSafeInteger(id) ? id : NaN;
}
/** The product and its reviews. */
var loader = queryLoader(async (client, lang, { params }) => {
  const id = productIdOf(params.id);
  if (Number.isNaN(id)) return;
  await Promise.all([
    client.prefetchQuery(productQueryOptions(lang, id)),
    client.prefetchQuery(reviewsQueryOptions(lang, id)),
  ]);
});
/** /app/product/{id}: the product, a not-found state for an unknown id, or the failure with a retry. */
function ProductPage() {
  const { t } = useTranslation('product');
  const id = productIdOf(useParams().id);
  const valid = !Number.isNaN(id);
  const lang = useLanguage();
  const query = useQuery({
    ...productQueryOptions(lang, id),
    enabled: valid,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[3] === id ? previous : void 0),
  });
  const notFound = !valid || (query.isError && query.error instanceof ApiError && query.error.status === 404);
  useDocumentTitle(
    notFound ? t('notFound.title') : query.data ? query.data.title : query.isError ? t('pageTitle') : null,
  );
  if (notFound)
    return /* @__PURE__ */ jsxs(PageMain, {
      children: [
        /* @__PURE__ */ jsx(Breadcrumb, {
          items: [
            {
              label: t('productsCrumb'),
              to: '/products',
            },
            { label: t('notFound.title') },
          ],
        }),
        /* @__PURE__ */ jsx(ProductNotFound, {}),
      ],
    });
  if (query.isPending)
    return /* @__PURE__ */ jsxs(PageMain, {
      children: [
        /* @__PURE__ */ jsx(LoadingNote, {}),
        /* @__PURE__ */ jsx(Skeleton, { className: 'mb-4 h-4 w-48' }),
        /* @__PURE__ */ jsxs('div', {
          className: 'grid gap-6 md:grid-cols-2 md:gap-8',
          children: [
            /* @__PURE__ */ jsx(Skeleton, { className: 'aspect-[4/3] w-full' }),
            /* @__PURE__ */ jsxs('div', {
              children: [
                /* @__PURE__ */ jsx(Skeleton, { className: 'mb-3 h-8 w-2/3' }),
                /* @__PURE__ */ jsx(Skeleton, { className: 'mb-3 h-5 w-full' }),
                /* @__PURE__ */ jsx(Skeleton, { className: 'mb-3 h-5 w-1/2' }),
                /* @__PURE__ */ jsx(Skeleton, { className: 'h-32 w-full' }),
              ],
            }),
          ],
        }),
      ],
    });
  if (query.isError)
    return /* @__PURE__ */ jsxs(PageMain, {
      children: [
        /* @__PURE__ */ jsx(Breadcrumb, {
          items: [
            {
              label: t('productsCrumb'),
              to: '/products',
            },
            { label: t('pageTitle') },
          ],
        }),
        /* @__PURE__ */ jsx(ErrorPanel, {
          error: query.error,
          headingLevel: 1,
          onRetry: () => void query.refetch(),
        }),
      ],
    });
  return /* @__PURE__ */ jsx(PageMain, {
    children: /* @__PURE__ */ jsx(ProductDetail, { product: query.data }, query.data.id),
  });
}
export { ProductPage as default, loader };

//# sourceMappingURL=product-page-wjUbvjjb.js.map
