import { rolesThatMay, type StaffRole } from '@storefront/contracts/admin';
import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { setCsrfToken, signOut as endSession } from '../lib/api.ts';
import { useUnreadCount } from '../lib/sales-api.ts';
import { LanguageSwitch } from '../components/shell.tsx';
import { ErrorAlert, Loading } from '../components/ui.tsx';
import { useFormat } from '../lib/format.ts';
import { SESSION_KEY, useSession } from '../lib/session.ts';

interface NavItem {
  to: string;
  label: string;
  roles: readonly StaffRole[];
}

// What each role may do is the server's rule too (packages/contracts roles.ts).
const EDIT: readonly StaffRole[] = rolesThatMay.editCatalogue;
const OWNER: readonly StaffRole[] = rolesThatMay.manageStore;
const ALL: readonly StaffRole[] = rolesThatMay.useBackOffice;
const SALES: readonly StaffRole[] = rolesThatMay.seeSales;

export function navItems(): NavItem[] {
  return [
    { to: '/', label: 'nav.dashboard', roles: ALL },
    { to: '/enquiries', label: 'nav.enquiries', roles: SALES },
    { to: '/reviews', label: 'nav.reviews', roles: SALES },
    { to: '/customers', label: 'nav.customers', roles: SALES },
    { to: '/newsletter', label: 'nav.newsletter', roles: SALES },
    { to: '/products', label: 'nav.products', roles: EDIT },
    { to: '/collections', label: 'nav.collections', roles: EDIT },
    { to: '/subcollections', label: 'nav.subcollections', roles: EDIT },
    { to: '/industries', label: 'nav.industries', roles: EDIT },
    { to: '/tags', label: 'nav.tags', roles: EDIT },
    { to: '/posts', label: 'nav.posts', roles: EDIT },
    { to: '/banners', label: 'nav.banners', roles: EDIT },
    { to: '/about-us', label: 'nav.aboutUs', roles: EDIT },
    { to: '/transfer', label: 'nav.transfer', roles: EDIT },
    { to: '/store', label: 'nav.store', roles: OWNER },
    { to: '/feeds', label: 'feeds.nav', roles: OWNER },
    { to: '/staff', label: 'nav.staff', roles: OWNER },
    { to: '/audit', label: 'nav.audit', roles: OWNER },
    { to: '/settings', label: 'nav.settings', roles: ALL },
    { to: '/account', label: 'nav.account', roles: ALL },
  ];
}

/** The enquiries' link: the unread count (asked every ~20 s and on focus) is part of its name. */
export function EnquiriesNavLabel() {
  const { t } = useTranslation();
  const f = useFormat();
  const unread = useUnreadCount(true);
  const count = unread.data?.unread ?? 0;
  if (count === 0) return <>{t('nav.enquiries')}</>;
  return (
    <span className="flex items-center justify-between gap-2">
      <span>
        {t('nav.enquiries')}{' '}
        <span className="sr-only">{t('nav.unread', { count, formatted: f.number(count) })}</span>
      </span>
      <span
        aria-hidden="true"
        className="min-w-6 rounded-full bg-amber-300 px-1.5 text-center text-xs font-bold text-slate-950"
      >
        {f.number(count)}
      </span>
    </span>
  );
}

function NavItemLink({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <NavLink
      to={item.to}
      end={item.to === '/'}
      onClick={onNavigate}
      className={({ isActive }) =>
        `block rounded px-3 py-1.5 ${isActive ? 'bg-sky-800 font-medium text-white' : 'text-slate-900 hover:bg-slate-100'}`
      }
    >
      {item.to === '/enquiries' ? <EnquiriesNavLabel /> : t(item.label)}
    </NavLink>
  );
}

/** The links a role may follow. */
function NavList({ role, onNavigate }: { role: StaffRole; onNavigate?: () => void }) {
  return (
    <ul className="flex flex-col gap-1">
      {navItems()
        .filter((item) => item.roles.includes(role))
        .map((item) => (
          <li key={item.to}>
            <NavItemLink item={item} onNavigate={onNavigate} />
          </li>
        ))}
    </ul>
  );
}

const WIDE = '(min-width: 768px)';

/**
 * Below 768 px the navigation is one "Menu" button opening a drawer (Radix Dialog: focus moves into
 * it, Escape closes it and gives focus back to the button) from the start side, the right in fa; it
 * closes when a link is chosen or the window grows wide.
 */
function MobileNav({ role }: { role: StaffRole }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const wide = window.matchMedia(WIDE);
    const close = () => {
      if (wide.matches) setOpen(false);
    };
    wide.addEventListener('change', close);
    return () => wide.removeEventListener('change', close);
  }, []);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="inline-flex items-center gap-2 rounded border border-slate-400 bg-white px-3 py-1 text-sm font-medium hover:bg-slate-100 md:hidden">
        <span aria-hidden="true">☰</span>
        {t('navMenu.open')}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 md:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 start-0 z-50 w-72 max-w-[85vw] overflow-y-auto bg-white p-3 shadow-xl md:hidden"
        >
          <div className="mb-2 flex items-center justify-between gap-2">
            <Dialog.Title className="px-3 font-bold">{t('nav.label')}</Dialog.Title>
            <Dialog.Close
              aria-label={t('navMenu.close')}
              className="rounded px-2 py-1 text-lg leading-none hover:bg-slate-100"
            >
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          <nav aria-label={t('nav.label')}>
            <NavList role={role} onNavigate={() => setOpen(false)} />
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The signed-in frame: header, role-aware navigation, main. */
export function Layout() {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();

  if (session.isPending) return <Loading />;
  if (session.isError)
    return (
      <main id="main" className="p-6">
        <ErrorAlert error={session.error} />
      </main>
    );
  if (!session.data) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/sign-in?next=${encodeURIComponent(next)}`} replace />;
  }
  const staff = session.data.staff;

  async function signOut() {
    try {
      await endSession();
    } finally {
      setCsrfToken(null);
      client.clear();
      client.setQueryData(SESSION_KEY, null);
      await navigate('/sign-in', { replace: true });
    }
  }

  return (
    <div className="min-h-screen">
      <a
        href="#main"
        className="sr-only rounded bg-white p-2 focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50"
      >
        {t('nav.skip')}
      </a>
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-300 bg-white px-4 py-3">
        <div className="flex items-center gap-3">
          <MobileNav role={staff.role} />
          <NavLink to="/" className="font-bold text-slate-900">
            {t('appTitle')}
          </NavLink>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <span className="text-sm text-slate-800">
            {staff.name} · {t(`roles.${staff.role}`)}
          </span>
          <LanguageSwitch />
          <button
            type="button"
            onClick={() => void signOut()}
            className="rounded border border-slate-400 bg-white px-3 py-1 text-sm font-medium hover:bg-slate-100"
          >
            {t('nav.signOut')}
          </button>
        </div>
      </header>
      <div className="flex flex-col md:flex-row">
        <nav
          aria-label={t('nav.label')}
          className="hidden border-slate-300 bg-white p-3 md:block md:min-h-[calc(100vh-57px)] md:w-56 md:border-e"
        >
          <NavList role={staff.role} />
        </nav>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-4 md:p-6">
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}

/** The pages of one role set; others see a note. */
export function RequireRole({ roles, children }: { roles: readonly StaffRole[]; children: ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  const role = session.data?.staff.role;
  if (!role || !roles.includes(role))
    return (
      <div>
        <h1 className="mb-3 text-2xl font-bold">{t('forbidden.title')}</h1>
        <p>{t('forbidden.text')}</p>
      </div>
    );
  return <>{children}</>;
}

export const roles = { EDIT, OWNER, ALL, SALES };
