import type { ComponentType } from 'react';
import type { LoaderFunction } from 'react-router';

/** Script chunks that have not arrived within this time count as failed (docs/product.md, Calls). */
export const CHUNK_TIMEOUT_MS = 120_000;
/** Set (in session storage) when the page reloaded itself after a chunk failure. */
export const RELOAD_FLAG = 'storefront:chunk-reload';

export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('A part of the application could not be loaded', { cause });
    this.name = 'ChunkLoadError';
  }
}

/** Session storage, or none on the server (entry-server.tsx) and where the browser refuses it. */
function sessionStorageOrNone(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && error.name === 'ChunkLoadError';
}

/**
 * Loads a route's chunk; a failure or a chunk that has not arrived within the time-out becomes a
 * ChunkLoadError, which the route error boundary answers (reload once, then a message with a retry).
 * A chunk that loads clears the reload flag.
 */
export async function loadChunk<T>(
  importer: () => Promise<T>,
  options: { timeoutMs?: number; storage?: Storage | undefined } = {},
): Promise<T> {
  const { timeoutMs = CHUNK_TIMEOUT_MS, storage = sessionStorageOrNone() } = options;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const module = await Promise.race([
      importer(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`not loaded within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    storage?.removeItem(RELOAD_FLAG);
    return module;
  } catch (error) {
    throw new ChunkLoadError(error);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * After a chunk failure: reload once (the chunk most likely belongs to a build a deploy replaced, and
 * the reload fetches the new one). Answers true when it reloaded, false when it already had.
 */
export function reloadOnceForChunk(
  reload: () => void,
  storage: Storage | undefined = sessionStorageOrNone(),
): boolean {
  if (!storage || storage.getItem(RELOAD_FLAG) !== null) return false;
  storage.setItem(RELOAD_FLAG, String(Date.now()));
  reload();
  return true;
}

export function hasReloadedForChunk(storage: Storage | undefined = sessionStorageOrNone()): boolean {
  return storage !== undefined && storage.getItem(RELOAD_FLAG) !== null;
}

/**
 * A React Router `lazy` for a module whose default export is the page and whose `loader`, when it has
 * one, fills the query cache with the page's data (app/route-data.ts).
 */
export function lazyPage(importer: () => Promise<{ default: ComponentType; loader?: LoaderFunction }>) {
  return async () => {
    const module = await loadChunk(importer);
    return module.loader
      ? { Component: module.default, loader: module.loader }
      : { Component: module.default };
  };
}
