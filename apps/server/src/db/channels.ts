/**
 * The PostgreSQL channels (LISTEN/NOTIFY) on which a committed change is announced to every
 * instance: named here, below the modules that announce (catalogue writes, review changes) and the
 * one that listens (modules/store/catalogue-events.ts), so that none of them imports another for a name.
 */

/** A catalogue write's new version. */
export const CATALOGUE_CHANNEL = 'storefront_catalogue';
/** A change to the reviews the storefront shows (payload: product ids, or `*`). */
export const REVIEWS_CHANNEL = 'storefront_reviews';
/** A storefront user disabled or deleted (payload: the user id). */
export const USER_STATUS_CHANNEL = 'user_status';
