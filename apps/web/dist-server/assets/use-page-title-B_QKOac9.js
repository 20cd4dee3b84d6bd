import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
// src/lib/use-page-title.ts
/**
 * "{page} | {site}" as the document title while the page is shown, in the active language; the site
 * title comes back when the page goes.
 */
function usePageTitle(title) {
  const { t } = useTranslation();
  const site = t('siteTitle');
  useEffect(() => {
    document.title = title ? `${title} | ${site}` : site;
    return () => {
      document.title = site;
    };
  }, [title, site]);
}
export { usePageTitle as t };

//# sourceMappingURL=use-page-title-B_QKOac9.js.map
