import { ATTACHMENT_MAX_BYTES, MESSAGE_MAX, type AttachmentType } from '@storefront/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { fieldError, HttpError, requestError } from '../../lib/errors.ts';

/**
 * A thread's attachments (issue 25): what a file is, decided by its bytes alone (never its name or
 * the type the browser claims), its name cleaned for showing and downloading, and the headers it is
 * served with. The visitor's page and the back office serve the same bytes the same way.
 *
 * Accepted: JPEG, PNG and WebP images that sharp decodes whole (a header glued onto anything else is
 * refused), and PDFs that start with `%PDF-` and end with `%%EOF`. Anything else is
 * `attachment_invalid` (400); more than ATTACHMENT_MAX_BYTES is `attachment_too_large` (413).
 */

/** A checked file, ready to store. */
export interface CheckedAttachment {
  name: string;
  type: AttachmentType;
  bytes: Buffer;
}

/** The longest file name kept (characters). */
export const ATTACHMENT_NAME_MAX = 120;

const EXTENSIONS: Record<AttachmentType, readonly string[]> = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
};

/** Images larger than this many pixels are refused before decoding (a decompression bomb). */
const MAX_PIXELS = 50_000_000;
/** How far from the end of a PDF its `%%EOF` may be (writers add a line break or a little padding). */
const PDF_TRAILER_WINDOW = 1024;

export const attachmentInvalid = () =>
  requestError(400, 'attachment_invalid', 'Attach an image (JPEG, PNG or WebP) or a PDF.');
export const attachmentTooLarge = () =>
  requestError(
    413,
    'attachment_too_large',
    `The attachment is larger than ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB.`,
  );

/** The type the first bytes announce (the magic numbers), before anything decodes them. */
function announcedType(bytes: Buffer): AttachmentType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return undefined;
}

const SHARP_FORMAT: Partial<Record<AttachmentType, string>> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** Whether an image decodes whole, as the format its magic number claims. */
async function imageDecodes(bytes: Buffer, type: AttachmentType): Promise<boolean> {
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' });
    const { format } = await image.metadata();
    if (format !== SHARP_FORMAT[type]) return false;
    // stats() reads every pixel: a valid header in front of garbage fails here.
    await image.stats();
    return true;
  } catch {
    return false;
  }
}

/** The type of a file's bytes, or undefined when it is none of the attachment types. */
export async function attachmentType(bytes: Buffer): Promise<AttachmentType | undefined> {
  const type = announcedType(bytes);
  if (type === undefined) return undefined;
  if (type === 'application/pdf') {
    const tail = bytes.subarray(Math.max(0, bytes.length - PDF_TRAILER_WINDOW)).toString('latin1');
    return tail.includes('%%EOF') ? type : undefined;
  }
  return (await imageDecodes(bytes, type)) ? type : undefined;
}

// Control characters (C0, DEL, C1), the bidirectional controls (a name that shows as
// "photo‮gpj.exe" reads backwards) and lone surrogates: none belongs in a file name.
// eslint-disable-next-line no-control-regex -- these are the characters it removes
const NAME_FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const LONE_SURROGATES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * A file name as shown and downloaded: the last part of any path, without control or bidi
 * characters, at most ATTACHMENT_NAME_MAX characters, ending with an extension of its real type
 * (a PNG sent as "photo.exe" downloads as "photo.exe.png"); `attachment.<ext>` when nothing is left.
 */
export function cleanAttachmentName(raw: string, type: AttachmentType): string {
  const extensions = EXTENSIONS[type];
  const extension = extensions[0]!;
  let name = (raw.split(/[/\\]/).pop() ?? '')
    .replace(NAME_FORBIDDEN, '')
    .replace(LONE_SURROGATES, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  const dot = name.lastIndexOf('.');
  const own = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  let base = extensions.includes(own) ? name.slice(0, dot) : name;
  const suffix = `.${extensions.includes(own) ? own : extension}`;
  // Cut by code points (never half a surrogate pair), leaving room for the extension.
  base = [...base]
    .slice(0, ATTACHMENT_NAME_MAX - suffix.length)
    .join('')
    .trim();
  name = base === '' ? '' : `${base}${suffix}`;
  return name === '' ? `attachment.${extension}` : name;
}

/**
 * Checks a file by its bytes and cleans its name; throws attachment_too_large (413) or
 * attachment_invalid (400).
 */
export async function checkAttachment(file: { name: string; bytes: Buffer }): Promise<CheckedAttachment> {
  if (file.bytes.length > ATTACHMENT_MAX_BYTES) throw attachmentTooLarge();
  const type = await attachmentType(file.bytes);
  if (type === undefined) throw attachmentInvalid();
  return { name: cleanAttachmentName(file.name, type), type, bytes: file.bytes };
}

/**
 * Content-Disposition for a download: `attachment`, an ASCII fallback name and the real one in
 * RFC 5987's `filename*` (UTF-8, percent-encoded), so Persian names survive every browser.
 */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Sends an attachment's bytes: as a download (never shown inline), its stored type, never sniffed
 * as another, sandboxed should a browser render it anyway, and kept out of every cache.
 */
export function sendAttachment(
  reply: FastifyReply,
  file: { name: string; type: string; bytes: Buffer },
): FastifyReply {
  return reply
    .header('content-type', file.type)
    .header('content-disposition', contentDisposition(file.name))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "sandbox; default-src 'none'")
    .header('cache-control', 'private, no-store')
    .send(file.bytes);
}

/** A message as a multipart form sends it: the text field and the file, if one was chosen. */
export interface MessageForm {
  body: string;
  attachment?: { name: string; bytes: Buffer };
}

/**
 * The multipart limits of a message form: one file of at most ATTACHMENT_MAX_BYTES (the parser stops
 * reading the request once a file passes it), a few small fields (the text: MESSAGE_MAX characters
 * of up to 4 bytes each).
 */
export const MESSAGE_FORM_LIMITS = {
  files: 1,
  fields: 4,
  parts: 6,
  fileSize: ATTACHMENT_MAX_BYTES,
  fieldSize: MESSAGE_MAX * 4 + 64,
  fieldNameSize: 100,
  headerPairs: 100,
} as const;

const errorCode = (error: unknown) =>
  error instanceof Error && 'code' in error ? (error as { code: unknown }).code : undefined;

/**
 * Reads a message form (multipart/form-data, the fields `body` and `attachment`; others are
 * ignored): attachment_too_large (413) as soon as the file passes the limit, a field error when the
 * text is cut by its limit, 400 for a form that is malformed or has too many parts; never a 5xx. A
 * file input left empty (no name, no bytes) is no attachment. The request must be multipart (the
 * scope registers @fastify/multipart).
 */
export async function readMessageForm(request: FastifyRequest): Promise<MessageForm> {
  const form: MessageForm = { body: '' };
  try {
    for await (const part of request.parts({ limits: MESSAGE_FORM_LIMITS })) {
      if (part.type === 'file') {
        // The bytes are read whatever the field (the stream must be drained to go on).
        let bytes: Buffer;
        try {
          bytes = await part.toBuffer();
        } catch (error) {
          // Past the limit the parser cuts the part (its stream is marked truncated): too large,
          // whichever error the cut surfaces as.
          if (part.file.truncated || errorCode(error) === 'FST_REQ_FILE_TOO_LARGE')
            throw attachmentTooLarge();
          throw error;
        }
        if (part.fieldname !== 'attachment') continue;
        if (bytes.length === 0 && !part.filename) continue;
        form.attachment = { name: part.filename ?? '', bytes };
      } else if (part.fieldname === 'body') {
        if (part.valueTruncated)
          throw fieldError({
            body: [
              { code: 'too_long', message: `Ensure this field has no more than ${MESSAGE_MAX} characters.` },
            ],
          });
        form.body = typeof part.value === 'string' ? part.value : '';
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = errorCode(error);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw attachmentTooLarge();
    if (code === 'FST_FILES_LIMIT') throw requestError(400, 'bad_request', 'Attach one file at most.');
    throw requestError(400, 'bad_request', 'The form could not be read.');
  }
  return form;
}
