import { z } from 'zod';
import { pageNumber, pageSize, queryId, searchText } from './admin-query.ts';
import { staffRoles } from './roles.ts';
import {
  aboutUsSchema,
  bannerSchema,
  collectionSchema,
  industrySchema,
  postSchema,
  productSchema,
  storeSchema,
  subcollectionSchema,
  tagSchema,
} from './catalogue.ts';
import { coded, errorDetailSchema } from './errors.ts';
import { choiceField, isEmail } from './fields.ts';

export * from './admin-sales.ts';
export * from './admin-channels.ts';
export * from './admin-feeds.ts';

/**
 * The back office's API (`/admin/api/…`): every request and response. The server validates and
 * serialises with these, the admin app (apps/admin) types its calls and checks its forms with them,
 * and the OpenAPI document at /admin/api/docs is generated from them.
 */

// ---- staff, roles, sessions ---------------------------------------------------------------------

/** owner: everything; editor: catalogue and content; sales: enquiries, reviews, customers (roles.ts). */
export * from './roles.ts';
export const staffRoleSchema = choiceField(staffRoles, 'Must be owner, editor or sales.');

export const adminLanguages = ['fa', 'en'] as const;
export type AdminLanguage = (typeof adminLanguages)[number];

/** The header a write carries with its session's CSRF token. */
export const CSRF_HEADER = 'x-csrf-token';
/** The session cookie's name. */
export const STAFF_SESSION_COOKIE = 'staff_session';
/** Passwords of staff: at least this long. */
export const STAFF_PASSWORD_MIN = 10;

const email = z
  .string({ message: 'This field is required.' })
  .trim()
  .toLowerCase()
  .max(254, { message: 'Ensure this field has no more than 254 characters.' })
  .refine(isEmail, coded('email_invalid', 'Enter a valid email address.'));
const password = z
  .string({ message: 'This field is required.' })
  .min(STAFF_PASSWORD_MIN, { message: `Use at least ${STAFF_PASSWORD_MIN} characters.` })
  .max(128, { message: 'Ensure this field has no more than 128 characters.' });
const name = z
  .string({ message: 'This field is required.' })
  .trim()
  .min(1, { message: 'This field may not be blank.' })
  .max(100, { message: 'Ensure this field has no more than 100 characters.' });

export const staffSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  active: z.boolean(),
  totp_enabled: z.boolean(),
  created_at: z.string(),
});
export type Staff = z.infer<typeof staffSchema>;

/** The signed-in staff member and the token every write must carry in the X-CSRF-Token header. */
export const sessionSchema = z.object({ staff: staffSchema, csrf_token: z.string() });
export type StaffSession = z.infer<typeof sessionSchema>;

export const signInBodySchema = z.object({
  email,
  password: z.string({ message: 'This field is required.' }).min(1).max(128),
  /** The six digits from the authenticator app, or one recovery code. */
  code: z.string().trim().max(32).optional(),
});
export type SignInBody = z.input<typeof signInBodySchema>;

export const setupStatusSchema = z.object({ needed: z.boolean() });
export type SetupStatus = z.infer<typeof setupStatusSchema>;

export const setupBodySchema = z.object({ token: z.string().min(1).max(200), email, name, password });
export type SetupBody = z.input<typeof setupBodySchema>;

export const inviteSchema = z.object({ email: z.string(), role: staffRoleSchema, expires_at: z.string() });
export type Invite = z.infer<typeof inviteSchema>;
export const acceptInviteBodySchema = z.object({ name, password });
export type AcceptInviteBody = z.input<typeof acceptInviteBodySchema>;

export const createInviteBodySchema = z.object({ email, role: staffRoleSchema });
export type CreateInviteBody = z.input<typeof createInviteBodySchema>;
/** The one-time link to hand to the invited person (shown once). */
export const createdInviteSchema = z.object({ link: z.string(), expires_at: z.string() });

export const updateStaffBodySchema = z
  .object({ role: staffRoleSchema.optional(), active: z.boolean().optional() })
  .refine((b) => b.role !== undefined || b.active !== undefined, {
    message: 'Send a role or active.',
  });
export type UpdateStaffBody = z.input<typeof updateStaffBodySchema>;

export const sessionInfoSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  ip: z.string(),
  user_agent: z.string(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

export const totpSetupSchema = z.object({ secret: z.string(), uri: z.string() });
export const totpCodeBodySchema = z.object({
  code: z
    .string({ message: 'This field is required.' })
    .trim()
    .regex(/^\d{6}$/, { message: 'Enter the six digits from the app.' }),
});
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export const passwordBodySchema = z.object({ password: z.string().min(1).max(128) });

// ---- audit log ------------------------------------------------------------------------------------

/** Every action the audit log records (the back office names each in fa and en). */
export const auditActions = [
  'create',
  'update',
  'delete',
  'import',
  'export',
  'upload',
  'enable',
  'disable',
  'retry',
  'approve',
  'hide',
  'note',
  'setup',
  'invite',
  'accept_invite',
  'totp_on',
  'totp_off',
  'bulk_publish',
  'bulk_unpublish',
  'bulk_set_collection',
  'bulk_delete',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** Every kind of thing the audit log records actions on. */
export const auditEntities = [
  'product',
  'collection',
  'subcollection',
  'industry',
  'tag',
  'post',
  'banner',
  'about_us',
  'store',
  'catalogue',
  'media',
  'settings',
  'webhook',
  'delivery',
  'review',
  'customer',
  'newsletter',
  'staff',
  'enquiry',
] as const;
export type AuditEntity = (typeof auditEntities)[number];

/** One field an action changed: its path (`title.en`, `inventory`) and its value before and after. */
export const auditChangeSchema = z.object({
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  staff_id: z.number().int().nullable(),
  staff_email: z.string(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  /** The entry as stored: JSON text (kept for older clients; read `changes` and `details`). */
  summary: z.string(),
  /** What changed, field by field (nested fields by path), long texts shortened, HTML as text. */
  changes: z.array(auditChangeSchema),
  /** The entry's other facts (the email of a staff member changed, a bulk action's ids…). */
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = z.object({
  page: pageNumber.optional(),
  page_size: pageSize.optional(),
  staff: queryId.optional(),
  entity: z.string().max(40).optional(),
  action: z.string().max(40).optional(),
  from: z.iso.date({ message: 'Use a date such as 2026-01-31.' }).optional(),
  to: z.iso.date({ message: 'Use a date such as 2026-01-31.' }).optional(),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

export function adminPageSchema<T extends z.ZodType>(item: T) {
  return z.object({ count: z.number().int(), page: z.number().int(), results: z.array(item) });
}
export interface AdminPage<T> {
  count: number;
  page: number;
  results: T[];
}

// ---- the catalogue ---------------------------------------------------------------------------------

/** Entity kinds the back office edits, as they appear in its URLs. */
export const catalogueKinds = [
  'collections',
  'subcollections',
  'industries',
  'tags',
  'products',
  'posts',
  'banners',
] as const;
export type CatalogueKind = (typeof catalogueKinds)[number];

/** Each kind's entity as the catalogue format has it (without its id: the URL or the database gives it). */
export const entitySchemas = {
  collections: collectionSchema.omit({ id: true }),
  subcollections: subcollectionSchema
    .omit({ id: true })
    .extend({ position: z.number().int().min(0).max(1_000_000).optional() }),
  industries: industrySchema.omit({ id: true }),
  tags: tagSchema.omit({ id: true }),
  products: productSchema.omit({ id: true }),
  posts: postSchema.omit({ id: true }),
  banners: bannerSchema
    .omit({ id: true })
    .extend({ position: z.number().int().min(0).max(1_000_000).optional() }),
} as const;
export type EntityOf<K extends CatalogueKind> = z.infer<(typeof entitySchemas)[K]>;

/** A list row of any kind: what a table shows. */
export const entityRowSchema = z.object({
  id: z.number().int(),
  title: z.record(z.string(), z.string()),
  /** Products: draft or published; others: always true. */
  published: z.boolean(),
  /** Languages the entity's title lacks (besides fa): what is still untranslated. */
  missing_languages: z.array(z.string()),
  /** A thumbnail's media reference, when the entity has images. */
  image: z.string().nullable(),
  /** Per kind: products: collection id; subcollections: their collection id. */
  parent: z.number().int().nullable(),
  /** How many products point to it (collections, subcollections, industries, tags). */
  products: z.number().int().nullable(),
});
export type EntityRow = z.infer<typeof entityRowSchema>;

export const entityListQuerySchema = z.object({
  page: pageNumber.optional(),
  page_size: pageSize.optional(),
  q: searchText.optional(),
  sort: z
    .enum(['id', '-id', 'title', '-title'], { message: 'Must be one of: id, -id, title, -title.' })
    .optional(),
  status: z.enum(['published', 'draft'], { message: 'Must be published or draft.' }).optional(),
  collection: queryId.optional(),
  parent: queryId.optional(),
});
export type EntityListQuery = z.input<typeof entityListQuerySchema>;

/** One entity for editing, with the version a save must name (409 when it is stale). */
export function editableSchema<T extends z.ZodType>(entity: T) {
  return z.object({ id: z.number().int(), version: z.string(), entity });
}
export interface Editable<T> {
  id: number;
  version: string;
  entity: T;
}

export function saveBodySchema<T extends z.ZodType>(entity: T) {
  return z.object({ version: z.string().max(100).optional(), entity });
}

export const savedSchema = z.object({ id: z.number().int(), version: z.string() });

/** 409: someone saved the entity after `version`; `current` is what they saved. */
export const conflictSchema = errorDetailSchema.extend({
  current: z.object({ id: z.number().int(), version: z.string(), entity: z.unknown() }).nullable(),
});

/** What a delete does to products (and subcollections) pointing to the entity. */
export const deleteQuerySchema = z.object({
  dependents: z.enum(['detach', 'move', 'delete'], { message: 'Must be detach, move or delete.' }).optional(),
  to: queryId.optional(),
});
export const dependentsSchema = errorDetailSchema.extend({
  dependents: z.object({ products: z.number().int(), subcollections: z.number().int() }),
});

export const bulkBodySchema = z.object({
  ids: z
    .array(z.number().int().min(1).max(2_147_483_647))
    .min(1, { message: 'Choose at least one product.' })
    .max(1000, { message: 'At most 1000 products at once.' }),
  action: z.enum(['publish', 'unpublish', 'set_collection', 'delete'], {
    message: 'Must be publish, unpublish, set_collection or delete.',
  }),
  collection: z.number().int().min(1).max(2_147_483_647).nullable().optional(),
});
export type BulkBody = z.input<typeof bulkBodySchema>;
export const bulkResultSchema = z.object({ changed: z.number().int() });

export const aboutUsBodySchema = saveBodySchema(aboutUsSchema);
export const storeBodySchema = saveBodySchema(storeSchema);

/** An uploaded image: its media reference (what entities store) and its URL. */
export const uploadedSchema = z.object({ ref: z.string(), url: z.string() });
/** Largest image upload, bytes. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/svg+xml'] as const;

/** Largest catalogue upload (a JSON file, or a zip of it with its images), bytes. */
export const MAX_IMPORT_BYTES = 500 * 1024 * 1024;
const counts = z.object({ added: z.number().int(), changed: z.number().int(), removed: z.number().int() });
/** An import that was written: how many of each entity the file held, and what changed. */
export const importReportSchema = z.object({
  summary: z.object({
    collections: z.number().int(),
    subcollections: z.number().int(),
    industries: z.number().int(),
    tags: z.number().int(),
    products: z.number().int(),
    posts: z.number().int(),
    banners: z.number().int(),
    reviews: z.number().int(),
    images: z.number().int(),
    unchanged: z.boolean(),
    changes: z.record(z.string(), counts).nullable(),
  }),
});
export type ImportReport = z.infer<typeof importReportSchema>;
/** 400 catalogue_invalid: the file's problems, as the CLI prints them (`products[3].title: …`); nothing was written. */
export const importErrorsSchema = errorDetailSchema.extend({ errors: z.array(z.string()) });
