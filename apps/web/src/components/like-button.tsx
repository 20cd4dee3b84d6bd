import { useTranslation } from '../app/translate.tsx';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../lib/api-client.ts';
import { useLikedIds } from '../lib/api/get-likes.ts';
import { useToggleLike } from '../lib/api/like-product.ts';
import { notify } from '../lib/toast.ts';
import { useIsSignedIn } from '../lib/use-auth.ts';
import { signInPageLocation } from '../app/auth-pages.ts';
import { BASENAME } from '../app/basename.ts';

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

export interface LikeButtonProps {
  productId: number;
  title: string;
  /** Icon only (product cards); the accessible name stays "Like {title}". */
  compact?: boolean;
  /** Called after a like (not an unlike) was answered 201: home shows the 'liked!' confirmation. */
  onLiked?: () => void;
}

/**
 * Like / unlike (docs/product.md, States): the initial state comes from the liked list; a 201 answer flips
 * it. Without a token the visitor goes to /app/s (and is brought back here after signing in). A
 * failed call keeps the old state and says so.
 */
export function LikeButton({ productId, title, compact = false, onLiked }: LikeButtonProps) {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const navigate = useNavigate();
  const location = useLocation();
  const liked = useLikedIds();
  const toggle = useToggleLike(productId);
  const isLiked = signedIn && (liked.data ?? []).includes(productId);

  const look = isLiked
    ? 'border-rose-700 bg-rose-50 text-rose-800 hover:bg-rose-100'
    : 'border-slate-400 bg-white text-slate-800 hover:bg-slate-50';
  const shape = compact
    ? 'h-10 w-10 justify-center rounded-full'
    : 'gap-2 rounded-lg px-4 py-2 text-sm font-semibold';

  return (
    <button
      type="button"
      aria-pressed={isLiked}
      aria-label={t('like.named', { title })}
      disabled={toggle.isPending}
      data-testid="like-button"
      onClick={() => {
        if (!signedIn) {
          // /app/s brings the visitor back here once signed in (`?next=`).
          void navigate(signInPageLocation(location, BASENAME));
          return;
        }
        const like = !isLiked;
        toggle.mutate(like, {
          onSuccess: () => {
            if (like) onLiked?.();
          },
          // A 401 means the stored token has ended (the API client has signed the user out).
          onError: (error) =>
            notify.error(
              error instanceof ApiError && error.status === 401
                ? t('toast.sessionExpired')
                : t('like.failed'),
            ),
        });
      }}
      className={`inline-flex shrink-0 items-center border disabled:opacity-60 ${shape} ${look}`}
    >
      <HeartIcon filled={isLiked} />
      {!compact && <span aria-hidden>{isLiked ? t('like.liked') : t('like.like')}</span>}
    </button>
  );
}
