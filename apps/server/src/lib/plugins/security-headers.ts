import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { ServerResponse } from 'node:http';
import Fastify, { type FastifyInstance, type onRequestHookHandler } from 'fastify';

/**
 * The headers @fastify/helmet sends with the given options, in the order it sends them. They depend
 * on nothing but the options (no CSP nonces here), so they are worked out once, by helmet itself on
 * a throwaway instance, instead of helmet parsing its whole configuration again for every request.
 * (Helmet also removes X-Powered-By, which neither Node nor Fastify sets.)
 */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<[string, string][]> {
  const probe = Fastify({ logger: false });
  const headers = new Map<string, [string, string]>();
  let recording = true;
  try {
    // Records what helmet's hooks set on the raw response (names as it spells them), in order,
    // until the route runs.
    probe.addHook('onRequest', (_request, reply, done) => {
      const raw = reply.raw;
      const setHeader = raw.setHeader.bind(raw);
      raw.setHeader = (name, value) => {
        if (recording) headers.set(name.toLowerCase(), [name, String(value)]);
        return setHeader(name, value);
      };
      done();
    });
    await probe.register(fastifyHelmet, options);
    probe.get('/', async () => {
      recording = false;
      return '';
    });
    const res = await probe.inject('/');
    if (res.statusCode !== 200 || headers.size === 0) {
      throw new Error(`helmet probe answered ${res.statusCode} with ${headers.size} headers`);
    }
    return [...headers.values()];
  } finally {
    await probe.close();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The security headers every answer carries (`registerSecurityHeaders`). */
    securityHeaders: SecurityHeaders;
  }
}

/** The security headers as the app sends them, for routes that write their answer's head themselves. */
export interface SecurityHeaders {
  /** Name, value, name, value…, in the order they are sent: the start of a head written in one go. */
  readonly flat: readonly string[];
  /** Sets them on Node's response one by one, as the app's hook does. */
  set(raw: ServerResponse): void;
  /**
   * The routes registered in `instance` (an encapsulated plugin, not its children) set the headers
   * themselves, on every answer: the app's hook leaves their requests alone.
   */
  setByRoutesOf(instance: FastifyInstance): void;
}

/**
 * Sends helmet's headers (worked out by `helmetHeaders`) with every answer, exactly as helmet did:
 * from an onRequest hook that runs first, for every route and the not-found handler, set on the raw
 * response (so a later `reply.header()` of the same name, as media do for their own
 * Content-Security-Policy, replaces the value in place). One synchronous loop over ready strings,
 * where helmet rebuilt its middleware, parsed its Content-Security-Policy directives and went through
 * a promise on every request. Answers given before the hooks run (lib/plugins/error-handling.ts) set the
 * same list themselves.
 *
 * A plugin whose routes answer some requests from their own first hook (the catalogue's cache hits,
 * modules/store/routes.ts) takes the headers over (`app.securityHeaders.setByRoutesOf(app)`): a hit
 * then writes them in its one `writeHead`, with its own headers, instead of twelve `setHeader` calls
 * (each validated and stored, then read back when the head is written), and every other request of
 * those routes gets them from `set` at the start of the route's hook. The hook knows the plugin by
 * `this`, which Fastify binds to the instance a route was registered in.
 */
export function registerSecurityHeaders(app: FastifyInstance, headers: [string, string][]): void {
  const names = headers.map(([name]) => name);
  const values = headers.map(([, value]) => value);
  const count = names.length;
  const set = (raw: ServerResponse) => {
    for (let i = 0; i < count; i += 1) raw.setHeader(names[i]!, values[i]!);
  };
  const setByRoutes = new WeakSet<FastifyInstance>();
  app.decorate('securityHeaders', {
    flat: Object.freeze(headers.flat()),
    set,
    setByRoutesOf: (instance: FastifyInstance) => void setByRoutes.add(instance),
  } satisfies SecurityHeaders);
  // A function, not an arrow: `this` is the instance the request's route was registered in.
  const hook: onRequestHookHandler = function (this: FastifyInstance, _request, reply, done) {
    if (!setByRoutes.has(this)) set(reply.raw);
    done();
  };
  app.addHook('onRequest', hook);
}
