import { z } from 'zod';
import { coded } from './errors.ts';
import {
  EMAIL_MESSAGE,
  MOBILE_MESSAGE,
  isEmail,
  isMobile,
  normalizePhone,
  optionalString,
  requiredString,
} from './fields.ts';

export const NO_ACTIVE_ACCOUNT = 'No active account found with the given credentials';

/**
 * POST auth/users/: the phone is the username. The email may come as `email` or as
 * `Email address` (the key the storefront's client sends). Unknown keys are ignored.
 */
export const registerBodySchema = z.object({
  username: requiredString()
    .transform(normalizePhone)
    .refine(isMobile, coded('mobile_invalid', MOBILE_MESSAGE)),
  password: requiredString().min(1, { message: 'This field may not be blank.' }).max(128, {
    message: 'Ensure this field has no more than 128 characters.',
  }),
  email: optionalString().refine((v) => v === '' || isEmail(v), coded('email_invalid', EMAIL_MESSAGE)),
  'Email address': optionalString().refine(
    (v) => v === '' || isEmail(v),
    coded('email_invalid', EMAIL_MESSAGE),
  ),
});
export type RegisterBody = z.input<typeof registerBodySchema>;

export const userSchema = z.object({ id: z.number().int(), username: z.string(), email: z.string() });
export type User = z.infer<typeof userSchema>;

export const loginBodySchema = z.object({
  username: requiredString().transform(normalizePhone),
  password: requiredString(),
});
export type LoginBody = z.input<typeof loginBodySchema>;

/** The storefront stores `Bearer <access>` and sends it as the Authorization header. */
export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const refreshBodySchema = z.object({ refresh: requiredString() });
export const accessTokenSchema = z.object({ access: z.string() });
export const verifyBodySchema = z.object({ token: requiredString() });
