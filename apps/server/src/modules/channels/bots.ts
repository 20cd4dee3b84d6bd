/**
 * One Bot API client for Bale and Telegram: Bale's bot API has Telegram's shape
 * (`POST {api}/bot<token>/<method>`, JSON in, `{ok, result, error_code, description}` out), so only
 * the base URL differs (../shared/guides/integrations.md, "Messengers"; docs/server.md, "Channels").
 *
 * Telegram is filtered in Iran, so it may go through an outbound http(s) proxy. Node's fetch takes a
 * proxy only as an undici dispatcher, and undici is not a dependency of the server (the copy in
 * node_modules is another major version than the one inside Node), so the proxied call is made with
 * node:http through a CONNECT tunnel instead (`callThroughProxy`).
 *
 * The token sits in the URL path: it is never put in `detail`, and is scrubbed from anything the
 * provider or the network says before it becomes one.
 */
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Socket } from 'node:net';
import tls from 'node:tls';
import {
  CALL_TIMEOUT_MS,
  callProvider,
  describeAnswer,
  outcomeOfStatus,
  type CallResult,
  type ProviderAnswer,
} from './http.ts';
import type { SendOutcome } from './types.ts';

export type BotKind = 'bale' | 'telegram';

/** The public Bot API bases; a setting or the environment may point elsewhere (a test, a mirror). */
export const botApiUrls: Readonly<Record<BotKind, string>> = {
  bale: 'https://tapi.bale.ai',
  telegram: 'https://api.telegram.org',
};

const botNames: Readonly<Record<BotKind, string>> = { bale: 'Bale', telegram: 'Telegram' };

export interface BotOptions {
  kind: BotKind;
  token: string;
  /** The API base; the kind's public one when unset. */
  apiUrl?: string | undefined;
  /** An http(s) proxy (`http://user:pass@host:port`) every call is tunnelled through. */
  proxyUrl?: string | undefined;
  /** How long one call may take; getUpdates adds its long-polling time to it. */
  timeoutMs?: number | undefined;
}

/** The parts of an update the server reads: a text a user sent the bot (a linking code). */
export interface BotUpdate {
  update_id: number;
  /** Absent for the other kinds of update (edits, callbacks…), which only move the offset on. */
  message?: {
    chat: { id: number | string };
    text?: string | undefined;
    from?: BotSender | undefined;
  };
}

/** Who sent a message, as the Bot API tells it. */
export interface BotSender {
  id: number;
  first_name?: string;
  last_name?: string;
  username?: string;
}

/** The bot itself, as getMe tells it (the settings page shows the username). */
export interface BotUser {
  id: number;
  first_name: string;
  username?: string | undefined;
}

export type BotFailure = Exclude<SendOutcome, { status: 'sent' }>;
export type BotResult<T> = { ok: true; value: T } | { ok: false; outcome: BotFailure };

export interface BotClient {
  readonly kind: BotKind;
  sendMessage(chatId: number | string, text: string, signal?: AbortSignal): Promise<SendOutcome>;
  /**
   * Long polling: the provider holds the call up to `timeoutSeconds` until an update arrives.
   * `offset` is the last update_id seen plus one (it confirms the earlier ones). Aborting `signal`
   * rejects, as a stopped poller expects; every other failure is a result.
   */
  getUpdates(
    offset: number | undefined,
    timeoutSeconds: number,
    signal?: AbortSignal,
  ): Promise<BotResult<BotUpdate[]>>;
  /** Checks the token (the settings page's "check" button). */
  getMe(signal?: AbortSignal): Promise<BotResult<BotUser>>;
}

interface BotAnswer {
  ok?: unknown;
  result?: unknown;
  error_code?: unknown;
  description?: unknown;
  parameters?: { retry_after?: unknown } | undefined;
}

export function botClient(options: BotOptions): BotClient {
  const { kind, token } = options;
  const base = (options.apiUrl ?? botApiUrls[kind]).replace(/\/+$/, '');
  const proxy = options.proxyUrl ? new URL(options.proxyUrl) : undefined;
  const timeoutMs = options.timeoutMs ?? CALL_TIMEOUT_MS;
  const name = botNames[kind];
  const scrub = (text: string) => (token ? text.split(token).join('<token>') : text);

  /** One method call: the provider's `result` when it says ok, else the failure classified. */
  async function call(
    method: string,
    params: Record<string, unknown>,
    signal: AbortSignal | undefined,
    deadlineMs: number,
  ): Promise<{ ok: true; result: unknown } | { ok: false; outcome: BotFailure }> {
    const url = `${base}/bot${token}/${method}`;
    const body = JSON.stringify(params);
    const called = proxy
      ? await callThroughProxy(proxy, new URL(url), body, signal, deadlineMs)
      : await callProvider(
          url,
          { method: 'POST', headers: { 'content-type': 'application/json' }, body },
          signal,
          deadlineMs,
        );
    if (!called.ok) {
      const outcome = called.outcome as BotFailure;
      return { ok: false, outcome: { ...outcome, detail: scrub(`${name}: ${outcome.detail}`) } };
    }
    const answer = called.answer;
    const said = (answer.body ?? {}) as BotAnswer;
    if (answer.status >= 200 && answer.status < 300 && said.ok === true)
      return { ok: true, result: said.result };
    const outcome = failureOf(answer, said, name);
    return { ok: false, outcome: { ...outcome, detail: scrub(outcome.detail) } };
  }

  return {
    kind,
    async sendMessage(chatId, text, signal) {
      const called = await call('sendMessage', { chat_id: chatId, text }, signal, timeoutMs);
      if (!called.ok) return called.outcome;
      const messageId = (called.result as { message_id?: unknown } | undefined)?.message_id;
      return typeof messageId === 'number' || typeof messageId === 'string'
        ? { status: 'sent', providerId: String(messageId) }
        : { status: 'sent' };
    },
    async getUpdates(offset, timeoutSeconds, signal) {
      const params = offset === undefined ? { timeout: timeoutSeconds } : { offset, timeout: timeoutSeconds };
      // The provider holds the call for up to timeoutSeconds on purpose: that time is not a time-out.
      const called = await call('getUpdates', params, signal, timeoutMs + timeoutSeconds * 1000);
      if (!called.ok) return called;
      if (!Array.isArray(called.result))
        return {
          ok: false,
          outcome: { status: 'transient', detail: `${name}: getUpdates answered no list` },
        };
      return { ok: true, value: called.result.flatMap(updateOf) };
    },
    async getMe(signal) {
      const called = await call('getMe', {}, signal, timeoutMs);
      if (!called.ok) return called;
      const me = called.result as Partial<BotUser> | undefined;
      if (typeof me?.id !== 'number')
        return { ok: false, outcome: { status: 'transient', detail: `${name}: getMe answered no bot` } };
      return {
        ok: true,
        value: {
          id: me.id,
          first_name: typeof me.first_name === 'string' ? me.first_name : '',
          ...(typeof me.username === 'string' ? { username: me.username } : {}),
        },
      };
    },
  };
}

/**
 * What a refusal means, from the Bot API's error_code (the HTTP status when the body has none) and
 * description: a bad token is 401 (404 for one the API cannot even parse); a chat the bot cannot
 * write to is 403 (blocked, never started, kicked, deactivated) or 400 "chat not found"; 429 says
 * when to come back in parameters.retry_after.
 */
function failureOf(answer: ProviderAnswer, said: BotAnswer, name: string): BotFailure {
  const code = typeof said.error_code === 'number' ? said.error_code : answer.status;
  const description = typeof said.description === 'string' ? said.description : undefined;
  const detail = `${name} ${describeAnswer({ ...answer, status: code }, description)}`;
  if (code >= 200 && code < 300)
    // A 2xx the Bot API did not write (a captive portal, a broken proxy): worth another try.
    return { status: 'transient', detail: `${name}: unexpected answer (HTTP ${answer.status})` };
  if (code === 401 || code === 404) return { status: 'permanent', reason: 'invalid_key', detail };
  if (code === 403) return { status: 'permanent', reason: 'chat_unreachable', detail };
  if (code === 400 && description && /chat not found|user not found|peer_id_invalid/i.test(description))
    return { status: 'permanent', reason: 'chat_unreachable', detail };
  if (code === 429) {
    const retryAfter = Number(said.parameters?.retry_after);
    const retryAfterMs =
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : answer.retryAfterMs;
    return { status: 'transient', detail, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) };
  }
  return outcomeOfStatus({ ...answer, status: code }, detail) as BotFailure;
}

/** Keeps what the server reads of an update; an entry without an update_id cannot move the offset. */
function updateOf(raw: unknown): BotUpdate[] {
  if (!raw || typeof raw !== 'object') return [];
  const { update_id: updateId, message } = raw as { update_id?: unknown; message?: unknown };
  if (typeof updateId !== 'number') return [];
  const m = message as { chat?: { id?: unknown }; text?: unknown; from?: BotSender } | undefined;
  const chatId = m?.chat?.id;
  if (typeof chatId !== 'number' && typeof chatId !== 'string') return [{ update_id: updateId }];
  return [
    {
      update_id: updateId,
      message: {
        chat: { id: chatId },
        ...(typeof m?.text === 'string' ? { text: m.text } : {}),
        ...(m?.from && typeof m.from === 'object' && typeof m.from.id === 'number' ? { from: m.from } : {}),
      },
    },
  ];
}

// ---- the proxied call: a CONNECT tunnel through an http(s) proxy ------------------------------------

class TunnelRefused extends Error {
  readonly statusCode: number;
  constructor(statusCode: number) {
    super(`proxy refused the tunnel: HTTP ${statusCode}`);
    this.statusCode = statusCode;
  }
}

/**
 * The same call as callProvider, through `proxy`: a network error, a time-out or a proxy that cannot
 * reach the provider is transient; a proxy that wants other credentials (407) is permanent, since
 * trying again will not change them.
 */
async function callThroughProxy(
  proxy: URL,
  url: URL,
  body: string,
  signal: AbortSignal | undefined,
  timeoutMs: number,
): Promise<CallResult> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  try {
    return { ok: true, answer: await postThroughTunnel(proxy, url, body, combined) };
  } catch (error) {
    if (signal?.aborted) throw error;
    if (error instanceof TunnelRefused)
      return {
        ok: false,
        outcome:
          error.statusCode === 407
            ? { status: 'permanent', reason: 'rejected', detail: error.message }
            : { status: 'transient', detail: error.message },
      };
    return {
      ok: false,
      outcome: {
        status: 'transient',
        detail: timeout.aborted
          ? `no answer within ${timeoutMs / 1000} s`
          : `network error: ${codeOf(error)}`,
      },
    };
  }
}

function codeOf(error: unknown): string {
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'string')
    return error.code;
  return error instanceof Error ? error.message : String(error);
}

/** URL.hostname keeps an IPv6 address's brackets; sockets want it bare. */
const bare = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1');

function openTunnel(proxy: URL, host: string, port: number, signal: AbortSignal): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: `${host}:${port}` };
    if (proxy.username || proxy.password) {
      const credentials = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`;
      headers['proxy-authorization'] = `Basic ${Buffer.from(credentials).toString('base64')}`;
    }
    const secure = proxy.protocol === 'https:';
    const request = (secure ? https : http).request({
      host: bare(proxy.hostname),
      port: Number(proxy.port) || (secure ? 443 : 80),
      method: 'CONNECT',
      path: `${host}:${port}`,
      headers,
      agent: false,
      signal,
    });
    request.once('connect', (response, socket, head) => {
      if (response.statusCode !== 200) {
        socket.destroy();
        reject(new TunnelRefused(response.statusCode ?? 0));
        return;
      }
      if (head.length) socket.unshift(head);
      resolve(socket);
    });
    request.once('error', reject);
    request.end();
  });
}

async function postThroughTunnel(
  proxy: URL,
  url: URL,
  body: string,
  signal: AbortSignal,
): Promise<ProviderAnswer> {
  const secure = url.protocol === 'https:';
  const port = Number(url.port) || (secure ? 443 : 80);
  const tunnel = await openTunnel(proxy, url.hostname, port, signal);
  const host = bare(url.hostname);
  const stream = secure
    ? tls.connect({ socket: tunnel, ...(net.isIP(host) ? {} : { servername: host }) })
    : tunnel;
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        createConnection: () => stream,
        method: 'POST',
        path: url.pathname + url.search,
        headers: {
          host: url.host,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
        signal,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.once('error', reject);
        response.once('end', () => {
          stream.destroy();
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            parsed = undefined;
          }
          const retryAfter = Number(response.headers['retry-after']);
          resolve({
            status: response.statusCode ?? 0,
            body: parsed,
            text,
            ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterMs: retryAfter * 1000 } : {}),
          });
        });
      },
    );
    request.once('error', (error) => {
      stream.destroy();
      reject(error);
    });
    request.end(body);
  });
}
