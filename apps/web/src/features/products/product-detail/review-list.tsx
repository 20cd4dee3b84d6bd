import type { Review } from '@storefront/contracts';
import { useTranslation } from '../../../app/translate.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/use-language.ts';

/** Reviews, newest first; the date in the Jalali calendar (fa) or the Gregorian (en); text only. */
export function ReviewList({ reviews }: { reviews: Review[] }) {
  const { t } = useTranslation('product');
  const lang = useLanguage();
  if (reviews.length === 0) {
    return <p className="text-slate-700">{t('reviews.empty')}</p>;
  }
  return (
    <ol className="space-y-3" data-testid="review-list">
      {reviews.map((review) => (
        <li key={review.id} className="rounded-xl border border-slate-200 bg-white p-4">
          <article>
            <header className="mb-1 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <h3 className="font-bold text-slate-900">{review.name}</h3>
              <time dateTime={review.creation_date} className="text-sm text-slate-600">
                {formatDate(review.creation_date, lang)}
              </time>
            </header>
            <p className="break-words whitespace-pre-line text-slate-800">{review.content}</p>
          </article>
        </li>
      ))}
    </ol>
  );
}
