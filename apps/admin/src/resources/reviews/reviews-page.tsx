import {
  reviewStatuses,
  type AdminReview,
  type ReviewQuery,
  type ReviewStatus,
} from '@storefront/contracts/admin';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../lib/api.ts';
import { CatalogueFilter, languageName, SETTINGS_KEY } from '../../components/sales.tsx';
import {
  Badge,
  Button,
  ConfirmDialog,
  ErrorAlert,
  Loading,
  PageTitle,
  Pagination,
  SaveStatus,
} from '../../components/ui.tsx';
import { FilterPanel } from '../../components/filter-panel.tsx';
import { useFormat } from '../../lib/format.ts';
import { DASHBOARD_KEY } from '../dashboard/dashboard-page.tsx';
import { SearchBox, useListParams } from '../../components/list-controls.tsx';

const REVIEW_PAGE_SIZE = 20;

type Tab = ReviewStatus | 'all';

const tones: Record<ReviewStatus, 'amber' | 'green' | 'slate'> = {
  held: 'amber',
  published: 'green',
  hidden: 'slate',
};

function ReviewCard({
  review,
  onModerate,
  onDelete,
  busy,
}: {
  review: AdminReview;
  onModerate: (status: 'published' | 'hidden') => void;
  onDelete: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const name = review.name || review.email || `#${f.number(review.id)}`;
  return (
    <li className="rounded border border-slate-300 bg-white p-4">
      <article aria-label={t('reviews.by', { name })}>
        <div className="mb-2 flex flex-wrap items-center gap-2">
          <Badge tone={tones[review.status]}>{t(`reviewStatus.${review.status}`)}</Badge>
          <span className="font-bold" dir="auto">
            {review.name || '—'}
          </span>
          {review.email ? (
            <span dir="ltr" className="text-slate-800">
              {review.email}
            </span>
          ) : null}
          <span className="text-slate-800">· {f.date(review.creation_date)}</span>
          {review.language ? (
            <span className="text-slate-800">· {languageName(t, review.language)}</span>
          ) : null}
        </div>
        <p className="mb-2 text-sm">
          {t('reviews.on')}{' '}
          <Link to={`/reviews?product=${review.product_id}`} className="text-sky-900 underline" dir="auto">
            {review.product_title || `#${f.number(review.product_id)}`}
          </Link>
        </p>
        <p dir="auto" className="mb-3 whitespace-pre-wrap">
          {review.content}
        </p>
        <div className="flex flex-wrap gap-2">
          {review.status !== 'published' ? (
            <Button
              variant="primary"
              disabled={busy}
              aria-label={t('reviews.approveFor', { name })}
              onClick={() => onModerate('published')}
            >
              {t('reviews.approve')}
            </Button>
          ) : null}
          {review.status !== 'hidden' ? (
            <Button
              disabled={busy}
              aria-label={t('reviews.hideFor', { name })}
              onClick={() => onModerate('hidden')}
            >
              {t('reviews.hide')}
            </Button>
          ) : null}
          <Button
            variant="danger"
            disabled={busy}
            aria-label={t('reviews.deleteFor', { name })}
            onClick={onDelete}
          >
            {t('delete.button')}
          </Button>
        </div>
      </article>
    </li>
  );
}

export function ReviewsPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { params, page, q, set } = useListParams();
  const settings = useQuery({ queryKey: SETTINGS_KEY, queryFn: api.settings });
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
  const list = useQuery({
    queryKey: ['reviews', query],
    queryFn: () => api.reviews(query),
    placeholderData: keepPreviousData,
    // Until the setting is known the default tab is not either.
    enabled: statusParam !== null || !settings.isPending,
  });
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['reviews'] });
    void client.invalidateQueries({ queryKey: DASHBOARD_KEY });
  };
  // What the last action did, said in a live region (the row may leave the tab it was on).
  const [done, setDone] = useState<string | null>(null);
  const moderate = useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'published' | 'hidden'; name: string }) =>
      api.moderateReview(id, status),
    onMutate: () => setDone(null),
    onSuccess: (_answer, { status, name }) => {
      setDone(t(status === 'published' ? 'reviews.approved' : 'reviews.hidden', { name }));
      refresh();
    },
  });
  const [toDelete, setToDelete] = useState<AdminReview | null>(null);
  const remove = useMutation({
    mutationFn: (review: AdminReview) => api.deleteReview(review.id),
    onMutate: () => setDone(null),
    onSuccess: (_answer, review) => {
      setToDelete(null);
      setDone(t('reviews.deleted', { name: review.name || review.email }));
      refresh();
    },
  });
  const tabs: Tab[] = holding
    ? ['held', 'all', 'published', 'hidden']
    : ['all', 'published', 'held', 'hidden'];
  const rows = list.data?.results ?? [];
  return (
    <div>
      <PageTitle>{t('nav.reviews')}</PageTitle>
      {settings.data ? (
        <p className="mb-3 text-slate-800">
          {holding ? t('reviews.moderationOn') : t('reviews.moderationOff')}{' '}
          <Link to="/settings" className="text-sky-900 underline">
            {t('nav.settings')}
          </Link>
        </p>
      ) : null}
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
      <FilterPanel
        active={[q, product].filter(Boolean).length}
        className="mb-4 flex flex-wrap items-end gap-4 rounded border border-slate-300 bg-white p-3"
      >
        <SearchBox key={q} value={q} onSearch={(v) => set({ q: v })} label={t('reviews.search')} />
        <CatalogueFilter
          kind="products"
          label={t('enquiries.product')}
          value={product}
          onChange={(id) => set({ product: id })}
        />
      </FilterPanel>
      <ErrorAlert error={list.error ?? settings.error ?? moderate.error} />
      <SaveStatus message={done} />
      {list.isPending ? <Loading /> : null}
      {list.data && rows.length === 0 ? <p className="p-4">{t('common.noResults')}</p> : null}
      {rows.length > 0 ? (
        <ul className="space-y-3" aria-label={t('nav.reviews')}>
          {rows.map((review) => (
            <ReviewCard
              key={review.id}
              review={review}
              busy={moderate.isPending}
              onModerate={(status) =>
                moderate.mutate({ id: review.id, status, name: review.name || review.email })
              }
              onDelete={() => setToDelete(review)}
            />
          ))}
        </ul>
      ) : null}
      {list.data ? (
        <Pagination
          page={page}
          count={list.data.count}
          pageSize={REVIEW_PAGE_SIZE}
          onPage={(p) => set({ page: p })}
        />
      ) : null}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) {
            setToDelete(null);
            remove.reset();
          }
        }}
        title={t('reviews.deleteTitle')}
        description={t('reviews.deleteConfirm', { name: toDelete?.name || toDelete?.email || '' })}
        confirmLabel={t('delete.confirmButton')}
        onConfirm={() => toDelete && remove.mutate(toDelete)}
        busy={remove.isPending}
        error={remove.error}
        danger
      />
    </div>
  );
}
