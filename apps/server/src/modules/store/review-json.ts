import { reviewSchema } from '@storefront/contracts';
import type { ShownReview } from '../../db/connection.ts';
import { serializerFor } from '../../lib/plugins/serializer.ts';
import type { JsonItems } from './json-items.ts';

/**
 * A review as the storefront's lists show it (`reviewSchema`: id, name, content, date; never the
 * reviewer's email), written once: by the repository when it reads a product's reviews, and by the
 * writer of a review published at once, so that the product's kept list can take it in front
 * without reading the list again (CatalogueCache `reviewsChanged`).
 */
export const writeReview: (review: unknown) => string = serializerFor(reviewSchema);

/** A review just published at once, as the `reviews` event carries it. */
export function shownReview(review: {
  id: number;
  product_id: number;
  name: string;
  content: string;
  creation_date: string;
}): ShownReview {
  return {
    id: review.id,
    product_id: review.product_id,
    creation_date: review.creation_date,
    json: writeReview(review),
  };
}

/** The order of a product's reviews list by default, the one a review published at once goes in front of. */
export const NEWEST_FIRST = '-creation_date';

/** Where a review stands in a list newest first (`creation_date` then `id`, both descending). */
export interface ReviewPlace {
  id: number;
  creation_date: string;
}

/**
 * A product's published reviews in one order, as JSON, and (newest first only) the newest one's
 * place, which a review published later must come before to be put in front of the list.
 */
export interface ReviewsJson {
  items: JsonItems;
  newest: ReviewPlace | undefined;
}

/** Dates as `toISOString` writes them: compared as text, they compare as times in any collation. */
const ISO_DATE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/**
 * Whether `later` comes strictly before `than` in a list newest first, as the database orders it;
 * false when either date is not in the one form whose text order is sure to be the database's.
 */
export function comesFirst(later: ReviewPlace, than: ReviewPlace): boolean {
  if (!ISO_DATE.test(later.creation_date) || !ISO_DATE.test(than.creation_date)) return false;
  return (
    later.creation_date > than.creation_date ||
    (later.creation_date === than.creation_date && later.id > than.id)
  );
}
