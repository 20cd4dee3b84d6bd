import type { HeadContext, HeadOf, Translate } from '@storefront/contracts';
import { useEffect } from 'react';
import { useTranslation } from '../app/translate.tsx';
import { useStoreIdentity, useStoreName } from './api/get-store-identity.ts';
import { useIslandCollector } from '../app/islands.tsx';

/**
 * The tab's title from the page's head: the same declaration the server writes the page's head from
 * (packages/contracts page-heads/), so a page's title is edited in one place. The head's `appTitle`
 * (else its title) is the document title while the page is shown, in the active language; the site
 * title comes back when the page goes. It is set again after a language change (i18n.ts sets the
 * site's title then), and a page that goes only restores the site's title if the title is still its own
 * (the next page may have set its own first). A head whose `appTitle` is null (still loading) leaves
 * the title as it is.
 */
export function usePageHead<D>(head: HeadOf<D>, data: D): void {
  const site = useStoreName();
  const identity = useStoreIdentity().data;
  const { t, i18n } = useTranslation();
  // The app only needs the title: URLs (structured data) are the server's.
  const ctx: HeadContext = {
    lang: i18n.language,
    // Keys are `namespace:key`, as i18next reads them (the heads' keys are checked by use-page-title.test.ts).
    t: t as unknown as Translate,
    site: {
      name: site,
      description: identity?.description || t('siteTagline'),
      logo: identity?.logo,
      phones: identity?.phones ?? [],
      social: identity?.social ?? [],
    },
    url: (path) => path,
    appBase: '',
    path: '',
  };
  const declared = head(ctx, data);
  const text = declared.appTitle === undefined ? declared.title : declared.appTitle;
  // A server render of an islands page: the title goes with the page (app/islands.tsx).
  useIslandCollector()?.setAppTitle(text);
  useEffect(() => {
    if (text === null) return;
    const apply = () => {
      document.title = text;
    };
    apply();
    i18n.on('languageChanged', apply);
    return () => {
      i18n.off('languageChanged', apply);
      if (document.title === text) document.title = site;
    };
  }, [text, site, i18n]);
}
