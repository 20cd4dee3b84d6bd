import {
  botChannels,
  staffChannels,
  staffEvents,
  type BotChannel,
  type ChatLinkCode,
  type StaffChannel,
  type StaffChannels,
  type StaffEvent,
} from '@storefront/contracts/admin';
import type { TFunction } from 'i18next';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, SubmitButton } from '../../components/form.tsx';
import {
  Badge,
  Button,
  ErrorAlert,
  Loading,
  SaveStatus,
  Section,
  TableFrame,
  TextField,
} from '../../components/ui.tsx';
import { useFormat } from '../../lib/format.ts';
import { useChatCode, useSaveStaffChannels, useStaffChannels, useUnlinkChat } from './api.ts';

/** How often the page asks whether the bot has linked the chat while a code is shown. */
const LINK_POLL_MS = 3000;

/** A code being shown: which messenger, what the server gave, whether its time is up. */
interface Linking {
  channel: BotChannel;
  code: ChatLinkCode;
  expired: boolean;
}

function PhoneForm({ initial }: { initial: string }) {
  const { t } = useTranslation();
  const [phone, setPhone] = useState(initial);
  const save = useSaveStaffChannels();
  return (
    <Form
      className="flex flex-wrap items-start gap-2"
      save={save}
      saved={t('form.saved')}
      onSubmit={() => save.mutate({ phone }, { onSuccess: (answer) => setPhone(answer.phone) })}
    >
      <TextField
        label={t('channels.mine.phone')}
        value={phone}
        onChange={(value) => {
          setPhone(value);
          if (save.isSuccess) save.reset();
        }}
        path="phone"
        type="tel"
        dir="ltr"
        inputMode="tel"
        autoComplete="tel"
        placeholder="09121234567"
        hint={t('channels.mine.phoneHint')}
      />
      <SubmitButton className="mt-6">{t('channels.mine.savePhone')}</SubmitButton>
    </Form>
  );
}

/** The code to send the bot, big, with how long it lasts and a link that opens the bot. */
function LinkCode({ linking, onCancel }: { linking: Linking; onCancel: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const name = t(`channels.names.${linking.channel}`);
  const { code } = linking;
  const bot = code.bot_username ? `@${code.bot_username}` : t('channels.mine.theBot');
  const minutes = Math.max(1, Math.ceil(code.expires_in / 60));
  const labelId = useId();
  return (
    <div className="my-3 rounded border border-sky-300 bg-sky-50 p-4" aria-labelledby={labelId} role="group">
      <p id={labelId} className="font-medium">
        {t('channels.mine.codeLabel', { channel: name })}
      </p>
      {linking.expired ? (
        <p role="alert" className="my-2 text-red-900">
          {t('channels.mine.expired')}
        </p>
      ) : (
        <>
          <p dir="ltr" className="my-2 font-mono text-4xl font-bold tracking-widest select-all">
            {code.code}
          </p>
          <p>
            {t('channels.mine.codeHelp', {
              bot,
              channel: name,
              count: minutes,
              formatted: f.number(minutes),
            })}
          </p>
          {code.link ? (
            <p className="mt-2">
              <a
                href={code.link}
                target="_blank"
                rel="noopener noreferrer"
                className="text-sky-900 underline"
              >
                {t('channels.mine.openBot', { bot, channel: name })}
              </a>
            </p>
          ) : null}
          <p role="status" className="mt-2 text-slate-800">
            {t('channels.mine.waiting')}
          </p>
        </>
      )}
      <Button className="mt-2" onClick={onCancel}>
        {t('channels.mine.cancel')}
      </Button>
    </div>
  );
}

/** One messenger: not set up by the owner, linked (unlink), or not linked (make a code). */
function ChatRow({
  channel,
  chat,
  busy,
  onLink,
  onUnlink,
}: {
  channel: BotChannel;
  chat: StaffChannels['chats'][BotChannel];
  busy: boolean;
  onLink: () => void;
  onUnlink: () => void;
}) {
  const { t } = useTranslation();
  const name = t(`channels.names.${channel}`);
  return (
    <li className="flex flex-wrap items-center gap-2 py-1">
      <span className="font-medium">{name}:</span>
      {!chat.available ? (
        <span className="text-slate-800">{t('channels.mine.notAvailable', { channel: name })}</span>
      ) : chat.linked ? (
        <>
          <Badge tone="green">{t('channels.mine.linked')}</Badge>
          <Button variant="ghost" disabled={busy} onClick={onUnlink}>
            {t('channels.mine.unlink', { channel: name })}
          </Button>
        </>
      ) : (
        <>
          <Badge tone="slate">{t('channels.mine.notLinked')}</Badge>
          <Button disabled={busy} onClick={onLink}>
            {t('channels.mine.link', { channel: name })}
          </Button>
        </>
      )}
    </li>
  );
}

/** Why a channel cannot be chosen now, or null when it can. */
function unavailableReason(t: TFunction, data: StaffChannels, channel: StaffChannel): string | null {
  if (channel === 'email') return null;
  if (channel === 'sms') {
    if (!data.sms_available) return t('channels.mine.noSms');
    return data.phone ? null : t('channels.mine.noPhone');
  }
  const chat = data.chats[channel];
  const name = t(`channels.names.${channel}`);
  if (!chat.available) return t('channels.mine.noBot', { channel: name });
  return chat.linked ? null : t('channels.mine.noChat', { channel: name });
}

/** Events × channels: a box for each; a channel that cannot reach the member now is greyed, and says why. */
function EventsMatrix({ data }: { data: StaffChannels }) {
  const { t } = useTranslation();
  const reasonsId = useId();
  const save = useSaveStaffChannels();
  const [events, setEventsState] = useState(data.events);
  const reasons = staffChannels.map((channel) => [channel, unavailableReason(t, data, channel)] as const);
  const reasonOf = (channel: StaffChannel) => reasons.find(([c]) => c === channel)?.[1] ?? null;
  const toggle = (event: StaffEvent, channel: StaffChannel, on: boolean) => {
    const chosen = events[event] ?? [];
    setEventsState({
      ...events,
      [event]: on ? [...chosen, channel] : chosen.filter((c) => c !== channel),
    });
    if (save.isSuccess) save.reset();
  };
  return (
    <Form
      className="mt-4"
      save={save}
      saved={t('form.saved')}
      onSubmit={() =>
        save.mutate(
          {
            // A channel that cannot reach the member now is left out: the server would refuse it.
            events: Object.fromEntries(
              staffEvents.map((event) => [
                event,
                (events[event] ?? []).filter((channel) => reasonOf(channel) === null),
              ]),
            ),
          },
          { onSuccess: (answer) => setEventsState(answer.events) },
        )
      }
    >
      <h3 className="mb-2 font-bold">{t('channels.mine.events')}</h3>
      <TableFrame label={t('common.tableOf', { label: t('channels.mine.events') })}>
        <table className="text-sm">
          <caption className="sr-only">{t('channels.mine.events')}</caption>
          <thead>
            <tr className="border-b border-slate-300 bg-slate-100">
              <th scope="col" className="p-2 text-start">
                {t('channels.mine.event')}
              </th>
              {staffChannels.map((channel) => (
                <th key={channel} scope="col" className="p-2 text-center">
                  {t(`channels.names.${channel}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {staffEvents.map((event) => (
              <tr key={event} className="border-b border-slate-200">
                <th scope="row" className="p-2 text-start font-normal">
                  {t(`channels.mine.eventNames.${event}`)}
                </th>
                {staffChannels.map((channel) => {
                  const reason = reasonOf(channel);
                  return (
                    <td key={channel} className="p-2 text-center">
                      <input
                        type="checkbox"
                        className="size-4 accent-sky-800"
                        aria-label={t('channels.mine.cell', {
                          event: t(`channels.mine.eventNames.${event}`),
                          channel: t(`channels.names.${channel}`),
                        })}
                        aria-describedby={reason ? `${reasonsId}-${channel}` : undefined}
                        disabled={reason !== null}
                        checked={reason === null && (events[event] ?? []).includes(channel)}
                        onChange={(e) => toggle(event, channel, e.target.checked)}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
      {reasons.some(([, reason]) => reason) ? (
        <div className="mt-2 text-sm text-slate-800">
          <p className="font-medium">{t('channels.mine.why')}</p>
          <ul className="list-inside list-disc">
            {reasons.map(([channel, reason]) =>
              reason ? (
                <li key={channel} id={`${reasonsId}-${channel}`}>
                  {t(`channels.names.${channel}`)}: {reason}
                </li>
              ) : null,
            )}
          </ul>
        </div>
      ) : null}
      <SubmitButton className="mt-3">{t('channels.mine.saveEvents')}</SubmitButton>
    </Form>
  );
}

/** Where the signed-in member gets notices: their phone, their linked chats, and what comes where. */
export function MyChannels() {
  const { t } = useTranslation();
  const [linking, setLinking] = useState<Linking | null>(null);
  const [linked, setLinked] = useState<BotChannel | null>(null);
  const [unlinked, setUnlinked] = useState<BotChannel | null>(null);
  const waiting = linking !== null && !linking.expired;
  const channels = useStaffChannels(waiting ? LINK_POLL_MS : false);
  const makeCode = useChatCode();
  const unlink = useUnlinkChat();
  const data = channels.data;

  // The code's time is up: stop asking, and say so.
  const expiresIn = waiting ? linking.code.expires_in : null;
  const shownCode = linking?.code.code;
  useEffect(() => {
    if (expiresIn === null) return;
    const timer = setTimeout(
      () => setLinking((current) => (current ? { ...current, expired: true } : current)),
      expiresIn * 1000,
    );
    return () => clearTimeout(timer);
  }, [expiresIn, shownCode]);

  // The bot linked the chat: the code has done its work (state adjusted while rendering the answer
  // that says so, React's pattern for state that follows data).
  if (linking && data?.chats[linking.channel].linked) {
    setLinked(linking.channel);
    setLinking(null);
  }

  const start = (channel: BotChannel) => {
    setLinked(null);
    setUnlinked(null);
    makeCode.mutate(channel, { onSuccess: (code) => setLinking({ channel, code, expired: false }) });
  };

  return (
    <Section title={t('channels.mine.title')}>
      {channels.isPending ? <Loading /> : null}
      <ErrorAlert error={channels.error} />
      {data ? (
        <>
          <PhoneForm initial={data.phone} />
          <h3 className="mt-4 mb-1 font-bold">{t('channels.mine.chats')}</h3>
          <ul>
            {botChannels.map((channel) => (
              <ChatRow
                key={channel}
                channel={channel}
                chat={data.chats[channel]}
                busy={makeCode.isPending || unlink.isPending || waiting}
                onLink={() => start(channel)}
                onUnlink={() => {
                  setLinked(null);
                  setUnlinked(null);
                  unlink.mutate(channel, { onSuccess: () => setUnlinked(channel) });
                }}
              />
            ))}
          </ul>
          {linking ? <LinkCode linking={linking} onCancel={() => setLinking(null)} /> : null}
          <ErrorAlert error={makeCode.error ?? unlink.error} />
          <SaveStatus
            message={
              linked
                ? t('channels.mine.nowLinked', { channel: t(`channels.names.${linked}`) })
                : unlinked
                  ? t('channels.mine.unlinked', { channel: t(`channels.names.${unlinked}`) })
                  : null
            }
          />
          <EventsMatrix data={data} />
        </>
      ) : null}
    </Section>
  );
}
