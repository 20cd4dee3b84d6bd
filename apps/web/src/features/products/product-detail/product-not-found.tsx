import { useTranslation } from '../../../app/translate.tsx';
import { Link } from 'react-router';

/** An unknown product id: a translated not-found state with the ways back (not a blank page). */
export function ProductNotFound() {
  const { t } = useTranslation('product');
  return (
    <div className="mx-auto max-w-xl py-12 text-center" data-testid="product-not-found">
      <p className="mb-2 text-6xl font-bold text-sky-900" aria-hidden>
        ۴۰۴ / 404
      </p>
      <h1 className="mb-3 text-2xl font-bold text-slate-900">{t('notFound.title')}</h1>
      <p className="mb-6 text-slate-700">{t('notFound.text')}</p>
      <div className="flex flex-wrap items-center justify-center gap-3">
        <Link to="/" className="rounded-lg bg-sky-800 px-5 py-2.5 font-semibold text-white hover:bg-sky-900">
          {t('notFound.home')}
        </Link>
        <Link
          to="/products"
          className="rounded-lg border border-sky-800 px-5 py-2.5 font-semibold text-sky-900 hover:bg-sky-50"
        >
          {t('notFound.products')}
        </Link>
      </div>
    </div>
  );
}
