import { EventEmitter } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP server standing in for Bale's and Telegram's Bot API (the same shape: `POST
 * /bot<token>/<method>`, JSON in, `{ok, result}` out) in the chat-link tests. It knows a set of bots
 * by token (any other token is refused 401, as the real API does), keeps each bot's queued updates,
 * and holds a getUpdates call open until an update is queued or its `timeout` runs out, as long
 * polling does. It records every sendMessage and every getUpdates call.
 *
 * Updates are never forgotten here, only filtered by the call's `offset`: a poller that lost its
 * offset (the crash between handling an update and confirming it) would be handed the old ones again.
 */

export interface SentMessage {
  token: string;
  chat_id: unknown;
  text: unknown;
}

export interface UpdatesCall {
  token: string;
  offset: unknown;
  timeout: unknown;
}

export interface BotServer {
  /** `http://127.0.0.1:<port>`, the bots' API base. */
  url: string;
  sent: SentMessage[];
  polls: UpdatesCall[];
  /** Every call as it arrived, refused ones too: the method and the token it named. */
  calls: { token: string; method: string }[];
  /** getUpdates calls held open now, waiting for an update. */
  readonly holding: number;
  /** getUpdates calls whose client hung up before the answer (a poller stopped mid-poll). */
  readonly abandoned: number;
  /**
   * Queues an update for that bot and returns its place (the update_id a well-formed one gets):
   * `message` is wrapped with that update_id; `raw` is sent as it is, or made from that place.
   */
  queue(token: string, update: { message: unknown } | { raw: unknown }): number;
  /** Resolves once `check` holds, looked at after every request the server answers or drops. */
  until(check: () => boolean): Promise<void>;
  close(): Promise<void>;
}

interface Queued {
  /** The server's own order: what `offset` is compared with. */
  seq: number;
  body: unknown;
}

interface Waiting {
  token: string;
  offset: number;
  answer: () => void;
}

export async function startBotServer(bots: Record<string, string>): Promise<BotServer> {
  const events = new EventEmitter();
  const updates = new Map<string, Queued[]>();
  const waiting = new Set<Waiting>();
  let seq = 100;
  const sent: SentMessage[] = [];
  const polls: UpdatesCall[] = [];
  const calls: { token: string; method: string }[] = [];
  const state = { abandoned: 0 };

  const pending = (token: string, offset: number) =>
    (updates.get(token) ?? []).filter((update) => update.seq >= offset);

  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
      const json = (status: number, body: unknown) => {
        if (!res.destroyed)
          res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        events.emit('change');
      };
      if (!match) return json(404, { ok: false, error_code: 404, description: 'Not Found' });
      const [, token, method] = match as unknown as [string, string, string];
      calls.push({ token, method });
      if (!(token in bots)) return json(401, { ok: false, error_code: 401, description: 'Unauthorized' });
      let params: Record<string, unknown>;
      try {
        params = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        return json(400, { ok: false, error_code: 400, description: 'Bad Request: invalid JSON' });
      }
      if (method === 'getMe')
        return json(200, {
          ok: true,
          result: { id: 1, is_bot: true, first_name: 'Store', username: bots[token] },
        });
      if (method === 'sendMessage') {
        sent.push({ token, chat_id: params.chat_id, text: params.text });
        return json(200, { ok: true, result: { message_id: sent.length, chat: { id: params.chat_id } } });
      }
      if (method !== 'getUpdates') return json(404, { ok: false, error_code: 404, description: 'Not Found' });
      polls.push({ token, offset: params.offset, timeout: params.timeout });
      const offset = typeof params.offset === 'number' ? params.offset : 0;
      const timeout = typeof params.timeout === 'number' ? params.timeout : 0;
      const answer = () => {
        waiting.delete(entry);
        clearTimeout(timer);
        json(200, { ok: true, result: pending(token, offset).map((update) => update.body) });
      };
      const entry: Waiting = { token, offset, answer };
      const timer = setTimeout(answer, timeout * 1000);
      if (pending(token, offset).length > 0) return answer();
      waiting.add(entry);
      res.once('close', () => {
        if (!waiting.has(entry)) return;
        waiting.delete(entry);
        clearTimeout(timer);
        state.abandoned += 1;
        events.emit('change');
      });
      events.emit('change');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sent,
    polls,
    calls,
    get holding() {
      return waiting.size;
    },
    get abandoned() {
      return state.abandoned;
    },
    queue(token, update) {
      seq += 1;
      const id = seq;
      const body =
        'raw' in update
          ? typeof update.raw === 'function'
            ? (update.raw as (id: number) => unknown)(id)
            : update.raw
          : { update_id: id, message: update.message };
      const list = updates.get(token) ?? [];
      list.push({ seq, body });
      updates.set(token, list);
      for (const entry of [...waiting]) if (entry.token === token) entry.answer();
      return seq;
    },
    until(check) {
      return new Promise((resolve) => {
        const look = () => {
          if (!check()) return;
          events.off('change', look);
          resolve();
        };
        events.on('change', look);
        look();
      });
    },
    async close() {
      for (const entry of [...waiting]) entry.answer();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
