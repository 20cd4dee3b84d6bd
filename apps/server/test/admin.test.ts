import type { FastifyInstance, InjectOptions } from 'fastify';
import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import type { ProductInput } from '../src/modules/catalogue/format.ts';
import { setupLinkIfNeeded } from '../src/modules/admin/index.ts';
import { sanitizeSvg } from '../src/modules/admin/uploads.ts';
import { injectAs, staffCookie, withFixtureApp, type StaffAgent } from './support/app.ts';
import { describeEachDatabase } from './support/databases.ts';
import { newProduct } from './support/fixture.ts';

type Agent = StaffAgent;

const PASSWORD = 'a long enough password';

describeEachDatabase('the back office API', (store) => {
  let app: FastifyInstance;
  withFixtureApp(store, (built) => (app = built));
  let owner: Agent;
  let editor: Agent;
  let sales: Agent;

  const call = (agent: Agent | undefined, options: InjectOptions) => injectAs(app, agent, options);

  async function invite(role: 'editor' | 'sales', email: string): Promise<Agent> {
    const created = await call(owner, {
      method: 'POST',
      url: '/admin/api/staff/invites',
      payload: { email, role },
    });
    expect(created.statusCode).toBe(201);
    const token = (created.json() as { link: string }).link.split('/').pop()!;
    expect((await app.inject(`/admin/api/invites/${token}`)).json()).toMatchObject({ email, role });
    const accepted = await app.inject({
      method: 'POST',
      url: `/admin/api/invites/${token}`,
      payload: { name: role, password: PASSWORD },
    });
    expect(accepted.statusCode).toBe(201);
    // The link works once.
    expect((await app.inject(`/admin/api/invites/${token}`)).json()).toMatchObject({
      code: 'link_not_valid',
    });
    const body = accepted.json() as { csrf_token: string; staff: { id: number } };
    return { cookie: staffCookie(accepted), csrf: body.csrf_token, id: body.staff.id };
  }

  describe('first start, sign-in and sessions', () => {
    it('the setup link creates the owner once; no route answers without a session', async () => {
      expect((await app.inject('/admin/api/setup')).json()).toEqual({ needed: true });
      expect((await app.inject('/admin/api/catalogue/products')).json()).toMatchObject({
        code: 'not_authenticated',
      });
      const link = await setupLinkIfNeeded(app, 'http://127.0.0.1:3000');
      expect(link).toMatch(/^http:\/\/127\.0\.0\.1:3000\/admin\/setup\/[\w-]{40,}$/);
      const token = link!.split('/').pop()!;
      const wrong = await app.inject({
        method: 'POST',
        url: '/admin/api/setup',
        payload: { token: 'nope', email: 'owner@example.com', name: 'Owner', password: PASSWORD },
      });
      expect(wrong.json()).toMatchObject({ code: 'link_not_valid' });
      const short = await app.inject({
        method: 'POST',
        url: '/admin/api/setup',
        payload: { token, email: 'not-an-email', name: '', password: 'short' },
      });
      expect(short.statusCode).toBe(400);
      expect(short.json()).toMatchObject({
        codes: { email: ['email_invalid'], name: ['blank'], password: ['too_short'] },
      });
      const done = await app.inject({
        method: 'POST',
        url: '/admin/api/setup',
        payload: { token, email: 'Owner@Example.com', name: 'Owner', password: PASSWORD },
      });
      expect(done.statusCode).toBe(201);
      const cookie = done.cookies.find((c) => c.name === 'staff_session')!;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/admin' });
      const body = done.json() as { csrf_token: string; staff: { id: number; role: string; email: string } };
      expect(body.staff).toMatchObject({ role: 'owner', email: 'owner@example.com' });
      owner = { cookie: staffCookie(done), csrf: body.csrf_token, id: body.staff.id };
      // Used: the same link (and a new one) creates nothing more.
      const again = await app.inject({
        method: 'POST',
        url: '/admin/api/setup',
        payload: { token, email: 'other@example.com', name: 'Other', password: PASSWORD },
      });
      expect(again.json()).toMatchObject({ code: 'link_not_valid' });
      expect(await setupLinkIfNeeded(app, 'http://x')).toBeUndefined();
      expect((await app.inject('/admin/api/setup')).json()).toEqual({ needed: false });
    });

    it('signs in by email and password with one answer for every failure, and lists and ends sessions', async () => {
      const bad = await app.inject({
        method: 'POST',
        url: '/admin/api/session',
        payload: { email: 'owner@example.com', password: 'wrong password!' },
      });
      expect(bad.statusCode).toBe(401);
      expect(bad.json()).toMatchObject({ code: 'no_active_account' });
      const unknown = await app.inject({
        method: 'POST',
        url: '/admin/api/session',
        payload: { email: 'nobody@example.com', password: PASSWORD },
      });
      expect(unknown.json()).toMatchObject({ code: 'no_active_account' });
      const good = await app.inject({
        method: 'POST',
        url: '/admin/api/session',
        payload: { email: 'OWNER@example.com', password: PASSWORD },
        headers: { 'user-agent': 'second browser' },
      });
      expect(good.statusCode).toBe(200);
      const second: Agent = {
        cookie: staffCookie(good),
        csrf: (good.json() as { csrf_token: string }).csrf_token,
        id: owner.id,
      };
      const sessions = (await call(owner, { url: '/admin/api/sessions' })).json() as {
        id: string;
        current: boolean;
        user_agent: string;
      }[];
      expect(sessions).toHaveLength(2);
      expect(sessions.filter((s) => s.current)).toHaveLength(1);
      const other = sessions.find((s) => !s.current)!;
      expect(other.user_agent).toBe('second browser');
      expect(
        (await call(owner, { method: 'DELETE', url: `/admin/api/sessions/${other.id}` })).statusCode,
      ).toBe(204);
      expect((await call(second, { url: '/admin/api/session' })).statusCode).toBe(401);
      expect((await call(owner, { url: '/admin/api/session' })).statusCode).toBe(200);
    });

    it('refuses a write without the CSRF token or from another origin', async () => {
      const noToken = await app.inject({
        method: 'POST',
        url: '/admin/api/catalogue/tags',
        headers: { cookie: owner.cookie },
        payload: { entity: { title: { fa: 'x' } } },
      });
      expect(noToken.statusCode).toBe(403);
      expect(noToken.json()).toMatchObject({ code: 'csrf_failed' });
      const wrongToken = await call(
        { ...owner, csrf: 'x'.repeat(43) },
        {
          method: 'POST',
          url: '/admin/api/catalogue/tags',
          payload: { entity: { title: { fa: 'x' } } },
        },
      );
      expect(wrongToken.json()).toMatchObject({ code: 'csrf_failed' });
      const otherSite = await call(owner, {
        method: 'POST',
        url: '/admin/api/catalogue/tags',
        headers: { origin: 'https://evil.example' },
        payload: { entity: { title: { fa: 'x' } } },
      });
      expect(otherSite.json()).toMatchObject({ code: 'csrf_failed' });
      // Reads need no token.
      expect(
        (await app.inject({ url: '/admin/api/catalogue/tags', headers: { cookie: owner.cookie } }))
          .statusCode,
      ).toBe(200);
    });

    it('invites an editor and a sales member; owners change roles and disable accounts (sessions end at once)', async () => {
      editor = await invite('editor', 'editor@example.com');
      sales = await invite('sales', 'sales@example.com');
      const dup = await call(owner, {
        method: 'POST',
        url: '/admin/api/staff/invites',
        payload: { email: 'editor@example.com', role: 'sales' },
      });
      expect(dup.json()).toMatchObject({ codes: { email: ['email_taken'] } });
      const temp = await invite('editor', 'temp@example.com');
      const disabled = await call(owner, {
        method: 'PATCH',
        url: `/admin/api/staff/${temp.id}`,
        payload: { active: false },
      });
      expect(disabled.json()).toMatchObject({ active: false });
      expect((await call(temp, { url: '/admin/api/session' })).statusCode).toBe(401);
      const signIn = await app.inject({
        method: 'POST',
        url: '/admin/api/session',
        payload: { email: 'temp@example.com', password: PASSWORD },
      });
      expect(signIn.json()).toMatchObject({ code: 'no_active_account' });
      const lastOwner = await call(owner, {
        method: 'PATCH',
        url: `/admin/api/staff/${owner.id}`,
        payload: { role: 'editor' },
      });
      expect(lastOwner.statusCode).toBe(400);
      const staff = (await call(owner, { url: '/admin/api/staff' })).json() as {
        email: string;
        role: string;
      }[];
      expect(staff.map((s) => s.role)).toEqual(['owner', 'editor', 'sales', 'editor']);
    });

    it('two-factor sign-in with a TOTP code or a recovery code (used once)', async () => {
      const agent = await invite('editor', 'twofactor@example.com');
      const setup = (await call(agent, { method: 'POST', url: '/admin/api/totp/setup' })).json() as {
        secret: string;
        uri: string;
      };
      expect(setup.uri).toMatch(/^otpauth:\/\/totp\//);
      const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(setup.secret) });
      const wrong = await call(agent, {
        method: 'POST',
        url: '/admin/api/totp/enable',
        payload: { code: '000000' === totp.generate() ? '111111' : '000000' },
      });
      expect(wrong.statusCode).toBe(400);
      const enabled = await call(agent, {
        method: 'POST',
        url: '/admin/api/totp/enable',
        payload: { code: totp.generate() },
      });
      const { recovery_codes } = enabled.json() as { recovery_codes: string[] };
      expect(recovery_codes).toHaveLength(10);
      const payload = { email: 'twofactor@example.com', password: PASSWORD };
      const needsCode = await app.inject({ method: 'POST', url: '/admin/api/session', payload });
      expect(needsCode.json()).toMatchObject({ code: 'totp_required' });
      const badCode = await app.inject({
        method: 'POST',
        url: '/admin/api/session',
        payload: { ...payload, code: 'ABCDE-12345' },
      });
      expect(badCode.json()).toMatchObject({ code: 'totp_invalid' });
      const withCode = await app.inject({
        method: 'POST',
        url: '/admin/api/session',
        payload: { ...payload, code: totp.generate() },
      });
      expect(withCode.statusCode).toBe(200);
      const recovery = recovery_codes[0]!;
      const withRecovery = await app.inject({
        method: 'POST',
        url: '/admin/api/session',
        payload: { ...payload, code: recovery },
      });
      expect(withRecovery.statusCode).toBe(200);
      const reused = await app.inject({
        method: 'POST',
        url: '/admin/api/session',
        payload: { ...payload, code: recovery },
      });
      expect(reused.json()).toMatchObject({ code: 'totp_invalid' });
    });
  });

  describe('catalogue editing', () => {
    it('creates, reads, saves with a version (409 with the other change), lists and searches a product', async () => {
      const created = await call(editor, {
        method: 'POST',
        url: '/admin/api/catalogue/products',
        payload: { entity: { ...newProduct('Admin saffron'), price_range: null, published: false } },
      });
      expect(created.statusCode).toBe(201);
      const { id, version } = created.json() as { id: number; version: string };
      // A draft never reaches the storefront.
      expect((await app.inject(`/en/api/store/products/${id}/`)).statusCode).toBe(404);
      const read = (await call(editor, { url: `/admin/api/catalogue/products/${id}` })).json() as {
        version: string;
        entity: ProductInput;
      };
      expect(read.version).toBe(version);
      expect(read.entity).toMatchObject({
        price_range: null,
        published: false,
        title: { en: 'Admin saffron' },
      });
      const drafts = (
        await call(editor, { url: '/admin/api/catalogue/products?status=draft&q=saffron' })
      ).json() as {
        results: { id: number }[];
      };
      expect(drafts.results.map((r) => r.id)).toContain(id);

      const publish = { ...read.entity, published: true };
      const first = await call(editor, {
        method: 'PUT',
        url: `/admin/api/catalogue/products/${id}`,
        payload: { version, entity: publish },
      });
      expect(first.statusCode).toBe(200);
      // Published: on the storefront at once, with "price on request".
      const shown = await app.inject(`/en/api/store/products/${id}/`);
      expect(shown.statusCode).toBe(200);
      expect(shown.json()).toMatchObject({ price_range: null });
      expect(
        ((await app.inject('/en/api/store/products/?search=admin%20saffron')).json() as { id: number }[]).map(
          (p) => p.id,
        ),
      ).toContain(id);

      // The second person saves from the version they opened: 409 with the first one's change.
      const stale = await call(owner, {
        method: 'PUT',
        url: `/admin/api/catalogue/products/${id}`,
        payload: { version, entity: { ...read.entity, inventory: 99 } },
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({
        code: 'edit_conflict',
        current: { version: (first.json() as { version: string }).version },
      });
      expect(
        (stale.json() as { current: { entity: ProductInput } }).current.entity.published,
      ).toBeUndefined();

      const audit = (await call(owner, { url: '/admin/api/audit?entity=product' })).json() as {
        results: { action: string; entity_id: string; staff_email: string; summary: string }[];
      };
      const mine = audit.results.filter((r) => r.entity_id === String(id));
      expect(mine.map((r) => r.action)).toEqual(['update', 'create']);
      expect(mine[0]!.staff_email).toBe('editor@example.com');
      expect(JSON.parse(mine[0]!.summary)).toEqual({ published: [false, null] });
    });

    it('lists every kind with paging and Persian-aware search (Arabic letters and digits find Persian ones)', async () => {
      const industries = (
        await call(editor, { url: '/admin/api/catalogue/industries?page_size=1' })
      ).json() as {
        count: number;
        results: { id: number; products: number | null }[];
      };
      expect(industries.results).toHaveLength(1);
      expect(industries.count).toBeGreaterThan(1);
      expect(industries.results[0]!.products).not.toBeNull();
      for (const kind of ['collections', 'subcollections', 'tags', 'posts', 'banners']) {
        const page = await call(editor, { url: `/admin/api/catalogue/${kind}?page=1&page_size=2&sort=id` });
        expect(page.statusCode, kind).toBe(200);
      }
      const made = await call(editor, {
        method: 'POST',
        url: '/admin/api/catalogue/industries',
        payload: { entity: { title: { fa: 'کارخانه یزد ۱۲' }, website: '', phone: null } },
      });
      const id = (made.json() as { id: number }).id;
      // Arabic yeh and Arabic-Indic digits, as a keyboard may type them.
      const found = (
        await call(editor, { url: `/admin/api/catalogue/industries?q=${encodeURIComponent('يزد ١٢')}` })
      ).json() as {
        results: { id: number; missing_languages: string[] }[];
      };
      expect(found.results.map((r) => r.id)).toEqual([id]);
      expect(found.results[0]!.missing_languages).toEqual(['en']);
      const beyond = (await call(editor, { url: '/admin/api/catalogue/industries?page=999' })).json() as {
        results: unknown[];
      };
      expect(beyond.results).toEqual([]);
    });

    it('checks every field and reference at the field, and sanitises HTML as import does', async () => {
      const bad = await call(editor, {
        method: 'POST',
        url: '/admin/api/catalogue/products',
        payload: { entity: { ...newProduct('x'), collection: 999_999, tags: [2, 888_888], inventory: -1 } },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ codes: { 'entity.inventory': ['out_of_range'] } });
      const badRefs = await call(editor, {
        method: 'POST',
        url: '/admin/api/catalogue/products',
        payload: {
          entity: { ...newProduct('x'), collection: 999_999, tags: [2, 888_888], images: ['missing.jpg'] },
        },
      });
      expect(badRefs.json()).toMatchObject({
        codes: {
          'entity.collection': ['reference_invalid'],
          'entity.tags': ['reference_invalid'],
          'entity.images.0': ['reference_invalid'],
        },
      });
      const html = await call(editor, {
        method: 'POST',
        url: '/admin/api/catalogue/posts',
        payload: {
          entity: {
            title: { fa: 'خبر' },
            content: { fa: 'متن ساده' },
            specific_content: {
              fa: '<p dir="rtl">متن<script>alert(1)</script><img src=x onerror=alert(1)></p>',
            },
            creation_date: '2026-11-25T10:00:00Z',
            images: [],
          },
        },
      });
      expect(html.statusCode).toBe(201);
      const post = (
        await call(editor, { url: `/admin/api/catalogue/posts/${(html.json() as { id: number }).id}` })
      ).json() as {
        entity: { specific_content: { fa: string } };
      };
      expect(post.entity.specific_content.fa).toContain('متن');
      expect(post.entity.specific_content.fa).not.toMatch(/script|onerror/);
      const huge = await call(editor, {
        method: 'POST',
        url: '/admin/api/catalogue/tags',
        payload: { entity: { title: { fa: 'x'.repeat(3 * 1024 * 1024) } } },
      });
      expect(huge.statusCode).toBe(413);
    });

    it('deleting a collection with products asks what to do, and never leaves a dangling reference', async () => {
      const made = await call(editor, {
        method: 'POST',
        url: '/admin/api/catalogue/collections',
        payload: { entity: { title: { fa: 'موقت' } } },
      });
      const collection = (made.json() as { id: number }).id;
      const product = await call(editor, {
        method: 'POST',
        url: '/admin/api/catalogue/products',
        payload: { entity: { ...newProduct('Moved'), collection, subcollections: [] } },
      });
      const productId = (product.json() as { id: number }).id;
      const asked = await call(editor, {
        method: 'DELETE',
        url: `/admin/api/catalogue/collections/${collection}`,
      });
      expect(asked.statusCode).toBe(409);
      expect(asked.json()).toMatchObject({ code: 'has_dependents', dependents: { products: 1 } });
      const moved = await call(editor, {
        method: 'DELETE',
        url: `/admin/api/catalogue/collections/${collection}?dependents=move&to=2`,
      });
      expect(moved.statusCode).toBe(204);
      const after = (await call(editor, { url: `/admin/api/catalogue/products/${productId}` })).json() as {
        entity: ProductInput;
      };
      expect(after.entity.collection).toBe(2);
    });

    it("orders a collection's subcollections as the editor says, and gives banners a link", async () => {
      const first = await call(editor, {
        method: 'POST',
        url: '/admin/api/catalogue/subcollections',
        payload: { entity: { collection: 3, title: { fa: 'اول' } } },
      });
      const second = await call(editor, {
        method: 'POST',
        url: '/admin/api/catalogue/subcollections',
        payload: { entity: { collection: 3, title: { fa: 'دوم' } } },
      });
      const a = (first.json() as { id: number }).id;
      const b = (second.json() as { id: number }).id;
      const inCollection = async () =>
        (
          (await app.inject('/fa/api/store/subcollections/')).json() as {
            id: number;
            collection: { id: number };
          }[]
        )
          .filter((s) => s.collection.id === 3)
          .map((s) => s.id);
      // New ones come last, in the order they were made.
      expect((await inCollection()).slice(-2)).toEqual([a, b]);
      // The first made is moved after the second.
      const read = (await call(editor, { url: `/admin/api/catalogue/subcollections/${a}` })).json() as {
        version: string;
        entity: { position: number };
      };
      const moved = await call(editor, {
        method: 'PUT',
        url: `/admin/api/catalogue/subcollections/${a}`,
        payload: { version: read.version, entity: { ...read.entity, position: read.entity.position + 10 } },
      });
      expect(moved.statusCode).toBe(200);
      expect((await inCollection()).slice(-2)).toEqual([b, a]);

      const banner = (await app.inject('/fa/api/store/image-banners/')).json() as {
        id: number;
        link: string | null;
      }[];
      const first_ = banner[0]!;
      const editable = (await call(editor, { url: `/admin/api/catalogue/banners/${first_.id}` })).json() as {
        version: string;
        entity: object;
      };
      const linked = await call(editor, {
        method: 'PUT',
        url: `/admin/api/catalogue/banners/${first_.id}`,
        payload: { version: editable.version, entity: { ...editable.entity, link: '/app/products' } },
      });
      expect(linked.statusCode).toBe(200);
      const after = (await app.inject('/fa/api/store/image-banners/')).json() as {
        id: number;
        link: string | null;
      }[];
      expect(after.find((x) => x.id === first_.id)!.link).toBe('/app/products');
      const bad = await call(editor, {
        method: 'PUT',
        url: `/admin/api/catalogue/banners/${first_.id}`,
        payload: { version: 'x', entity: { ...editable.entity, link: 'javascript:alert(1)' } },
      });
      expect(bad.json()).toMatchObject({ codes: { 'entity.link': ['url_invalid'] } });
    });

    it('bulk actions publish, unpublish and set the collection through the write module', async () => {
      const ids = [1, 2];
      const bulk = (action: string) =>
        call(editor, { method: 'POST', url: '/admin/api/catalogue/products/bulk', payload: { ids, action } });
      const off = await bulk('unpublish');
      expect(off.json()).toEqual({ changed: 2 });
      expect((await app.inject('/en/api/store/products/1/')).statusCode).toBe(404);
      const on = await bulk('publish');
      expect(on.json()).toEqual({ changed: 2 });
      expect((await app.inject('/en/api/store/products/1/')).statusCode).toBe(200);
    });

    it("the store identity is the owner's; the about-us page is versioned", async () => {
      expect((await call(editor, { url: '/admin/api/store' })).statusCode).toBe(403);
      const current = (await call(owner, { url: '/admin/api/store' })).json() as { version: string };
      const saved = await call(owner, {
        method: 'PUT',
        url: '/admin/api/store',
        payload: {
          version: current.version,
          entity: {
            name: { fa: 'فروشگاه من', en: 'My store' },
            social: { telegram: 'https://t.me/mystore' },
          },
        },
      });
      expect(saved.statusCode).toBe(200);
      // The storefront (its cached answers and pages' heads included) shows it at once.
      const identity = (await app.inject('/en/api/store/identity/')).json() as {
        name: string;
        social: unknown[];
      };
      expect(identity).toMatchObject({
        name: 'My store',
        social: [{ network: 'telegram', url: 'https://t.me/mystore' }],
      });
      expect(((await app.inject('/fa/api/store/identity/')).json() as { name: string }).name).toBe(
        'فروشگاه من',
      );
      const home = await app.inject('/app/?lng=en');
      expect(home.body).toContain('<title>My store');
      expect(home.body).toContain('"sameAs":["https://t.me/mystore"]');
      const badUrl = await call(owner, {
        method: 'PUT',
        url: '/admin/api/store',
        payload: { entity: { social: { telegram: 'javascript:alert(1)' } } },
      });
      expect(badUrl.json()).toMatchObject({ codes: { 'entity.social.telegram': ['url_invalid'] } });
    });
  });

  describe('uploads', () => {
    const upload = (agent: Agent, name: string, type: string, data: Buffer) => {
      const boundary = '----admin-test';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return call(agent, {
        method: 'POST',
        url: '/admin/api/media',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
    };

    it('stores real images by content, sanitises SVG, refuses anything else with a code', async () => {
      const sharp = (await import('sharp')).default;
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c00' } })
        .png()
        .toBuffer();
      const stored = await upload(editor, 'photo.png', 'image/png', png);
      expect(stored.statusCode).toBe(201);
      const { ref, url } = stored.json() as { ref: string; url: string };
      expect(ref).toMatch(/^[0-9a-f]{32}\.png$/);
      expect((await app.inject(url)).statusCode).toBe(200);
      const svg = await upload(
        editor,
        'logo.svg',
        'image/svg+xml',
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script><rect width="10" height="10"/></svg>',
        ),
      );
      expect(svg.statusCode).toBe(201);
      const served = await app.inject((svg.json() as { url: string }).url);
      expect(served.body).toContain('<rect');
      expect(served.body).not.toMatch(/script|onload/);
      const fake = await upload(editor, 'photo.jpg', 'image/jpeg', Buffer.from('not an image at all'));
      expect(fake.statusCode).toBe(415);
      expect(fake.json()).toMatchObject({ code: 'file_type_not_allowed' });
      const truncated = await upload(editor, 'cut.png', 'image/png', png.subarray(0, 60));
      expect(truncated.json()).toMatchObject({ code: 'file_type_not_allowed' });
      const big = await upload(editor, 'big.png', 'image/png', Buffer.alloc(11 * 1024 * 1024, 1));
      expect(big.statusCode).toBe(413);
      expect(big.json()).toMatchObject({ code: 'file_too_large' });
      expect((await upload(sales, 'photo.png', 'image/png', png)).statusCode).toBe(403);
      // The store's logo and favicon: in the storefront's header data and the pages' heads.
      const current = (await call(owner, { url: '/admin/api/store' })).json() as {
        version: string;
        entity: object;
      };
      const saved = await call(owner, {
        method: 'PUT',
        url: '/admin/api/store',
        payload: { version: current.version, entity: { ...current.entity, logo: ref, favicon: ref } },
      });
      expect(saved.statusCode).toBe(200);
      const identity = (await app.inject('/en/api/store/identity/')).json() as {
        logo: string;
        favicon: string;
      };
      expect(identity.logo).toMatch(new RegExp(`/media/${ref}$`));
      const home = await app.inject('/app/?lng=en');
      expect(home.body).toMatch(new RegExp(`<link rel="icon" href="[^"]*/media/${ref}">`));
      const missing = await call(owner, {
        method: 'PUT',
        url: '/admin/api/store',
        payload: { entity: { logo: 'nothere.png' } },
      });
      expect(missing.json()).toMatchObject({ codes: { 'entity.logo': ['reference_invalid'] } });
    });
  });
  describe('roles', () => {
    it('staff read the back office API document and its interactive page', async () => {
      const doc = (await call(sales, { url: '/admin/api/docs/json' })).json() as {
        paths: Record<string, unknown>;
      };
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining(['/admin/api/catalogue/{kind}/{id}', '/admin/api/session']),
      );
      expect(Object.keys(doc.paths).some((p) => p.startsWith('/fa/'))).toBe(false);
      const page = await call(sales, { url: '/admin/api/docs/' });
      expect([200, 302]).toContain(page.statusCode);
    });

    it('every back-office route refuses the roles it does not list (the whole role × route matrix)', async () => {
      const table = app.adminRouteTable;
      expect(table.length).toBeGreaterThan(20);
      for (const route of table) {
        const url = route.url.replace(':kind', 'products').replace(':id', '999999').replace(':token', 'x');
        // Signing out is allowed to every role: calling it would end the sessions the matrix uses.
        const signsOut = route.method === 'DELETE' && /\/sessions?(\/:id)?$/.test(route.url);
        for (const [name, agent] of [
          ['anonymous', undefined],
          ['owner', owner],
          ['editor', editor],
          ['sales', sales],
        ] as const) {
          const allowedHere = route.roles === 'public' || (agent !== undefined && route.roles.includes(name));
          if (signsOut && allowedHere) continue;
          const response = await call(agent, {
            method: route.method as 'GET',
            url,
            payload: route.method === 'GET' ? undefined : {},
          });
          const allowed = route.roles === 'public' || (agent !== undefined && route.roles.includes(name));
          const refused = agent === undefined ? 401 : 403;
          if (allowed)
            expect([route.method, url, name, response.statusCode]).not.toEqual([
              route.method,
              url,
              name,
              refused,
            ]);
          else
            expect([route.method, url, name, response.statusCode]).toEqual([
              route.method,
              url,
              name,
              refused,
            ]);
          expect(response.statusCode).toBeLessThan(500);
        }
      }
    });
  });
});

describe('SVG sanitising', () => {
  it('keeps shapes and drops scripts, handlers and outside references', () => {
    const clean = sanitizeSvg(
      '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><circle r="2"/></a><use href="https://evil/x.svg#a"/><use href="#b"/><foreignObject><p>x</p></foreignObject><path d="M0 0" onclick="x()"/></svg>',
    )!;
    expect(clean).toContain('<circle');
    expect(clean).toContain('href="#b"');
    expect(clean).not.toMatch(/javascript|evil|foreignObject|onclick|<p>/);
    expect(sanitizeSvg('<html><body>no svg</body></html>')).toBeUndefined();
  });
});

describeEachDatabase('the OpenAPI documents', (store) => {
  let app: FastifyInstance;
  withFixtureApp(store, (built) => (app = built));

  it('documents the public API once per path with its {lang} prefix, and the back office for staff only', async () => {
    const pub = await app.inject('/api/openapi.json');
    expect(pub.statusCode).toBe(200);
    const doc = pub.json() as {
      openapi: string;
      paths: Record<string, Record<string, { responses: object }>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/{lang}/api/store/products/{id}/');
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/admin'))).toBe(false);
    expect(doc.paths['/{lang}/api/auth/jwt/create/']?.post?.responses).toHaveProperty('401');
    expect((await app.inject('/admin/api/docs/json')).statusCode).toBe(401);
    expect((await app.inject('/admin/api/docs')).statusCode).toBe(401);
  });
});

describeEachDatabase('import and export from the back office', (store) => {
  let app: FastifyInstance;
  withFixtureApp(store, (built) => (app = built));
  let agent: { cookie: string; 'x-csrf-token': string };

  const multipart = (name: string, data: Buffer) => {
    const boundary = '----transfer-test';
    return {
      headers: { ...agent, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    };
  };
  const zipOf = async (entries: Record<string, Buffer>) => {
    const yazl = (await import('yazl')).default;
    const zip = new yazl.ZipFile();
    for (const [name, data] of Object.entries(entries)) zip.addBuffer(data, name);
    zip.end();
    const chunks: Buffer[] = [];
    for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };

  it("exports the store as a zip that imports back unchanged; refuses bad files with the CLI's report", async () => {
    const link = await setupLinkIfNeeded(app, 'http://x');
    const done = await app.inject({
      method: 'POST',
      url: '/admin/api/setup',
      payload: { token: link!.split('/').pop(), email: 'o@example.com', name: 'O', password: PASSWORD },
    });
    agent = { cookie: staffCookie(done), 'x-csrf-token': (done.json() as { csrf_token: string }).csrf_token };

    const exported = await app.inject({ url: '/admin/api/export', headers: agent });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('application/zip');
    const zip = exported.rawPayload;
    expect(zip.readUInt32LE(0)).toBe(0x04034b50);

    const again = await app.inject({
      method: 'POST',
      url: '/admin/api/import',
      ...multipart('store.zip', zip),
    });
    expect(again.statusCode).toBe(200);
    expect((again.json() as { summary: { products: number; unchanged: boolean } }).summary).toMatchObject({
      products: 3,
    });

    const invalid = await app.inject({
      method: 'POST',
      url: '/admin/api/import',
      ...multipart(
        'catalogue.json',
        Buffer.from(JSON.stringify({ format: 'storefront-catalogue/1', languages: ['fa'] })),
      ),
    });
    expect(invalid.statusCode).toBe(400);
    const report = invalid.json() as { code: string; errors: string[] };
    expect(report.code).toBe('catalogue_invalid');
    expect(report.errors.length).toBeGreaterThan(0);
    // Nothing was written: the store still has its products.
    expect(((await app.inject('/en/api/store/products/?limit=1')).json() as { count: number }).count).toBe(3);

    // yazl writes no such path: the name is swapped in the bytes (names are outside the CRC).
    const escape = await zipOf({ 'catalogue.json': Buffer.from('{}'), 'xx/xxxevil.txt': Buffer.from('x') });
    for (let at = escape.indexOf('xx/xxxevil.txt'); at !== -1; at = escape.indexOf('xx/xxxevil.txt')) {
      escape.write('../../evil.txt', at);
    }
    const refused = await app.inject({
      method: 'POST',
      url: '/admin/api/import',
      ...multipart('evil.zip', escape),
    });
    expect(refused.statusCode).toBe(400);
    const empty = await zipOf({ 'readme.txt': Buffer.from('x') });
    expect(
      (await app.inject({ method: 'POST', url: '/admin/api/import', ...multipart('e.zip', empty) })).json(),
    ).toMatchObject({
      code: 'bad_request',
    });
    const notJson = await app.inject({
      method: 'POST',
      url: '/admin/api/import',
      ...multipart('x.json', Buffer.from('\u0000\u0001garbage')),
    });
    expect(notJson.statusCode).toBe(400);
  });
});
