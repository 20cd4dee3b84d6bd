/**
 * A list's items written as JSON, joined with commas in one buffer, with the byte where each item
 * ends: the whole list and any page of it are slices of the buffer, with no item written again. A
 * product's reviews are kept this way (CatalogueCache `reviewsJson`), once for both languages and
 * every page of the list.
 */
export class JsonItems {
  readonly bytes: Buffer;
  /** Where each item ends in `bytes` (the comma after it, or the end). */
  private readonly ends: Uint32Array;

  private constructor(bytes: Buffer, ends: Uint32Array) {
    this.bytes = bytes;
    this.ends = ends;
  }

  /** The items' JSON texts, in the list's order. */
  static of(items: readonly string[]): JsonItems {
    const ends = new Uint32Array(items.length);
    let at = 0;
    items.forEach((item, index) => {
      at += (index > 0 ? 1 : 0) + Buffer.byteLength(item);
      ends[index] = at;
    });
    return new JsonItems(Buffer.from(items.join(',')), ends);
  }

  get count(): number {
    return this.ends.length;
  }

  /** What this takes in memory, for a cache bounded by size. */
  get byteLength(): number {
    return this.bytes.byteLength + this.ends.byteLength;
  }

  /** These items (their JSON texts) before the list's. */
  prepend(items: readonly string[]): JsonItems {
    if (items.length === 0) return this;
    const head = Buffer.from(this.count > 0 ? `${items.join(',')},` : items.join(','));
    const ends = new Uint32Array(items.length + this.count);
    let at = 0;
    items.forEach((item, index) => {
      at += (index > 0 ? 1 : 0) + Buffer.byteLength(item);
      ends[index] = at;
    });
    const shift = this.count > 0 ? head.byteLength : 0;
    for (let i = 0; i < this.count; i += 1) ends[items.length + i] = this.ends[i]! + shift;
    return new JsonItems(Buffer.concat([head, this.bytes]), ends);
  }

  /** Items `from` (included) to `to` (excluded), joined with commas: the inside of a JSON array. */
  slice(from: number, to: number): Buffer {
    const start = Math.min(Math.max(0, from), this.count);
    const end = Math.min(Math.max(start, to), this.count);
    if (end === start) return this.bytes.subarray(0, 0);
    return this.bytes.subarray(start === 0 ? 0 : this.ends[start - 1]! + 1, this.ends[end - 1]!);
  }
}
