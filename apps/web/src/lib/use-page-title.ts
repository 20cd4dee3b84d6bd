import { useEffect } from 'react';
import { useStoreName } from './api/get-store-identity.ts';

/**
 * "{page} | {site}" as the document title while the page is shown, in the active language; the site
 * title comes back when the page goes.
 */
export function usePageTitle(title: string | undefined): void {
  const site = useStoreName();
  useEffect(() => {
    document.title = title ? `${title} | ${site}` : site;
    return () => {
      document.title = site;
    };
  }, [title, site]);
}
