import { createHash } from 'node:crypto';
import {
  MESSAGE_MAX,
  attachmentTypes,
  hasForbiddenCharacters,
  type AttachmentType,
  type EnquiryMessage,
} from '@storefront/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { resolveJwtSecret } from '../../lib/secret.ts';
import type { ChannelSetup } from '../channels/registry.ts';
import { linkBase } from '../outbox/link-base.ts';
import { notifyStaffOfThread, notifyVisitorOfReply } from '../outbox/notify-thread.ts';
import { checkAttachment } from './attachments.ts';

/**
 * An enquiry's thread (issue 25): the messages between the buyer (through the enquiry's private
 * page) and staff (through the back office), each with at most one file (attachments.ts). Every
 * read and write takes the enquiry's id, which the caller resolved from what it trusts (the page's
 * token, the back office's route after its role check): an attachment is looked up by its id AND
 * its enquiry, so a guessed id of another thread answers nothing.
 *
 * A message is stored with its notices in one transaction (the buyer's → staff, staff's → the
 * buyer: outbox/notify-thread.ts); the outbox is kicked once it is committed. A buyer's message
 * also marks the enquiry unread, so that the inbox shows that it needs an answer.
 */

/** What the thread needs from the app: the channels' setup, the link base, the secret, the outbox. */
export interface EnquiryMessagesDeps {
  config: Pick<AppConfig, 'publicUrl'>;
  channels: { setup(): Promise<ChannelSetup> };
  /** The server's secret (signs the buyer's link in a reply's notice). */
  secret: string;
  outbox?: { kick(): void };
}

export interface NewMessage {
  author: 'visitor' | 'staff';
  body: string;
  staffId?: number;
  staffEmail?: string;
  /** The buyer's address (kept with their message). */
  ip?: string;
  /** A file as received: its name as sent and its bytes (checked here). */
  attachment?: { name: string; bytes: Buffer };
}

export interface StoredAttachment {
  name: string;
  type: AttachmentType;
  bytes: Buffer;
}

const asType = (type: string): AttachmentType =>
  (attachmentTypes as readonly string[]).includes(type) ? (type as AttachmentType) : 'application/pdf';

/** The body as stored: trimmed, checked like every other text field. Throws field errors under `body`. */
export function messageBody(raw: string, hasAttachment: boolean): string {
  const body = raw.trim();
  if (hasForbiddenCharacters(body))
    throw fieldError({
      body: [
        {
          code: 'invalid_characters',
          message:
            'This field contains characters that are not allowed (control characters or broken Unicode).',
        },
      ],
    });
  if ([...body].length > MESSAGE_MAX)
    throw fieldError({
      body: [{ code: 'too_long', message: `Ensure this field has no more than ${MESSAGE_MAX} characters.` }],
    });
  if (body === '' && !hasAttachment)
    throw fieldError({ body: [{ code: 'blank', message: 'Write a message or attach a file.' }] });
  return body;
}

export class EnquiryMessages {
  private readonly db: Kysely<DB>;
  private readonly deps: EnquiryMessagesDeps;
  constructor(db: Kysely<DB>, deps: EnquiryMessagesDeps) {
    this.db = db;
    this.deps = deps;
  }

  /** The thread of the app's store (its channels, secret and outbox). */
  static of(app: FastifyInstance): EnquiryMessages {
    return new EnquiryMessages(app.database.db, {
      config: app.config,
      channels: app.channels,
      secret: resolveJwtSecret(app.config.jwtSecret, app.config.dataDir),
      outbox: app.outbox,
    });
  }

  /** The enquiry's messages, oldest first (none for an enquiry that does not exist). */
  async list(enquiryId: number): Promise<EnquiryMessage[]> {
    const rows = await this.db
      .selectFrom('enquiry_messages as m')
      .leftJoin('staff as s', 's.id', 'm.staff_id')
      .leftJoin('enquiry_attachments as a', 'a.message_id', 'm.id')
      .select([
        'm.id',
        'm.at',
        'm.author',
        'm.body',
        'm.staff_email',
        's.name as staff_name',
        's.email as staff_now',
        'a.id as attachment_id',
        'a.name as attachment_name',
        'a.type as attachment_type',
        'a.size as attachment_size',
      ])
      .where('m.enquiry_id', '=', enquiryId)
      .orderBy('m.id')
      .execute();
    return rows.map((row) => this.toMessage(row));
  }

  private toMessage(row: {
    id: number;
    at: string;
    author: string;
    body: string;
    staff_email: string;
    staff_name: string | null;
    staff_now: string | null;
    attachment_id: number | null;
    attachment_name: string | null;
    attachment_type: string | null;
    attachment_size: number | null;
  }): EnquiryMessage {
    const staff = row.author === 'staff';
    return {
      id: row.id,
      at: row.at,
      author: staff ? 'staff' : 'visitor',
      author_name: staff ? row.staff_name?.trim() || row.staff_now || row.staff_email : '',
      body: row.body,
      attachment:
        row.attachment_id === null
          ? null
          : {
              id: row.attachment_id,
              name: row.attachment_name ?? '',
              type: asType(row.attachment_type ?? ''),
              size: Number(row.attachment_size ?? 0),
            },
    };
  }

  /**
   * Stores a message (and its file) with its notices. Throws field errors under `body` (blank, too
   * long, forbidden characters), attachment_invalid (400), attachment_too_large (413), or not_found
   * (404) when the enquiry does not exist.
   */
  async post(enquiryId: number, input: NewMessage): Promise<EnquiryMessage> {
    const body = messageBody(input.body, input.attachment !== undefined);
    const file = input.attachment ? await checkAttachment(input.attachment) : undefined;
    // Read before the transaction: the channels' setup may need a read of its own, outside it.
    const channels = await this.deps.channels.setup();
    const at = new Date().toISOString();
    const id = await this.db.transaction().execute(async (trx) => {
      const enquiry = await trx
        .selectFrom('enquiries')
        .select('id')
        .where('id', '=', enquiryId)
        .executeTakeFirst();
      if (!enquiry) throw notFound('No such enquiry.');
      const { id: messageId } = await trx
        .insertInto('enquiry_messages')
        .values({
          enquiry_id: enquiryId,
          at,
          author: input.author,
          staff_id: input.author === 'staff' ? (input.staffId ?? null) : null,
          staff_email: input.author === 'staff' ? (input.staffEmail ?? '') : '',
          body,
          ip: input.author === 'visitor' ? (input.ip ?? null) : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (file) {
        await trx
          .insertInto('enquiry_attachments')
          .values({
            enquiry_id: enquiryId,
            message_id: messageId,
            name: file.name,
            type: file.type,
            size: file.bytes.length,
            sha256: createHash('sha256').update(file.bytes).digest('hex'),
            bytes: file.bytes,
          })
          .execute();
      }
      const baseUrl = await linkBase(trx, this.deps.config);
      if (input.author === 'visitor') {
        await trx.updateTable('enquiries').set({ read_at: null }).where('id', '=', enquiryId).execute();
        await notifyStaffOfThread(trx, { enquiryId, event: 'message', baseUrl, channels, message: body });
      } else {
        await notifyVisitorOfReply(trx, {
          enquiryId,
          kind: 'message',
          baseUrl,
          channels,
          secret: this.deps.secret,
          message: body,
        });
      }
      return messageId;
    });
    this.deps.outbox?.kick();
    const stored = (await this.list(enquiryId)).find((message) => message.id === id);
    if (!stored) throw notFound('No such message.');
    return stored;
  }

  /** A file of this enquiry's thread; undefined for an id that is not this enquiry's. */
  async attachment(enquiryId: number, attachmentId: number): Promise<StoredAttachment | undefined> {
    if (!Number.isSafeInteger(attachmentId) || attachmentId < 1 || attachmentId > 2_147_483_647)
      return undefined;
    const row = await this.db
      .selectFrom('enquiry_attachments')
      .select(['name', 'type', 'bytes'])
      .where('id', '=', attachmentId)
      .where('enquiry_id', '=', enquiryId)
      .executeTakeFirst();
    if (!row) return undefined;
    return { name: row.name, type: asType(row.type), bytes: Buffer.from(row.bytes) };
  }
}
