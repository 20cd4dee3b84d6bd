import { useEffect, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format.ts';
import { Button } from './button.tsx';

/** "{page} | {app}" as the document title while the page is shown (each tab says what it holds). */
export function useDocumentTitle(title: string | undefined): void {
  const { t } = useTranslation();
  const app = t('appTitle');
  useEffect(() => {
    document.title = title ? `${title} | ${app}` : app;
  }, [title, app]);
}

export function PageTitle({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  useDocumentTitle(typeof children === 'string' ? children : undefined);
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-bold">{children}</h1>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mb-6 rounded border border-slate-300 bg-white p-4">
      <h2 id={id} className="mb-3 text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Page N of M with previous / next. */
export function Pagination({
  page,
  count,
  pageSize,
  onPage,
  capped = false,
}: {
  page: number;
  count: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** More match than `count` (a list that counts only so far): the total reads "more than …". */
  capped?: boolean;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const pages = Math.max(1, Math.ceil(count / pageSize));
  return (
    <nav aria-label={t('common.pagination')} className="mt-4 flex items-center gap-3">
      <Button disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('common.previous')}
      </Button>
      <span>
        {t('common.pageOf', { page: f.number(page), pages: f.number(pages) })} ·{' '}
        {capped
          ? t('common.totalCapped', { formatted: f.number(count) })
          : t('common.total', { count, formatted: f.number(count) })}
      </span>
      <Button disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('common.next')}
      </Button>
    </nav>
  );
}
