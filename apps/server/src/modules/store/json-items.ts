/**
 * A list's items written as JSON, joined with commas in one buffer, with where each item starts: the
 * whole list and any page of it are slices of the buffer, with no item written again. A product's
 * reviews are kept this way (CatalogueCache `reviewsJson`), once for both languages and every page
 * of the list.
 *
 * Items can be put in front (`prepend`: a review just published) without copying the list: the
 * items sit at the end of their buffer, with room before them, and where each starts is counted from
 * the buffer's end, the last item first, so that the starts already known never move. A list made
 * by `prepend` shares its buffer with the one it was made from, whose bytes it leaves alone (it only
 * writes before them); only the list whose first item is the buffer's front-most writes there, any
 * other copies, so that two lists made from one never write over each other.
 */
export class JsonItems {
  /** The buffer, its items at its end. */
  private readonly buffer: Buffer;
  /** Where this list's first item starts in `buffer`. */
  private readonly start: number;
  /** Where each item starts, as bytes from the buffer's end, the last item first (`count` used). */
  private readonly starts: Uint32Array;
  readonly count: number;
  /** The front-most start written in `buffer` by any list sharing it. */
  private readonly front: { at: number };

  private constructor(
    buffer: Buffer,
    start: number,
    starts: Uint32Array,
    count: number,
    front: { at: number },
  ) {
    this.buffer = buffer;
    this.start = start;
    this.starts = starts;
    this.count = count;
    this.front = front;
  }

  /** The items' JSON texts, in the list's order (in a buffer of their size: room is made at the first `prepend`). */
  static of(items: readonly string[]): JsonItems {
    const buffer = Buffer.from(items.join(','));
    const starts = new Uint32Array(items.length);
    writeStarts(starts, 0, items, buffer.byteLength);
    return new JsonItems(buffer, 0, starts, items.length, { at: 0 });
  }

  /** What this takes in memory, for a cache bounded by size (the room kept for items in front too). */
  get byteLength(): number {
    return this.buffer.byteLength + this.starts.byteLength;
  }

  /** These items (their JSON texts, in order) before the list's. */
  prepend(items: readonly string[]): JsonItems {
    if (items.length === 0) return this;
    const text = this.count > 0 ? `${items.join(',')},` : items.join(',');
    const bytes = Buffer.byteLength(text);
    const end = this.buffer.byteLength;
    const used = end - this.start;
    const inPlace = this.front.at === this.start && this.start >= bytes;
    // A new buffer has as much room before the items as they take (at least 1 KB): the next items
    // in front are written in place until the list has doubled.
    const buffer = inPlace ? this.buffer : Buffer.allocUnsafe(Math.max(2 * (used + bytes), 1024));
    const start = buffer.byteLength - used - bytes;
    if (!inPlace) this.buffer.copy(buffer, buffer.byteLength - used, this.start, end);
    buffer.write(text, start, 'utf8');
    const count = this.count + items.length;
    let starts = this.starts;
    if (!inPlace || this.starts.length < count) {
      starts = new Uint32Array(Math.max(2 * count, 16));
      starts.set(this.starts.subarray(0, this.count));
    }
    writeStarts(starts, this.count, items, used + bytes);
    const front = inPlace ? this.front : { at: start };
    front.at = start;
    return new JsonItems(buffer, start, starts, count, front);
  }

  /** Where item `index` (0: the first) starts in the buffer. */
  private startOf(index: number): number {
    return this.buffer.byteLength - this.starts[this.count - 1 - index]!;
  }

  /** Items `from` (included) to `to` (excluded), joined with commas: the inside of a JSON array. */
  slice(from: number, to: number): Buffer {
    const first = Math.min(Math.max(0, from), this.count);
    const end = Math.min(Math.max(first, to), this.count);
    if (end === first) return this.buffer.subarray(0, 0);
    // The last item ends before the next one's comma, or at the buffer's end.
    const stop = end === this.count ? this.buffer.byteLength : this.startOf(end) - 1;
    return this.buffer.subarray(this.startOf(first), stop);
  }
}

/**
 * Writes where `items` start, as bytes from the buffer's end, into `starts` from index `from` (the
 * last item first): the first item starts `first` bytes from the end, each next one its
 * predecessor's length and a comma later.
 */
function writeStarts(starts: Uint32Array, from: number, items: readonly string[], first: number): void {
  let at = first;
  items.forEach((item, index) => {
    starts[from + items.length - 1 - index] = at;
    at -= Buffer.byteLength(item) + 1;
  });
}
