import fs from 'node:fs';

/** The sections of a catalogue file read one item at a time; every other section is read whole. */
export const STREAMED_SECTIONS = new Set(['products', 'reviews']);

export type CatalogueEvent =
  /** A top-level key other than the streamed ones, with its whole value. */
  | { type: 'section'; key: string; value: unknown }
  /** The start of a streamed section (its value is an array). */
  | { type: 'start'; key: string }
  /** One element of a streamed section. */
  | { type: 'item'; key: string; index: number; value: unknown }
  /** The end of a streamed section. */
  | { type: 'end'; key: string };

/** Thrown for a file whose root is valid JSON but not an object. */
export const NOT_AN_OBJECT = 'the file must hold one JSON object';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

const BOM = [0xef, 0xbb, 0xbf];

const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
/** Bytes that end a bare value (a number, true, false, null) inside an object or an array. */
const endsScalar = (byte: number) =>
  isSpace(byte) || byte === COMMA || byte === CLOSE_OBJECT || byte === CLOSE_ARRAY;
/** Bytes a JSON value other than an object may start with (a root made of one is not an object). */
const startsValue = (byte: number) =>
  byte === OPEN_ARRAY ||
  byte === QUOTE ||
  byte === 0x2d ||
  (byte >= 0x30 && byte <= 0x39) ||
  byte === 0x74 ||
  byte === 0x66 ||
  byte === 0x6e;

/** Where the scanner is in the file's structure (outside the value being captured). */
type Place =
  | 'root' // before the root object
  | 'key' // inside the root object: a key, or its end when no key came yet
  | 'next-key' // after a comma: a key
  | 'colon'
  | 'value' // the value of the key just read
  | 'after-value' // a comma or the root's end
  | 'first-item' // inside a streamed array: an element or its end
  | 'item' // after a comma: an element
  | 'after-item' // a comma or the array's end
  | 'done';

class JsonSyntaxError extends Error {}

/**
 * Splits a catalogue file's bytes into catalogue events without tokenising what it need not: the
 * root object's keys and the streamed arrays' commas are read byte by byte, and each value is only
 * delimited (its strings skipped with indexOf) and handed whole to JSON.parse, which checks it and
 * builds it far faster than a token-per-value parser (stream-json took most of an import's reading
 * time). Memory holds one value at a time (one product, or one small section).
 */
export class CatalogueScanner {
  private place: Place = 'root';
  private offset = 0;
  private key: string | undefined;
  private streamed: { key: string; index: number } | undefined;
  /** The value being captured: its pieces so far, and how it ends. */
  private capture:
    | {
        pieces: Buffer[];
        start: number;
        kind: 'container' | 'string' | 'scalar';
        depth: number;
        inString: boolean;
        escaped: boolean;
        forKey: boolean;
      }
    | undefined;
  private slashChunk: Buffer | undefined;
  private slashAt = -1;

  /** The events completed by this chunk of the file. */
  push(chunk: Buffer): CatalogueEvent[] {
    const events: CatalogueEvent[] = [];
    let i = 0;
    const length = chunk.length;
    while (i < length) {
      if (this.capture) {
        const end = this.scanValue(chunk, i);
        if (end === -1) {
          this.capture.pieces.push(i === 0 ? chunk : chunk.subarray(i));
          break;
        }
        this.capture.pieces.push(chunk.subarray(i, end));
        i = end;
        const event = this.finishValue();
        if (event) events.push(event);
        continue;
      }
      const byte = chunk[i]!;
      if (isSpace(byte)) {
        i++;
        continue;
      }
      this.structure(byte, chunk, i, events);
      if (!this.capture) i++;
    }
    this.offset += length;
    return events;
  }

  /** Checks that the file ended where a JSON object may end. */
  end(): void {
    if (this.place === 'root') throw new JsonSyntaxError('the file is empty');
    if (this.place !== 'done' || this.capture) throw new JsonSyntaxError('unexpected end of the file');
  }

  /** A structural byte outside any value: moves the place on, or starts capturing a value at `at`. */
  private structure(byte: number, chunk: Buffer, at: number, events: CatalogueEvent[]): void {
    switch (this.place) {
      case 'root':
        // A byte-order mark is allowed before the root (editors on Windows write one).
        if (this.offset + at < BOM.length && byte === BOM[this.offset + at]) return;
        if (byte === OPEN_OBJECT) {
          this.place = 'key';
          return;
        }
        if (startsValue(byte)) throw new Error(NOT_AN_OBJECT);
        break;
      case 'key':
      case 'next-key':
        if (byte === QUOTE) {
          this.startCapture(chunk, at, true);
          return;
        }
        if (byte === CLOSE_OBJECT && this.place === 'key') {
          this.place = 'done';
          return;
        }
        break;
      case 'colon':
        if (byte === COLON) {
          this.place = 'value';
          return;
        }
        break;
      case 'value':
        if (byte === OPEN_ARRAY && STREAMED_SECTIONS.has(this.key!)) {
          this.streamed = { key: this.key!, index: 0 };
          this.place = 'first-item';
          events.push({ type: 'start', key: this.key! });
          return;
        }
        this.startCapture(chunk, at, false);
        return;
      case 'after-value':
        if (byte === COMMA) {
          this.place = 'next-key';
          return;
        }
        if (byte === CLOSE_OBJECT) {
          this.place = 'done';
          return;
        }
        break;
      case 'first-item':
      case 'item':
        if (byte === CLOSE_ARRAY && this.place === 'first-item') {
          events.push(this.endArray());
          return;
        }
        if (byte !== CLOSE_ARRAY && byte !== CLOSE_OBJECT && byte !== COMMA && byte !== COLON) {
          this.startCapture(chunk, at, false);
          return;
        }
        break;
      case 'after-item':
        if (byte === COMMA) {
          this.place = 'item';
          return;
        }
        if (byte === CLOSE_ARRAY) {
          events.push(this.endArray());
          return;
        }
        break;
      case 'done':
        break;
    }
    throw new JsonSyntaxError(
      `unexpected ${JSON.stringify(String.fromCharCode(byte))} at byte ${this.offset + at}`,
    );
  }

  private endArray(): CatalogueEvent {
    const key = this.streamed!.key;
    this.streamed = undefined;
    this.place = 'after-value';
    return { type: 'end', key };
  }

  private startCapture(chunk: Buffer, at: number, forKey: boolean): void {
    const byte = chunk[at]!;
    this.capture = {
      pieces: [],
      start: this.offset + at,
      kind: byte === OPEN_OBJECT || byte === OPEN_ARRAY ? 'container' : byte === QUOTE ? 'string' : 'scalar',
      depth: 0,
      inString: false,
      escaped: false,
      forKey,
    };
  }

  /**
   * Scans the captured value from `from`: the index just past its end in this chunk, or -1 when it
   * goes on into the next one. Strings are skipped with indexOf (most of a catalogue's bytes are in
   * its texts); a quote is a string's end unless an odd run of backslashes precedes it.
   */
  private scanValue(chunk: Buffer, from: number): number {
    const c = this.capture!;
    const length = chunk.length;
    let i = from;
    if (c.kind === 'scalar') {
      while (i < length && !endsScalar(chunk[i]!)) i++;
      return i < length ? i : -1;
    }
    if (c.kind === 'string' && c.depth === 0 && !c.inString) {
      // The opening quote.
      c.inString = true;
      c.depth = 1;
      i++;
    }
    while (i < length) {
      if (c.inString) {
        if (c.escaped) {
          c.escaped = false;
          i++;
          continue;
        }
        const quote = chunk.indexOf(QUOTE, i);
        const slash = this.nextBackslash(chunk, i);
        if (slash !== -1 && (quote === -1 || slash < quote)) {
          c.escaped = true;
          i = slash + 1;
          continue;
        }
        if (quote === -1) return -1;
        i = quote + 1;
        c.inString = false;
        if (c.kind === 'string') return i;
        continue;
      }
      const byte = chunk[i]!;
      if (byte === QUOTE) c.inString = true;
      else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) c.depth++;
      else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
        if (--c.depth === 0) return i + 1;
      }
      i++;
    }
    return -1;
  }

  /**
   * The first backslash at or after `from` in this chunk (-1: none), remembered: most texts have
   * none, and looking for one from every string would read the rest of the chunk each time.
   */
  private nextBackslash(chunk: Buffer, from: number): number {
    if (chunk !== this.slashChunk || (this.slashAt !== -1 && this.slashAt < from)) {
      this.slashChunk = chunk;
      this.slashAt = chunk.indexOf(BACKSLASH, from);
    }
    return this.slashAt;
  }

  /** Parses the value just captured and moves the place on; the event it completes, if any. */
  private finishValue(): CatalogueEvent | undefined {
    const c = this.capture!;
    this.capture = undefined;
    const text =
      c.pieces.length === 1 ? c.pieces[0]!.toString('utf8') : Buffer.concat(c.pieces).toString('utf8');
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new JsonSyntaxError(`${(error as Error).message} (in the value at byte ${c.start})`);
    }
    if (c.forKey) {
      this.key = value as string;
      this.place = 'colon';
      return undefined;
    }
    if (this.streamed) {
      this.place = 'after-item';
      return { type: 'item', key: this.streamed.key, index: this.streamed.index++, value };
    }
    this.place = 'after-value';
    return { type: 'section', key: this.key!, value };
  }
}

/**
 * Reads a catalogue file as a stream of events, with backpressure: the file is read as fast as the
 * consumer takes the events. `onProgress` is told how many bytes have been read; `onBytes` is given
 * every chunk (an import hashes what it writes, to be sure it is what it checked).
 */
export async function* readCatalogueEvents(
  file: string,
  onProgress?: (bytes: number) => void,
  onBytes?: (chunk: Buffer) => void,
): AsyncGenerator<CatalogueEvent> {
  const input = fs.createReadStream(file, { highWaterMark: 1024 * 1024 });
  const scanner = new CatalogueScanner();
  try {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      onBytes?.(chunk);
      onProgress?.(input.bytesRead);
      yield* scanner.push(chunk);
    }
    scanner.end();
  } finally {
    input.destroy();
  }
}
