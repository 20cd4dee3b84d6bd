import { useTranslation } from '../app/translate.tsx';
import { Link } from 'react-router';
import { ChevronEndIcon } from './icons.tsx';

export interface Crumb {
  label: string;
  to?: string;
}

/** home > … > current page; the separators point the reading way (mirrored in RTL). */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  const { t } = useTranslation();
  const all: Crumb[] = [{ label: t('nav.home'), to: '/' }, ...items];
  return (
    <nav aria-label={t('breadcrumb', { ns: 'pages' })} className="mb-4 text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-slate-600">
        {all.map((crumb, index) => {
          const last = index === all.length - 1;
          return (
            <li key={`${index}-${crumb.label}`} className="flex items-center gap-1">
              {crumb.to && !last ? (
                <Link to={crumb.to} className="text-sky-900 underline-offset-4 hover:underline">
                  {crumb.label}
                </Link>
              ) : (
                <span aria-current={last ? 'page' : undefined} className="text-slate-800">
                  {crumb.label}
                </span>
              )}
              {!last && <ChevronEndIcon width={14} height={14} />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
