import { useTranslation } from '../../app/translate.tsx';
import { useLocation } from 'react-router';
import { BASENAME } from '../../app/basename.ts';
import { focusAfterLoad } from '../../app/island-markup.ts';
import { useIslandPage } from '../../app/islands.tsx';

/** The switcher's button, for the focus after an islands page's switch (a page load). */
const LANGUAGE_FOCUS = 'language';
import { LANGUAGES } from '../../lib/languages.ts';
import { useLanguage } from '../../lib/use-language.ts';
import { FlagGB, FlagIR, GlobeIcon } from '../icons.tsx';
import { MenuButton } from '../menu-button.tsx';

const FLAGS = { ir: FlagIR, gb: FlagGB } as const;

/**
 * The globe button and its menu of the two languages (flag and name; the current one disabled).
 * Choosing the other language switches the whole interface at once (on an islands page, by loading
 * the page in it: app/islands.tsx). Each language is also a link to
 * this page with `?lng=` (the server renders in that language), for a new tab; a press on the globe
 * before the app hydrates is replayed once it has (app/early-input.ts), opening the menu.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const current = useLanguage();
  const currentName = LANGUAGES.find((l) => l.code === current)?.name ?? current;
  const location = useLocation();
  const islandPage = useIslandPage();
  const pageIn = (code: string) => {
    const params = new URLSearchParams(location.search);
    params.set('lng', code);
    return `${location.pathname}?${params.toString()}`;
  };

  return (
    <MenuButton
      focusKey={LANGUAGE_FOCUS}
      label={`${t('language.switch')} (${t('language.current', { name: currentName })})`}
      buttonClassName="inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
      items={LANGUAGES.map((language) => {
        const Flag = FLAGS[language.countryCode];
        return {
          key: language.code,
          lang: language.code,
          label: <span>{language.name}</span>,
          icon: <Flag className="shrink-0 rounded-sm border border-slate-200" />,
          disabled: language.code === current,
          to: pageIn(language.code),
          // On an islands page the rest of the page is the server's: the page is loaded in the other
          // language (the server keeps the choice in its cookie, the page's script in storage), and
          // the keyboard comes back to this button there, as it does after a switch in the app.
          onSelect: () => {
            if (!islandPage) {
              void i18n.changeLanguage(language.code);
              return;
            }
            focusAfterLoad(LANGUAGE_FOCUS);
            window.location.assign(`${BASENAME}${pageIn(language.code)}`);
          },
        };
      })}
    >
      <GlobeIcon />
    </MenuButton>
  );
}
