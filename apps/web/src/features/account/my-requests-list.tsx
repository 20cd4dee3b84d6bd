import type { MyEnquiry } from '@storefront/contracts';
import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { authPageHref } from '../../app/auth-pages.ts';
import { BASENAME } from '../../app/basename.ts';
import { useTranslation } from '../../app/translate.tsx';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { IslandFailure } from '../../components/island-failure.tsx';
import { LoadingNote, Skeleton } from '../../components/skeleton.tsx';
import { formatDate, formatDigits } from '../../lib/format.ts';
import { page } from '../../lib/page.ts';
import { tokenStore } from '../../lib/token-store.ts';
import { useLanguage } from '../../lib/use-language.ts';
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

/** The login page's address, with the way back here. */
function loginHref(): string {
  return authPageHref('login', `${window.location.pathname}${window.location.search}`);
}

/** The login page, with the way back here, as a page load (the islands page's default). */
function toLoginPage(): void {
  page.replace(loginHref());
}

/**
 * The list of /app/account/requests (the page's island, `myRequests`): a signed-in user's
 * enquiries, newest first, each with its reference, product, status in the buyer's words, date
 * (Jalali in fa), the newest quote's state and the link to its private page. The server draws the
 * skeleton (only the browser holds the token), and the browser asks for the list. Signed out: the
 * login page, with the way back (`onSignedOut`: the app's own navigation; by default a page load).
 * It only reads and links: on the islands page its code is the light client's (React and the
 * translations, app/lite-island-client.tsx), with no router or query cache.
 */
export function MyRequestsList({ onSignedOut = toLoginPage }: { onSignedOut?: () => void }) {
  const { t } = useTranslation('pages');
  const lang = useLanguage();
  const token = useKnownToken();
  const enquiries = useMyEnquiries(lang, token ?? null);

  // Once the list was shown, signing out (the header's logout, which then takes the visitor home
  // after its notice; another tab's) leaves a note here instead of a second navigation. Signed out
  // before that (no token, or one the server refused) is the login page at once.
  const [shown, setShown] = useState(false);
  if (enquiries.status === 'success' && !shown) setShown(true);
  const signedOut = token === null;
  const leave = signedOut && !shown;
  useEffect(() => {
    if (leave) onSignedOut();
  }, [leave, onSignedOut]);

  if (signedOut && shown)
    return (
      <div role="status" className="rounded-xl bg-white p-6 text-center text-slate-700 ring-1 ring-slate-200">
        <p className="mb-4">{t('myRequests.signedOut')}</p>
        <a
          href={loginHref()}
          className="inline-block rounded-lg bg-sky-800 px-5 py-2.5 font-semibold text-white hover:bg-sky-900"
        >
          {t('myRequests.logIn')}
        </a>
      </div>
    );

  if (!token || enquiries.status === 'pending')
    return (
      <>
        <ListSkeleton />
        {/* Before the browser knows the token (the server's markup): shown should the code fail. */}
        {token === undefined && <IslandFailure />}
      </>
    );
  if (enquiries.status === 'error') return <ErrorPanel error={enquiries.error} onRetry={enquiries.retry} />;
  if (enquiries.data.length === 0)
    return (
      <div className="rounded-xl bg-white p-6 text-center text-slate-700 ring-1 ring-slate-200">
        <p className="mb-4">{t('myRequests.empty')}</p>
        {/* A page of its own (an islands page), loaded as a document from here too. */}
        <a
          href={`${BASENAME}/products`}
          className="inline-block rounded-lg bg-sky-800 px-5 py-2.5 font-semibold text-white hover:bg-sky-900"
        >
          {t('myRequests.browse')}
        </a>
      </div>
    );
  return (
    <ol className="space-y-3" data-testid="my-requests">
      {enquiries.data.map((enquiry) => (
        <li key={enquiry.id}>
          <RequestCard enquiry={enquiry} />
        </li>
      ))}
    </ol>
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
