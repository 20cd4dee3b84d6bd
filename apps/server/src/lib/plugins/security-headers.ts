import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
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

/**
 * Sends helmet's headers (worked out by `helmetHeaders`) with every answer, exactly as helmet did:
 * from an onRequest hook that runs first, for every route and the not-found handler, set on the raw
 * response (so a later `reply.header()` of the same name, as media do for their own
 * Content-Security-Policy, replaces the value in place). One synchronous loop over ready strings,
 * where helmet rebuilt its middleware, parsed its Content-Security-Policy directives and went through
 * a promise on every request. Answers given before the hooks run (lib/plugins/error-handling.ts) set the
 * same list themselves.
 */
export function registerSecurityHeaders(app: FastifyInstance, headers: [string, string][]): void {
  const names = headers.map(([name]) => name);
  const values = headers.map(([, value]) => value);
  const count = names.length;
  const hook: onRequestHookHandler = (_request, reply, done) => {
    const raw = reply.raw;
    for (let i = 0; i < count; i += 1) raw.setHeader(names[i]!, values[i]!);
    done();
  };
  app.addHook('onRequest', hook);
}
