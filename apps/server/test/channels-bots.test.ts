import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { botApiUrls, botClient, type BotClient } from '../src/modules/channels/bots.ts';
import type { SendOutcome } from '../src/modules/channels/types.ts';

// ---- a real Bot API server (Telegram's shape, which Bale's copies) ---------------------------------

const TOKEN = '123456:AAE-secret_Token-value';

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

type Reply = { status: number; body: unknown; delayMs?: number; headers?: Record<string, string> };

const fail = (status: number, description: string, extra: object = {}): Reply => ({
  status,
  body: { ok: false, error_code: status, description, ...extra },
});

/** What sendMessage answers, by chat_id: each documented answer has its own chat. */
const chats: Record<string, Reply> = {
  '1001': { status: 200, body: { ok: true, result: { message_id: 42, chat: { id: 1001 }, text: 'hi' } } },
  '1002': fail(400, 'Bad Request: chat not found'),
  '1003': fail(403, 'Forbidden: bot was blocked by the user'),
  '1004': fail(403, "Forbidden: bot can't initiate conversation with a user"),
  '1005': fail(429, 'Too Many Requests: retry after 7', { parameters: { retry_after: 7 } }),
  '1006': fail(500, 'Internal Server Error'),
  '1007': { status: 502, body: '<html>Bad Gateway</html>' },
  '1008': fail(400, 'Bad Request: message text is empty'),
  '1009': fail(400, `Bad Request: wrong request to /bot${TOKEN}/sendMessage`),
  /** Answers, but too late. */
  '1010': { status: 200, body: { ok: true, result: { message_id: 43 } }, delayMs: 400 },
};

const updates = [
  {
    update_id: 500,
    message: {
      message_id: 1,
      chat: { id: 77, type: 'private' },
      from: { id: 77, first_name: 'Sara' },
      text: '/start 123456',
    },
  },
  { update_id: 501, edited_message: { message_id: 1, chat: { id: 77 }, text: 'edited' } },
  {
    update_id: 502,
    message: {
      message_id: 2,
      chat: { id: 78 },
      from: { id: 78, first_name: 'Reza', username: 'reza' },
      text: '654321',
    },
  },
];

const api = {
  server: undefined as http.Server | undefined,
  url: '',
  received: [] as Received[],
  /** How long getUpdates holds the call before answering (long polling). */
  holdMs: 0,
};

function reply(response: http.ServerResponse, answer: Reply) {
  const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
  const send = () => {
    response.writeHead(answer.status, {
      'content-type': typeof answer.body === 'string' ? 'text/html' : 'application/json',
      ...answer.headers,
    });
    response.end(text);
  };
  if (answer.delayMs) setTimeout(send, answer.delayMs);
  else send();
}

function answerFor(path: string, body: Record<string, unknown>): Reply {
  const match = /^\/bot([^/]+)\/(\w+)$/.exec(path);
  if (!match) return fail(404, 'Not Found');
  const [, token, method] = match;
  if (token !== TOKEN) return fail(401, 'Unauthorized');
  switch (method) {
    case 'sendMessage':
      return chats[String(body['chat_id'])] ?? fail(400, 'Bad Request: chat not found');
    case 'getMe':
      return {
        status: 200,
        body: { ok: true, result: { id: 9999, is_bot: true, first_name: 'Store', username: 'store_bot' } },
      };
    case 'getUpdates': {
      const offset = typeof body['offset'] === 'number' ? body['offset'] : 0;
      return {
        status: 200,
        body: { ok: true, result: updates.filter((u) => u.update_id >= offset) },
        delayMs: api.holdMs,
      };
    }
    default:
      return fail(404, 'Not Found');
  }
}

function handle(request: http.IncomingMessage, response: http.ServerResponse) {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const text = Buffer.concat(chunks).toString('utf8');
    let body: Record<string, unknown>;
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      body = {};
    }
    api.received.push({
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headers,
      body,
    });
    reply(response, answerFor(request.url ?? '', body));
  });
}

async function listen(server: http.Server | https.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

// ---- a real CONNECT proxy -------------------------------------------------------------------------

const proxy = {
  server: undefined as http.Server | undefined,
  url: '',
  tunnels: [] as { target: string; authorization: string | undefined }[],
};

beforeAll(async () => {
  api.server = http.createServer(handle);
  api.url = `http://127.0.0.1:${await listen(api.server)}`;

  proxy.server = http.createServer((_request, response) => {
    response.writeHead(405).end();
  });
  proxy.server.on('connect', (request: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const authorization = request.headers['proxy-authorization'];
    proxy.tunnels.push({ target: request.url ?? '', authorization });
    if (authorization === `Basic ${Buffer.from('wrong:creds').toString('base64')}`) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\n\r\n');
      return;
    }
    const [host, port] = (request.url ?? '').split(':');
    const upstream = net.connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n'));
    // A tunnel lives as long as both its ends: one closing (or reset) closes the other.
    client.on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  proxy.url = `http://127.0.0.1:${await listen(proxy.server)}`;
});

afterAll(async () => {
  for (const server of [api.server, proxy.server]) {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  }
});

beforeEach(() => {
  api.received = [];
  api.holdMs = 0;
  proxy.tunnels = [];
});

const detailOf = (outcome: SendOutcome) => ('detail' in outcome ? outcome.detail : '');

// ---- the tests ------------------------------------------------------------------------------------

describe('the Bot API client (Bale, Telegram)', () => {
  let bale: BotClient;
  beforeEach(() => {
    bale = botClient({ kind: 'bale', token: TOKEN, apiUrl: `${api.url}/`, timeoutMs: 2000 });
  });

  it('defaults to the public API bases', () => {
    expect(botApiUrls).toEqual({ bale: 'https://tapi.bale.ai', telegram: 'https://api.telegram.org' });
  });

  it('sends exactly the documented sendMessage call and reads the message id', async () => {
    expect(await bale.sendMessage(1001, 'سلام، درخواست E-000042')).toEqual({
      status: 'sent',
      providerId: '42',
    });
    expect(api.received).toHaveLength(1);
    const [request] = api.received;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe(`/bot${TOKEN}/sendMessage`);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.body).toEqual({ chat_id: 1001, text: 'سلام، درخواست E-000042' });
  });

  it('classifies every documented refusal, and never shows the token', async () => {
    const wrongToken = botClient({ kind: 'telegram', token: '999:wrong-token', apiUrl: api.url });
    const unparsable = botClient({ kind: 'telegram', token: 'no/such', apiUrl: api.url });
    const outcomes: [SendOutcome, SendOutcome][] = [
      [
        await wrongToken.sendMessage(1001, 'x'),
        { status: 'permanent', reason: 'invalid_key', detail: 'Telegram HTTP 401: Unauthorized' },
      ],
      [
        await unparsable.sendMessage(1001, 'x'),
        { status: 'permanent', reason: 'invalid_key', detail: 'Telegram HTTP 404: Not Found' },
      ],
      [
        await bale.sendMessage(1002, 'x'),
        {
          status: 'permanent',
          reason: 'chat_unreachable',
          detail: 'Bale HTTP 400: Bad Request: chat not found',
        },
      ],
      [
        await bale.sendMessage(1003, 'x'),
        {
          status: 'permanent',
          reason: 'chat_unreachable',
          detail: 'Bale HTTP 403: Forbidden: bot was blocked by the user',
        },
      ],
      [
        await bale.sendMessage(1004, 'x'),
        {
          status: 'permanent',
          reason: 'chat_unreachable',
          detail: "Bale HTTP 403: Forbidden: bot can't initiate conversation with a user",
        },
      ],
      [
        await bale.sendMessage(1005, 'x'),
        {
          status: 'transient',
          detail: 'Bale HTTP 429: Too Many Requests: retry after 7',
          retryAfterMs: 7000,
        },
      ],
      [
        await bale.sendMessage(1006, 'x'),
        { status: 'transient', detail: 'Bale HTTP 500: Internal Server Error' },
      ],
      [await bale.sendMessage(1007, 'x'), { status: 'transient', detail: 'Bale HTTP 502' }],
      [
        await bale.sendMessage(1008, 'x'),
        {
          status: 'permanent',
          reason: 'rejected',
          detail: 'Bale HTTP 400: Bad Request: message text is empty',
        },
      ],
      [
        await bale.sendMessage(1009, 'x'),
        {
          status: 'permanent',
          reason: 'rejected',
          detail: 'Bale HTTP 400: Bad Request: wrong request to /bot<token>/sendMessage',
        },
      ],
    ];
    for (const [actual, expected] of outcomes) expect(actual).toEqual(expected);
    for (const [actual] of outcomes) {
      expect(detailOf(actual)).not.toContain('secret');
      expect(detailOf(actual)).not.toContain('wrong-token');
    }
  });

  it('counts a late answer as transient, and a closed port as a network error', async () => {
    const slow = botClient({ kind: 'bale', token: TOKEN, apiUrl: api.url, timeoutMs: 100 });
    const late = await slow.sendMessage(1010, 'x');
    expect(late.status).toBe('transient');
    expect(detailOf(late)).toMatch(/^Bale: no answer within/);

    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const down = await botClient({
      kind: 'telegram',
      token: TOKEN,
      apiUrl: `http://127.0.0.1:${port}`,
    }).sendMessage(1, 'x');
    expect(down).toEqual({ status: 'transient', detail: 'Telegram: network error: ECONNREFUSED' });
  });

  it('reads updates by long polling, from the offset it is given', async () => {
    api.holdMs = 300;
    // timeoutMs is shorter than the hold: the long-polling time is added to it, not counted against it.
    const polling = botClient({ kind: 'bale', token: TOKEN, apiUrl: api.url, timeoutMs: 150 });
    const first = await polling.getUpdates(undefined, 1);
    expect(first).toEqual({
      ok: true,
      value: [
        {
          update_id: 500,
          message: { chat: { id: 77 }, text: '/start 123456', from: { id: 77, first_name: 'Sara' } },
        },
        { update_id: 501 },
        {
          update_id: 502,
          message: {
            chat: { id: 78 },
            text: '654321',
            from: { id: 78, first_name: 'Reza', username: 'reza' },
          },
        },
      ],
    });
    expect(api.received[0]).toMatchObject({
      method: 'POST',
      url: `/bot${TOKEN}/getUpdates`,
      body: { timeout: 1 },
    });
    expect(api.received[0]?.body).not.toHaveProperty('offset');

    const next = await polling.getUpdates(502, 1);
    expect(next).toEqual({
      ok: true,
      value: [
        {
          update_id: 502,
          message: {
            chat: { id: 78 },
            text: '654321',
            from: { id: 78, first_name: 'Reza', username: 'reza' },
          },
        },
      ],
    });
    expect(api.received[1]?.body).toEqual({ offset: 502, timeout: 1 });

    api.holdMs = 0;
    expect(await polling.getUpdates(503, 0)).toEqual({ ok: true, value: [] });
  });

  it('lets a stopped poller abort a held call', async () => {
    api.holdMs = 2000;
    const controller = new AbortController();
    const polling = bale.getUpdates(503, 30, controller.signal);
    setTimeout(() => controller.abort(), 50);
    await expect(polling).rejects.toThrow();
  });

  it('checks a token with getMe', async () => {
    expect(await bale.getMe()).toEqual({
      ok: true,
      value: { id: 9999, first_name: 'Store', username: 'store_bot' },
    });
    expect(api.received[0]).toMatchObject({ method: 'POST', url: `/bot${TOKEN}/getMe`, body: {} });
    const wrong = await botClient({ kind: 'bale', token: 'bad:token', apiUrl: api.url }).getMe();
    expect(wrong).toEqual({
      ok: false,
      outcome: { status: 'permanent', reason: 'invalid_key', detail: 'Bale HTTP 401: Unauthorized' },
    });
  });
});

describe('Telegram through an outbound proxy', () => {
  it('tunnels every call through the proxy with CONNECT', async () => {
    const telegram = botClient({
      kind: 'telegram',
      token: TOKEN,
      apiUrl: api.url,
      proxyUrl: proxy.url,
      timeoutMs: 2000,
    });
    expect(await telegram.sendMessage(1001, 'hello')).toEqual({ status: 'sent', providerId: '42' });
    expect(await telegram.sendMessage(1003, 'hello')).toMatchObject({
      status: 'permanent',
      reason: 'chat_unreachable',
    });
    api.holdMs = 100;
    const polled = await telegram.getUpdates(502, 1);
    expect(polled.ok && polled.value.map((u) => u.update_id)).toEqual([502]);

    const target = api.url.replace('http://', '');
    expect(proxy.tunnels).toEqual([
      { target, authorization: undefined },
      { target, authorization: undefined },
      { target, authorization: undefined },
    ]);
    expect(api.received.map((r) => [r.method, r.url, r.headers['content-type'], r.body])).toEqual([
      ['POST', `/bot${TOKEN}/sendMessage`, 'application/json', { chat_id: 1001, text: 'hello' }],
      ['POST', `/bot${TOKEN}/sendMessage`, 'application/json', { chat_id: 1003, text: 'hello' }],
      ['POST', `/bot${TOKEN}/getUpdates`, 'application/json', { offset: 502, timeout: 1 }],
    ]);
  });

  it("sends the proxy's credentials, and reads its refusals", async () => {
    const withCredentials = proxy.url.replace('http://', 'http://user%40shop:p%3Ass@');
    const telegram = botClient({
      kind: 'telegram',
      token: TOKEN,
      apiUrl: api.url,
      proxyUrl: withCredentials,
    });
    expect(await telegram.sendMessage(1001, 'x')).toEqual({ status: 'sent', providerId: '42' });
    expect(proxy.tunnels[0]?.authorization).toBe(`Basic ${Buffer.from('user@shop:p:ss').toString('base64')}`);

    const refused = botClient({
      kind: 'telegram',
      token: TOKEN,
      apiUrl: api.url,
      proxyUrl: proxy.url.replace('http://', 'http://wrong:creds@'),
    });
    expect(await refused.sendMessage(1001, 'x')).toEqual({
      status: 'permanent',
      reason: 'rejected',
      detail: 'Telegram: proxy refused the tunnel: HTTP 407',
    });

    // The proxy cannot reach the API (nothing listens there): worth another try.
    const unreachable = botClient({
      kind: 'telegram',
      token: TOKEN,
      apiUrl: 'http://127.0.0.1:1',
      proxyUrl: proxy.url,
    });
    expect(await unreachable.sendMessage(1001, 'x')).toEqual({
      status: 'transient',
      detail: 'Telegram: proxy refused the tunnel: HTTP 502',
    });
  });

  it('counts a late answer through the proxy as transient, and aborts when told', async () => {
    const slow = botClient({
      kind: 'telegram',
      token: TOKEN,
      apiUrl: api.url,
      proxyUrl: proxy.url,
      timeoutMs: 100,
    });
    expect(await slow.sendMessage(1010, 'x')).toEqual({
      status: 'transient',
      detail: 'Telegram: no answer within 0.1 s',
    });
    expect(proxy.tunnels).toHaveLength(1);

    api.holdMs = 2000;
    const controller = new AbortController();
    const polling = slow.getUpdates(503, 30, controller.signal);
    setTimeout(() => controller.abort(), 50);
    await expect(polling).rejects.toThrow();
  });

  it('counts a proxy that is down as a network error', async () => {
    const down = botClient({
      kind: 'telegram',
      token: TOKEN,
      apiUrl: api.url,
      proxyUrl: 'http://127.0.0.1:1',
    });
    expect(await down.sendMessage(1001, 'x')).toEqual({
      status: 'transient',
      detail: 'Telegram: network error: ECONNREFUSED',
    });
  });
});

// A self-signed certificate for localhost (valid for a century), made once with openssl for this test.
const tlsKey = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg+a4IFZ0avH5Ypq1P
/kCiHZIVmIVNNLRtHHjO/Sj8xm2hRANCAASn/TSdaxFyTTUbQrIGqdHOZmdrqljs
EzKXfbOS34qN9h1vrKwWrItgYnI0LyFYG+tKyDKAU05QiLNC6OVgk/Xc
-----END PRIVATE KEY-----
`;
const tlsCert = `-----BEGIN CERTIFICATE-----
MIIBlDCCATugAwIBAgIUG+oG2zmghC9szYYgD0GTIY8B1EowCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJbG9jYWxob3N0MCAXDTI2MTEyNjAzNTcyMFoYDzIxMjYxMTAy
MDM1NzIwWjAUMRIwEAYDVQQDDAlsb2NhbGhvc3QwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAASn/TSdaxFyTTUbQrIGqdHOZmdrqljsEzKXfbOS34qN9h1vrKwWrItg
YnI0LyFYG+tKyDKAU05QiLNC6OVgk/Xco2kwZzAdBgNVHQ4EFgQUKzvX176G8UFG
kqitkgQ2OnfYCdQwHwYDVR0jBBgwFoAUKzvX176G8UFGkqitkgQ2OnfYCdQwDwYD
VR0TAQH/BAUwAwEB/zAUBgNVHREEDTALgglsb2NhbGhvc3QwCgYIKoZIzj0EAwID
RwAwRAIgJtR0+m71WdLyWAV+1pPJvHeuW76XqCbcJQIk/2EvXQoCIEf4HdYiYOm2
GlDXx9I65idbOv8A/B+rpW7J53LemlfQ
-----END CERTIFICATE-----
`;

describe('Telegram over https through the proxy', () => {
  it('opens TLS inside the tunnel, names the host, and checks the certificate', async () => {
    const names: string[] = [];
    const server = https.createServer(
      {
        key: tlsKey,
        cert: tlsCert,
        SNICallback: (name, done) => {
          names.push(name);
          done(null);
        },
      },
      handle,
    );
    const port = await listen(server);
    try {
      const telegram = botClient({
        kind: 'telegram',
        token: TOKEN,
        apiUrl: `https://localhost:${port}`,
        proxyUrl: proxy.url,
        timeoutMs: 2000,
      });
      // The certificate is checked: a self-signed one is refused (as a network error, worth a retry).
      expect(await telegram.sendMessage(1001, 'x')).toEqual({
        status: 'transient',
        detail: 'Telegram: network error: DEPTH_ZERO_SELF_SIGNED_CERT',
      });
      expect(api.received).toEqual([]);

      process.env['NODE_TLS_REJECT_UNAUTHORIZED'] = '0';
      try {
        expect(await telegram.sendMessage(1001, 'x')).toEqual({ status: 'sent', providerId: '42' });
      } finally {
        delete process.env['NODE_TLS_REJECT_UNAUTHORIZED'];
      }
      expect(proxy.tunnels.map((t) => t.target)).toEqual([`localhost:${port}`, `localhost:${port}`]);
      expect(names).toEqual(['localhost', 'localhost']);
      expect(api.received.map((r) => [r.method, r.url, r.headers['host'], r.body])).toEqual([
        ['POST', `/bot${TOKEN}/sendMessage`, `localhost:${port}`, { chat_id: 1001, text: 'x' }],
      ]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
