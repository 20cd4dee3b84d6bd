/**
 * Serialised answers of catalogue reads (kept as UTF-8 bytes, so a hit is not encoded again), valid for one catalogue version. The catalogue changes
 * only by import, so a read's answer depends on nothing but the version, the URL, the language,
 * the public base URL and whether the reader is signed in. Least recently used entries go first
 * once the total size passes the limit.
 */
export class ResponseCache {
  private readonly entries = new Map<string, { version: string; body: Buffer }>();
  private readonly maxBytes: number;
  private readonly maxEntryBytes: number;
  private bytes = 0;
  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
    this.maxEntryBytes = Math.min(maxBytes / 8, 512 * 1024);
  }

  get enabled(): boolean {
    return this.maxBytes > 0;
  }

  get(key: string, version: string): Buffer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.version !== version) {
      this.bytes -= entry.body.byteLength;
      return undefined;
    }
    this.entries.set(key, entry);
    return entry.body;
  }

  set(key: string, version: string, body: Buffer): void {
    if (!this.enabled || body.byteLength > this.maxEntryBytes) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.bytes -= previous.body.byteLength;
    }
    this.entries.set(key, { version, body });
    this.bytes += body.byteLength;
    while (this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.bytes -= this.entries.get(oldest.value)!.body.byteLength;
      this.entries.delete(oldest.value);
    }
  }
}
