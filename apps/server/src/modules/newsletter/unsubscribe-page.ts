import { escapeHtml as escape } from '@storefront/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { smallPage } from '../../lib/html.ts';
import { resolveJwtSecret } from '../../lib/secret.ts';
import { Subscribers } from './subscribers.ts';

/**
 * The newsletter's unsubscribe link, which works without signing in and without JavaScript:
 * GET /newsletter/unsubscribe/{token} shows the address and a button; POST (the button, or a mail
 * client's one-click unsubscribe, RFC 8058) takes it off the list and says so. A token that is not
 * ours is answered 400 with a page that says the link is not valid; unsubscribing twice is fine.
 */

const TEXTS = {
  fa: {
    title: 'لغو عضویت در خبرنامه',
    ask: (email: string) => `نشانی ${email} دیگر خبرنامه دریافت نکند؟`,
    button: 'لغو عضویت',
    done: (email: string) =>
      `نشانی ${email} از فهرست خبرنامه برداشته شد. دیگر خبرنامه‌ای برای آن فرستاده نمی‌شود.`,
    invalid: 'این پیوند لغو عضویت معتبر نیست. پیوند را کامل از ایمیل کپی کنید.',
    home: 'بازگشت به فروشگاه',
  },
  en: {
    title: 'Unsubscribe from the newsletter',
    ask: (email: string) => `Stop sending the newsletter to ${email}?`,
    button: 'Unsubscribe',
    done: (email: string) =>
      `${email} has been removed from the newsletter list. No more newsletters will be sent to it.`,
    invalid: 'This unsubscribe link is not valid. Copy the whole link from the email.',
    home: 'Back to the store',
  },
} as const;

function page(lang: 'fa' | 'en', body: string): string {
  const t = TEXTS[lang];
  return smallPage({
    lang,
    title: t.title,
    main: `<h1>${escape(t.title)}</h1>${body}<p><a href="/app/?lng=${lang}">${escape(t.home)}</a></p>`,
  });
}

export const unsubscribePage: FastifyPluginAsync = async (app) => {
  const subscribers = new Subscribers(
    app.database.db,
    resolveJwtSecret(app.config.jwtSecret, app.config.dataDir),
  );
  const languageOf = (value: string | undefined): 'fa' | 'en' =>
    value === 'en' || value === 'fa' ? value : app.config.defaultLanguage === 'en' ? 'en' : 'fa';

  // The button's form and mail clients' one-click unsubscribe send a small form body: its content is
  // not needed (the token says everything).
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 4096 }, (_request, _body, done) =>
    done(null, {}),
  );

  app.get<{ Params: { token: string } }>('/newsletter/unsubscribe/:token', async (request, reply) => {
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    const email = subscribers.verify(request.params.token);
    if (email === undefined)
      return reply
        .status(400)
        .send(page(languageOf(undefined), `<p>${escape(TEXTS[languageOf(undefined)].invalid)}</p>`));
    const row = await app.database.db
      .selectFrom('newsletter_emails')
      .select('language')
      .where('email', '=', email)
      .executeTakeFirst();
    const lang = languageOf(row?.language);
    const t = TEXTS[lang];
    if (!row) return reply.send(page(lang, `<p>${escape(t.done(email))}</p>`));
    return reply.send(
      page(
        lang,
        `<p>${escape(t.ask(email))}</p><form method="post"><button type="submit">${escape(t.button)}</button></form>`,
      ),
    );
  });

  app.post<{ Params: { token: string } }>('/newsletter/unsubscribe/:token', async (request, reply) => {
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    const email = subscribers.verify(request.params.token);
    if (email === undefined)
      return reply
        .status(400)
        .send(page(languageOf(undefined), `<p>${escape(TEXTS[languageOf(undefined)].invalid)}</p>`));
    const lang = languageOf(await subscribers.unsubscribe(email));
    request.log.info('newsletter address unsubscribed');
    return reply.send(page(lang, `<p>${escape(TEXTS[lang].done(email))}</p>`));
  });
};
