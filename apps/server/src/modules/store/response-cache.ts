/**
 * Serialised answers of catalogue reads, valid for one catalogue version. The catalogue changes
 * only by import, so a read's answer depends on nothing but the version, the URL, the language,
 * the public base URL and whether the reader is signed in. Least recently used entries go first
 * once the total size passes the limit.
 */
export class ResponseCache {
  private readonly entries = new Map<string, { version: string; body: string }>();
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

  get(key: string, version: string): string | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.version !== version) {
      this.bytes -= entry.body.length;
      return undefined;
    }
    this.entries.set(key, entry);
    return entry.body;
  }

  set(key: string, version: string, body: string): void {
    if (!this.enabled || body.length > this.maxEntryBytes) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.bytes -= previous.body.length;
    }
    this.entries.set(key, { version, body });
    this.bytes += body.length;
    while (this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.bytes -= this.entries.get(oldest.value)!.body.length;
      this.entries.delete(oldest.value);
    }
  }
}
