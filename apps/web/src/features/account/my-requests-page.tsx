import { myRequestsHead, type MyEnquiry } from '@storefront/contracts';
import { useEffect, useId, useSyncExternalStore } from 'react';
import { useTranslation } from '../../app/translate.tsx';
import { Link, useLocation, useNavigate } from 'react-router';
import { authPageLocation } from '../../app/auth-dialog-context.tsx';
import { BASENAME } from '../../app/basename.ts';
import { PageMain } from '../../app/root-layout.tsx';
import { Breadcrumb } from '../../components/breadcrumb.tsx';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { LoadingNote, Skeleton } from '../../components/skeleton.tsx';
import { formatDate, formatDigits } from '../../lib/format.ts';
import { tokenStore } from '../../lib/token-store.ts';
import { useLanguage } from '../../lib/use-language.ts';
import { usePageHead } from '../../lib/use-page-title.ts';
import { useMyEnquiries } from './api/get-my-enquiries.ts';

/**
 * The stored token once the browser is known: undefined in the server's render and while hydrating
 * (the token lives in local storage, which the server never sees), then the token or null. Only a
 * known "signed out" sends the visitor to the login page; an unknown one shows the skeleton.
 */
function useKnownToken(): string | null | undefined {
  const token = useSyncExternalStore(tokenStore.subscribe, tokenStore.get, () => undefined);
  if (token === undefined) return undefined;
  return token?.startsWith('Bearer') ? token : null;
}

/**
 * /app/account/requests: a signed-in user's enquiries (issue 25), newest first: each with its
 * reference, product, status in the buyer's words, date (Jalali in fa), the newest quote's state and
 * the link to its private page. The server renders the frame (its head is noindex) and the browser
 * fills it, since only the browser holds the token. Signed out: the login page, with the way back.
 */
export default function MyRequestsPage() {
  const { t } = useTranslation('pages');
  const token = useKnownToken();
  const location = useLocation();
  const navigate = useNavigate();
  const enquiries = useMyEnquiries(token ?? null);
  const title = t('myRequests.title');
  usePageHead(myRequestsHead, undefined);

  // (useNavigate rather than <Navigate>: the router's code for it would join the first load.)
  const signedOut = token === null;
  useEffect(() => {
    if (signedOut) void navigate(authPageLocation('login', location, BASENAME), { replace: true });
  }, [signedOut, location, navigate]);

  return (
    <PageMain>
      <Breadcrumb items={[{ label: title }]} />
      <h1 className="mb-2 text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mb-5 text-slate-700">{t('myRequests.intro')}</p>
      {!token || enquiries.isPending ? (
        <ListSkeleton />
      ) : enquiries.isError ? (
        <ErrorPanel error={enquiries.error} onRetry={() => void enquiries.refetch()} />
      ) : enquiries.data.length === 0 ? (
        <div className="rounded-xl bg-white p-6 text-center text-slate-700 ring-1 ring-slate-200">
          <p className="mb-4">{t('myRequests.empty')}</p>
          <Link
            to="/products"
            className="inline-block rounded-lg bg-sky-800 px-5 py-2.5 font-semibold text-white hover:bg-sky-900"
          >
            {t('myRequests.browse')}
          </Link>
        </div>
      ) : (
        <ol className="space-y-3" data-testid="my-requests">
          {enquiries.data.map((enquiry) => (
            <li key={enquiry.id}>
              <RequestCard enquiry={enquiry} />
            </li>
          ))}
        </ol>
      )}
    </PageMain>
  );
}

function RequestCard({ enquiry }: { enquiry: MyEnquiry }) {
  const { t } = useTranslation('pages');
  const lang = useLanguage();
  const id = useId();
  const reference = formatDigits(enquiry.reference, lang);
  const quote = enquiry.quote
    ? t(`myRequests.quoteStates.${enquiry.quote.state}`, { number: formatDigits(enquiry.quote.number, lang) })
    : t('myRequests.noQuote');
  return (
    <article
      aria-labelledby={`${id}-title`}
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={`${id}-title`} className="text-lg font-bold break-words text-slate-900">
          {enquiry.product_title || t('myRequests.general')}
        </h2>
        <bdi dir="ltr" className="text-sm font-semibold whitespace-nowrap text-slate-700">
          {reference}
        </bdi>
      </div>
      <dl className="mb-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold text-slate-700">{t('myRequests.status')}</dt>
        <dd className="text-slate-900" data-testid="request-status">
          {t(`myRequests.statuses.${enquiry.status}`)}
        </dd>
        <dt className="font-semibold text-slate-700">{t('myRequests.date')}</dt>
        <dd className="text-slate-900">{formatDate(enquiry.creation_date, lang)}</dd>
        <dt className="font-semibold text-slate-700">{t('myRequests.quote')}</dt>
        <dd className="text-slate-900">{quote}</dd>
      </dl>
      {/* The private page is the server's (/app/e/…), not a route of the app: a plain link. */}
      <a
        href={enquiry.follow_url}
        aria-label={t('myRequests.followNamed', { reference })}
        className="inline-block rounded-lg border border-sky-800 px-4 py-2 text-sm font-semibold text-sky-900 hover:bg-sky-50"
      >
        {t('myRequests.follow')}
      </a>
    </article>
  );
}

function ListSkeleton() {
  return (
    <div className="space-y-3">
      <LoadingNote />
      {[0, 1, 2].map((i) => (
        <div key={i} className="rounded-xl bg-white p-5 ring-1 ring-slate-200">
          <Skeleton className="mb-3 h-6 w-1/2" />
          <Skeleton className="mb-2 h-4 w-2/3" />
          <Skeleton className="h-4 w-1/3" />
        </div>
      ))}
    </div>
  );
}
