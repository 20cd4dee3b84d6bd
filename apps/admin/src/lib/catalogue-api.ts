import type {
  AdminPage,
  CatalogueKind,
  Editable,
  EntityListQuery,
  EntityOf,
  EntityRow,
} from '@storefront/contracts/admin';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { request, type Saved } from './api.ts';
import { usePageQuery } from './queries.ts';
import { queryKeys } from './query-keys.ts';

/** Every kind but products: the kinds with a list page and an editor of their own. */
export type OtherKind = Exclude<CatalogueKind, 'products'>;

/**
 * The catalogue's entities (every kind, products included): read by the shared pickers and the
 * delete dialog as well as by the products and catalogue resources, so the calls live here in lib/
 * rather than in a resource (docs/admin.md, "Data").
 */
export const catalogueApi = {
  list: (kind: CatalogueKind, query: EntityListQuery) =>
    request<AdminPage<EntityRow>>('GET', `/catalogue/${kind}`, { query: { ...query } }),
  get: <K extends CatalogueKind>(kind: K, id: number) =>
    request<Editable<EntityOf<K>>>('GET', `/catalogue/${kind}/${id}`),
  create: <K extends CatalogueKind>(kind: K, entity: EntityOf<K>) =>
    request<Saved>('POST', `/catalogue/${kind}`, { body: { entity } }),
  update: <K extends CatalogueKind>(kind: K, id: number, version: string, entity: EntityOf<K>) =>
    request<Saved>('PUT', `/catalogue/${kind}/${id}`, { body: { version, entity } }),
  remove: (kind: CatalogueKind, id: number, dependents?: 'detach' | 'move' | 'delete', to?: number) =>
    request<void>('DELETE', `/catalogue/${kind}/${id}`, { query: { dependents, to } }),
};

/** One page of a kind's list; the previous page stays shown while the next one loads. */
export function useEntityPage(kind: CatalogueKind, query: EntityListQuery) {
  return usePageQuery(queryKeys.catalogue.page(kind, query), () => catalogueApi.list(kind, query));
}

/** A picker's search (the first ten titles matching `q`), asked only while its results are open. */
export function useEntitySearch(
  kind: CatalogueKind,
  q: string,
  parent: number | undefined,
  enabled: boolean,
) {
  return useQuery({
    queryKey: queryKeys.catalogue.page(kind, { q, page_size: 10, parent }),
    queryFn: () => catalogueApi.list(kind, { q: q || undefined, page_size: 10, sort: 'title', parent }),
    enabled,
  });
}

/** One entity as last saved (its version with it), for a picker's chosen title. */
export function useEntity<K extends CatalogueKind>(kind: K, id: number | null, enabled = true) {
  return useQuery({
    queryKey: queryKeys.catalogue.entity(kind, id ?? 0),
    queryFn: () => catalogueApi.get(kind, id!),
    enabled: id !== null && enabled,
    staleTime: 60_000,
  });
}

/** The row of an entity in a list already fetched (a search of a picker, a list page). */
export function listedRow(client: QueryClient, kind: CatalogueKind, id: number): EntityRow | undefined {
  for (const [, page] of client.getQueriesData<AdminPage<EntityRow>>({
    queryKey: queryKeys.catalogue.list(kind),
  })) {
    const row = page?.results.find((r) => r.id === id);
    if (row) return row;
  }
  return undefined;
}

/**
 * What an entity form (components/entity-form.tsx) needs to load and save one entity of `kind`, or
 * a new one (`id` null): its key, its loader, its save (create or update with its version) and the
 * lists to refresh after.
 */
export function entitySource<K extends CatalogueKind>(kind: K, id: number | null) {
  return {
    queryKey: id === null ? null : queryKeys.catalogue.entity(kind, id),
    load: id === null ? undefined : () => catalogueApi.get(kind, id),
    save: (entity: EntityOf<K>, version: string | undefined) =>
      id === null || version === undefined
        ? catalogueApi.create(kind, entity)
        : catalogueApi.update(kind, id, version, entity),
    invalidate: [queryKeys.catalogue.lists],
  };
}

/** Deletes an entity (with what becomes of its dependents), then refreshes the lists and forgets it. */
export function useRemoveEntity(kind: CatalogueKind, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ dependents, to }: { dependents?: 'detach' | 'move' | 'delete'; to?: number }) =>
      catalogueApi.remove(kind, id, dependents, to),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.catalogue.lists });
      client.removeQueries({ queryKey: queryKeys.catalogue.entity(kind, id) });
    },
  });
}
