import { z } from 'zod';
import { coded } from './errors.ts';
import { MOBILE_MESSAGE, choiceField, isMobile, normalizePhone, requiredString } from './fields.ts';

/**
 * Phones that are proven (issue 24): one-time codes sent by SMS, under /{lang}/api/auth/. A code is
 * asked for (`auth/codes/`) for one purpose, then spent by the call of that purpose: activating a new
 * account, signing in, or setting a new password. Without an SMS provider, `auth/options/` says so and
 * registration works as before (no code).
 */

/** What a code is for. */
export const codePurposes = ['register', 'login', 'reset'] as const;
export type CodePurpose = (typeof codePurposes)[number];

/** Digits in a code. */
export const CODE_LENGTH = 6;
/** Seconds a code may be used after it was sent. */
export const CODE_LIFETIME_SECONDS = 180;
/** Seconds before another code may be sent to the same phone (the dialog counts them down). */
export const CODE_COOLDOWN_SECONDS = 60;

const mobile = () =>
  requiredString().transform(normalizePhone).refine(isMobile, coded('mobile_invalid', MOBILE_MESSAGE));

/** A code as typed: Persian or Arabic digits and spaces accepted; exactly CODE_LENGTH digits. */
export const codeField = () =>
  requiredString()
    .transform((v) => normalizePhone(v))
    .refine(
      (v) => new RegExp(`^\\d{${CODE_LENGTH}}$`).test(v),
      coded('invalid', `Enter the ${CODE_LENGTH}-digit code.`),
    );

/** GET auth/options/: what the storefront's dialog offers. */
export const authOptionsSchema = z.object({
  /** true: codes are sent by SMS (registration needs one; sign-in and reset by code are offered). */
  sms_codes: z.boolean(),
  code_length: z.number().int(),
  cooldown_seconds: z.number().int(),
});
export type AuthOptions = z.infer<typeof authOptionsSchema>;

/** POST auth/codes/: send a code to a phone for a purpose. */
export const sendCodeBodySchema = z.object({
  username: mobile(),
  purpose: choiceField(codePurposes, 'Must be register, login or reset.'),
});
export type SendCodeBody = z.input<typeof sendCodeBodySchema>;

/**
 * 202 from POST auth/codes/ (and the `verification` of a registration that needs a code). The same
 * answer whether or not an account has that phone: nobody learns who is registered.
 */
export const codeSentSchema = z.object({
  /** Seconds until the code expires. */
  expires_in: z.number().int(),
  /** Seconds before another code may be asked for. */
  retry_after: z.number().int(),
});
export type CodeSent = z.infer<typeof codeSentSchema>;

/** 429 `code_cooldown` / `throttled` from POST auth/codes/: the detail, and the seconds to wait. */
export const cooldownSchema = z.object({
  detail: z.string(),
  code: z.enum(['code_cooldown', 'throttled']),
  retry_after: z.number().int(),
});

/**
 * 201 from POST auth/users/: the spec's user, and `verification` when the phone must be proven
 * (a code was sent; the account is active once auth/users/activate/ takes it).
 */
export const registeredUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  verification: codeSentSchema.optional(),
});
export type RegisteredUser = z.infer<typeof registeredUserSchema>;

/*
 * The code travels as `otp`, not `code`: a field-error body's own `code` ("validation_failed") would
 * otherwise take the field's place and its messages would be lost.
 */

/** POST auth/users/activate/ {username, otp} → 200 tokens (the new account is signed in). */
export const activateBodySchema = z.object({ username: mobile(), otp: codeField() });
/** POST auth/jwt/code/ {username, otp} → 200 tokens: sign-in by code. */
export const codeLoginBodySchema = z.object({ username: mobile(), otp: codeField() });
/** POST auth/password/reset/ {username, otp, password} → 200 tokens: a new password, signed in. */
export const passwordResetBodySchema = z.object({
  username: mobile(),
  otp: codeField(),
  password: requiredString().min(1, { message: 'This field may not be blank.' }).max(128, {
    message: 'Ensure this field has no more than 128 characters.',
  }),
});
