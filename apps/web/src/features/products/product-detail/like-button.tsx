import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useIsSignedIn } from '../../../lib/use-auth.ts';
import { useLikedIds } from '../api/get-likes.ts';
import { useToggleLike } from '../api/like-product.ts';

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      width={20}
      height={20}
      viewBox="0 0 24 24"
      aria-hidden
      focusable={false}
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={2}
      strokeLinejoin="round"
    >
      <path d="M12 20.5s-7.5-4.6-9.3-9.2C1.5 8.1 3.5 4.5 7 4.5c2 0 3.4 1.1 5 3 1.6-1.9 3-3 5-3 3.5 0 5.5 3.6 4.3 6.8-1.8 4.6-9.3 9.2-9.3 9.2Z" />
    </svg>
  );
}

/**
 * Like / unlike (spec section 4): the initial state comes from the liked list; a 201 answer flips
 * it. Without a token the visitor goes to /app/s (and is brought back here after signing in).
 */
export function LikeButton({ productId, title }: { productId: number; title: string }) {
  const { t } = useTranslation('product');
  const signedIn = useIsSignedIn();
  const navigate = useNavigate();
  const location = useLocation();
  const liked = useLikedIds();
  const toggle = useToggleLike(productId);
  const isLiked = signedIn && (liked.data ?? []).includes(productId);

  return (
    <button
      type="button"
      aria-pressed={isLiked}
      aria-label={t('likeNamed', { title })}
      disabled={toggle.isPending}
      data-testid="like-button"
      onClick={() => {
        if (!signedIn) {
          // /app/s brings the visitor back here once signed in (router state `from`).
          void navigate('/s', {
            state: { from: { pathname: location.pathname, search: location.search, hash: location.hash } },
          });
          return;
        }
        toggle.mutate(!isLiked);
      }}
      className={`inline-flex items-center gap-2 rounded-lg border px-4 py-2 text-sm font-semibold disabled:opacity-60 ${
        isLiked
          ? 'border-rose-700 bg-rose-50 text-rose-800 hover:bg-rose-100'
          : 'border-slate-400 text-slate-800 hover:bg-slate-50'
      }`}
    >
      <HeartIcon filled={isLiked} />
      <span aria-hidden>{isLiked ? t('unlike') : t('like')}</span>
    </button>
  );
}
