import { C as ImagePlaceholderIcon, E as useModal } from '../entry-server.js';
import { t as LikeButton } from './like-button-CFsQDxxr.js';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { jsx, jsxs } from 'react/jsx-runtime';
// src/components/product-card.tsx
/** The card image's intrinsic size (4:3): the browser reserves the space before it arrives. */
var IMAGE_WIDTH = 480;
var IMAGE_HEIGHT = 360;
/**
 * Image (placeholder if none; lazy and sized), title, short description, the like toggle with the
 * liked state, the call-us link (/app/product/{id}?status=open) and the show button (modal, type
 * product).
 */
function ProductCard({ product, onLiked, headingLevel = 2 }) {
  const { t } = useTranslation('pages');
  const Heading = ['h2', 'h3', 'h4'][headingLevel - 2];
  const { openModal } = useModal();
  const image = product.images[0]?.image;
  return /* @__PURE__ */ jsxs('article', {
    className: 'flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm',
    children: [
      image
        ? /* @__PURE__ */ jsx('img', {
            src: image,
            alt: product.images[0]?.alt || t('products.imageAlt', { title: product.title }),
            loading: 'lazy',
            decoding: 'async',
            width: IMAGE_WIDTH,
            height: IMAGE_HEIGHT,
            className: 'aspect-[4/3] h-auto w-full bg-slate-100 object-cover',
          })
        : /* @__PURE__ */ jsxs('div', {
            className:
              'flex aspect-[4/3] w-full flex-col items-center justify-center gap-1 bg-slate-100 text-slate-600',
            children: [
              /* @__PURE__ */ jsx(ImagePlaceholderIcon, {
                width: 40,
                height: 40,
              }),
              /* @__PURE__ */ jsx('span', {
                className: 'text-sm',
                children: t('products.noImage'),
              }),
            ],
          }),
      /* @__PURE__ */ jsxs('div', {
        className: 'flex flex-1 flex-col p-4',
        children: [
          /* @__PURE__ */ jsxs('div', {
            className: 'mb-1 flex items-start justify-between gap-2',
            children: [
              /* @__PURE__ */ jsx(Heading, {
                className: 'text-base font-bold text-slate-900',
                children: /* @__PURE__ */ jsx(Link, {
                  to: `/product/${product.id}`,
                  className: 'hover:underline',
                  children: product.title,
                }),
              }),
              /* @__PURE__ */ jsx(LikeButton, {
                productId: product.id,
                title: product.title,
                compact: true,
                onLiked,
              }),
            ],
          }),
          /* @__PURE__ */ jsx('p', {
            className: 'mb-4 line-clamp-2 text-sm text-slate-700',
            children: product.short_description,
          }),
          /* @__PURE__ */ jsxs('div', {
            className: 'mt-auto flex flex-wrap items-center gap-2',
            children: [
              /* @__PURE__ */ jsx('button', {
                type: 'button',
                onClick: () =>
                  openModal({
                    type: 'product',
                    item: product,
                  }),
                'aria-label': t('products.showNamed', { title: product.title }),
                className:
                  'rounded-lg bg-sky-800 px-4 py-2 text-sm font-semibold text-white hover:bg-sky-900',
                children: t('products.show'),
              }),
              /* @__PURE__ */ jsx(Link, {
                to: `/product/${product.id}?status=open`,
                className:
                  'rounded-lg border border-sky-800 px-4 py-2 text-sm font-semibold text-sky-900 hover:bg-sky-50',
                children: t('products.callUs'),
              }),
            ],
          }),
        ],
      }),
    ],
  });
}
export { ProductCard as t };

//# sourceMappingURL=product-card-DrV_2F6h.js.map
