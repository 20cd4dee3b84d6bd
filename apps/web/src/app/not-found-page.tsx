import { useTranslation } from './translate.tsx';
import { Link } from 'react-router';
import { notFoundHead } from '@storefront/contracts';
import { usePageHead } from '../lib/use-page-title.ts';
import { PageMain } from './root-layout.tsx';

export default function NotFoundPage() {
  const { t } = useTranslation();
  usePageHead(notFoundHead, undefined);
  return (
    <PageMain>
      <div className="mx-auto max-w-xl py-12 text-center">
        <p className="mb-2 text-6xl font-bold text-sky-900" aria-hidden>
          ۴۰۴ / 404
        </p>
        <h1 className="mb-3 text-2xl font-bold text-slate-900">{t('errors.notFoundTitle')}</h1>
        <p className="mb-6 text-slate-700">{t('errors.notFoundText')}</p>
        <Link to="/" className="rounded-lg bg-sky-800 px-5 py-2.5 font-semibold text-white hover:bg-sky-900">
          {t('errors.backHome')}
        </Link>
      </div>
    </PageMain>
  );
}
