import type { Subscriber, SubscriberQuery } from '@storefront/contracts/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchBox, useListParams } from '../../components/list-controls.tsx';
import { ListPage, type Column } from '../../components/list-page.tsx';
import { languageName, LINK_BUTTON } from '../../components/sales.tsx';
import { Button, ConfirmTarget } from '../../components/ui.tsx';
import { useFormat } from '../../lib/format.ts';
import { NEWSLETTER_EXPORT_URL, useDeleteSubscriber, useSubscribers } from './api.ts';

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

/** The newsletter's subscribers: search, export, each one's unsubscribe link, and removal. */
export function NewsletterPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const { page, q, set } = useListParams();
  const query: SubscriberQuery = { page, page_size: SUBSCRIBER_PAGE_SIZE, q: q || undefined };
  const list = useSubscribers(query);
  const [toRemove, setToRemove] = useState<Subscriber | null>(null);
  const remove = useDeleteSubscriber();
  const columns: Column<Subscriber>[] = [
    { key: 'email', header: t('enquiries.email'), cell: (s) => <span dir="ltr">{s.email}</span> },
    { key: 'language', header: t('newsletter.language'), cell: (s) => languageName(t, s.language) },
    {
      key: 'date',
      header: t('enquiries.date'),
      className: 'whitespace-nowrap',
      cell: (s) => f.date(s.created_at),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (s) => (
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
      ),
    },
  ];
  return (
    <ListPage
      title={t('nav.newsletter')}
      actions={
        <a href={NEWSLETTER_EXPORT_URL} download className={LINK_BUTTON}>
          {t('newsletter.export')}
        </a>
      }
      filters={<SearchBox key={q} value={q} onSearch={(v) => set({ q: v })} label={t('newsletter.search')} />}
      activeFilters={q ? 1 : 0}
      status={remove.isSuccess ? t('form.deleted') : null}
      list={list}
      pageSize={SUBSCRIBER_PAGE_SIZE}
      columns={columns}
    >
      <ConfirmTarget
        target={toRemove}
        onClose={() => setToRemove(null)}
        action={remove}
        onConfirm={(subscriber) => remove.mutate(subscriber.id, { onSuccess: () => setToRemove(null) })}
        title={t('newsletter.removeTitle')}
        description={t('newsletter.removeConfirm', { email: toRemove?.email ?? '' })}
        confirmLabel={t('common.remove')}
      />
    </ListPage>
  );
}
