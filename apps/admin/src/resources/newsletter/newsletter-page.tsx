import type { Subscriber, SubscriberQuery } from '@storefront/contracts/admin';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, NEWSLETTER_EXPORT_URL } from '../../lib/api.ts';
import { languageName } from '../../components/sales.tsx';
import {
  Button,
  ConfirmDialog,
  ErrorAlert,
  Loading,
  PageTitle,
  Pagination,
  SaveStatus,
  TableFrame,
} from '../../components/ui.tsx';
import { FilterPanel } from '../../components/filter-panel.tsx';
import { useFormat } from '../../lib/format.ts';
import { SearchBox, useListParams } from '../../components/list-controls.tsx';

const SUBSCRIBER_PAGE_SIZE = 50;

function CopyLink({ subscriber }: { subscriber: Subscriber }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="ghost"
      aria-label={t('newsletter.copyFor', { email: subscriber.email })}
      onClick={() => {
        void navigator.clipboard?.writeText(subscriber.unsubscribe_url).then(() => setCopied(true));
      }}
    >
      {copied ? t('common.copied') : t('newsletter.copy')}
    </Button>
  );
}

export function NewsletterPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const client = useQueryClient();
  const { page, q, set } = useListParams();
  const query: SubscriberQuery = { page, page_size: SUBSCRIBER_PAGE_SIZE, q: q || undefined };
  const list = useQuery({
    queryKey: ['newsletter', query],
    queryFn: () => api.subscribers(query),
    placeholderData: keepPreviousData,
  });
  const [toRemove, setToRemove] = useState<Subscriber | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => api.deleteSubscriber(id),
    onSuccess: () => {
      setToRemove(null);
      void client.invalidateQueries({ queryKey: ['newsletter'] });
    },
  });
  const rows = list.data?.results ?? [];
  return (
    <div>
      <PageTitle
        actions={
          <a
            href={NEWSLETTER_EXPORT_URL}
            download
            className="inline-flex items-center rounded border border-slate-400 bg-white px-3 py-1.5 text-sm font-medium text-slate-900 hover:bg-slate-100"
          >
            {t('newsletter.export')}
          </a>
        }
      >
        {t('nav.newsletter')}
      </PageTitle>
      <FilterPanel
        active={q ? 1 : 0}
        className="mb-4 flex flex-wrap items-end gap-4 rounded border border-slate-300 bg-white p-3"
      >
        <SearchBox key={q} value={q} onSearch={(v) => set({ q: v })} label={t('newsletter.search')} />
      </FilterPanel>
      <ErrorAlert error={list.error} />
      <SaveStatus message={remove.isSuccess ? t('form.deleted') : null} />
      {list.isPending ? <Loading /> : null}
      {list.data ? (
        <TableFrame label={t('nav.newsletter')} framed>
          <table className="w-full text-sm">
            <caption className="sr-only">{t('nav.newsletter')}</caption>
            <thead>
              <tr className="border-b border-slate-300 bg-slate-100">
                <th scope="col" className="p-2 text-start">
                  {t('enquiries.email')}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t('newsletter.language')}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t('enquiries.date')}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t('common.actions')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={4} className="p-4 text-center">
                    {t('common.noResults')}
                  </td>
                </tr>
              ) : null}
              {rows.map((s) => (
                <tr key={s.id} className="border-b border-slate-200">
                  <td className="p-2">
                    <span dir="ltr">{s.email}</span>
                  </td>
                  <td className="p-2">{languageName(t, s.language)}</td>
                  <td className="p-2 whitespace-nowrap">{f.date(s.created_at)}</td>
                  <td className="p-2">
                    <div className="flex flex-wrap gap-1">
                      <CopyLink subscriber={s} />
                      <Button
                        variant="ghost"
                        aria-label={t('newsletter.removeFor', { email: s.email })}
                        onClick={() => setToRemove(s)}
                      >
                        {t('common.remove')}
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      ) : null}
      {list.data ? (
        <Pagination
          page={page}
          count={list.data.count}
          pageSize={SUBSCRIBER_PAGE_SIZE}
          onPage={(p) => set({ page: p })}
        />
      ) : null}
      <ConfirmDialog
        open={toRemove !== null}
        onOpenChange={(open) => {
          if (!open) {
            setToRemove(null);
            remove.reset();
          }
        }}
        title={t('newsletter.removeTitle')}
        description={t('newsletter.removeConfirm', { email: toRemove?.email ?? '' })}
        confirmLabel={t('common.remove')}
        onConfirm={() => toRemove && remove.mutate(toRemove.id)}
        busy={remove.isPending}
        error={remove.error}
        danger
      />
    </div>
  );
}
