import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useStoreName } from './api/get-store-identity.ts';

/**
 * "{page} | {site}" as the document title while the page is shown, in the active language; the site
 * title comes back when the page goes. The title is set again after a language change (i18n.ts sets
 * the site's title then), and a page that goes only restores the site's title if the title is still
 * its own (the next page may have set its own first).
 */
export function usePageTitle(title: string | undefined): void {
  const site = useStoreName();
  const { i18n } = useTranslation();
  useEffect(() => {
    const text = title ? `${title} | ${site}` : site;
    const apply = () => {
      document.title = text;
    };
    apply();
    i18n.on('languageChanged', apply);
    return () => {
      i18n.off('languageChanged', apply);
      if (document.title === text) document.title = site;
    };
  }, [title, site, i18n]);
}
