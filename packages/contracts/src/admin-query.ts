import { z } from 'zod';

/** Query parameters every back-office list shares (admin.ts and admin-sales.ts). */

export const pageNumber = z.coerce
  .number({ message: 'A valid integer is required.' })
  .int({ message: 'A valid integer is required.' })
  .min(1, { message: 'Ensure this value is greater than or equal to 1.' })
  .max(1_000_000, { message: 'Ensure this value is less than or equal to 1000000.' });
export const pageSize = z.coerce
  .number({ message: 'A valid integer is required.' })
  .int({ message: 'A valid integer is required.' })
  .min(1, { message: 'Ensure this value is greater than or equal to 1.' })
  .max(100, { message: 'Ensure this value is less than or equal to 100.' });
export const searchText = z
  .string()
  .max(200, { message: 'Ensure this field has no more than 200 characters.' });
export const queryId = z.coerce
  .number({ message: 'A valid integer is required.' })
  .int({ message: 'A valid integer is required.' })
  .min(1, { message: 'Ensure this value is greater than or equal to 1.' })
  .max(2_147_483_647, { message: 'Ensure this value is less than or equal to 2147483647.' });
