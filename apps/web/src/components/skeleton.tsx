import { useTranslation } from '../app/translate.tsx';

/** A grey placeholder block while content loads (hidden from assistive technology; see Loading). */
export function Skeleton({ className = '' }: { className?: string }) {
  return <div aria-hidden className={`animate-pulse rounded-lg bg-slate-200 ${className}`} />;
}

/** Announces loading once, for screen readers, beside the skeletons. */
export function LoadingNote() {
  const { t } = useTranslation();
  return (
    <p role="status" className="sr-only">
      {t('loading')}
    </p>
  );
}

export function CardGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <LoadingNote />
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="rounded-xl border border-slate-200 p-3">
          <Skeleton className="mb-3 aspect-[4/3] w-full" />
          <Skeleton className="mb-2 h-5 w-2/3" />
          <Skeleton className="h-4 w-full" />
        </div>
      ))}
    </div>
  );
}
