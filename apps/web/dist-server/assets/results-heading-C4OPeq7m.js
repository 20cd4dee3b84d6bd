import { t as usePageTitle } from './use-page-title-B_QKOac9.js';
import { t as Breadcrumb } from './breadcrumb-Ci-jbknc.js';
import { S as CloseIcon } from '../entry-server.js';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
// src/components/search-chip.tsx
/** The removable search chip: removing it goes home. */
function SearchChip({ term }) {
  const { t } = useTranslation('pages');
  return /* @__PURE__ */ jsxs(Link, {
    to: '/',
    className:
      'mb-4 inline-flex items-center gap-2 rounded-full bg-sky-100 py-1 ps-3 pe-1 text-sm text-sky-900 hover:bg-sky-200',
    children: [
      /* @__PURE__ */ jsx('span', { children: term }),
      /* @__PURE__ */ jsx('span', {
        className: 'inline-flex h-6 w-6 items-center justify-center rounded-full bg-white',
        children: /* @__PURE__ */ jsx(CloseIcon, {
          width: 14,
          height: 14,
        }),
      }),
      /* @__PURE__ */ jsx('span', {
        className: 'sr-only',
        children: t('search.removeTerm', { term }),
      }),
    ],
  });
}
// src/components/results-heading.tsx
/**
 * The top of the search, collection, industry and filtered pages (spec section 2): breadcrumb (home >
 * products > term), the heading (also the document title) and the removable chip that links home.
 * Without a term (a filtered page with no filter) it is the products page's top.
 */
function ResultsHeading({ term, title }) {
  const { t } = useTranslation('pages');
  usePageTitle(title);
  return /* @__PURE__ */ jsxs(Fragment, {
    children: [
      /* @__PURE__ */ jsx(Breadcrumb, {
        items: [
          {
            label: t('products.title'),
            to: '/products',
          },
          ...(term ? [{ label: term }] : []),
        ],
      }),
      /* @__PURE__ */ jsx('h1', {
        className: 'mb-3 text-2xl font-bold text-slate-900',
        children: title,
      }),
      term && /* @__PURE__ */ jsx(SearchChip, { term }),
    ],
  });
}
export { ResultsHeading as t };

//# sourceMappingURL=results-heading-C4OPeq7m.js.map
