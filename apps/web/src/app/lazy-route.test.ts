import { describe, expect, it, vi } from 'vitest';
import {
  ChunkLoadError,
  RELOAD_FLAG,
  hasReloadedForChunk,
  loadChunk,
  reloadOnceForChunk,
} from './lazy-route.ts';

describe('loadChunk', () => {
  it('answers the module and clears the reload flag', async () => {
    window.sessionStorage.setItem(RELOAD_FLAG, '1');
    await expect(loadChunk(async () => ({ default: 'page' }))).resolves.toEqual({ default: 'page' });
    expect(hasReloadedForChunk()).toBe(false);
  });
  it('turns a failed import into a ChunkLoadError', async () => {
    const error = await loadChunk(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).cause).toBeInstanceOf(TypeError);
  });
  it('turns a chunk that does not arrive in time into a ChunkLoadError', async () => {
    const never = () => new Promise<never>(() => {});
    const error = await loadChunk(never, { timeoutMs: 20 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(String((error as ChunkLoadError).cause)).toContain('not loaded within 20 ms');
  });
});

describe('reloadOnceForChunk', () => {
  it('reloads the first time only', () => {
    const reload = vi.fn();
    expect(reloadOnceForChunk(reload)).toBe(true);
    expect(reloadOnceForChunk(reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(hasReloadedForChunk()).toBe(true);
  });
});
