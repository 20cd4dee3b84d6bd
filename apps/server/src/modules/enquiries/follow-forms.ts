import fastifyMultipart from '@fastify/multipart';
import {
  asciiDigits,
  ATTACHMENT_MAX_BYTES,
  CODE_LENGTH,
  declineReasons,
  MESSAGE_MAX,
  quoteBuyerSchema,
  type DeclineReason,
  type QuoteBuyer,
} from '@storefront/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The forms of the visitor's private page, as the server reads them: the bodies a browser sends
 * without script (`application/x-www-form-urlencoded` for the quote's answers, `multipart/form-data`
 * for a message and its file), parsed in the page's plugin only and capped small, then checked
 * field by field. Every problem is a code at its field (or the form's), never an exception: the page
 * comes back with it in words and with everything that was typed.
 */

export type FormName = 'message' | 'accept' | 'decline' | 'code';

/** The largest url-encoded body: the acceptance form, all fields full, percent-encoded, fits with room. */
export const FORM_BODY_MAX = 16 * 1024;
export const ACCEPT_FIELD_MAX = { name: 200, address: 500, signer: 200 } as const;
export const DECLINE_NOTE_MAX = 1000;

/** What the checks found: the values to show again, and a code per field that is wrong. */
export interface Checked<T> {
  values: Record<string, string>;
  errors: Record<string, string>;
  /** Present when nothing is wrong. */
  result?: T;
}

/** Control characters other than tab and line breaks (NUL among them): never part of what anyone types. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The first value of each name in an url-encoded body (a repeated name keeps its first). */
export function parseUrlencoded(body: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    if (!Object.hasOwn(out, name)) out[name] = value;
  }
  return out;
}

/**
 * The page's body parsers, in its plugin's scope only: url-encoded forms and multipart (one file of
 * at most ATTACHMENT_MAX_BYTES, a few small fields). The app's JSON parser is removed here, so any
 * other type is Fastify's 415, which the page's error handler shows as a page.
 */
export async function registerFormParsers(app: FastifyInstance): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_MAX },
    (_request, body, done) => done(null, parseUrlencoded(body as string)),
  );
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: ATTACHMENT_MAX_BYTES,
      files: 1,
      fields: 4,
      parts: 6,
      // A full message of 4-byte characters; a longer one is cut by the parser and refused here.
      fieldSize: MESSAGE_MAX * 4,
      headerPairs: 20,
    },
    throwFileSizeLimit: true,
  });
}

/** A text field: trimmed; its code when it is required and empty, too long, or holds control characters. */
function textField(
  values: Record<string, string>,
  errors: Record<string, string>,
  name: string,
  raw: unknown,
  options: { max: number; required?: boolean },
): string {
  const value = typeof raw === 'string' ? raw.trim() : '';
  values[name] = value;
  if (CONTROL.test(value)) errors[name] = 'invalid_characters';
  else if ([...value].length > options.max) errors[name] = 'too_long';
  else if (options.required && value === '') errors[name] = 'required';
  return value;
}

/** A field of digits (Persian or Arabic digits read, spaces and dashes dropped): '' or `min`–`max` digits. */
function digitsField(
  values: Record<string, string>,
  errors: Record<string, string>,
  name: string,
  raw: unknown,
  min: number,
  max: number,
): string {
  const typed = typeof raw === 'string' ? raw.trim().slice(0, 40) : '';
  values[name] = typed;
  const digits = asciiDigits(typed).replace(/[\s-]/g, '');
  if (digits !== '' && !new RegExp(`^\\d{${min},${max}}$`).test(digits)) errors[name] = name;
  return digits;
}

function choiceField<T extends string>(
  values: Record<string, string>,
  errors: Record<string, string>,
  name: string,
  raw: unknown,
  choices: readonly T[],
): T | undefined {
  const value = typeof raw === 'string' ? raw.slice(0, 40) : '';
  values[name] = value;
  if (value === '') {
    errors[name] = 'required';
    return undefined;
  }
  if (!(choices as readonly string[]).includes(value)) {
    errors[name] = 'choice_invalid';
    return undefined;
  }
  return value as T;
}

const fieldsOf = (body: unknown): Record<string, unknown> =>
  body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

export interface AcceptForm {
  buyer: QuoteBuyer;
  signer: string;
  /** The code typed (acceptance by code), digits only. */
  otp?: string;
}

/**
 * The acceptance form: the buyer as the quote should name them (required: the name), the signer's
 * name, and the code texted (`by: 'code'`) or the "I accept" checkbox. `phone` is the buyer's phone
 * the quote keeps (the form does not ask for it: the enquiry has it).
 */
export function checkAccept(body: unknown, by: 'code' | 'checkbox', phone: string): Checked<AcceptForm> {
  const fields = fieldsOf(body);
  const values: Record<string, string> = {};
  const errors: Record<string, string> = {};
  const kind = choiceField(values, errors, 'kind', fields.kind, ['company', 'person'] as const);
  const name = textField(values, errors, 'name', fields.name, { max: ACCEPT_FIELD_MAX.name, required: true });
  const nationalId = digitsField(values, errors, 'national_id', fields.national_id, 10, 11);
  const economicCode = digitsField(values, errors, 'economic_code', fields.economic_code, 11, 14);
  const postalCode = digitsField(values, errors, 'postal_code', fields.postal_code, 10, 10);
  const address = textField(values, errors, 'address', fields.address, { max: ACCEPT_FIELD_MAX.address });
  const signer = textField(values, errors, 'signer', fields.signer, {
    max: ACCEPT_FIELD_MAX.signer,
    required: true,
  });
  let otp: string | undefined;
  if (by === 'code') {
    const typed = typeof fields.otp === 'string' ? fields.otp.trim().slice(0, 20) : '';
    values.otp = typed;
    otp = asciiDigits(typed).replace(/\s/g, '');
    if (otp === '') errors.otp = 'required';
    else if (!new RegExp(`^\\d{${CODE_LENGTH}}$`).test(otp)) errors.otp = 'otp';
  } else {
    values.agree = typeof fields.agree === 'string' && fields.agree !== '' ? 'yes' : '';
    if (values.agree === '') errors.agree = 'required';
  }
  if (Object.keys(errors).length > 0 || !kind) return { values, errors };
  const buyer = quoteBuyerSchema.safeParse({
    kind,
    name,
    national_id: nationalId,
    economic_code: economicCode,
    postal_code: postalCode,
    address,
    phone: phone.slice(0, 40),
  });
  // The checks above are the schema's, field by field; a difference would be a bug, said as such.
  if (!buyer.success) return { values, errors: { name: 'invalid' } };
  return { values, errors, result: { buyer: buyer.data, signer, otp } };
}

export interface DeclineForm {
  reason: DeclineReason;
  note: string;
}

export function checkDecline(body: unknown): Checked<DeclineForm> {
  const fields = fieldsOf(body);
  const values: Record<string, string> = {};
  const errors: Record<string, string> = {};
  const reason = choiceField(values, errors, 'reason', fields.reason, declineReasons);
  const note = textField(values, errors, 'note', fields.note, { max: DECLINE_NOTE_MAX });
  if (Object.keys(errors).length > 0 || !reason) return { values, errors };
  return { values, errors, result: { reason, note } };
}

export interface MessageForm {
  body: string;
  attachment?: { name: string; bytes: Buffer };
}

/** A multipart problem as the page says it: the status and the form's (or a field's) code. */
export interface MessageProblem {
  status: number;
  code: string;
  field?: 'attachment';
}

/**
 * Reads a message form (multipart: `body`, and `attachment`, a file input that may be left empty)
 * and checks it. The text read before a problem is kept (the browser sends `body` first), so the
 * page can give it back.
 */
export async function readMessage(
  request: FastifyRequest,
): Promise<Checked<MessageForm> & { problem?: MessageProblem }> {
  const values: Record<string, string> = { body: '' };
  const errors: Record<string, string> = {};
  let rawBody = '';
  let truncated = false;
  let attachment: MessageForm['attachment'];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'attachment' || part.filename === '' || attachment) {
          // An empty file input, or a file under another name: nothing to keep.
          part.file.resume();
          continue;
        }
        const bytes = await part.toBuffer();
        if (bytes.length > 0) attachment = { name: part.filename, bytes };
      } else if (part.fieldname === 'body' && typeof part.value === 'string') {
        rawBody = part.value;
        truncated = part.valueTruncated;
      }
    }
  } catch (error) {
    values.body = rawBody.trim();
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      return {
        values,
        errors: { attachment: 'attachment_too_large' },
        problem: { status: 413, code: 'attachment_too_large', field: 'attachment' },
      };
    }
    const status = (error as { statusCode?: unknown }).statusCode;
    if (status === 413) return { values, errors, problem: { status: 413, code: 'payload_too_large' } };
    return { values, errors, problem: { status: 400, code: 'bad_request' } };
  }
  const body = textField(values, errors, 'body', rawBody, { max: MESSAGE_MAX, required: !attachment });
  if (truncated) errors.body = 'too_long';
  if (Object.keys(errors).length > 0) return { values, errors };
  return { values, errors, result: { body, attachment } };
}
