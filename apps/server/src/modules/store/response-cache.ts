import { LRUCache } from 'lru-cache';

interface Entry {
  version: string;
  body: Buffer;
}

/**
 * Serialised answers of catalogue reads (kept as UTF-8 bytes, so a hit is not encoded again), valid
 * for one catalogue version. A read's answer depends on nothing but the version, the URL, the
 * language, the public base URL and whether the reader is signed in (all in the key but the version,
 * which is kept beside the entry). lru-cache bounds it by size: the least recently used entries go
 * first once the total passes the limit, and an answer over an eighth of it (at most 512 KB) is
 * never kept.
 */
export class ResponseCache {
  private readonly entries: LRUCache<string, Entry> | undefined;
  constructor(maxBytes: number) {
    if (maxBytes <= 0) return;
    const maxEntrySize = Math.min(maxBytes / 8, 512 * 1024);
    this.entries = new LRUCache<string, Entry>({
      maxSize: maxBytes,
      maxEntrySize,
      sizeCalculation: (entry) => Math.max(1, entry.body.byteLength),
    });
  }

  get enabled(): boolean {
    return this.entries !== undefined;
  }

  /** The answer kept for `key` when it was made for `version`; an entry of another version is dropped. */
  get(key: string, version: string): Buffer | undefined {
    const entry = this.entries?.get(key);
    if (!entry) return undefined;
    if (entry.version !== version) {
      this.entries!.delete(key);
      return undefined;
    }
    return entry.body;
  }

  set(key: string, version: string, body: Buffer): void {
    this.entries?.set(key, { version, body });
  }
}
