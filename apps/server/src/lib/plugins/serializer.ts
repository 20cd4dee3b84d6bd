import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * Answers are written from their route's response schema (a Zod schema in packages/contracts),
 * by fast-json-stringify: a field the schema does not name is never sent, whatever a handler put
 * in its object (a reviewer's email, a supplier's phone for a visitor), and a field it requires
 * must be there. The Zod schema becomes JSON Schema (Zod's own toJSONSchema), simplified where
 * fast-json-stringify would otherwise validate every value with Ajv to choose a branch:
 * - `X | null` becomes X with `nullable: true`;
 * - a list route's `array | page object` is two serialisers, chosen by Array.isArray.
 * Error answers (status ≥ 400) are serialised by the error handler (lib/plugins/error-handling.ts), in one
 * shape whatever the route declares, so no serialiser is built for them here.
 */
export const schemaSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema, httpStatus }) => {
  if (Number(httpStatus) >= 400) return (data) => JSON.stringify(data);
  return compile(simplify(toJsonSchema(schema)));
};

/** The serialiser of one schema, for answers written piece by piece (streamed lists). */
export function serializerFor(schema: z.ZodType): (data: unknown) => string {
  return compile(simplify(toJsonSchema(schema)));
}

export function toJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: 'draft-7',
    io: 'output',
    unrepresentable: 'any',
  }) as JsonSchema;
  delete json.$schema;
  return json;
}

function compile(json: JsonSchema): (data: unknown) => string {
  const options = json.anyOf as JsonSchema[] | undefined;
  if (options && options.length === 2) {
    const array = options.find((o) => o.type === 'array');
    const object = options.find((o) => o.type === 'object');
    if (array && object) {
      const asArray = fastJson(array);
      const asObject = fastJson(object);
      return (data) => (Array.isArray(data) ? asArray(data) : asObject(data));
    }
  }
  return fastJson(json);
}

/** `anyOf: [X, {type: 'null'}]` → X with `nullable: true`, at every depth. */
export function simplify(json: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(json)) {
    if (Array.isArray(value)) {
      out[key] = value.map((v) => (isSchema(v) ? simplify(v) : v));
    } else if (isSchema(value)) {
      out[key] =
        key === 'properties' || key === '$defs' || key === 'definitions'
          ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, isSchema(v) ? simplify(v) : v]))
          : simplify(value);
    } else out[key] = value;
  }
  const options = out.anyOf as JsonSchema[] | undefined;
  if (options && options.length === 2) {
    const nonNull = options.filter((o) => o.type !== 'null');
    if (nonNull.length === 1 && Object.keys(out).length === 1) return { ...nonNull[0], nullable: true };
  }
  return out;
}

function isSchema(value: unknown): value is JsonSchema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * JSON text already written by the response's schema (pre-rendered products, pages of them): sent
 * as it is by routes that would otherwise serialise an object.
 */
export class SerializedJson {
  readonly bytes: Buffer;
  constructor(value: Buffer | string) {
    this.bytes = typeof value === 'string' ? Buffer.from(value) : value;
  }
}
