import { x as ChevronEndIcon } from '../entry-server.js';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { jsx, jsxs } from 'react/jsx-runtime';
// src/components/breadcrumb.tsx
/** home > … > current page; the separators point the reading way (mirrored in RTL). */
function Breadcrumb({ items }) {
  const { t } = useTranslation();
  const all = [
    {
      label: t('nav.home'),
      to: '/',
    },
    ...items,
  ];
  return /* @__PURE__ */ jsx('nav', {
    'aria-label': t('breadcrumb', { ns: 'pages' }),
    className: 'mb-4 text-sm',
    children: /* @__PURE__ */ jsx('ol', {
      className: 'flex flex-wrap items-center gap-1 text-slate-600',
      children: all.map((crumb, index) => {
        const last = index === all.length - 1;
        return /* @__PURE__ */ jsxs(
          'li',
          {
            className: 'flex items-center gap-1',
            children: [
              crumb.to && !last
                ? /* @__PURE__ */ jsx(Link, {
                    to: crumb.to,
                    className: 'text-sky-900 underline-offset-4 hover:underline',
                    children: crumb.label,
                  })
                : /* @__PURE__ */ jsx('span', {
                    'aria-current': last ? 'page' : void 0,
                    className: 'text-slate-800',
                    children: crumb.label,
                  }),
              !last &&
                /* @__PURE__ */ jsx(ChevronEndIcon, {
                  width: 14,
                  height: 14,
                }),
            ],
          },
          `${index}-${crumb.label}`,
        );
      }),
    }),
  });
}
export { Breadcrumb as t };

//# sourceMappingURL=breadcrumb-Ci-jbknc.js.map
