import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { importCatalogueFile } from '../../src/modules/catalogue/import.ts';
import type { TestStore } from './databases.ts';
import { writeCatalogue } from './fixture.ts';

/**
 * For the running suite: builds the app on the suite's fresh store with the fixture catalogue (or
 * the file `catalogue` writes) imported, hands it and its media folder to `use`, and closes it after
 * the suite.
 */
export function withFixtureApp(
  store: () => TestStore,
  use: (app: FastifyInstance, mediaDir: string) => void,
  catalogue: () => string = () => writeCatalogue(),
): void {
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    app = await buildApp(store().config);
    const mediaDir = path.join(store().config.dataDir, 'media');
    await importCatalogueFile(app.database, catalogue(), mediaDir);
    use(app, mediaDir);
  });
  afterAll(async () => {
    await app?.close();
  });
}

/**
 * A real, active user of the app's store (tokens are checked against their user), with that email
 * (none by default), and its access token.
 */
export async function createUserWithToken(
  app: FastifyInstance,
  username = `0912${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
  email = '',
): Promise<{ id: number; access: string; refresh: string }> {
  const user = await app.users.create(username, email, 'not-a-real-hash');
  if (!user) throw new Error(`user ${username} exists`);
  return {
    id: user.id,
    access: await app.tokens.sign(user.id, 'access'),
    refresh: await app.tokens.sign(user.id, 'refresh'),
  };
}

/** The back-office session cookie an answer set (sign-in, setup, an accepted invitation); throws when it set none. */
export function staffCookie(response: LightMyRequestResponse): string {
  const set = response.cookies.find((c) => c.name === 'staff_session');
  if (!set) throw new Error(`no session cookie: ${response.statusCode} ${response.body}`);
  return `staff_session=${set.value}`;
}

/** The back-office session such an answer opened: its cookie and its CSRF token for writes. */
export function staffSession(response: LightMyRequestResponse): { cookie: string; csrf: string } {
  return { cookie: staffCookie(response), csrf: (response.json() as { csrf_token: string }).csrf_token };
}

/** A signed-in staff member: its session cookie, its CSRF token and its id. */
export interface StaffAgent {
  cookie: string;
  csrf: string;
  id: number;
}

/** A request as that staff member (its cookie and CSRF token), or signed out when there is none. */
export function injectAs(
  app: FastifyInstance,
  agent: { cookie: string; csrf: string } | undefined,
  options: InjectOptions,
) {
  return app.inject({
    ...options,
    headers: {
      ...(agent ? { cookie: agent.cookie, 'x-csrf-token': agent.csrf } : {}),
      ...options.headers,
    },
  });
}
