import { isMobile } from '@storefront/contracts';
import { rolesThatMay } from '@storefront/contracts/admin';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { templateFor, type ChannelSetup } from '../channels/registry.ts';
import { followUrl, signedFollowToken } from '../enquiries/follow-link.ts';
import { enquiryReference } from '../enquiries/repository.ts';
import {
  chosenChannels,
  hostOf,
  insertRows,
  linkOn,
  smsRow,
  staffChannelRows,
  staffFor,
  storeNames,
  TOPICS,
  trimSlash,
  type EmailPayload,
  type NewRow,
  type StaffMember,
} from './notify.ts';
import {
  mailLanguage,
  replyMail,
  staffThreadMail,
  staffThreadText,
  type MailContent,
  type ReplyKind,
  type ThreadEvent,
} from './messages.ts';

/**
 * Every notice of the quote loop (issue 25), written to the outbox inside the caller's transaction
 * (the message, the acceptance or the quote is stored with its notices or not at all), sent by the
 * outbox's worker once the caller commits and kicks it:
 *
 * - `notifyStaffOfThread`: the buyer wrote on the enquiry's page, or accepted or declined its quote.
 *   Told: the enquiry's assignee when it has an active one who may see sales, else every active owner
 *   and sales member; each by mail (when they take enquiry mails, or chose mail for `thread`) and on
 *   the other channels they chose for the `thread` event (SMS kind `staff_thread`, Bale, Telegram),
 *   in their language, with the link to the enquiry's page in the back office.
 * - `notifyVisitorOfReply`: staff replied or sent a quote. The buyer is told by SMS (kind `reply`,
 *   its English template `reply_en` for an English request; parameters reference and link) when they
 *   left a mobile and the template is set, and by mail when they left an address; the link is a
 *   signed follow token (the random one given at sending is not stored) in the request's language.
 */

interface EnquiryForNotice {
  id: number;
  product_title: string;
  phone: string;
  email: string;
  description: string;
  language: string;
  assignee_id: number | null;
}

async function enquiryOf(trx: Kysely<DB>, id: number): Promise<EnquiryForNotice | undefined> {
  return trx
    .selectFrom('enquiries')
    .select(['id', 'product_title', 'phone', 'email', 'description', 'language', 'assignee_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

const emailRow = (topic: string, recipient: string, mail: MailContent, host: string | undefined): NewRow => ({
  kind: 'email',
  topic,
  recipient,
  webhook_id: null,
  payload: JSON.stringify({ ...mail, host } satisfies EmailPayload),
});

/**
 * Whether a staff member gets thread notices by mail: when they take the enquiries' mails (the
 * conversation is the enquiry's), or when they chose mail for `thread` itself.
 */
function mailsThread(staff: StaffMember): boolean {
  return staff.notify_enquiries === 1 || chosenChannels(staff.notify_channels, 'thread').has('email');
}

/** Who hears of an enquiry's thread: its active assignee (who may see sales), else every active owner and sales member. */
async function threadStaff(trx: Kysely<DB>, assigneeId: number | null): Promise<StaffMember[]> {
  const everyone = await staffFor(trx, rolesThatMay.seeSales);
  const assignee = assigneeId === null ? undefined : everyone.find((staff) => staff.id === assigneeId);
  return assignee ? [assignee] : everyone;
}

export async function notifyStaffOfThread(
  trx: Kysely<DB>,
  input: {
    enquiryId: number;
    event: ThreadEvent;
    baseUrl: string;
    channels: ChannelSetup;
    /** The buyer's message (event 'message'), quoted in the mail and the bot message. */
    message?: string;
    /** The quote's version number (accepted, declined). */
    quote?: number;
    storeName?: string;
  },
): Promise<void> {
  const enquiry = await enquiryOf(trx, input.enquiryId);
  if (!enquiry) return;
  const baseUrl = trimSlash(input.baseUrl);
  const host = hostOf(baseUrl);
  const storeName = await storeNames(trx, input.storeName);
  const link = linkOn(baseUrl, `/admin/enquiries/${enquiry.id}`);
  const notice = {
    event: input.event,
    enquiry,
    ...(input.message === undefined ? {} : { message: input.message }),
    ...(input.quote === undefined ? {} : { quote: input.quote }),
  };
  const rows: NewRow[] = [];
  for (const staff of await threadStaff(trx, enquiry.assignee_id)) {
    const lang = mailLanguage(staff.language);
    if (mailsThread(staff))
      rows.push(
        emailRow(TOPICS.thread, staff.email, staffThreadMail(lang, notice, link, storeName(lang)), host),
      );
    rows.push(
      ...staffChannelRows(staff, 'thread', input.channels, {
        topic: TOPICS.thread,
        sms: {
          kind: 'staff_thread',
          params: [
            ['reference', enquiryReference(enquiry.id)],
            ['link', link],
          ],
        },
        text: (language) => staffThreadText(language, notice, link),
      }),
    );
  }
  await insertRows(trx, rows, new Date().toISOString());
}

export async function notifyVisitorOfReply(
  trx: Kysely<DB>,
  input: {
    enquiryId: number;
    kind: ReplyKind;
    baseUrl: string;
    channels: ChannelSetup;
    /** The server's secret (follow-link.ts signs the page's link with it). */
    secret: string;
    /** Staff's reply (kind 'message'), quoted in the mail. */
    message?: string;
    storeName?: string;
  },
): Promise<void> {
  const enquiry = await enquiryOf(trx, input.enquiryId);
  if (!enquiry) return;
  const baseUrl = trimSlash(input.baseUrl);
  const lang = mailLanguage(enquiry.language);
  const follow = followUrl(baseUrl, signedFollowToken(input.secret, enquiry.id), lang);
  const rows: NewRow[] = [];
  if (enquiry.email.trim() !== '') {
    const storeName = (await storeNames(trx, input.storeName))(lang);
    const mail = replyMail(
      lang,
      {
        kind: input.kind,
        enquiry,
        followUrl: follow,
        ...(input.message === undefined ? {} : { message: input.message }),
      },
      storeName,
    );
    rows.push(emailRow(TOPICS.reply, enquiry.email.trim(), mail, hostOf(baseUrl)));
  }
  const sms = input.channels.sms;
  if (isMobile(enquiry.phone) && sms && templateFor(sms, 'reply', lang) !== undefined) {
    rows.push(
      smsRow(TOPICS.reply, enquiry.phone, {
        kind: 'reply',
        language: lang,
        params: [
          ['reference', enquiryReference(enquiry.id)],
          ['link', follow],
        ],
      }),
    );
  }
  await insertRows(trx, rows, new Date().toISOString());
}
