import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * "{page} | {site}" as the document title while the page is shown, in the active language; the site
 * title comes back when the page goes.
 */
export function usePageTitle(title: string | undefined): void {
  const { t } = useTranslation();
  const site = t('siteTitle');
  useEffect(() => {
    document.title = title ? `${title} | ${site}` : site;
    return () => {
      document.title = site;
    };
  }, [title, site]);
}
