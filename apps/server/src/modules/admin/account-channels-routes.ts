import { errorDetailSchema, type FieldProblem } from '@storefront/contracts';
import {
  botChannels,
  chatLinkCodeSchema,
  staffChannels,
  staffChannelsSchema,
  staffEvents,
  updateStaffChannelsBodySchema,
  type BotChannel,
  type StaffChannel,
  type StaffChannels,
  type StaffEvent,
} from '@storefront/contracts/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldError, notFound, requestError } from '../../lib/errors.ts';
import { chatColumn, chatLink, createLinkCode, LINK_CODE_LIFETIME_SECONDS } from '../channels/chat-links.ts';
import type { ChannelSetup } from '../channels/registry.ts';
import { ALL_ROLES, staffOf } from './access.ts';
import { changes, recordAudit } from './audit.ts';
import { adminErrors } from './route-schemas.ts';
import type { StaffRow } from './staff-repository.ts';

/**
 * The signed-in staff member's channels under /admin/api/account: their mobile for SMS, their
 * linked Bale and Telegram chats (a one-time code to send the bot, or unlinking) and, per event,
 * which channels reach them. Email's choices stay in notify_enquiries / notify_reviews (the mail
 * settings read them); the other channels' live in `notify_channels` (JSON), as does email for a
 * failing channel or a buyer's activity on an enquiry (`thread`), which have no column of their own.
 */

const errors = { ...adminErrors, 409: errorDetailSchema };
/** Unknown channels answer 404 (a path that does not exist), not a field error. */
const channelParams = z.object({ channel: z.string() });

type EventChoices = Record<StaffEvent, StaffChannel[]>;

/** The events whose email choice has a column of its own (notify_enquiries, notify_reviews). */
const EMAIL_COLUMN_EVENTS: ReadonlySet<StaffEvent> = new Set(['enquiry', 'review']);

const isBotChannel = (value: string): value is BotChannel =>
  (botChannels as readonly string[]).includes(value);

/** The stored `notify_channels`, read defensively: unknown events and channels are dropped. */
export function parseNotifyChannels(raw: string): EventChoices {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = undefined;
  }
  const stored =
    value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const out = {} as EventChoices;
  for (const event of staffEvents) {
    const list = Array.isArray(stored[event]) ? (stored[event] as unknown[]) : [];
    out[event] = staffChannels.filter(
      (channel) =>
        // Email of enquiries and reviews lives in its own column; a copy here would be ignored.
        (channel !== 'email' || !EMAIL_COLUMN_EVENTS.has(event)) && list.includes(channel),
    );
  }
  return out;
}

/** Every event's chosen channels, email included, as stored (reachable or not). */
function storedChoices(staff: StaffRow): EventChoices {
  const choices = parseNotifyChannels(staff.notify_channels);
  if (staff.notify_enquiries === 1) choices.enquiry = ['email', ...choices.enquiry];
  if (staff.notify_reviews === 1) choices.review = ['email', ...choices.review];
  return choices;
}

/** Why a channel cannot reach this staff member now, or undefined when it can. */
function unavailable(
  channel: StaffChannel,
  setup: ChannelSetup,
  phone: string,
  chats: Record<BotChannel, string | null>,
): string | undefined {
  if (channel === 'email') return undefined;
  if (channel === 'sms') {
    if (!setup.sms) return 'SMS is not set up on this store.';
    if (!phone) return 'Add your mobile number to get SMS.';
    return undefined;
  }
  const name = channel === 'bale' ? 'Bale' : 'Telegram';
  if (!setup.bots[channel]) return `The store's ${name} bot is not set up.`;
  if (!chats[channel]) return `Link your ${name} chat first.`;
  return undefined;
}

const chatsOf = (staff: StaffRow): Record<BotChannel, string | null> => ({
  bale: staff.bale_chat_id,
  telegram: staff.telegram_chat_id,
});

export const accountChannelsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  const staffRow = (id: number) =>
    db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** What the account page shows: only the chosen channels that reach them now. */
  async function view(staff: StaffRow): Promise<StaffChannels> {
    const setup = await app.channels.setup();
    const chats = chatsOf(staff);
    const [bale, telegram] = await Promise.all(
      botChannels.map((channel) => app.channels.botUsername(channel)),
    );
    const choices = storedChoices(staff);
    const events = {} as EventChoices;
    for (const event of staffEvents)
      events[event] = choices[event].filter((channel) => !unavailable(channel, setup, staff.phone, chats));
    return {
      phone: staff.phone,
      sms_available: setup.sms !== undefined,
      chats: {
        bale: { available: !!setup.bots.bale, linked: !!chats.bale, bot_username: bale ?? null },
        telegram: {
          available: !!setup.bots.telegram,
          linked: !!chats.telegram,
          bot_username: telegram ?? null,
        },
      },
      events,
    };
  }

  app.get(
    '/account/channels',
    { config: { roles: ALL_ROLES }, schema: { response: { 200: staffChannelsSchema, ...errors } } },
    async (request) => view(staffOf(request).staff),
  );

  app.put(
    '/account/channels',
    {
      config: { roles: ALL_ROLES },
      schema: { body: updateStaffChannelsBodySchema, response: { 200: staffChannelsSchema, ...errors } },
    },
    async (request) => {
      const staff = await staffRow(staffOf(request).staff.id);
      const setup = await app.channels.setup();
      const phone = request.body.phone ?? staff.phone;
      const chats = chatsOf(staff);
      const before = storedChoices(staff);
      const after: EventChoices = { ...before };
      const problems: Record<string, FieldProblem[]> = {};
      for (const event of staffEvents) {
        const chosen = request.body.events?.[event];
        if (chosen === undefined) continue;
        const wanted = staffChannels.filter((channel) => chosen.includes(channel));
        for (const channel of wanted) {
          const why = unavailable(channel, setup, phone, chats);
          if (why) (problems[`events.${event}`] ??= []).push({ code: 'invalid', message: why });
        }
        after[event] = wanted;
      }
      if (Object.keys(problems).length > 0) throw fieldError(problems);

      const notify: Record<string, StaffChannel[]> = {};
      for (const event of staffEvents)
        notify[event] = after[event].filter(
          (channel) => channel !== 'email' || !EMAIL_COLUMN_EVENTS.has(event),
        );
      await db
        .updateTable('staff')
        .set({
          phone,
          notify_enquiries: after.enquiry.includes('email') ? 1 : 0,
          notify_reviews: after.review.includes('email') ? 1 : 0,
          notify_channels: JSON.stringify(notify),
        })
        .where('id', '=', staff.id)
        .execute();
      const changed = changes({ phone: staff.phone, events: before }, { phone, events: after });
      if (Object.keys(changed).length > 0)
        await recordAudit(db, staff, {
          action: 'update',
          entity: 'staff',
          entityId: staff.id,
          summary: changed,
        });
      return view(await staffRow(staff.id));
    },
  );

  app.post(
    '/account/chats/:channel/code',
    {
      config: { roles: ALL_ROLES },
      schema: { params: channelParams, response: { 200: chatLinkCodeSchema, ...errors } },
    },
    async (request) => {
      const channel = request.params.channel;
      if (!isBotChannel(channel)) throw notFound('No such messenger.');
      if (!(await app.channels.setup()).bots[channel])
        throw requestError(
          409,
          'channel_not_configured',
          `The store's ${channel === 'bale' ? 'Bale' : 'Telegram'} bot is not set up.`,
        );
      const code = await createLinkCode(db, staffOf(request).staff.id, channel);
      const username = await app.channels.botUsername(channel);
      return {
        code,
        expires_in: LINK_CODE_LIFETIME_SECONDS,
        bot_username: username,
        link: chatLink(channel, username, code),
      };
    },
  );

  app.delete(
    '/account/chats/:channel',
    {
      config: { roles: ALL_ROLES },
      schema: { params: channelParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      const channel = request.params.channel;
      if (!isBotChannel(channel)) throw notFound('No such messenger.');
      const staff = staffOf(request).staff;
      const column = chatColumn[channel];
      const linked = chatsOf(staff)[channel] !== null;
      await db
        .updateTable('staff')
        .set({ [column]: null })
        .where('id', '=', staff.id)
        .execute();
      if (linked)
        await recordAudit(db, staff, {
          action: 'update',
          entity: 'staff',
          entityId: staff.id,
          summary: { [`${channel}_chat`]: ['linked', null] },
        });
      return reply.status(204).send(null);
    },
  );
};
