import {
  A as ApiError,
  c as useIsSignedIn,
  j as apiRequest,
  k as useLanguage,
  l as useToken,
  y as notify,
} from '../entry-server.js';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { jsx, jsxs } from 'react/jsx-runtime';
// src/lib/api/get-likes.ts
/** The liked list belongs to a token: another token (or none) is another list. */
function likesQueryKey(lang, token) {
  return [lang, 'store', 'likes', token ?? ''];
}
/** GET store/likes/: the signed-in user's liked product ids (a visitor has none: no call). */
function likesQueryOptions(lang, token) {
  return queryOptions({
    queryKey: likesQueryKey(lang, token),
    queryFn: async ({ signal }) => {
      return (await apiRequest(lang, 'store/likes/', { signal })).map((like) => like.product);
    },
    enabled: token !== null && token.startsWith('Bearer'),
  });
}
function useLikedIds() {
  const lang = useLanguage();
  const token = useToken();
  return useQuery(likesQueryOptions(lang, token));
}
// src/lib/api/like-product.ts
/**
 * POST store/products/{id}/likes/ (like) or …/likes/?dislike=true (unlike), empty body, with the
 * token. A 201 answer adds the id to the liked list or removes it (spec section 4).
 */
function useToggleLike(productId) {
  const lang = useLanguage();
  const token = useToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (like) =>
      apiRequest(lang, `store/products/${productId}/likes/`, {
        method: 'POST',
        query: { dislike: like ? void 0 : 'true' },
      }),
    onSuccess: (_result, like) => {
      queryClient.setQueryData(likesQueryKey(lang, token), (ids = []) =>
        like ? [.../* @__PURE__ */ new Set([...ids, productId])] : ids.filter((id) => id !== productId),
      );
      queryClient.invalidateQueries({ queryKey: [lang, 'store', 'likes'] });
    },
  });
}
// src/components/like-button.tsx
function HeartIcon({ filled }) {
  return /* @__PURE__ */ jsx('svg', {
    width: 20,
    height: 20,
    viewBox: '0 0 24 24',
    'aria-hidden': true,
    focusable: false,
    fill: filled ? 'currentColor' : 'none',
    stroke: 'currentColor',
    strokeWidth: 2,
    strokeLinejoin: 'round',
    children: /* @__PURE__ */ jsx('path', {
      d: 'M12 20.5s-7.5-4.6-9.3-9.2C1.5 8.1 3.5 4.5 7 4.5c2 0 3.4 1.1 5 3 1.6-1.9 3-3 5-3 3.5 0 5.5 3.6 4.3 6.8-1.8 4.6-9.3 9.2-9.3 9.2Z',
    }),
  });
}
/**
 * Like / unlike (spec section 4): the initial state comes from the liked list; a 201 answer flips
 * it. Without a token the visitor goes to /app/s (and is brought back here after signing in). A
 * failed call keeps the old state and says so.
 */
function LikeButton({ productId, title, compact = false, onLiked }) {
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
  return /* @__PURE__ */ jsxs('button', {
    type: 'button',
    'aria-pressed': isLiked,
    'aria-label': t('like.named', { title }),
    disabled: toggle.isPending,
    'data-testid': 'like-button',
    onClick: () => {
      if (!signedIn) {
        navigate('/s', {
          state: {
            from: {
              pathname: location.pathname,
              search: location.search,
              hash: location.hash,
            },
          },
        });
        return;
      }
      const like = !isLiked;
      toggle.mutate(like, {
        onSuccess: () => {
          if (like) onLiked?.();
        },
        onError: (error) =>
          notify.error(
            error instanceof ApiError && error.status === 401 ? t('toast.sessionExpired') : t('like.failed'),
          ),
      });
    },
    className: `inline-flex shrink-0 items-center border disabled:opacity-60 ${shape} ${look}`,
    children: [
      /* @__PURE__ */ jsx(HeartIcon, { filled: isLiked }),
      !compact &&
        /* @__PURE__ */ jsx('span', {
          'aria-hidden': true,
          children: isLiked ? t('like.liked') : t('like.like'),
        }),
    ],
  });
}
export { useLikedIds as n, LikeButton as t };

//# sourceMappingURL=like-button-CFsQDxxr.js.map
