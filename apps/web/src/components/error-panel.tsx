import { useTranslation } from '../app/translate.tsx';
import { ApiError } from '../lib/api-client.ts';

/** The translated reason of a failure. */
export function useErrorMessage(error: unknown): string {
  const { t } = useTranslation();
  if (error instanceof ApiError) {
    if (error.status === 0) return t('errors.network');
    if (error.status === 404) return t('errors.notFound');
    return t('errors.server', { status: error.status });
  }
  if (error instanceof Error && error.name === 'ChunkLoadError') return t('errors.chunk');
  return t('errors.text');
}

/** A failure with its translated reason and a retry button. */
export function ErrorPanel({
  error,
  onRetry,
  headingLevel = 2,
}: {
  error: unknown;
  onRetry: () => void;
  headingLevel?: 1 | 2;
}) {
  const { t } = useTranslation();
  const message = useErrorMessage(error);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div role="alert" className="my-6 rounded-xl border border-red-200 bg-red-50 p-5 text-red-900">
      <Heading className="mb-1 text-lg font-bold">{t('errors.title')}</Heading>
      <p className="mb-4">{message}</p>
      <button
        type="button"
        onClick={onRetry}
        className="rounded-lg bg-red-800 px-4 py-2 font-semibold text-white hover:bg-red-900"
      >
        {t('errors.retry')}
      </button>
    </div>
  );
}
