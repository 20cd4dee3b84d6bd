import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { announcedProducts } from '../reviews/changes.ts';
import { USER_STATUS_CHANNEL } from '../../db/channels.ts';
import { CATALOGUE_CHANNEL, REVIEWS_CHANNEL, type CatalogueCache } from './catalogue-cache.ts';

/**
 * On PostgreSQL, every instance listens on one connection of its own for the NOTIFY that a catalogue
 * write sends in its transaction (delivered when it commits): the caches of every instance drop the
 * old version at once, with no polling. When the connection drops, the version is polled again
 * (every second) until it is back; it reconnects by itself. On the same connection: the products
 * whose shown reviews changed (`storefront_reviews`, modules/reviews/changes.ts: only what shows
 * their reviews is dropped, the catalogue's version stays), and a storefront user disabled or
 * deleted by the back office (`user_status`), so that every instance forgets what it cached of that
 * user and refuses its tokens at once.
 */
export function listenForCatalogueChanges(
  databaseUrl: string,
  cache: CatalogueCache,
  log: FastifyBaseLogger,
  onUserStatus: (userId: number) => void = () => {},
  sentByThisHandle: (backend: number) => boolean = () => false,
): { close: () => Promise<void> } {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', (message) => {
      if (message.channel === CATALOGUE_CHANNEL) cache.invalidate();
      else if (message.channel === REVIEWS_CHANNEL) {
        // This process's own change was told to its cache at its commit, with the reviews published
        // (their products' kept lists took them in front): heard again here, it would drop those lists.
        if (sentByThisHandle(message.processId)) return;
        // An unreadable payload cannot name its products: every product's reviews are read again.
        cache.reviewsChanged(announcedProducts(message.payload) ?? 'all');
      } else if (message.channel === USER_STATUS_CHANNEL && /^\d{1,10}$/.test(message.payload ?? '')) {
        onUserStatus(Number(message.payload));
      }
    });
    next.on('error', (error) => {
      log.warn({ err: error }, 'catalogue notifications: connection lost, polling until it is back');
      drop(next);
    });
    next.on('end', () => drop(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${CATALOGUE_CHANNEL}`);
      await next.query(`LISTEN ${REVIEWS_CHANNEL}`);
      await next.query(`LISTEN ${USER_STATUS_CHANNEL}`);
      if (closed) {
        await next.end();
        return;
      }
      client = next;
      // Anything that changed while nobody listened: read the version again.
      cache.invalidate();
      cache.pushed = true;
    } catch (error) {
      log.warn({ err: error }, 'catalogue notifications: cannot listen, polling the version');
      drop(next);
    }
  };
  const drop = (which: pg.Client) => {
    if (client === which) client = undefined;
    cache.pushed = false;
    which.removeAllListeners('notification');
    which.end().catch(() => {});
    if (!closed && !retry) {
      retry = setTimeout(() => {
        retry = undefined;
        void connect();
      }, 2000);
      retry.unref();
    }
  };
  const ready = connect();
  return {
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      await ready;
      cache.pushed = false;
      const current = client;
      client = undefined;
      if (current) await current.end().catch(() => {});
    },
  };
}
