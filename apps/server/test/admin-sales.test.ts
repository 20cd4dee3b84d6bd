import ExcelJS from 'exceljs';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import type {
  AdminPage,
  AdminReview,
  Customer,
  CustomerDetail,
  Dashboard,
  EnquiryDetail,
  EnquiryRow,
  Subscriber,
} from '@storefront/contracts/admin';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import {
  createUserWithToken,
  injectAs,
  staffCookie,
  withFixtureApp,
  type StaffAgent,
} from './support/app.ts';
import { describeEachDatabase } from './support/databases.ts';

/**
 * The back office's second part through `inject`, on SQLite and PostgreSQL: the enquiry inbox
 * (filters, Persian-aware search, detail, workflow, notes, timeline, CSV and XLSX export), review
 * moderation reaching the storefront, customers (disable, delete with their data), the newsletter
 * list and its unsubscribe link, settings, webhooks and the dashboard.
 */

type Agent = StaffAgent;
const PASSWORD = 'a long enough password';

describeEachDatabase(
  'the back office: enquiries, reviews, customers, newsletter',
  (store) => {
    let app: FastifyInstance;
    withFixtureApp(store, (built) => (app = built));
    const agents: Record<'owner' | 'editor' | 'sales', Agent> = {} as never;

    const call = (agent: Agent | undefined, options: InjectOptions) => injectAs(app, agent, options);
    /** Changes the store's settings (reviews, mail) as that staff member. */
    const putSettings = (agent: Agent, payload: Record<string, unknown>) =>
      call(agent, { method: 'PUT', url: '/admin/api/settings', payload });
    /** Adds a webhook to that URL as that staff member. */
    const addWebhook = (agent: Agent, url: string) =>
      call(agent, { method: 'POST', url: '/admin/api/webhooks', payload: { url } });

    async function staffMember(role: 'owner' | 'editor' | 'sales'): Promise<Agent> {
      const email = `${role}@example.com`;
      await app.staff.create({
        email,
        name: `${role} name`,
        passwordHash: await hashPassword(PASSWORD),
        role,
      });
      const signed = await app.inject({
        method: 'POST',
        url: '/admin/api/session',
        payload: { email, password: PASSWORD },
      });
      expect(signed.statusCode).toBe(200);
      const body = signed.json() as { csrf_token: string; staff: { id: number } };
      return { cookie: staffCookie(signed), csrf: body.csrf_token, id: body.staff.id };
    }

    const order = (lang: string, product: number, body: object, headers: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url: `/${lang}/api/store/products/${product}/orders/`,
        payload: body,
        headers,
      });

    it('staff sign in; visitors send enquiries in fa and en', async () => {
      agents.owner = await staffMember('owner');
      agents.editor = await staffMember('editor');
      agents.sales = await staffMember('sales');
      expect(
        (
          await order('fa', 1, {
            phone: '۰۹۱۲۱۲۳۴۵۶۷',
            email: 'Ali@Example.com',
            description: 'قيمت پسته براي صادرات',
          })
        ).statusCode,
      ).toBe(201);
      expect(
        (
          await order('en', -1, {
            phone: '',
            email: 'bob@example.com',
            description: '=HYPERLINK("http://evil")',
          })
        ).statusCode,
      ).toBe(201);
      // A visitor's Host header never becomes the base of the staff's links (mail through the outbox).
      expect(
        (
          await order(
            'en',
            2,
            { phone: '09121234567', email: '', description: 'Carpet 3x4 price?' },
            { host: 'evil.example' },
          )
        ).statusCode,
      ).toBe(201);
      const mail = await app.database.db
        .selectFrom('outbox')
        .select(['recipient', 'payload'])
        .where('kind', '=', 'email')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(mail.payload).toMatch(/http:\/\/localhost(:80)?\/admin\/enquiries\/\d+/);
      expect(mail.payload).not.toContain('evil.example');
    });

    it('the inbox lists newest first, unread marked, with the unread count; sales and owners only', async () => {
      const list = await call(agents.sales, { method: 'GET', url: '/admin/api/enquiries' });
      expect(list.statusCode).toBe(200);
      const page = list.json() as AdminPage<EnquiryRow>;
      expect(page.count).toBe(3);
      expect(page.results.map((e) => e.product_id)).toEqual([2, null, 1]);
      expect(page.results.every((e) => !e.read && e.status === 'new')).toBe(true);
      expect(page.results[2]).toMatchObject({
        phone: '09121234567',
        email: 'ali@example.com',
        language: 'fa',
        reference: expect.stringMatching(/^E-0+\d+$/),
      });
      expect(
        (await call(agents.sales, { method: 'GET', url: '/admin/api/enquiries/unread' })).json(),
      ).toEqual({ unread: 3 });
      expect((await call(agents.editor, { method: 'GET', url: '/admin/api/enquiries' })).statusCode).toBe(
        403,
      );
      expect((await call(undefined, { method: 'GET', url: '/admin/api/enquiries' })).statusCode).toBe(401);
    });

    it('filters and Persian-aware search (Persian digits find ASCII ones, Arabic letters find Persian)', async () => {
      const ids = async (query: string) =>
        (
          (
            await call(agents.sales, { method: 'GET', url: `/admin/api/enquiries?${query}` })
          ).json() as AdminPage<EnquiryRow>
        ).results.map((e) => e.product_id);
      expect(await ids(`q=${encodeURIComponent('۰۹۱۲۱۲۳')}`)).toEqual([2, 1]);
      expect(await ids(`q=${encodeURIComponent('قیمت پسته')}`)).toEqual([1]);
      expect(await ids(`q=${encodeURIComponent('BOB@example')}`)).toEqual([null]);
      expect(await ids('q=carpet')).toEqual([2]);
      expect(await ids('product=general')).toEqual([null]);
      expect(await ids('product=1')).toEqual([1]);
      expect(await ids('collection=2')).toEqual([2]);
      expect(await ids('assignee=none')).toEqual([2, null, 1]);
      expect(await ids('status=won')).toEqual([]);
      expect(await ids('from=2000-01-01&to=2000-01-02')).toEqual([]);
      expect(await ids('from=2000-01-01')).toHaveLength(3);
      expect(await ids('page=2&page_size=2')).toEqual([1]);
      expect(await ids('unread=1')).toHaveLength(3);
      const bad = await call(agents.sales, {
        method: 'GET',
        url: '/admin/api/enquiries?status=nope&from=31-01-2026',
      });
      expect(bad.statusCode).toBe(400);
    });

    it('the detail: product links, the same visitor’s other requests; opening marks it read', async () => {
      const first = (
        (
          await call(agents.sales, { method: 'GET', url: '/admin/api/enquiries?product=1' })
        ).json() as AdminPage<EnquiryRow>
      ).results[0]!;
      const detail = (
        await call(agents.sales, { method: 'GET', url: `/admin/api/enquiries/${first.id}` })
      ).json() as EnquiryDetail;
      expect(detail.enquiry.read).toBe(true);
      expect(detail.product).toMatchObject({ id: 1, title: 'پسته كرماني اكبري', published: true });
      expect(detail.product!.storefront_url).toMatch(/\/app\/product\/1\?lng=fa$/);
      // Same phone (09121234567) as the carpet enquiry.
      expect(detail.others.map((o) => o.product_id)).toEqual([2]);
      expect(
        (await call(agents.sales, { method: 'GET', url: '/admin/api/enquiries/unread' })).json(),
      ).toEqual({ unread: 2 });
      expect(
        (await call(agents.sales, { method: 'GET', url: '/admin/api/enquiries/999999' })).statusCode,
      ).toBe(404);
    });

    it('workflow: status and assignee with a timeline and audit; notes; who can take enquiries', async () => {
      const [latest] = (
        (
          await call(agents.sales, { method: 'GET', url: '/admin/api/enquiries' })
        ).json() as AdminPage<EnquiryRow>
      ).results;
      const url = `/admin/api/enquiries/${latest!.id}`;
      const assignees = (
        await call(agents.sales, { method: 'GET', url: '/admin/api/enquiries/assignees' })
      ).json() as { id: number }[];
      expect(assignees.map((a) => a.id).sort()).toEqual([agents.owner.id, agents.sales.id].sort());
      const changed = await call(agents.sales, {
        method: 'PATCH',
        url,
        payload: { status: 'contacted', assignee: agents.sales.id },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const detail = changed.json() as EnquiryDetail;
      expect(detail.enquiry).toMatchObject({
        status: 'contacted',
        assignee: { id: agents.sales.id, name: 'sales name' },
      });
      expect(detail.events.map((e) => [e.kind, e.from, e.to])).toEqual([
        ['status', 'new', 'contacted'],
        ['assign', null, String(agents.sales.id)],
      ]);
      expect(detail.events.map((e) => [e.staff.name, e.from_name, e.to_name])).toEqual([
        ['sales name', null, null],
        ['sales name', null, 'sales name'],
      ]);
      const noted = await call(agents.sales, {
        method: 'POST',
        url: `${url}/notes`,
        payload: { text: '  Called; wants a quote for 10 m².  ' },
      });
      expect(noted.statusCode).toBe(201);
      const events = (noted.json() as EnquiryDetail).events;
      expect(events.at(-1)).toMatchObject({
        kind: 'note',
        note: 'Called; wants a quote for 10 m².',
        staff: { email: 'sales@example.com' },
      });
      // The editor cannot take enquiries; a blank note and an unknown status are field errors.
      const editor = await call(agents.sales, {
        method: 'PATCH',
        url,
        payload: { assignee: agents.editor.id },
      });
      expect(editor.statusCode).toBe(400);
      expect(editor.json()).toMatchObject({ codes: { assignee: ['reference_invalid'] } });
      expect(
        (await call(agents.sales, { method: 'POST', url: `${url}/notes`, payload: { text: '   ' } })).json(),
      ).toMatchObject({
        codes: { text: ['blank'] },
      });
      expect(
        (await call(agents.sales, { method: 'PATCH', url, payload: { status: 'closed' } })).statusCode,
      ).toBe(400);
      expect((await call(agents.sales, { method: 'PATCH', url, payload: {} })).statusCode).toBe(400);
      expect(
        (
          await call(agents.sales, {
            method: 'PATCH',
            url: '/admin/api/enquiries/999999',
            payload: { status: 'won' },
          })
        ).statusCode,
      ).toBe(404);
      // Without the CSRF token a write is refused.
      const forged = await app.inject({
        method: 'PATCH',
        url,
        payload: { status: 'spam' },
        headers: { cookie: agents.sales.cookie },
      });
      expect(forged.statusCode).toBe(403);
      const audit = (
        await call(agents.owner, { method: 'GET', url: '/admin/api/audit?entity=enquiry' })
      ).json() as AdminPage<{ action: string }>;
      expect(audit.results.map((a) => a.action).sort()).toEqual(['note', 'update']);
      const assigned = await call(agents.sales, {
        method: 'GET',
        url: `/admin/api/enquiries?assignee=${agents.sales.id}&status=contacted`,
      });
      expect((assigned.json() as AdminPage<EnquiryRow>).results.map((e) => e.id)).toEqual([latest!.id]);
    });

    it('the timeline names the staff of an assignment as they are now: disabled ones too, deleted ones not', async () => {
      const [, other] = (
        (
          await call(agents.owner, { method: 'GET', url: '/admin/api/enquiries' })
        ).json() as AdminPage<EnquiryRow>
      ).results;
      const url = `/admin/api/enquiries/${other!.id}`;
      const temp = (await app.staff.create({
        email: 'temp@example.com',
        name: 'Temp name',
        passwordHash: await hashPassword(PASSWORD),
        role: 'sales',
      }))!;
      const names = async () =>
        ((await call(agents.owner, { method: 'GET', url })).json() as EnquiryDetail).events
          .filter((e) => e.kind === 'assign')
          .map((e) => [e.staff.name, e.from, e.to, e.from_name, e.to_name]);
      expect(
        (await call(agents.owner, { method: 'PATCH', url, payload: { assignee: temp.id } })).statusCode,
      ).toBe(200);
      expect(
        (await call(agents.owner, { method: 'PATCH', url, payload: { assignee: null } })).statusCode,
      ).toBe(200);
      await app.staff.update(temp.id, { is_active: 0 });
      expect(await names()).toEqual([
        ['owner name', null, String(temp.id), null, 'Temp name'],
        ['owner name', String(temp.id), null, 'Temp name', null],
      ]);
      await app.database.db.deleteFrom('staff').where('id', '=', temp.id).execute();
      expect(await names()).toEqual([
        ['owner name', null, String(temp.id), null, null],
        ['owner name', String(temp.id), null, null, null],
      ]);
    });

    it('exports the filtered list as CSV (UTF-8 with BOM, formula-safe) and XLSX', async () => {
      const csv = await call(agents.sales, { method: 'GET', url: '/admin/api/enquiries/export?format=csv' });
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
      expect(csv.headers['content-disposition']).toMatch(
        /^attachment; filename="enquiries-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const lines = csv.body
        .replace(/^\ufeff/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe(
        'شماره پیگیری,تاریخ,وضعیت,محصول,تلفن,ایمیل,پیام,زبان,مسئول,منبع,منبع UTM,رسانه UTM,کمپین UTM,ارجاع‌دهنده,شناسه کلیک ترب,زمان ورود',
      );
      expect(lines).toHaveLength(4);
      expect(csv.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
      expect(csv.body).toContain('درخواست عمومی');
      expect(csv.body).toContain('قيمت پسته براي صادرات');
      const filtered = await call(agents.sales, {
        method: 'GET',
        url: '/admin/api/enquiries/export?format=csv&product=general',
      });
      expect(filtered.body.trim().split('\r\n')).toHaveLength(2);

      const xlsx = await call(agents.sales, {
        method: 'GET',
        url: '/admin/api/enquiries/export?format=xlsx&q=carpet',
      });
      expect(xlsx.statusCode).toBe(200);
      expect(xlsx.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      expect(sheet.rowCount).toBe(2);
      expect(sheet.getRow(2).getCell(4).value).toBe('Tabriz handwoven carpet code 123');
      expect(sheet.getRow(2).getCell(7).value).toBe('Carpet 3x4 price?');
      expect(sheet.getRow(2).getCell(2).value).toBeInstanceOf(Date);
      expect(
        (await call(agents.sales, { method: 'GET', url: '/admin/api/enquiries/export?format=pdf' }))
          .statusCode,
      ).toBe(400);
    });

    it('reviews: published at once by default; held for approval when set; approve, hide, delete', async () => {
      const review = (content: string) =>
        app.inject({
          method: 'POST',
          url: '/en/api/store/products/1/reviews/',
          payload: { name: 'Sara', email: 'sara@example.com', content },
        });
      const storefront = async () =>
        ((await app.inject('/en/api/store/products/1/reviews/')).json() as { content: string }[]).map(
          (r) => r.content,
        );
      const first = await review('Great pistachios');
      expect(first.json()).toMatchObject({ status: 'published' });
      expect(await storefront()).toContain('Great pistachios');

      expect((await putSettings(agents.sales, { reviews: 'hold' })).statusCode).toBe(403);
      const set = await putSettings(agents.owner, { reviews: 'hold' });
      expect(set.json()).toMatchObject({ reviews: 'hold', mail: { configured: false } });
      const held = await review('Please check me');
      expect(held.statusCode).toBe(201);
      expect(held.json()).toMatchObject({ status: 'held' });
      expect(await storefront()).not.toContain('Please check me');

      const queue = (
        await call(agents.sales, { method: 'GET', url: '/admin/api/reviews?status=held' })
      ).json() as AdminPage<AdminReview>;
      expect(queue.results).toHaveLength(1);
      expect(queue.results[0]).toMatchObject({
        content: 'Please check me',
        product_title: 'Akbari pistachio',
        email: 'sara@example.com',
      });
      const id = queue.results[0]!.id;
      expect(
        (
          await call(agents.sales, {
            method: 'PATCH',
            url: `/admin/api/reviews/${id}`,
            payload: { status: 'published' },
          })
        ).json(),
      ).toMatchObject({
        status: 'published',
      });
      expect(await storefront()).toContain('Please check me');
      // Hiding drops what shows the product's reviews (test/reviews.test.ts), not the catalogue's version.
      const version = await app.catalogueCache.version();
      await call(agents.sales, {
        method: 'PATCH',
        url: `/admin/api/reviews/${id}`,
        payload: { status: 'hidden' },
      });
      expect(await storefront()).not.toContain('Please check me');
      expect(await app.catalogueCache.version()).toBe(version);
      expect(
        (
          await call(agents.sales, {
            method: 'PATCH',
            url: `/admin/api/reviews/${id}`,
            payload: { status: 'held' },
          })
        ).statusCode,
      ).toBe(400);
      expect(
        (await call(agents.sales, { method: 'DELETE', url: `/admin/api/reviews/${id}` })).statusCode,
      ).toBe(204);
      expect(
        (await call(agents.sales, { method: 'DELETE', url: `/admin/api/reviews/${id}` })).statusCode,
      ).toBe(404);
      expect((await call(agents.editor, { method: 'GET', url: '/admin/api/reviews' })).statusCode).toBe(403);
      const search = (
        await call(agents.sales, { method: 'GET', url: '/admin/api/reviews?q=great' })
      ).json() as AdminPage<AdminReview>;
      expect(search.results.map((r) => r.content)).toContain('Great pistachios');
      expect(search.results.map((r) => r.content)).not.toContain('Please check me');
      await putSettings(agents.owner, { reviews: 'publish' });
    });

    it('customers: list and search, likes and enquiries, disable (tokens refused at once), delete with their data', async () => {
      const user = await createUserWithToken(app, '09351112233', 'nima@example.com');
      const auth = { authorization: `Bearer ${user.access}` };
      expect(
        (await app.inject({ method: 'POST', url: '/fa/api/store/products/2/likes/', headers: auth }))
          .statusCode,
      ).toBe(201);
      expect(
        (await order('fa', 2, { phone: '09351112233', email: 'nima@example.com', description: 'فرش' }, auth))
          .statusCode,
      ).toBe(201);
      await app.inject({
        method: 'POST',
        url: '/fa/api/store/emails/',
        payload: { email: 'nima@example.com' },
      });
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/fa/api/store/products/2/reviews/',
            payload: { name: 'Nima', email: 'Nima@Example.com', content: 'فرش خوبی بود' },
          })
        ).json(),
      ).toMatchObject({ status: 'published' });
      const mentions = () =>
        app.database.db
          .selectFrom('outbox')
          .select('id')
          .where((eb) =>
            eb.or([
              eb('recipient', '=', 'nima@example.com'),
              eb('payload', 'like', '%nima@example.com%'),
              eb('payload', 'like', '%09351112233%'),
            ]),
          )
          .execute();
      // The visitor's confirmation and the staff's mail about the enquiry name them.
      const messages = (await mentions()).length;
      expect(messages).toBeGreaterThanOrEqual(2);

      const found = (
        await call(agents.sales, {
          method: 'GET',
          url: `/admin/api/customers?q=${encodeURIComponent('۰۹۳۵۱')}`,
        })
      ).json() as AdminPage<Customer>;
      expect(found.results).toEqual([
        expect.objectContaining({ id: user.id, phone: '09351112233', likes: 1, enquiries: 1, active: true }),
      ]);
      const detail = (
        await call(agents.sales, { method: 'GET', url: `/admin/api/customers/${user.id}` })
      ).json() as CustomerDetail;
      expect(detail.liked.map((l) => l.id)).toEqual([2]);
      expect(detail.enquiries).toHaveLength(1);

      const disabled = await call(agents.sales, {
        method: 'PATCH',
        url: `/admin/api/customers/${user.id}`,
        payload: { active: false },
      });
      expect(disabled.json()).toMatchObject({ active: false });
      expect(
        (await app.inject({ method: 'POST', url: '/fa/api/store/products/1/likes/', headers: auth }))
          .statusCode,
      ).toBe(401);
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/fa/api/auth/jwt/refresh/',
            payload: { refresh: user.refresh },
          })
        ).statusCode,
      ).toBe(401);
      expect(
        (
          (
            await call(agents.sales, { method: 'GET', url: '/admin/api/customers?status=disabled' })
          ).json() as AdminPage<Customer>
        ).count,
      ).toBe(1);

      const version = await app.catalogueCache.version();
      const removed = await call(agents.sales, { method: 'DELETE', url: `/admin/api/customers/${user.id}` });
      expect(removed.json()).toEqual({
        likes: 1,
        enquiries_anonymised: 1,
        reviews: 1,
        newsletter: 1,
        messages,
      });
      // The review left the storefront as a moderator's delete does: its product's rendered pages and
      // lists are dropped, the catalogue's version stays; the outbox keeps nothing addressed to or naming them.
      expect(await app.catalogueCache.version()).toBe(version);
      expect((await app.inject('/fa/api/store/products/2/reviews/')).body).not.toContain('Nima');
      expect(await mentions()).toEqual([]);
      const audit = await app.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('entity', '=', 'customer')
        .where('action', '=', 'delete')
        .execute();
      expect(audit).toHaveLength(1);
      expect(JSON.parse(audit[0]!.summary)).toEqual({
        likes: 1,
        enquiries_anonymised: 1,
        reviews: 1,
        newsletter: 1,
        messages,
      });
      expect(audit[0]!.summary).not.toContain('nima');
      expect(
        (await call(agents.sales, { method: 'GET', url: `/admin/api/customers/${user.id}` })).statusCode,
      ).toBe(404);
      const left = await app.database.db
        .selectFrom('enquiries')
        .selectAll()
        .where('user_id', 'is', null)
        .where('product_id', '=', 2)
        .where('phone', '=', '')
        .execute();
      expect(left).toHaveLength(1);
      expect(left[0]).toMatchObject({ email: '', description: '' });
      expect(
        await app.database.db
          .selectFrom('newsletter_emails')
          .selectAll()
          .where('email', '=', 'nima@example.com')
          .execute(),
      ).toEqual([]);
    });

    it('newsletter: list, search, remove, CSV export; the unsubscribe link works without signing in', async () => {
      for (const email of ['one@example.com', 'two@example.com'])
        await app.inject({ method: 'POST', url: '/en/api/store/emails/', payload: { email } });
      const list = (
        await call(agents.sales, { method: 'GET', url: '/admin/api/newsletter?q=two' })
      ).json() as AdminPage<Subscriber>;
      expect(list.results).toEqual([expect.objectContaining({ email: 'two@example.com', language: 'en' })]);
      const link = new URL(list.results[0]!.unsubscribe_url);
      const shown = await app.inject(link.pathname);
      expect(shown.statusCode).toBe(200);
      expect(shown.body).toContain('two@example.com');
      expect(shown.body).toContain('<form method="post">');
      const done = await app.inject({
        method: 'POST',
        url: link.pathname,
        payload: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(done.statusCode).toBe(200);
      expect(done.body).toContain('has been removed');
      expect(
        (
          (
            await call(agents.sales, { method: 'GET', url: '/admin/api/newsletter?q=two' })
          ).json() as AdminPage<Subscriber>
        ).count,
      ).toBe(0);
      // Twice is fine; a forged or broken token is not.
      expect((await app.inject({ method: 'POST', url: link.pathname })).statusCode).toBe(200);
      const forged = link.pathname.replace(/\.[\w-]+$/, `.${'A'.repeat(43)}`);
      expect((await app.inject(forged)).statusCode).toBe(400);
      expect((await app.inject('/newsletter/unsubscribe/%00%ff')).statusCode).toBe(400);

      const csv = await call(agents.sales, { method: 'GET', url: '/admin/api/newsletter/export' });
      expect(csv.body.startsWith('\ufeffemail,language,created_at,unsubscribe_url')).toBe(true);
      expect(csv.body).toContain('one@example.com');
      const one = (
        (
          await call(agents.sales, { method: 'GET', url: '/admin/api/newsletter?q=one' })
        ).json() as AdminPage<Subscriber>
      ).results[0]!;
      expect(
        (await call(agents.sales, { method: 'DELETE', url: `/admin/api/newsletter/${one.id}` })).statusCode,
      ).toBe(204);
      expect(
        (await call(agents.sales, { method: 'DELETE', url: `/admin/api/newsletter/${one.id}` })).statusCode,
      ).toBe(404);
    });

    it('notification choices per staff member; webhooks are the owner’s', async () => {
      expect(
        (await call(agents.editor, { method: 'GET', url: '/admin/api/account/notifications' })).json(),
      ).toEqual({
        language: 'fa',
        notify_enquiries: true,
        notify_reviews: false,
      });
      const saved = await call(agents.sales, {
        method: 'PUT',
        url: '/admin/api/account/notifications',
        payload: { language: 'en', notify_enquiries: false, notify_reviews: true },
      });
      expect(saved.json()).toEqual({ language: 'en', notify_enquiries: false, notify_reviews: true });
      expect(
        (await call(agents.sales, { method: 'GET', url: '/admin/api/account/notifications' })).json(),
      ).toMatchObject({ language: 'en' });

      expect((await addWebhook(agents.sales, 'https://crm.example.com/hook')).statusCode).toBe(403);
      const bad = await addWebhook(agents.owner, 'javascript:alert(1)');
      expect(bad.json()).toMatchObject({ codes: { url: ['url_invalid'] } });
      const created = await addWebhook(agents.owner, 'http://127.0.0.1:9/hook');
      expect(created.statusCode).toBe(201);
      const { webhook, secret } = created.json() as {
        webhook: { id: number; active: boolean };
        secret: string;
      };
      expect(secret).toMatch(/^whsec_[\w-]{40,}$/);
      expect(webhook.active).toBe(true);
      expect(
        (
          await call(agents.owner, {
            method: 'PATCH',
            url: `/admin/api/webhooks/${webhook.id}`,
            payload: { active: false },
          })
        ).json(),
      ).toMatchObject({
        active: false,
      });
      expect((await call(agents.owner, { method: 'GET', url: '/admin/api/webhooks' })).json()).toHaveLength(
        1,
      );
      expect(
        (await call(agents.owner, { method: 'DELETE', url: `/admin/api/webhooks/${webhook.id}` })).statusCode,
      ).toBe(204);
      expect((await call(agents.owner, { method: 'GET', url: '/admin/api/webhooks' })).json()).toEqual([]);
      expect(
        (await call(agents.owner, { method: 'GET', url: '/admin/api/deliveries?kind=email' })).statusCode,
      ).toBe(200);
    });

    it('the dashboard: enquiries today, this week, 30 days by day, by status; likes; missing translations and images', async () => {
      const board = (
        await call(agents.owner, { method: 'GET', url: '/admin/api/dashboard' })
      ).json() as Dashboard;
      expect(board.enquiries).not.toBeNull();
      const e = board.enquiries!;
      expect(e.today).toBe(4);
      expect(e.week).toBe(4);
      expect(e.last_30_days).toBe(4);
      expect(e.daily).toHaveLength(30);
      expect(e.daily.at(-1)!.count).toBe(4);
      expect(e.daily.reduce((sum, d) => sum + d.count, 0)).toBe(4);
      expect(e.by_status).toMatchObject({ new: 3, contacted: 1, won: 0 });
      expect(e.most_enquired[0]).toMatchObject({ id: 2, count: 2 });
      expect(board.reviews_waiting).toBe(0);
      expect(board.missing_english.products.map((p) => p.id)).toContain(3);
      expect(board.missing_image.products.map((p) => p.id)).toContain(3);
      expect(board.missing_image.products.map((p) => p.id)).not.toContain(1);
      // No SMS gateway and nothing failing: no channel warnings (outbox-channels.test.ts has them).
      expect(board.channel_warnings).toEqual([]);
      const editor = (
        await call(agents.editor, { method: 'GET', url: '/admin/api/dashboard' })
      ).json() as Dashboard;
      expect(editor.enquiries).toBeNull();
      expect(editor.reviews_waiting).toBeNull();
      expect(editor.channel_warnings).toEqual([]);
    });

    it('a broad list counts to 10,000 (a search to 1,000) and says there are more; a date range pages by date', async () => {
      const rows = Array.from({ length: 10_010 }, (_, i) => ({
        product_id: null,
        product_title: '',
        user_id: null,
        phone: '',
        email: `bulk${i}@example.com`,
        description: 'bulk',
        language: 'fa',
        created_at: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString(),
        status: 'lost',
        search_doc: ` bulk${i}@example.com bulk `,
      }));
      for (let i = 0; i < rows.length; i += 500)
        await app.database.db
          .insertInto('enquiries')
          .values(rows.slice(i, i + 500))
          .execute();
      const get = async (query: string) =>
        (
          await call(agents.sales, { method: 'GET', url: `/admin/api/enquiries?${query}` })
        ).json() as AdminPage<EnquiryRow> & {
          capped: boolean;
        };
      const broad = await get('status=lost&page_size=100');
      expect(broad).toMatchObject({ count: 10_000, capped: true });
      expect(broad.results[0]!.email).toBe('bulk10009@example.com');
      expect((await get('status=lost&page_size=100&page=100')).results).toHaveLength(100);
      expect((await get('status=lost&page_size=100&page=101')).results).toEqual([]);
      // A search counts and pages through its newest 1,000 matches (each is checked in the table).
      const searched = await get('q=bulk&page_size=100');
      expect(searched).toMatchObject({ count: 1_000, capped: true });
      expect(searched.results[0]!.email).toBe('bulk10009@example.com');
      expect((await get('q=bulk&page_size=100&page=10')).results.at(-1)!.email).toBe('bulk9010@example.com');
      expect((await get('q=bulk&page_size=100&page=11')).results).toEqual([]);
      // On PostgreSQL a capped search's first pages walk the id index, deeper ones use the trigram
      // index: the same rows either way.
      const walked = (await get('q=bulk&page_size=25&page=10')).results.map((e) => e.email);
      const deeper = (await get('q=bulk&page_size=25&page=11')).results.map((e) => e.email);
      expect(walked).toEqual(Array.from({ length: 25 }, (_, i) => `bulk${10_009 - 225 - i}@example.com`));
      expect(deeper).toEqual(Array.from({ length: 25 }, (_, i) => `bulk${10_009 - 250 - i}@example.com`));
      expect(await get('q=bulk&status=lost&page_size=1')).toMatchObject({ count: 1_000, capped: true });
      expect(await get('q=bulk9999&page_size=1')).toMatchObject({ count: 1, capped: false });
      // Older ones are reached by narrowing the dates; newest first by date.
      const day = await get('from=2024-01-01&to=2024-01-01&page_size=100');
      expect(day.capped).toBe(false);
      expect(day.count).toBeGreaterThan(1000);
      expect(day.count).toBeLessThan(1500);
      const dates = day.results.map((e) => e.created_at);
      expect(dates).toEqual([...dates].sort().reverse());
      expect((await get('status=new')).capped).toBe(false);
      // A list's count is kept a few seconds, but a new match shows at once (and counts).
      expect((await get('status=quoted')).count).toBe(0);
      await app.database.db
        .insertInto('enquiries')
        .values({
          ...rows[0]!,
          email: 'fresh@example.com',
          status: 'quoted',
          created_at: new Date().toISOString(),
        })
        .execute();
      const fresh = await get('status=quoted');
      expect(fresh.results.map((e) => e.email)).toEqual(['fresh@example.com']);
      expect(fresh.count).toBe(1);
    });
  },
  { rateLimits: 'off' },
);

describe('spreadsheet cells', () => {
  it('cells that start like a formula are prefixed', async () => {
    const { formulaSafe } = await import('../src/modules/enquiries/spreadsheet.ts');
    expect(['=1+1', '+98', '-2', '@SUM(A1)', '\tx', 'ok', '09121234567'].map(formulaSafe)).toEqual([
      "'=1+1",
      "'+98",
      "'-2",
      "'@SUM(A1)",
      "'\tx",
      'ok',
      '09121234567',
    ]);
  });
});
