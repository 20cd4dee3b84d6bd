import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Kavenegar's API (kavenegar.com/rest.html), for tests whose server sends one-time
 * codes: `POST /v1/<key>/verify/lookup.json` with a form body (receptor, template, token) answers as
 * Kavenegar does when a text is accepted, and the code (`token`) is kept per phone, for the test to
 * type. Point the server at it with SMS_PROVIDER=kavenegar, SMS_API_KEY=<key>, SMS_BASE_URL=url.
 */
export interface SmsStandIn {
  url: string;
  /** Every text accepted so far, in order. */
  sent(): { receptor: string; template: string; token: string }[];
  /** The last code texted to `phone`, once one more than `after` has arrived (the outbox sends soon after). */
  codeFor(phone: string, options?: { after?: number; timeoutMs?: number }): Promise<string>;
  /** How many codes `phone` has been sent so far. */
  countFor(phone: string): number;
  close(): Promise<void>;
}

export async function startSmsStandIn(key = 'test-key'): Promise<SmsStandIn> {
  const texts: { receptor: string; template: string; token: string }[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const answer = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      if (request.method !== 'POST' || request.url !== `/v1/${key}/verify/lookup.json`) {
        // Kavenegar's answer to a key it does not know.
        answer(403, { return: { status: 403, message: 'invalid API key' }, entries: null });
        return;
      }
      const form = new URLSearchParams(body);
      texts.push({
        receptor: form.get('receptor') ?? '',
        template: form.get('template') ?? '',
        token: form.get('token') ?? '',
      });
      answer(200, { return: { status: 200, message: 'ok' }, entries: [{ messageid: texts.length }] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const of = (phone: string) => texts.filter((text) => text.receptor === phone);
  return {
    url: `http://127.0.0.1:${port}`,
    sent: () => [...texts],
    countFor: (phone) => of(phone).length,
    async codeFor(phone, { after = 0, timeoutMs = 20_000 } = {}) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const mine = of(phone);
        if (mine.length > after) return mine[mine.length - 1]!.token;
        if (Date.now() > until)
          throw new Error(`no code was texted to ${phone} (texts: ${JSON.stringify(texts)})`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
