import { quoteEditorBodySchema } from '@storefront/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../src/config.ts';
import { HttpError } from '../src/lib/errors.ts';
import { Quotes } from '../src/modules/quotes/repository.ts';
import { withFixtureApp } from './support/app.ts';
import { describeEachDatabase } from './support/databases.ts';
import { startProviderServer, type ProviderServer } from './support/provider-server.ts';

/**
 * The acceptance code of a quote (issue 25) with SMS set up, on SQLite and PostgreSQL: a real HTTP
 * server stands in for Kavenegar, the outbox's worker sends the code to it (runOnce), and the test
 * reads the code from what the gateway received, as the buyer's phone would; the code is spent once,
 * a wrong one is refused, a second code at once waits for the cool-down, and the acceptance with it
 * records the method `code`.
 */

const KAVENEGAR_OK = {
  status: 200,
  body: { return: { status: 200, message: 'ok' }, entries: [{ messageid: 1 }] },
};
const PHONE = '09351112233';

describe('quote acceptance codes', () => {
  const sms: AppConfig['smsOverrides'] = {
    provider: 'kavenegar',
    apiKey: 'k',
    sender: undefined,
    baseUrl: undefined,
    templates: { otp: 'otp', otp_en: 'otp-en' },
  };
  let provider: ProviderServer;
  beforeAll(async () => {
    provider = await startProviderServer(KAVENEGAR_OK);
    sms.baseUrl = provider.url;
  });
  afterAll(() => provider.close());

  describeEachDatabase(
    'the acceptance code',
    (store) => {
      let app: FastifyInstance;
      withFixtureApp(store, (built) => (app = built));

      /** The codes texted to PHONE so far (the worker sends what is due first). */
      const codes = async () => {
        await app.outbox.runOnce();
        return provider.seen
          .map((request) => new URLSearchParams(request.body))
          .filter((form) => form.get('receptor') === PHONE && form.get('template') === 'otp')
          .map((form) => form.get('token')!);
      };
      async function refusal(action: Promise<unknown>): Promise<string> {
        try {
          await action;
        } catch (error) {
          expect(error).toBeInstanceOf(HttpError);
          return ((error as HttpError).body as { code: string }).code;
        }
        throw new Error('it did not refuse');
      }

      it('texts a code to the enquiry’s phone; the right code is spent once; accepted by code', async () => {
        provider.reset();
        const staff = await app.staff.create({
          email: 'sales@example.com',
          name: 'Sales',
          passwordHash: 'not-a-real-hash',
          role: 'sales',
        });
        const who = { id: staff!.id, email: 'sales@example.com' };
        const sent = await app.inject({
          method: 'POST',
          url: '/fa/api/store/products/1/orders/',
          payload: { phone: PHONE, email: '', description: 'قیمت؟' },
        });
        expect(sent.statusCode).toBe(201);
        const id = Number(
          (
            await app.database.db
              .selectFrom('enquiries')
              .select((eb) => eb.fn.max('id').as('id'))
              .executeTakeFirstOrThrow()
          ).id,
        );
        const quotes = Quotes.forApp(app);
        const body = quoteEditorBodySchema.parse({
          draft: {
            lines: [{ title: 'پسته', quantity: '2', unit: 'kg', unit_price: 1_000_000 }],
            validity: { value: 1, unit: 'days' },
          },
          buyer: { national_id: '', economic_code: '', postal_code: '' },
        });
        await quotes.saveDraft(id, body, who);
        await quotes.send(id, who);

        expect(await quotes.sendAcceptCode(id, 1, '10.0.0.1')).toMatchObject({
          expires_in: expect.any(Number),
        });
        const texted = await codes();
        expect(texted).toHaveLength(1);
        const code = texted[0]!;
        expect(code).toMatch(/^\d{6}$/);
        // A second code at once: the phone's cool-down.
        expect(await refusal(quotes.sendAcceptCode(id, 1, '10.0.0.1'))).toBe('code_cooldown');
        const wrong = code === '000000' ? '111111' : '000000';
        expect(await quotes.checkAcceptCode(id, wrong)).toBe(false);
        // The code proves nothing for another purpose (the storefront's sign-in codes are apart).
        expect(await app.phoneCodes.consume(app.database.db, PHONE, 'login', code)).toBe(false);
        expect(await quotes.checkAcceptCode(id, code)).toBe(true);
        expect(await quotes.checkAcceptCode(id, code)).toBe(false);

        const accepted = await quotes.accept(id, 1, {
          name: 'Ali',
          phone: PHONE,
          ip: '10.0.0.1',
          method: 'code',
          buyer: body.buyer,
        });
        expect(accepted).toMatchObject({ state: 'accepted', acceptance_method: 'code', accepted_by: 'Ali' });
        // Nothing left to accept: no code is sent for a decided quote.
        expect(await refusal(quotes.sendAcceptCode(id, 1, '10.0.0.1'))).toBe('quote_decided');
        expect(await codes()).toHaveLength(1);
      });
    },
    { smsOverrides: sms, outboxWorker: false },
  );
});
