import { myRequestsHead } from '@storefront/contracts';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { authPageLocation } from '../../app/auth-pages.ts';
import { BASENAME } from '../../app/basename.ts';
import { Island } from '../../app/islands.tsx';
import { PageMain } from '../../app/root-layout.tsx';
import { useTranslation } from '../../app/translate.tsx';
import { Breadcrumb } from '../../components/breadcrumb.tsx';
import { usePageHead } from '../../lib/use-page-title.ts';
import { MyRequestsList } from './my-requests-list.tsx';

/**
 * /app/account/requests: a signed-in user's enquiries (issue 25). An islands page like the others:
 * the server renders the frame (its head is noindex) and the list's skeleton; the list is the island
 * (`myRequests`, loaded at once: it has to ask for the list with the token only the browser holds),
 * on the light client (app/lite-island-client.tsx). In the app, signing out sends the visitor to the
 * login page in place.
 */
export default function MyRequestsPage() {
  const { t } = useTranslation('pages');
  const location = useLocation();
  const navigate = useNavigate();
  const title = t('myRequests.title');
  usePageHead(myRequestsHead, undefined);
  const toLogin = useCallback(
    () => void navigate(authPageLocation('login', location, BASENAME), { replace: true }),
    [location, navigate],
  );

  return (
    <PageMain>
      <Breadcrumb items={[{ label: title }]} />
      <h1 className="mb-2 text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mb-5 text-slate-700">{t('myRequests.intro')}</p>
      <Island name="myRequests" load="load">
        <MyRequestsList onSignedOut={toLogin} />
      </Island>
    </PageMain>
  );
}
