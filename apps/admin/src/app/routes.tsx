import { lazy, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteObject } from 'react-router';
import { useRouteError } from 'react-router';
import { ErrorAlert } from '../components/ui.tsx';
import { AccountPage } from '../resources/account/account-page.tsx';
import { InvitePage } from '../resources/auth/invite-page.tsx';
import { SetupPage } from '../resources/auth/setup-page.tsx';
import { SignInPage } from '../resources/auth/sign-in-page.tsx';
import { EntityListPage, type OtherKind } from '../resources/catalogue/entity-list-page.tsx';
import { CustomerDetailPage } from '../resources/customers/customer-detail-page.tsx';
import { CustomersPage } from '../resources/customers/customers-page.tsx';
import { DashboardPage } from '../resources/dashboard/dashboard-page.tsx';
import { EnquiriesPage } from '../resources/enquiries/enquiries-page.tsx';
import { EnquiryDetailPage } from '../resources/enquiries/enquiry-detail-page.tsx';
import { FeedsPage } from '../resources/feeds/feeds-page.tsx';
import { Layout, RequireRole, roles } from './layout.tsx';
import { NewsletterPage } from '../resources/newsletter/newsletter-page.tsx';
import { ProductsListPage } from '../resources/products/products-list-page.tsx';
import { ReviewsPage } from '../resources/reviews/reviews-page.tsx';
import { SettingsPage } from '../resources/settings/settings-page.tsx';
import { QuoteSettingsPage } from '../resources/settings/quote-settings.tsx';
import { AuditPage } from '../resources/audit/audit-page.tsx';
import { StaffPage } from '../resources/staff/staff-page.tsx';
import { TransferPage } from '../resources/transfer/transfer-page.tsx';

// The editors (and TipTap with them) load when first opened.
const ProductEditorPage = lazy(() =>
  import('../resources/products/product-editor-page.tsx').then((m) => ({ default: m.ProductEditorPage })),
);
const KindEditorPage = lazy(() =>
  import('../resources/catalogue/kind-editor-page.tsx').then((m) => ({ default: m.KindEditorPage })),
);
const AboutUsPage = lazy(() =>
  import('../resources/store/about-us-page.tsx').then((m) => ({ default: m.AboutUsPage })),
);
const StorePage = lazy(() =>
  import('../resources/store/store-page.tsx').then((m) => ({ default: m.StorePage })),
);

export const BASENAME = '/admin';

function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  return (
    <main id="main" className="p-6">
      <h1 className="mb-3 text-2xl font-bold">{t('errors.pageTitle')}</h1>
      <ErrorAlert error={error} />
    </main>
  );
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <div>
      <h1 className="mb-3 text-2xl font-bold">{t('errors.notFoundTitle')}</h1>
      <p>{t('errors.request.not_found')}</p>
    </div>
  );
}

const OTHER_KINDS: OtherKind[] = ['collections', 'subcollections', 'industries', 'tags', 'posts', 'banners'];

const edit = (element: ReactNode) => <RequireRole roles={roles.EDIT}>{element}</RequireRole>;
const owner = (element: ReactNode) => <RequireRole roles={roles.OWNER}>{element}</RequireRole>;
const sales = (element: ReactNode) => <RequireRole roles={roles.SALES}>{element}</RequireRole>;

export const routes: RouteObject[] = [
  { path: '/sign-in', element: <SignInPage />, errorElement: <RouteError /> },
  { path: '/setup/:token', element: <SetupPage />, errorElement: <RouteError /> },
  { path: '/invite/:token', element: <InvitePage />, errorElement: <RouteError /> },
  {
    path: '/',
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <DashboardPage /> },
      { path: 'account', element: <AccountPage /> },
      { path: 'settings', element: <SettingsPage /> },
      { path: 'settings/quotes', element: owner(<QuoteSettingsPage />) },
      { path: 'enquiries', element: sales(<EnquiriesPage />) },
      { path: 'enquiries/:id', element: sales(<EnquiryDetailPage />) },
      { path: 'reviews', element: sales(<ReviewsPage />) },
      { path: 'customers', element: sales(<CustomersPage />) },
      { path: 'customers/:id', element: sales(<CustomerDetailPage />) },
      { path: 'newsletter', element: sales(<NewsletterPage />) },
      { path: 'products', element: edit(<ProductsListPage />) },
      { path: 'products/new', element: edit(<ProductEditorPage />) },
      { path: 'products/:id', element: edit(<ProductEditorPage />) },
      ...OTHER_KINDS.flatMap((kind): RouteObject[] => [
        { path: kind, element: edit(<EntityListPage key={kind} kind={kind} />) },
        { path: `${kind}/new`, element: edit(<KindEditorPage key={`${kind}-new`} kind={kind} />) },
        { path: `${kind}/:id`, element: edit(<KindEditorPage key={kind} kind={kind} />) },
      ]),
      { path: 'about-us', element: edit(<AboutUsPage />) },
      { path: 'transfer', element: edit(<TransferPage />) },
      { path: 'store', element: owner(<StorePage />) },
      { path: 'feeds', element: owner(<FeedsPage />) },
      { path: 'staff', element: owner(<StaffPage />) },
      { path: 'audit', element: owner(<AuditPage />) },
      { path: '*', element: <NotFound /> },
    ],
  },
];
