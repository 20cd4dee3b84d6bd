import {
  reviewStatuses,
  type AdminReview,
  type ReviewQuery,
  type ReviewStatus,
} from '@storefront/contracts/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SearchBox, useListParams } from '../../components/list-controls.tsx';
import { ListPage } from '../../components/list-page.tsx';
import { CatalogueFilter } from '../../components/sales.tsx';
import { ConfirmTarget } from '../../components/ui.tsx';
import { useStoreSettings } from '../../lib/store-settings.ts';
import { useDeleteReview, useModerateReview, useReviews } from './api.ts';
import { ReviewCard } from './review-card.tsx';

const REVIEW_PAGE_SIZE = 20;

type Tab = ReviewStatus | 'all';

/** The status tabs; while reviews are held, the held ones come first (and are the default). */
function Tabs({ params, tab, holding }: { params: URLSearchParams; tab: Tab; holding: boolean }) {
  const { t } = useTranslation();
  const tabs: Tab[] = holding
    ? ['held', 'all', 'published', 'hidden']
    : ['all', 'published', 'held', 'hidden'];
  return (
    <nav aria-label={t('reviews.tabs')} className="mb-3">
      <ul className="flex flex-wrap gap-1 border-b border-slate-300">
        {tabs.map((s) => {
          const next = new URLSearchParams(params);
          next.set('status', s);
          next.delete('page');
          return (
            <li key={s}>
              <Link
                to={`?${next.toString()}`}
                aria-current={tab === s ? 'page' : undefined}
                className={`-mb-px block rounded-t border px-3 py-1.5 ${tab === s ? 'border-slate-300 border-b-white bg-white font-bold' : 'border-transparent text-sky-900 underline'}`}
              >
                {s === 'all' ? t('list.all') : t(`reviewStatus.${s}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The reviews by status tab, product and text, each approved, hidden or deleted in place. */
export function ReviewsPage() {
  const { t } = useTranslation();
  const { params, page, q, set } = useListParams();
  // Whether new reviews wait for approval picks the default tab.
  const settings = useStoreSettings();
  const holding = settings.data?.reviews === 'hold';
  const statusParam = params.get('status');
  const tab: Tab =
    statusParam === 'all' || (reviewStatuses as readonly string[]).includes(statusParam ?? '')
      ? (statusParam as Tab)
      : holding
        ? 'held'
        : 'all';
  const product = Number(params.get('product')) || null;
  const query: ReviewQuery = {
    page,
    page_size: REVIEW_PAGE_SIZE,
    status: tab === 'all' ? undefined : tab,
    product: product ?? undefined,
    q: q || undefined,
  };
  // Until the setting is known the default tab is not either.
  const list = useReviews(query, statusParam !== null || !settings.isPending);
  // What the last action did, said in a live region (the row may leave the tab it was on).
  const [done, setDone] = useState<string | null>(null);
  const moderate = useModerateReview();
  const [toDelete, setToDelete] = useState<AdminReview | null>(null);
  const remove = useDeleteReview();
  return (
    <ListPage
      title={t('nav.reviews')}
      intro={
        <>
          {settings.data ? (
            <p className="mb-3 text-slate-800">
              {holding ? t('reviews.moderationOn') : t('reviews.moderationOff')}{' '}
              <Link to="/settings" className="text-sky-900 underline">
                {t('nav.settings')}
              </Link>
            </p>
          ) : null}
          <Tabs params={params} tab={tab} holding={holding} />
        </>
      }
      filters={
        <>
          <SearchBox key={q} value={q} onSearch={(v) => set({ q: v })} label={t('reviews.search')} />
          <CatalogueFilter
            kind="products"
            label={t('enquiries.product')}
            value={product}
            onChange={(id) => set({ product: id })}
          />
        </>
      }
      activeFilters={[q, product].filter(Boolean).length}
      status={done}
      list={list}
      error={settings.error ?? moderate.error}
      pageSize={REVIEW_PAGE_SIZE}
      renderRows={(rows) => (
        <ul className="space-y-3" aria-label={t('nav.reviews')}>
          {rows.map((review) => {
            const name = review.name || review.email;
            return (
              <ReviewCard
                key={review.id}
                review={review}
                busy={moderate.isPending}
                onModerate={(status) => {
                  setDone(null);
                  moderate.mutate(
                    { id: review.id, status },
                    {
                      onSuccess: () =>
                        setDone(t(status === 'published' ? 'reviews.approved' : 'reviews.hidden', { name })),
                    },
                  );
                }}
                onDelete={() => setToDelete(review)}
              />
            );
          })}
        </ul>
      )}
    >
      <ConfirmTarget
        target={toDelete}
        onClose={() => setToDelete(null)}
        action={remove}
        onConfirm={(review) => {
          setDone(null);
          remove.mutate(review.id, {
            onSuccess: () => {
              setToDelete(null);
              setDone(t('reviews.deleted', { name: review.name || review.email }));
            },
          });
        }}
        title={t('reviews.deleteTitle')}
        description={t('reviews.deleteConfirm', { name: toDelete?.name || toDelete?.email || '' })}
        confirmLabel={t('delete.confirmButton')}
      />
    </ListPage>
  );
}
