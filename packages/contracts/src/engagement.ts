import { z } from 'zod';
import { ENQUIRY_DESCRIPTION_MAX, REVIEW_MAX, REVIEW_NAME_MAX } from './limits.ts';
import { coded } from './errors.ts';
import {
  EMAIL_MESSAGE,
  PHONE_MESSAGE,
  REQUIRED,
  isEmail,
  isPhone,
  normalizePhone,
  optionalString,
  requiredString,
} from './fields.ts';

// ---- likes ---------------------------------------------------------------------------------------

/** GET store/likes/: the signed-in user's likes; a visitor gets []. */
export const likeSchema = z.object({ product: z.number().int() });
export type Like = z.infer<typeof likeSchema>;

/** GET store/products/{id}/likes/ */
export const productLikesSchema = z.object({
  product: z.number().int(),
  count: z.number().int(),
  liked: z.boolean(),
});
export type ProductLikes = z.infer<typeof productLikesSchema>;

/** POST store/products/{id}/likes/ (201): the state after the call. */
export const likeResultSchema = z.object({ product: z.number().int(), liked: z.boolean() });

// ---- reviews -------------------------------------------------------------------------------------

export const reviewBodySchema = z.object({
  name: requiredString()
    .trim()
    .min(1, { message: 'This field may not be blank.' })
    .max(REVIEW_NAME_MAX, { message: `Ensure this field has no more than ${REVIEW_NAME_MAX} characters.` }),
  email: requiredString()
    .trim()
    .min(1, { message: 'This field may not be blank.' })
    .refine(isEmail, coded('email_invalid', EMAIL_MESSAGE)),
  content: requiredString()
    .trim()
    .min(1, { message: 'This field may not be blank.' })
    .max(REVIEW_MAX, { message: `Ensure this field has no more than ${REVIEW_MAX} characters.` }),
});
export type ReviewBody = z.input<typeof reviewBodySchema>;

// ---- order requests ------------------------------------------------------------------------------

export const CONTACT_REQUIRED = 'Give a phone number or an email address so that we can reach you.';

/**
 * POST store/products/{id}/orders/ (id -1: a general request). Phone digits are normalised; a
 * field that is given must be valid, and at least one of phone and email must be given.
 */
export const enquiryBodySchema = z
  .object({
    phone: optionalString()
      .transform(normalizePhone)
      .refine((v) => v === '' || isPhone(v), coded('phone_invalid', PHONE_MESSAGE)),
    email: optionalString().refine((v) => v === '' || isEmail(v), coded('email_invalid', EMAIL_MESSAGE)),
    description: optionalString().refine(
      (v) => v.length <= ENQUIRY_DESCRIPTION_MAX,
      coded('too_long', `Ensure this field has no more than ${ENQUIRY_DESCRIPTION_MAX} characters.`),
    ),
  })
  .superRefine((value, ctx) => {
    if (value.phone === '' && value.email === '') {
      const issue = coded('contact_required', CONTACT_REQUIRED);
      ctx.addIssue({ code: 'custom', path: ['phone'], ...issue });
      ctx.addIssue({ code: 'custom', path: ['email'], ...issue });
    }
  });
export type EnquiryBody = z.input<typeof enquiryBodySchema>;

export const enquirySchema = z.object({
  id: z.number().int(),
  product: z.number().int().nullable(),
  phone: z.string(),
  email: z.string(),
  description: z.string(),
  creation_date: z.string(),
  /**
   * The request's private page (/app/e/{token}, issue 25), absolute when the store knows its address,
   * in the request's language. Optional: older servers do not send it.
   */
  follow_url: z.string().optional(),
});
export type Enquiry = z.infer<typeof enquirySchema>;

// ---- newsletter ----------------------------------------------------------------------------------

export const newsletterBodySchema = z.object({
  email: requiredString()
    .trim()
    .min(1, { message: REQUIRED })
    .refine(isEmail, coded('email_invalid', EMAIL_MESSAGE)),
});
export const newsletterSchema = z.object({ email: z.string() });
