import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { useToken } from '../use-auth.ts';
import { useLanguage } from '../use-language.ts';
import { likesQueryKey } from './get-likes.ts';

interface LikeResult {
  product: number;
  liked: boolean;
}

/**
 * POST store/products/{id}/likes/ (like) or …/likes/?dislike=true (unlike), empty body, with the
 * token. A 201 answer adds the id to the liked list or removes it (docs/product.md, States).
 */
export function useToggleLike(productId: number) {
  const lang = useLanguage();
  const token = useToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (like: boolean) =>
      apiRequest<LikeResult>(lang, `store/products/${productId}/likes/`, {
        method: 'POST',
        query: { dislike: like ? undefined : 'true' },
      }),
    onSuccess: (_result, like) => {
      queryClient.setQueryData<number[]>(likesQueryKey(lang, token), (ids = []) =>
        like ? [...new Set([...ids, productId])] : ids.filter((id) => id !== productId),
      );
      void queryClient.invalidateQueries({ queryKey: [lang, 'store', 'likes'] });
    },
  });
}
