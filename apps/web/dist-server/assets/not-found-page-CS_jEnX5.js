import { t as usePageTitle } from './use-page-title-B_QKOac9.js';
import { n as PageMain } from '../entry-server.js';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { jsx, jsxs } from 'react/jsx-runtime';
// src/app/not-found-page.tsx
function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('errors.notFoundTitle'));
  return /* @__PURE__ */ jsx(PageMain, {
    children: /* @__PURE__ */ jsxs('div', {
      className: 'mx-auto max-w-xl py-12 text-center',
      children: [
        /* @__PURE__ */ jsx('p', {
          className: 'mb-2 text-6xl font-bold text-sky-900',
          'aria-hidden': true,
          children: '۴۰۴ / 404',
        }),
        /* @__PURE__ */ jsx('h1', {
          className: 'mb-3 text-2xl font-bold text-slate-900',
          children: t('errors.notFoundTitle'),
        }),
        /* @__PURE__ */ jsx('p', {
          className: 'mb-6 text-slate-700',
          children: t('errors.notFoundText'),
        }),
        /* @__PURE__ */ jsx(Link, {
          to: '/',
          className: 'rounded-lg bg-sky-800 px-5 py-2.5 font-semibold text-white hover:bg-sky-900',
          children: t('errors.backHome'),
        }),
      ],
    }),
  });
}
export { NotFoundPage as default };

//# sourceMappingURL=not-found-page-CS_jEnX5.js.map
