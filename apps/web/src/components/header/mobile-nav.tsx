import { useTranslation } from '../../app/translate.tsx';
import { MenuIcon } from '../icons.tsx';
import { MenuButton } from '../menu-button.tsx';

/** Below 750 px: the three links in a dropdown (opens on click or hover). */
export function MobileNav() {
  const { t } = useTranslation();
  return (
    <MenuButton
      label={t('nav.menu')}
      openOnHover
      align="start"
      buttonClassName="inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
      items={[
        { key: 'products', label: t('nav.products'), to: '/products' },
        { key: 'about', label: t('nav.aboutUs'), to: '/aboutus' },
        { key: 'news', label: t('nav.news'), to: '/news' },
      ]}
    >
      <MenuIcon />
    </MenuButton>
  );
}
