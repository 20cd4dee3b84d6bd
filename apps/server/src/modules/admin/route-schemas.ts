import { errorDetailSchema, fieldErrorsSchema } from '@storefront/contracts';
import { z } from 'zod';

/** The error answers every back-office route may give (docs/server.md, "Errors"). */
export const adminErrors = {
  400: fieldErrorsSchema,
  401: errorDetailSchema,
  403: errorDetailSchema,
  404: errorDetailSchema,
};

/** `:id` of a back-office row: a positive integer that fits the databases' integer columns. */
export const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
