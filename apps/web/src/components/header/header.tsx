import { useTranslation } from '../../app/translate.tsx';
import { Link, NavLink } from 'react-router';
import { useStoreIdentity, useStoreName } from '../../lib/api/get-store-identity.ts';
import { AuthControls } from './auth-controls.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { ProductsMegaMenu } from './mega-menu.tsx';
import { MobileNav } from './mobile-nav.tsx';
import { SearchBox } from './search-box.tsx';

const linkClassName = (active: boolean) =>
  `rounded-lg px-3 py-2 text-sm font-medium ${active ? 'text-sky-900 underline underline-offset-8' : 'text-slate-800 hover:bg-slate-100'}`;

export function Header() {
  const { t } = useTranslation();
  const name = useStoreName();
  const logo = useStoreIdentity().data?.logo;
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="relative mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2">
        <div className="nav:hidden">
          <MobileNav />
        </div>
        <Link to="/" className="flex items-center gap-2 rounded-lg py-1 text-lg font-bold text-sky-900">
          <img
            src={logo ?? `${import.meta.env.BASE_URL}favicon.svg`}
            alt=""
            width={32}
            height={32}
            className="h-8 w-8 object-contain"
          />
          <span className="max-[479px]:sr-only">{name}</span>
        </Link>
        <nav aria-label={t('nav.label')} className="hidden items-center gap-1 nav:flex">
          <ProductsMegaMenu linkClassName={linkClassName} />
          <NavLink to="/aboutus" className={({ isActive }) => linkClassName(isActive)}>
            {t('nav.aboutUs')}
          </NavLink>
          <NavLink to="/news" className={({ isActive }) => linkClassName(isActive)}>
            {t('nav.news')}
          </NavLink>
        </nav>
        <div className="ms-auto flex items-center gap-2">
          <LanguageSwitcher />
          <AuthControls />
        </div>
        <div className="order-last w-full nav:order-none nav:w-64">
          <SearchBox />
        </div>
      </div>
    </header>
  );
}
