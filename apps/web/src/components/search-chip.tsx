import { useTranslation } from '../app/translate.tsx';
import { Link } from 'react-router';
import { CloseIcon } from './icons.tsx';

/** The removable search chip: removing it goes home. */
export function SearchChip({ term }: { term: string }) {
  const { t } = useTranslation('pages');
  return (
    <Link
      to="/"
      className="mb-4 inline-flex items-center gap-2 rounded-full bg-sky-100 py-1 ps-3 pe-1 text-sm text-sky-900 hover:bg-sky-200"
    >
      <span>{term}</span>
      <span className="inline-flex h-6 w-6 items-center justify-center rounded-full bg-white">
        <CloseIcon width={14} height={14} />
      </span>
      <span className="sr-only">{t('search.removeTerm', { term })}</span>
    </Link>
  );
}
