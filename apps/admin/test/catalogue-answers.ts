import type { EntityRow } from '@storefront/contracts/admin';

/** A row of a catalogue list as the API answers it: published, translated, no image, by default. */
export function entityRow(id: number, title: EntityRow['title'], row: Partial<EntityRow> = {}): EntityRow {
  return {
    id,
    title,
    published: true,
    missing_languages: [],
    image: null,
    parent: null,
    products: null,
    ...row,
  };
}

/** One page of a list as the API answers it. */
export function pageOf<Row>(results: Row[], count = results.length, page = 1) {
  return { count, page, results };
}

/** The writes among the requests a test recorded (test/fetch-stub.ts). */
export const writes = <C extends { method: string }>(calls: C[]) => calls.filter((c) => c.method !== 'GET');
