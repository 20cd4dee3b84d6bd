import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';

/** One page of a list: the previous page stays shown while the next one loads (no flash of "Loading…"). */
export function usePageQuery<T>(queryKey: QueryKey, queryFn: () => Promise<T>, enabled = true) {
  return useQuery({ queryKey, queryFn, placeholderData: keepPreviousData, enabled });
}

/**
 * A write after which the queries it changed are asked again: each key in `refreshes` is a prefix
 * (lib/query-keys.ts), so `queryKeys.reviews.all` refreshes every page of the reviews.
 */
export function useRefreshingMutation<Variables, Answer>(
  mutationFn: (variables: Variables) => Promise<Answer>,
  refreshes: readonly QueryKey[],
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      for (const queryKey of refreshes) void client.invalidateQueries({ queryKey });
    },
  });
}
