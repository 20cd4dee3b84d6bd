import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../lib/languages.ts';
import { useLanguage } from '../../lib/use-language.ts';
import { FlagGB, FlagIR, GlobeIcon } from '../icons.tsx';
import { MenuButton } from '../menu-button.tsx';

const FLAGS = { ir: FlagIR, gb: FlagGB } as const;

/**
 * The globe button and its menu of the two languages (flag and name; the current one disabled).
 * Choosing the other language switches the whole interface at once.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const current = useLanguage();
  const currentName = LANGUAGES.find((l) => l.code === current)?.name ?? current;

  return (
    <MenuButton
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
          onSelect: () => {
            void i18n.changeLanguage(language.code);
          },
        };
      })}
    >
      <GlobeIcon />
    </MenuButton>
  );
}
