import type { AdminReview, ReviewStatus } from '@storefront/contracts/admin';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { languageName } from '../../components/sales.tsx';
import { Badge, Button } from '../../components/ui.tsx';
import { useFormat } from '../../lib/format.ts';

const tones: Record<ReviewStatus, 'amber' | 'green' | 'slate'> = {
  held: 'amber',
  published: 'green',
  hidden: 'slate',
};

/** What a review can be moved to, and the button that does it (a review's own status has none). */
const MODERATIONS = [
  { status: 'published', verb: 'approve', variant: 'primary' },
  { status: 'hidden', verb: 'hide', variant: 'secondary' },
] as const;

/** One review with its moderation buttons. */
export function ReviewCard({
  review,
  onModerate,
  onDelete,
  busy,
}: {
  review: AdminReview;
  onModerate: (status: 'published' | 'hidden') => void;
  onDelete: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const name = review.name || review.email || `#${f.number(review.id)}`;
  return (
    <li className="rounded border border-slate-300 bg-white p-4">
      <article aria-label={t('reviews.by', { name })}>
        <div className="mb-2 flex flex-wrap items-center gap-2">
          <Badge tone={tones[review.status]}>{t(`reviewStatus.${review.status}`)}</Badge>
          <span className="font-bold" dir="auto">
            {review.name || '—'}
          </span>
          {review.email ? (
            <span dir="ltr" className="text-slate-800">
              {review.email}
            </span>
          ) : null}
          <span className="text-slate-800">· {f.date(review.creation_date)}</span>
          {review.language ? (
            <span className="text-slate-800">· {languageName(t, review.language)}</span>
          ) : null}
        </div>
        <p className="mb-2 text-sm">
          {t('reviews.on')}{' '}
          <Link to={`/reviews?product=${review.product_id}`} className="text-sky-900 underline" dir="auto">
            {review.product_title || `#${f.number(review.product_id)}`}
          </Link>
        </p>
        <p dir="auto" className="mb-3 whitespace-pre-wrap">
          {review.content}
        </p>
        <div className="flex flex-wrap gap-2">
          {MODERATIONS.filter((m) => m.status !== review.status).map((m) => (
            <Button
              key={m.status}
              variant={m.variant}
              disabled={busy}
              aria-label={t(`reviews.${m.verb}For`, { name })}
              onClick={() => onModerate(m.status)}
            >
              {t(`reviews.${m.verb}`)}
            </Button>
          ))}
          <Button
            variant="danger"
            disabled={busy}
            aria-label={t('reviews.deleteFor', { name })}
            onClick={onDelete}
          >
            {t('delete.button')}
          </Button>
        </div>
      </article>
    </li>
  );
}
