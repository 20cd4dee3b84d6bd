import { z } from 'zod';
import { coded } from './errors.ts';

const TRUTHY = /^(true|1|yes|on)\/?$/i;
const FALSY = /^(false|0|no|off)\/?$/i;

/**
 * A boolean query parameter. Accepts the spellings the storefront's client sends
 * (`True`, `True/`, `true`, `1`, `yes`) and their negatives.
 */
export const queryBooleanSchema = z
  .string()
  .refine(
    (value) => TRUTHY.test(value) || FALSY.test(value),
    coded('boolean_invalid', 'Must be a boolean: true or false.'),
  )
  .transform((value) => TRUTHY.test(value));

export const INTEGER_MESSAGE = 'A valid integer is required.';

/** A non-negative integer written in a query string or a path. */
export const queryIntegerSchema = z
  .string()
  .refine((value) => /^\d{1,15}\/?$/.test(value), coded('integer_invalid', INTEGER_MESSAGE))
  .transform((value) => Number.parseInt(value, 10));

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 24;

export const orderingValues = ['id', '-id', 'creation_date', '-creation_date'] as const;
export type Ordering = (typeof orderingValues)[number];

/** Paging and ordering accepted by every list call. Without limit/offset a list is a plain array. */
export const listQuerySchema = z.object({
  limit: queryIntegerSchema
    .refine((value) => value >= 1, coded('out_of_range', 'Ensure this value is greater than or equal to 1.'))
    .transform((value) => Math.min(value, MAX_PAGE_SIZE))
    .optional(),
  offset: queryIntegerSchema.optional(),
  ordering: z
    .string()
    .transform((value) => value.replace(/\/$/, ''))
    .pipe(z.enum(orderingValues, { message: `Must be one of: ${orderingValues.join(', ')}.` }))
    .optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** The paged form of a list, returned when `limit` or `offset` is given. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}
export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** A free-text search term; trailing slash tolerated as the client sometimes sends one. */
export const searchTermSchema = z
  .string()
  .max(200, { message: 'Ensure this field has no more than 200 characters.' });

/** An exact title filter. */
export const titleFilterSchema = z
  .string()
  .max(300, { message: 'Ensure this field has no more than 300 characters.' });
