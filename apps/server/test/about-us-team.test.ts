import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupLinkIfNeeded } from '../src/modules/admin/index.ts';
import { exportCatalogue } from '../src/modules/catalogue/export.ts';
import type { AboutUsInput, Catalogue, TeamMemberInput } from '../src/modules/catalogue/format.ts';
import { importCatalogue, importCatalogueFile } from '../src/modules/catalogue/import.ts';
import { validateCatalogue } from '../src/modules/catalogue/validate.ts';
import { staffSession, withFixtureApp } from './support/app.ts';
import { describeEachDatabase } from './support/databases.ts';
import { fixtureCatalogue, writeCatalogue } from './support/fixture.ts';

/** The about-us page's team (`about_us.team`): format, import, export, the storefront's API and the back office. */

const TEAM: TeamMemberInput[] = [
  {
    name: { fa: 'مینا کاظمی', en: 'Mina Kazemi' },
    role: { fa: 'مدیر فروش', en: 'Sales manager' },
    description: { fa: 'پاسخ به درخواست‌ها', en: 'Answers requests' },
    photo: { src: 'images/pistachio.png', alt: { fa: 'چهره مینا کاظمی', en: 'Portrait of Mina Kazemi' } },
  },
  {
    name: { fa: 'بهرام نیکو' },
    role: { fa: 'انباردار', en: 'Storekeeper' },
    description: { fa: 'بسته‌بندی و ارسال', en: 'Packing and shipping' },
  },
];

function withTeam(team: unknown = TEAM): Catalogue {
  const c = fixtureCatalogue();
  c.about_us = { ...c.about_us!, team: team as TeamMemberInput[] };
  return c;
}

function errorsOf(raw: unknown): string[] {
  const result = validateCatalogue(raw, path.dirname(writeCatalogue()));
  return result.ok ? [] : result.errors;
}

describe('about_us.team in the catalogue format', () => {
  it('accepts a team, with and without photos, and a page without one', () => {
    expect(errorsOf(withTeam())).toEqual([]);
    expect(errorsOf(withTeam([]))).toEqual([]);
    expect(errorsOf(fixtureCatalogue())).toEqual([]);
  });

  it('names the JSON path of every bad entry', () => {
    const bad = withTeam([
      TEAM[0],
      { name: { fa: 'بی‌نقش' }, description: { fa: '…' } },
      { ...TEAM[1], age: 40 },
      { ...TEAM[1], photo: 'images/pistachio.png' },
      { ...TEAM[1], name: { en: 'No Persian' } },
    ]);
    expect(errorsOf(bad)).toEqual([
      'about_us.team[1].role: Invalid input: expected object, received undefined',
      'about_us.team[2]: unknown key "age"',
      'about_us.team[3].photo: must be an object {"src": path, "alt": {"fa": …}}',
      'about_us.team[4].name.fa: a Persian (fa) text is required',
    ]);
    expect(errorsOf(withTeam({ fa: 'not a list' }))).toEqual([
      'about_us.team: Invalid input: expected array, received object',
    ]);
  });

  it('checks photos like every image, and languages like every text', () => {
    const c = withTeam([
      { ...TEAM[0], photo: { src: 'images/missing.png' } },
      { ...TEAM[1], photo: { src: '../outside.png' }, role: { fa: 'نقش', de: 'Rolle' } },
    ]);
    expect(errorsOf(c)).toEqual([
      'about_us.team[1].role.de: language "de" is not listed in languages',
      'about_us.team[0].photo.src: image file "images/missing.png" was not found',
      'about_us.team[1].photo.src: "../outside.png" points outside the catalogue\'s folder',
    ]);
  });
});

describeEachDatabase('the about-us team', (store) => {
  let app: FastifyInstance;
  let mediaDir: string;
  withFixtureApp(
    store,
    (built, media) => {
      app = built;
      mediaDir = media;
    },
    () => writeCatalogue(withTeam()),
  );

  const exported = async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-team-')), 'out.json');
    await exportCatalogue(app.database, file, mediaDir);
    return {
      file,
      text: fs.readFileSync(file, 'utf8'),
      catalogue: JSON.parse(fs.readFileSync(file, 'utf8')) as Catalogue,
    };
  };

  it('the about-us API serves the team in order, in the request’s language, photos as media URLs', async () => {
    const en = (await app.inject('/en/api/store/about-us/')).json() as unknown[];
    expect(en).toEqual([
      {
        id: 1,
        content: '<h3>About us</h3><p>A trading company</p>',
        team: [
          {
            name: 'Mina Kazemi',
            role: 'Sales manager',
            description: 'Answers requests',
            photo: {
              image: expect.stringMatching(/\/media\/[0-9a-f]{32}\.png$/),
              alt: 'Portrait of Mina Kazemi',
            },
          },
          // No English name: the Persian one.
          { name: 'بهرام نیکو', role: 'Storekeeper', description: 'Packing and shipping', photo: null },
        ],
      },
    ]);
    const fa = (await app.inject('/fa/api/store/about-us/')).json() as {
      team: { name: string; photo: unknown }[];
    }[];
    expect(fa[0]!.team.map((m) => m.name)).toEqual(['مینا کاظمی', 'بهرام نیکو']);
    expect(fa[0]!.team[0]!.photo).toMatchObject({ alt: 'چهره مینا کاظمی' });
  });

  it('import with a team, export, import again: the same store', async () => {
    const first = await exported();
    const team = first.catalogue.about_us!.team!;
    expect(team).toHaveLength(2);
    expect(team[0]).toEqual({
      ...TEAM[0],
      photo: { src: expect.stringMatching(/^images\/[0-9a-f]{32}\.png$/), alt: TEAM[0]!.photo!.alt },
    });
    expect(team[1]).toEqual(TEAM[1]);
    expect(fs.existsSync(path.join(path.dirname(first.file), team[0]!.photo!.src))).toBe(true);
    const apiBefore = (await app.inject('/en/api/store/about-us/')).body;

    const result = await importCatalogueFile(app.database, first.file, mediaDir);
    expect(result.changes?.about_us ?? { changed: 0 }).toMatchObject({ changed: 0 });
    expect((await exported()).text).toBe(first.text);
    expect((await app.inject('/en/api/store/about-us/')).body).toBe(apiBefore);
  });

  it('a page without a team: an empty team in the API, none in the export', async () => {
    await importCatalogue(app.database, fixtureCatalogue(), path.dirname(writeCatalogue()), mediaDir);
    expect((await app.inject('/fa/api/store/about-us/')).json()).toMatchObject([{ id: 1, team: [] }]);
    const { catalogue } = await exported();
    expect(catalogue.about_us).toEqual(fixtureCatalogue().about_us);
    await importCatalogueFile(app.database, writeCatalogue(withTeam()), mediaDir);
  });

  describe('the back office’s about-us page', () => {
    let agent: { cookie: string; csrf: string };
    const call = (options: InjectOptions) =>
      app.inject({
        ...options,
        headers: { cookie: agent.cookie, 'x-csrf-token': agent.csrf, ...options.headers },
      });

    beforeAll(async () => {
      const token = (await setupLinkIfNeeded(app, 'http://127.0.0.1'))!.split('/').pop()!;
      const done = await app.inject({
        method: 'POST',
        url: '/admin/api/setup',
        payload: { token, email: 'owner@example.com', name: 'Owner', password: 'a long enough password' },
      });
      agent = staffSession(done);
    });

    it('reads the team and saves it (reordered, one added, a photo removed) with its version', async () => {
      const current = (await call({ url: '/admin/api/about-us' })).json() as {
        version: string;
        entity: Required<AboutUsInput>;
      };
      expect(current.entity.team.map((m) => m.name.fa)).toEqual(['مینا کاظمی', 'بهرام نیکو']);
      const photo = current.entity.team[0]!.photo!.src;
      expect(photo).toMatch(/^[0-9a-f]{32}\.png$/);

      const [mina, bahram] = current.entity.team;
      const { photo: _minaPhoto, ...minaWithoutPhoto } = mina!;
      const team: TeamMemberInput[] = [
        { ...bahram!, photo: { src: photo, alt: { fa: 'چهره بهرام' } } },
        { name: { fa: 'لیلا', en: 'Leila' }, role: { fa: 'حسابدار' }, description: { fa: 'حساب‌ها' } },
        minaWithoutPhoto,
      ];
      const saved = await call({
        method: 'PUT',
        url: '/admin/api/about-us',
        payload: { version: current.version, entity: { content: current.entity.content, team } },
      });
      expect(saved.statusCode).toBe(200);
      const served = (await app.inject('/en/api/store/about-us/')).json() as {
        team: { name: string; photo: { alt: string } | null }[];
      }[];
      expect(served[0]!.team.map((m) => [m.name, m.photo?.alt ?? null])).toEqual([
        ['بهرام نیکو', 'چهره بهرام'],
        ['Leila', null],
        ['Mina Kazemi', null],
      ]);
      const again = (await call({ url: '/admin/api/about-us' })).json() as { version: string };
      expect(again.version).toBe((saved.json() as { version: string }).version);

      // A save from the version read before: 409 with the current page.
      const stale = await call({
        method: 'PUT',
        url: '/admin/api/about-us',
        payload: { version: current.version, entity: { content: current.entity.content, team: [] } },
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({
        current: { entity: { team: [{ name: { fa: 'بهرام نیکو' } }, {}, {}] } },
      });
    });

    it('refuses a photo that is not in the store and a member without a name, naming the field', async () => {
      const { version, entity } = (await call({ url: '/admin/api/about-us' })).json() as {
        version: string;
        entity: Required<AboutUsInput>;
      };
      const notStored = await call({
        method: 'PUT',
        url: '/admin/api/about-us',
        payload: {
          version,
          entity: { ...entity, team: [{ ...entity.team[0], photo: { src: '../../etc/passwd.png' } }] },
        },
      });
      expect(notStored.statusCode).toBe(400);
      expect(notStored.json()).toMatchObject({ codes: { 'entity.team.0.photo.src': ['reference_invalid'] } });
      const nameless = await call({
        method: 'PUT',
        url: '/admin/api/about-us',
        payload: { version, entity: { ...entity, team: [{ role: { fa: 'نقش' }, description: { fa: '' } }] } },
      });
      expect(nameless.statusCode).toBe(400);
      expect(JSON.stringify(nameless.json())).toContain('team.0.name');
      // Nothing was written.
      expect(((await call({ url: '/admin/api/about-us' })).json() as { version: string }).version).toBe(
        version,
      );
    });
  });
});
