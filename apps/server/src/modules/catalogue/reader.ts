import fs from 'node:fs';
import chain from 'stream-chain';
import { none } from 'stream-chain/defs.js';
import { parser } from 'stream-json';
import Assembler from 'stream-json/assembler.js';

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

interface Token {
  name: string;
  value?: string;
}

/**
 * Turns the parser's tokens into catalogue events: the root object's keys, each with its value
 * assembled whole, except the streamed sections, whose array elements are assembled one at a time
 * (so memory holds one product, not 100,000). Throws for a root that is not an object.
 */
class EventMaker {
  private depth = 0;
  private key: string | undefined;
  private streaming: { key: string; index: number } | undefined;
  private assembler: Assembler | undefined;
  private assemblerDepth = 0;

  push(token: Token): CatalogueEvent | undefined {
    if (this.assembler) {
      this.assembler.consume(token as never);
      if (token.name === 'startObject' || token.name === 'startArray') this.assemblerDepth++;
      else if (token.name === 'endObject' || token.name === 'endArray') this.assemblerDepth--;
      if (this.assemblerDepth > 0) return undefined;
      const value = this.assembler.current;
      this.assembler = undefined;
      if (this.streaming) {
        return { type: 'item', key: this.streaming.key, index: this.streaming.index++, value };
      }
      return { type: 'section', key: this.key!, value };
    }
    if (this.depth === 0) {
      if (token.name !== 'startObject') throw new Error('the file must hold one JSON object');
      this.depth = 1;
      return undefined;
    }
    if (this.streaming) {
      // Between elements of a streamed array.
      if (token.name === 'endArray') {
        const key = this.streaming.key;
        this.streaming = undefined;
        return { type: 'end', key };
      }
      return this.startValue(token);
    }
    // Directly inside the root object.
    if (token.name === 'keyValue') {
      this.key = token.value!;
      return undefined;
    }
    if (token.name === 'endObject') {
      this.depth = 0;
      return undefined;
    }
    if (token.name === 'startArray' && this.key !== undefined && STREAMED_SECTIONS.has(this.key)) {
      this.streaming = { key: this.key, index: 0 };
      return { type: 'start', key: this.key };
    }
    return this.startValue(token);
  }

  private startValue(token: Token): CatalogueEvent | undefined {
    this.assembler = new Assembler();
    this.assemblerDepth = 0;
    return this.push(token);
  }
}

/**
 * Reads a catalogue file as a stream of events, with backpressure: the file is read as fast as the
 * consumer takes the events. `onProgress` is told how many bytes have been read.
 */
export async function* readCatalogueEvents(
  file: string,
  onProgress?: (bytes: number) => void,
): AsyncGenerator<CatalogueEvent> {
  const input = fs.createReadStream(file, { encoding: 'utf8', highWaterMark: 256 * 1024 });
  let first = true;
  const maker = new EventMaker();
  const pipeline = chain([
    input,
    (text: string) => {
      onProgress?.(input.bytesRead);
      if (first) {
        first = false;
        return text.replace(/^\uFEFF/, '');
      }
      return text;
    },
    parser({ streamValues: false }),
    (token: Token) => maker.push(token) ?? none,
  ]);
  try {
    for await (const event of pipeline as AsyncIterable<CatalogueEvent>) yield event;
  } finally {
    pipeline.destroy();
    input.destroy();
  }
}
