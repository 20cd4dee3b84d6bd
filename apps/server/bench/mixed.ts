/**
 * `npm run bench:mixed`: the mixed load (issue 22) against the real server process
 * (`apps/server/src/main.ts`, the demo store it loads into an empty DATA_DIR, rate limits off;
 * started by tree-server.ts, as bench:endpoints starts it), on SQLite and PostgreSQL, with a bare
 * `node:http` baseline (bench/bare.ts) in the same run.
 *
 * 64 connections; reads 80 % — a product's detail 22 %, a page of 24 (offset 0 or 24, any ordering)
 * 14 %, a search among ~20 terms per language (30 % with a random suffix, so that the cache misses)
 * 14 %, a filter by product title or industry 10 %, a subcollection search 9 %, an industry search
 * 4 %, a post 9 %, a product's reviews 12 %, a signed-in user's like state or likes list 6 %; writes
 * 20 % — reviews, order requests, newsletter sign-ups and like/unlike in equal parts; every request in
 * fa or en at random.
 *
 * Arguments: the trees to measure, as `label=path` (default: this one), e.g. a git worktree of an
 * older commit: `npm run bench:mixed -- before=/tmp/before after=.`. Each tree's server runs from its
 * own sources; all of them run at once, and MIXED_ROUNDS (1) measured runs of each alternate between
 * them (the table gives medians), so that a busy moment of a shared machine does not fall on one tree
 * only. Knobs: MIXED_SECONDS (60), MIXED_WARMUP_SECONDS (5), MIXED_CONNECTIONS (64), MIXED_DATABASES
 * (`sqlite,postgres`), MIXED_PG_URL (an administrator's URL; a database of its own is created and
 * dropped per run), MIXED_ONLY (some rows of the mix by name, e.g. `reviews,review`: what one kind of
 * request costs under the same conditions). Prints a Markdown table; nothing is written.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startBare } from './bare.ts';
import { envNumber, percentile } from './load.ts';
import {
  benchWorkspace,
  databasesFrom,
  getJson,
  startTreeServer,
  treesFromArgs,
  type DatabaseKind,
  type TreeServer,
} from './tree-server.ts';

const SECONDS = envNumber('MIXED_SECONDS', 60);
const WARMUP_SECONDS = envNumber('MIXED_WARMUP_SECONDS', 5);
const CONNECTIONS = envNumber('MIXED_CONNECTIONS', 64);
const DATABASES = databasesFrom(process.env.MIXED_DATABASES);
const PG_ADMIN_URL = process.env.MIXED_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Measured runs per tree, alternating the trees' order; the table gives each figure's median. */
const ROUNDS = envNumber('MIXED_ROUNDS', 1);
const USERS = 16;
/** Only these rows of the mix (names as in `mix`, comma-separated), to see what one kind of request costs. */
const ONLY = (process.env.MIXED_ONLY ?? '')
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const LANGS = ['fa', 'en'] as const;
type Lang = (typeof LANGS)[number];

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const workspace = benchWorkspace('bench-mixed-');

const log = (text: string) => process.stderr.write(`${text}\n`);

/** A tree's server (tree-server.ts) with this bench's PostgreSQL databases. */
const startServer = (root: string, database: DatabaseKind): Promise<TreeServer> =>
  startTreeServer(root, database, { workspace, pgAdminUrl: PG_ADMIN_URL, pgDatabasePrefix: 'bench_mixed' });

// ---- what the load asks for -----------------------------------------------------------------

interface StoreFacts {
  products: number[];
  productTitles: Record<Lang, string[]>;
  industryTitles: Record<Lang, string[]>;
  subcollectionTitles: Record<Lang, string[]>;
  posts: number[];
  terms: Record<Lang, string[]>;
  tokens: string[];
}

/** The store's ids, titles and words, and signed-in users' tokens. */
async function storeFacts(url: string): Promise<StoreFacts> {
  const facts: StoreFacts = {
    products: [],
    productTitles: { fa: [], en: [] },
    industryTitles: { fa: [], en: [] },
    subcollectionTitles: { fa: [], en: [] },
    posts: [],
    terms: { fa: [], en: [] },
    tokens: [],
  };
  for (const lang of LANGS) {
    const products = await getJson<{ id: number; title: string; short_description: string }[]>(
      `${url}/${lang}/api/store/products/`,
    );
    facts.products = products.map((p) => p.id);
    facts.productTitles[lang] = products.map((p) => p.title);
    facts.industryTitles[lang] = (
      await getJson<{ title: string }[]>(`${url}/${lang}/api/store/industries/`)
    ).map((i) => i.title);
    facts.subcollectionTitles[lang] = (
      await getJson<{ title: string }[]>(`${url}/${lang}/api/store/subcollections/`)
    ).map((s) => s.title);
    facts.posts = (await getJson<{ id: number }[]>(`${url}/${lang}/api/store/posts/`)).map((p) => p.id);
    // About twenty search terms: words of the products' titles and short descriptions.
    const words = new Set<string>();
    for (const p of products)
      for (const word of `${p.title} ${p.short_description}`.split(/[\s,.،:;()«»"'/-]+/u))
        if ([...word].length >= 3) words.add(word.toLowerCase());
    facts.terms[lang] = [...words].slice(0, 20);
  }
  for (let i = 0; i < USERS; i += 1) {
    const username = `0935${String(1_000_000 + i).padStart(7, '0')}`;
    const password = `mixed-bench-${crypto.randomBytes(6).toString('hex')}`;
    const headers = { 'content-type': 'application/json' };
    await getJson(`${url}/fa/api/auth/users/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ username, password, email: `bench${i}@example.com` }),
    });
    const { access } = await getJson<{ access: string }>(`${url}/fa/api/auth/jwt/create/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ username, password }),
    });
    facts.tokens.push(access);
  }
  return facts;
}

interface MixedRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const q = encodeURIComponent;
const JSON_HEADERS = { 'content-type': 'application/json' };

/** A row of the mix: its name (MIXED_ONLY), its weight in % of all requests, a request. */
type Row = [name: string, weight: number, make: (lang: Lang) => MixedRequest];

/** The mix (only MIXED_ONLY's rows when it names some, their weights kept relative). */
function mix(facts: StoreFacts): Row[] {
  const get = (path: string, headers?: Record<string, string>): MixedRequest => ({
    method: 'GET',
    path,
    ...(headers ? { headers } : {}),
  });
  const post = (path: string, body: object, headers: Record<string, string> = {}): MixedRequest => ({
    method: 'POST',
    path,
    headers: { ...JSON_HEADERS, ...headers },
    body: JSON.stringify(body),
  });
  const auth = () => ({ authorization: `Bearer ${pick(facts.tokens)}` });
  const id = () => pick(facts.products);
  const reads: Row[] = [
    ['detail', 22, (lang) => get(`/${lang}/api/store/products/${id()}/`)],
    [
      'page',
      14,
      (lang) =>
        get(
          `/${lang}/api/store/products/?limit=24&offset=${pick([0, 24])}&ordering=${pick(['id', '-id', 'creation_date', '-creation_date'])}`,
        ),
    ],
    [
      'search',
      14,
      (lang) => {
        const term = pick(facts.terms[lang]);
        const search = Math.random() < 0.3 ? `${term}${Math.floor(Math.random() * 1e6)}` : term;
        return get(`/${lang}/api/store/products/?search=${q(search)}&limit=24`);
      },
    ],
    [
      'filter',
      10,
      (lang) =>
        Math.random() < 0.5
          ? get(`/${lang}/api/store/products/?product=${q(pick(facts.productTitles[lang]))}`)
          : get(`/${lang}/api/store/products/?industry=${q(pick(facts.industryTitles[lang]))}`),
    ],
    [
      'subcollections',
      9,
      (lang) => get(`/${lang}/api/store/subcollections/?search=${q(pick(facts.subcollectionTitles[lang]))}`),
    ],
    [
      'industries',
      4,
      (lang) => get(`/${lang}/api/store/industries/?search=${q(pick(facts.industryTitles[lang]))}`),
    ],
    ['post', 9, (lang) => get(`/${lang}/api/store/posts/${pick(facts.posts)}/`)],
    ['reviews', 12, (lang) => get(`/${lang}/api/store/products/${id()}/reviews/`)],
    [
      'likes',
      6,
      (lang) =>
        Math.random() < 0.5
          ? get(`/${lang}/api/store/products/${id()}/likes/`, auth())
          : get(`/${lang}/api/store/likes/`, auth()),
    ],
  ];
  let serial = 0;
  const writes: Row[] = [
    [
      'review',
      5,
      (lang) =>
        post(`/${lang}/api/store/products/${id()}/reviews/`, {
          name: lang === 'fa' ? 'سارا' : 'Sara',
          email: `reviewer${(serial += 1)}@example.com`,
          content: lang === 'fa' ? 'کیفیت بسیار خوب بود' : 'Very good quality',
        }),
    ],
    [
      'order',
      5,
      (lang) =>
        post(`/${lang}/api/store/products/${id()}/orders/`, {
          phone: '09121234567',
          email: `buyer${(serial += 1)}@example.com`,
          description: lang === 'fa' ? 'قیمت برای ۱۰۰ کیلو؟' : 'Price for 100 kg?',
        }),
    ],
    [
      'newsletter',
      5,
      (lang) => post(`/${lang}/api/store/emails/`, { email: `reader${(serial += 1)}@example.com` }),
    ],
    ['like', 5, (lang) => post(`/${lang}/api/store/products/${id()}/likes/`, {}, auth())],
  ];
  const rows: Row[] = [...reads.map(([name, w, f]): Row => [name, w * 0.8, f]), ...writes];
  if (ONLY.length === 0) return rows;
  const unknown = ONLY.filter((name) => !rows.some(([n]) => n === name));
  if (unknown.length > 0)
    throw new Error(`MIXED_ONLY: no row ${unknown.join(', ')} (rows: ${rows.map(([n]) => n).join(', ')})`);
  return rows.filter(([name]) => ONLY.includes(name));
}

// ---- the load -------------------------------------------------------------------------------

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  failures: number;
  requests: number;
}

function run(
  url: string,
  seconds: number,
  next: () => MixedRequest,
  onResponse?: (status: number, ms: number) => void,
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: seconds,
        pipelining: 1,
        requests: [
          {
            setupRequest: (request) => {
              const chosen = next();
              return {
                ...request,
                method: chosen.method,
                path: chosen.path,
                headers: chosen.headers ?? {},
                body: chosen.body ?? '',
              };
            },
          },
        ],
      },
      (error: unknown, result) =>
        error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(result),
    );
    if (onResponse) {
      instance.on('response', (_client, statusCode, _bytes, responseTime) =>
        onResponse(statusCode, responseTime),
      );
    }
  });
}

async function measure(url: string, next: () => MixedRequest, warmup = true): Promise<Figures> {
  if (warmup && WARMUP_SECONDS > 0) await run(url, WARMUP_SECONDS, next);
  const latencies: number[] = [];
  let failures = 0;
  const statuses = new Map<number, number>();
  const result = await run(url, SECONDS, next, (status, ms) => {
    latencies.push(ms);
    if (status >= 400) {
      failures += 1;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  });
  if (result.errors > 0) log(`  ${result.errors} connection errors`);
  if (failures > 0) log(`  answers ≥ 400: ${JSON.stringify(Object.fromEntries(statuses))}`);
  const sorted = Float64Array.from(latencies).sort();
  return {
    rps: latencies.length / SECONDS,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    failures,
    requests: latencies.length,
  };
}

/** Each figure's median over the rounds (failures: their sum). */
function median(rounds: Figures[]): Figures {
  const middle = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const at = sorted.length / 2;
    return sorted.length % 2 === 1 ? sorted[Math.floor(at)]! : (sorted[at - 1]! + sorted[at]!) / 2;
  };
  return {
    rps: middle(rounds.map((f) => f.rps)),
    p50: middle(rounds.map((f) => f.p50)),
    p99: middle(rounds.map((f) => f.p99)),
    failures: rounds.reduce((sum, f) => sum + f.failures, 0),
    requests: rounds.reduce((sum, f) => sum + f.requests, 0),
  };
}

function chooser(facts: StoreFacts): () => MixedRequest {
  const entries = mix(facts);
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  return () => {
    let at = Math.random() * total;
    const lang = pick(LANGS);
    for (const [, weight, make] of entries) {
      at -= weight;
      if (at < 0) return make(lang);
    }
    return entries[0]![2](lang);
  };
}

// ---- the run ----------------------------------------------------------------------------------

const trees = treesFromArgs(process.argv.slice(2), repoRoot);

const rows: string[] = [];
const loadAtStart = os.loadavg()[0]!;
const format = (f: Figures) =>
  `${Math.round(f.rps).toLocaleString('en')} req/s | ${f.p50.toFixed(1)} ms | ${f.p99.toFixed(1)} ms | ${f.failures}`;

log(
  `mixed load: ${CONNECTIONS} connections, ${SECONDS} s (+${WARMUP_SECONDS} s warm-up), ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}`,
);
let baselineBody: Buffer | undefined;
for (const database of DATABASES) {
  // Every tree's server runs at once (idle while another is measured); the rounds alternate their
  // order, so that a busy moment of a shared machine does not fall on one tree only.
  const servers: { label: string; server: TreeServer; next: () => MixedRequest; rounds: Figures[] }[] = [];
  try {
    for (const { label, root } of trees) {
      log(`${label} on ${database}: starting ${root}`);
      const server = await startServer(root, database);
      servers.push({ label, server, next: () => ({ method: 'GET', path: '/' }), rounds: [] });
      const facts = await storeFacts(server.url);
      servers.at(-1)!.next = chooser(facts);
      baselineBody ??= Buffer.from(
        await (await fetch(`${server.url}/fa/api/store/products/${facts.products[0]}/`)).arrayBuffer(),
      );
    }
    for (const entry of servers)
      if (WARMUP_SECONDS > 0) await run(entry.server.url, WARMUP_SECONDS, entry.next);
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = round % 2 === 0 ? servers : [...servers].reverse();
      for (const entry of order) {
        const figures = await measure(entry.server.url, entry.next, false);
        log(`  ${entry.label} on ${database}, round ${round + 1}: ${format(figures)}`);
        entry.rounds.push(figures);
      }
    }
    for (const entry of servers) {
      rows.push(`| ${entry.label} | ${database} | ${format(median(entry.rounds))} |`);
    }
  } finally {
    for (const entry of servers) await entry.server.stop();
  }
}
if (baselineBody) {
  // The same connections and duration against a bare node:http process sending a product's bytes.
  log('bare node:http');
  const bare = await startBare(path.join(workspace.dir, 'bare'), { '/p/': baselineBody }, workspace.children);
  try {
    const figures = await measure(bare.url, () => ({ method: 'GET', path: '/p/' }));
    log(`  ${format(figures)}`);
    rows.push(`| bare node:http (one product's bytes) | – | ${format(figures)} |`);
  } finally {
    bare.stop();
  }
}
console.log(
  [
    `Mixed load, ${CONNECTIONS} connections, ${SECONDS} s each (after ${WARMUP_SECONDS} s of warm-up; the median of ${ROUNDS} alternating round${ROUNDS === 1 ? '' : 's'}), ${new Date().toISOString()}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}; 1-minute load average ${loadAtStart.toFixed(1)} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end (other processes skew the figures)`,
    '',
    '| tree | database | throughput | p50 | p99 | answers ≥ 400 |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n'),
);
process.exit(0);
