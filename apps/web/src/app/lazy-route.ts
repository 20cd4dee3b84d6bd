import type { ComponentType } from 'react';
import { page } from '../lib/page.ts';

/** Script chunks that have not arrived within this time count as failed (spec section 7). */
export const CHUNK_TIMEOUT_MS = 120_000;
const RELOAD_FLAG = 'storefront:chunk-reload';

export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('A part of the application could not be loaded', { cause });
    this.name = 'ChunkLoadError';
  }
}

/**
 * Loads a route's chunk. A chunk that fails or times out most likely belongs to a build a deploy has
 * replaced: the page reloads once to fetch the new build; if it fails again the error reaches the
 * route error boundary (which offers a retry).
 */
export async function loadChunk<T>(
  importer: () => Promise<T>,
  options: { timeoutMs?: number; reload?: () => void; storage?: Storage } = {},
): Promise<T> {
  const {
    timeoutMs = CHUNK_TIMEOUT_MS,
    reload = () => page.reload(),
    storage = window.sessionStorage,
  } = options;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const module = await Promise.race([
      importer(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`chunk not loaded within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    storage.removeItem(RELOAD_FLAG);
    return module;
  } catch (error) {
    if (storage.getItem(RELOAD_FLAG) === null) {
      storage.setItem(RELOAD_FLAG, String(Date.now()));
      reload();
      // Keep the navigation pending while the page reloads.
      return new Promise<T>(() => {});
    }
    storage.removeItem(RELOAD_FLAG);
    throw new ChunkLoadError(error);
  } finally {
    clearTimeout(timer);
  }
}

/** A React Router `lazy` for a module whose default export is the page. */
export function lazyPage(importer: () => Promise<{ default: ComponentType }>) {
  return async () => {
    const module = await loadChunk(importer);
    return { Component: module.default };
  };
}
