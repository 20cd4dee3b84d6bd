/**
 * `npm run bench:enquiries` (also run by `npm run bench`): the back office's enquiry inbox at
 * 1,000,000 enquiries (BENCH_ENQUIRIES).
 *
 * On SQLite and then on PostgreSQL (a fresh database on BENCH_PG_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres; skipped when it does not answer): the real server
 * (`node apps/server/src/main.ts`) is started once on an empty store so that it migrates it and
 * loads the demo catalogue, then stopped; the enquiries are inserted directly (SQLite: one prepared
 * statement in big transactions, the FTS5 triggers firing as they do for a visitor's request;
 * PostgreSQL: INSERT … SELECT FROM unnest(arrays) of 10,000 rows, then VACUUM ANALYZE as autovacuum
 * would do), with realistic data: three years of requests, products of the catalogue or none,
 * Iranian mobile numbers, emails, Persian and English messages, statuses mostly settled, a few
 * thousand new and unread, most assigned. Then the server is started again and measured with
 * autocannon (32 connections, in this process) as a sales staff member: random pages over the
 * newest 10,000 (a list's limit), searches (a fragment of a phone number in Persian digits, of an email, a Persian word, an
 * English word), filters (status, status + assignee, product, 30 days), the unread count, the
 * dashboard and an enquiry's detail, each with random inputs. Baseline: a bare `node:http` child
 * sending the bytes of one list page. Results go to docs/benchmarks.md between
 * `<!-- enquiries:start -->` and `<!-- enquiries:end -->`.
 *
 * BENCH_KEEP=1 keeps the work folder and the PostgreSQL database (for EXPLAIN afterwards);
 * BENCH_DATABASES=postgres (or sqlite) measures one database and prints its figures only.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Selectable } from 'kysely';
import type { EnquiriesTable } from '../src/db/tables/accounts.ts';
import { ENQUIRY_COLUMNS } from '../src/modules/enquiries/repository.ts';
import { enquirySearchDocument } from '../src/modules/search/normalize.ts';
import { startBare } from './bare.ts';
import { freePort } from '../test/support/services.ts';
import { autocannonRun, envNumber, figuresOf } from './load.ts';
import { benchEnv, children, createBenchDatabase, runNode, untilHealthy, writeSection } from './processes.ts';

// ---- configuration ---------------------------------------------------------------------------------

const ENQUIRIES = Math.floor(envNumber('BENCH_ENQUIRIES', 1_000_000));
const SECONDS = envNumber('BENCH_SECONDS', 10);
const WARMUP = envNumber('BENCH_WARMUP_SECONDS', 2);
const CONNECTIONS = 32;
/** Runs whose answers take long each (fewer than 100 in BENCH_SECONDS) are measured this long. */
const LONG_SECONDS = Math.max(SECONDS, 30);
const PAGE_SIZE = 25;
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const KEEP = process.env.BENCH_KEEP === '1';
/** Which databases to measure (comma-separated: sqlite, postgres); only a run of both is written to the docs. */
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',').map((d) => d.trim());
/** Staff members (role sales) the enquiries are assigned to, besides the bench's own. */
const ASSIGNEES = 6;
const DAY = 86_400_000;
const SPAN = 3 * 365 * DAY;

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const serverMain = path.join(repoRoot, 'apps/server/src/main.ts');
const cli = path.join(repoRoot, 'apps/server/src/cli.ts');
const reportFile = path.join(repoRoot, 'docs/benchmarks.md');
const START = '<!-- enquiries:start -->';
const END = '<!-- enquiries:end -->';

const random = (n: number) => Math.floor(Math.random() * n);
const pick = <T>(list: readonly T[]): T => list[random(list.length)]!;
const log = (text: string) => console.log(text);
const f1 = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(1));
const persianDigits = (text: string) =>
  text.replace(/[0-9]/g, (d) => String.fromCodePoint(0x06f0 + Number(d)));

// ---- the data --------------------------------------------------------------------------------------

const FA_GOODS = [
  ...['زعفران', 'پسته', 'خرما', 'فرش', 'چای', 'کشمش', 'گردو', 'بادام', 'عسل', 'کاشی'],
  ...['فولاد', 'مس', 'پارچه', 'چرم', 'صابون', 'برنج', 'انجیر', 'زیره', 'گلاب', 'مرمر'],
];
const EN_GOODS = [
  ...['saffron', 'pistachio', 'dates', 'carpet', 'tea', 'raisins', 'walnut', 'almond', 'honey', 'tile'],
  ...['steel', 'copper', 'fabric', 'leather', 'soap', 'rice', 'fig', 'cumin', 'rosewater', 'marble'],
];
const FA_CITIES = ['مشهد', 'کرمان', 'تبریز', 'اصفهان', 'یزد', 'شیراز', 'تهران', 'کاشان', 'رشت', 'اهواز'];
const EN_CITIES = ['Mashhad', 'Kerman', 'Tabriz', 'Isfahan', 'Yazd', 'Shiraz', 'Tehran', 'Kashan', 'Dubai'];
const FA_KINDS = ['ممتاز', 'صادراتی', 'فله', 'بسته‌بندی', 'درجه یک', 'ارگانیک', 'سنتی', 'دست‌باف'];
const EN_KINDS = ['premium', 'export grade', 'bulk', 'packed', 'first grade', 'organic', 'traditional'];
const FA_OPENINGS = ['سلام', 'سلام وقت بخیر', 'با سلام و احترام', 'درود', 'وقت بخیر'];
const FA_ASKS = [
  'لطفاً قیمت',
  'قیمت و شرایط ارسال',
  'موجودی و قیمت عمده',
  'لطفاً پیش‌فاکتور',
  'امکان ارسال نمونه',
];
const FA_UNITS = ['کیلو', 'تن', 'کارتن', 'عدد', 'متر', 'بسته'];
const FA_CLOSINGS = [
  'را اعلام کنید.',
  'را بفرمایید. ممنون',
  'را برایم بفرستید.',
  'را اطلاع دهید. با تشکر',
  'با تماس تلفنی هماهنگ کنید.',
];
const EN_OPENINGS = ['Hello,', 'Hi,', 'Dear sales team,', 'Good morning,', 'Greetings,'];
const EN_ASKS = [
  'please send a quote for',
  'what is your best price for',
  'do you have in stock',
  'we would like a proforma for',
  'can you ship a sample of',
];
const EN_UNITS = ['kg', 'tons', 'boxes', 'pieces', 'metres', 'packs'];
const EN_CLOSINGS = [
  'Thanks.',
  'Regards.',
  'Please call me.',
  'Looking forward to your reply.',
  'Thank you!',
];
const FIRST = [
  ...['ali', 'reza', 'maryam', 'sara', 'mohammad', 'zahra', 'hossein', 'fatemeh', 'amir', 'neda'],
  ...['mehdi', 'leila', 'hamid', 'narges', 'saeed', 'mina', 'behnam', 'shirin', 'kaveh', 'parisa'],
  ...['john', 'anna', 'omar', 'lina', 'david', 'emma', 'yusuf', 'sofia', 'arash', 'roya'],
];
const LAST = [
  ...['ahmadi', 'hosseini', 'karimi', 'rezaei', 'moradi', 'mohammadi', 'jafari', 'rahimi', 'sadeghi'],
  ...['kazemi', 'ebrahimi', 'hashemi', 'ghasemi', 'salehi', 'tehrani', 'shirazi', 'kermani', 'smith'],
  ...['khan', 'haddad', 'nasser', 'farahani', 'bagheri', 'akbari', 'yazdani', 'najafi', 'zand'],
];
const DOMAINS = [
  'gmail.com',
  'yahoo.com',
  'outlook.com',
  'chmail.ir',
  'mail.ir',
  'example.ir',
  'hotmail.com',
];
const MOBILE = ['0912', '0935', '0919', '0901', '0990', '0917', '0915', '0937', '0921', '0991', '0913'];
/** Statuses of settled enquiries, as weights. */
const SETTLED: [string, number][] = [
  ['won', 30],
  ['lost', 33],
  ['contacted', 24],
  ['quoted', 10],
  ['spam', 2.7],
  ['new', 0.3],
];
const STATUSES = ['new', 'contacted', 'quoted', 'won', 'lost', 'spam'];
/** The newest enquiries that are still mostly new and unread. */
const FRESH = 2500;

interface Product {
  id: number;
  title: Record<string, string>;
}

/** A row of the enquiries table as the bench inserts it (the database gives the id). */
type StoredEnquiry = Omit<
  Selectable<EnquiriesTable>,
  | 'id'
  | 'user_id'
  | 'follow_hash'
  // The visitor's source (issue 26) keeps its defaults: the bench measures the inbox, not attribution.
  | 'source'
  | 'utm_source'
  | 'utm_medium'
  | 'utm_campaign'
  | 'referrer_host'
  | 'torob_clid'
  | 'landed_at'
  | 'first_quoted_at'
>;

/** The columns the bench fills: an enquiry's own, then its workflow and search document. */
const ORDER_COLUMNS = [
  ...ENQUIRY_COLUMNS.filter((column): column is Exclude<typeof column, 'id'> => column !== 'id'),
  'status',
  'assignee_id',
  'read_at',
  'search_doc',
] as const;

function weighted(list: [string, number][]): string {
  const total = list.reduce((a, [, w]) => a + w, 0);
  let r = Math.random() * total;
  for (const [value, w] of list) {
    r -= w;
    if (r < 0) return value;
  }
  return list.at(-1)![0];
}

const phoneOf = () => `${pick(MOBILE)}${String(random(10_000_000)).padStart(7, '0')}`;
const emailOf = () =>
  `${pick(FIRST)}${pick(['.', '_', ''])}${pick(LAST)}${random(3) === 0 ? random(1000) : ''}@${pick(DOMAINS)}`;

function description(language: string, goods: string): string {
  const qty = 1 + random(500);
  if (language === 'fa') {
    return [
      pick(FA_OPENINGS) + '،',
      pick(FA_ASKS),
      goods,
      random(2) ? pick(FA_KINDS) : '',
      'برای',
      persianDigits(String(qty)),
      pick(FA_UNITS),
      random(2) ? `تحویل در ${pick(FA_CITIES)}` : '',
      pick(FA_CLOSINGS),
    ]
      .filter(Boolean)
      .join(' ');
  }
  return [
    pick(EN_OPENINGS),
    pick(EN_ASKS),
    qty,
    pick(EN_UNITS),
    'of',
    random(2) ? pick(EN_KINDS) : '',
    goods,
    random(2) ? `delivered to ${pick(EN_CITIES)}.` : '.',
    pick(EN_CLOSINGS),
  ]
    .filter((w) => w !== '')
    .join(' ')
    .replace(' .', '.');
}

/** Enquiry `i` of `total` (oldest first): created_at rises with i, the newest are mostly new and unread. */
function makeOrder(
  i: number,
  total: number,
  now: number,
  products: Product[],
  staff: number[],
): StoredEnquiry {
  const at = now - SPAN + ((i + Math.random()) * SPAN) / total;
  const created = new Date(at).toISOString();
  const language = random(4) === 0 ? 'en' : 'fa';
  const product = products.length > 0 && random(5) !== 0 ? pick(products) : null;
  const productTitle = product ? (product.title[language] ?? Object.values(product.title)[0] ?? '') : '';
  const goodsIndex = random(FA_GOODS.length);
  const goods = language === 'fa' ? FA_GOODS[goodsIndex]! : EN_GOODS[goodsIndex]!;
  const fresh = total - i <= FRESH;
  const status = fresh && random(10) < 8 ? 'new' : weighted(SETTLED);
  const unread = status === 'new' ? random(10) < 9 : fresh && random(10) === 0;
  const assigned = status === 'new' ? random(5) === 0 : random(10) < 7;
  const phone = phoneOf();
  const email = random(10) < 7 ? emailOf() : '';
  const text = description(language, goods);
  return {
    product_id: product?.id ?? null,
    product_title: productTitle,
    phone,
    email,
    description: text,
    language,
    created_at: created,
    status,
    assignee_id: assigned && staff.length > 0 ? pick(staff) : null,
    read_at: unread ? null : new Date(Math.min(now, at + random(2 * DAY))).toISOString(),
    search_doc: enquirySearchDocument({ phone, email, description: text }),
  };
}

// ---- processes -------------------------------------------------------------------------------------

function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return runNode(cli, args, env, 'cli').done;
}

interface Server {
  url: string;
  stop(): Promise<void>;
}

/** `node apps/server/src/main.ts` as a process manager runs it (stdout, the request log, discarded). */
async function startServer(env: NodeJS.ProcessEnv): Promise<{ server: Server; startMs: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [serverMain], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = await untilHealthy(child, url, 20);
  return { startMs: performance.now() - started, server: { url, stop } };
}

// ---- load ------------------------------------------------------------------------------------------

interface Load {
  rps: number;
  p50: number;
  p99: number;
  responses: number;
  /** Requests that timed out or failed (autocannon's errors). */
  errors: number;
  /** Seconds measured (LONG_SECONDS for slow answers). */
  seconds: number;
}

/** autocannon with a path chosen per request; latencies at microsecond resolution; non-2xx fail. */
async function load(
  url: string,
  nextPath: () => string,
  headers: Record<string, string> = {},
  connections = CONNECTIONS,
): Promise<Load> {
  const once = (duration: number, record: boolean) =>
    autocannonRun({ url, connections, timeout: 60, headers, nextPath }, duration, record);
  await once(WARMUP, false);
  await drain(url, headers);
  let { latencies, result } = await once(SECONDS, true);
  await drain(url, headers);
  if (latencies.length < 100 && SECONDS < LONG_SECONDS) {
    // Answers that take long each (32 of them queue for seconds): a longer run for a usable p99.
    ({ latencies, result } = await once(LONG_SECONDS, true));
    await drain(url, headers);
  }
  if (result.non2xx > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx responses (${JSON.stringify(result.statusCodeStats)})`);
  }
  return { ...figuresOf(latencies, result), errors: result.errors, seconds: result.duration };
}

/**
 * Waits until the server has finished what the last run left in flight (autocannon closes its
 * sockets at the end of a run, but the server still answers the requests it had read): a cheap
 * request answered quickly twice in a row.
 */
async function drain(url: string, headers: Record<string, string>): Promise<void> {
  if (Object.keys(headers).length === 0) return;
  const until = performance.now() + 180_000;
  let quick = 0;
  while (quick < 2 && performance.now() < until) {
    const started = performance.now();
    await (await fetch(`${url}/admin/api/enquiries/unread`, { headers })).arrayBuffer();
    quick = performance.now() - started < 50 ? quick + 1 : 0;
  }
}

async function getBytes(url: string, headers: Record<string, string>): Promise<Buffer> {
  const res = await fetch(url, { headers });
  const bytes = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`${url} → ${res.status}: ${bytes.toString().slice(0, 300)}`);
  return bytes;
}

// ---- the store -------------------------------------------------------------------------------------

/** What the bench needs to know of a migrated store, read through its own connection. */
interface Store {
  products: Product[];
  /** Ids of the staff members enquiries are assigned to. */
  staff: number[];
  insert(rows: StoredEnquiry[]): Promise<void>;
  /** After the last insert (PostgreSQL: VACUUM ANALYZE, as autovacuum would); its seconds. */
  settle(): Promise<number>;
  ids(): Promise<{ min: number; max: number; count: number }>;
  close(): Promise<void>;
}

const staffRow = (i: number) => ({
  email: `sales${i}@bench.example`,
  name: `Sales ${i}`,
  created_at: new Date().toISOString(),
});

function sqliteStore(file: string): Store {
  const db = new SQLite(file);
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  const addStaff = db.prepare(
    `INSERT INTO staff (email, name, password_hash, role, created_at) VALUES (?, ?, 'x', 'sales', ?)`,
  );
  const staff = Array.from({ length: ASSIGNEES }, (_, i) => {
    const s = staffRow(i + 1);
    return Number(addStaff.run(s.email, s.name, s.created_at).lastInsertRowid);
  });
  const products = db
    .prepare('SELECT id, title FROM products ORDER BY id')
    .all()
    .map((r) => {
      const row = r as { id: number; title: string };
      return { id: row.id, title: JSON.parse(row.title) as Record<string, string> };
    });
  const statement = db.prepare(
    `INSERT INTO enquiries (${ORDER_COLUMNS.join(', ')}) VALUES (${ORDER_COLUMNS.map(() => '?').join(', ')})`,
  );
  const insertAll = db.transaction((rows: StoredEnquiry[]) => {
    for (const row of rows) statement.run(...ORDER_COLUMNS.map((c) => row[c]));
  });
  return {
    products,
    staff,
    insert: (rows) => {
      insertAll(rows);
      return Promise.resolve();
    },
    settle: () => {
      db.pragma('wal_checkpoint(TRUNCATE)');
      return Promise.resolve(0);
    },
    ids: () =>
      Promise.resolve(
        db.prepare('SELECT min(id) AS min, max(id) AS max, count(*) AS count FROM enquiries').get() as {
          min: number;
          max: number;
          count: number;
        },
      ),
    close: () => {
      db.close();
      return Promise.resolve();
    },
  };
}

async function postgresStore(url: string): Promise<Store> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const staff: number[] = [];
  for (let i = 1; i <= ASSIGNEES; i++) {
    const s = staffRow(i);
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO staff (email, name, password_hash, role, created_at) VALUES ($1, $2, 'x', 'sales', $3) RETURNING id`,
      [s.email, s.name, s.created_at],
    );
    staff.push(rows[0]!.id);
  }
  const products = (
    await client.query<{ id: number; title: string }>('SELECT id, title FROM products ORDER BY id')
  ).rows.map((row) => ({ id: row.id, title: JSON.parse(row.title) as Record<string, string> }));
  const types: Record<(typeof ORDER_COLUMNS)[number], string> = {
    product_id: 'int[]',
    product_title: 'text[]',
    phone: 'text[]',
    email: 'text[]',
    description: 'text[]',
    language: 'text[]',
    created_at: 'text[]',
    status: 'text[]',
    assignee_id: 'int[]',
    read_at: 'text[]',
    search_doc: 'text[]',
  };
  const text = `INSERT INTO enquiries (${ORDER_COLUMNS.join(', ')}) SELECT * FROM unnest(${ORDER_COLUMNS.map(
    (c, i) => `$${i + 1}::${types[c]}`,
  ).join(', ')})`;
  return {
    products,
    staff,
    insert: async (rows) => {
      await client.query(
        text,
        ORDER_COLUMNS.map((c) => rows.map((r) => r[c])),
      );
    },
    settle: async () => {
      const started = performance.now();
      await client.query('VACUUM (ANALYZE) enquiries');
      return (performance.now() - started) / 1000;
    },
    ids: async () =>
      (
        await client.query<{ min: number; max: number; count: string }>(
          'SELECT min(id) AS min, max(id) AS max, count(*) AS count FROM enquiries',
        )
      ).rows.map((r) => ({ min: r.min, max: r.max, count: Number(r.count) }))[0]!,
    close: () => client.end(),
  };
}

// ---- one database ----------------------------------------------------------------------------------

const MEASURES = [
  ['page', 'list, random page of 25 (1…400, the newest 10,000)'],
  ['searchPhone', 'search: phone fragment in Persian digits'],
  ['searchEmail', 'search: email fragment'],
  ['searchFa', 'search: a Persian word'],
  ['searchEn', 'search: an English word'],
  ['searchPhone1', 'search: phone fragment, one staff member at a time (1 connection)'],
  ['searchEmail1', 'search: email fragment, 1 connection'],
  ['searchFa1', 'search: a Persian word, 1 connection'],
  ['searchEn1', 'search: an English word, 1 connection'],
  ['status', 'filter: status'],
  ['statusAssignee', 'filter: status + assignee'],
  ['product', 'filter: product'],
  ['days', 'filter: a random 30 days (from/to)'],
  ['unread', 'unread count'],
  ['dashboard', 'dashboard'],
  ['detail', 'detail of a random enquiry (marks it read)'],
] as const;
type Measure = (typeof MEASURES)[number][0];
/** The target's measures: a page, every filter and the unread count. */
const TARGETED: Measure[] = ['page', 'status', 'statusAssignee', 'product', 'days', 'unread'];

interface Figures {
  rows: number;
  insertSeconds: number;
  settleSeconds: number;
  loads: Record<Measure, Load>;
  bare: Load;
  pageBytes: number;
}

async function measureDatabase(
  label: string,
  env: NodeJS.ProcessEnv,
  openStore: () => Promise<Store>,
  work: string,
): Promise<Figures> {
  log(`\n== ${label} ==`);
  // The server migrates the empty store and loads the demo catalogue.
  const first = await startServer({ ...env, LOAD_DEMO: 'true' });
  log(`first start (migrations, demo catalogue): ${Math.round(first.startMs)} ms`);
  await first.server.stop();

  const store = await openStore();
  log(`catalogue: ${store.products.length} products; ${store.staff.length} assignees`);
  const now = Date.now();
  const sample = { phones: [] as string[], emails: [] as string[] };
  const batch = label === 'SQLite' ? 50_000 : 10_000;
  let started = performance.now();
  for (let from = 0; from < ENQUIRIES; from += batch) {
    const rows: StoredEnquiry[] = [];
    for (let i = from; i < Math.min(ENQUIRIES, from + batch); i++) {
      rows.push(makeOrder(i, ENQUIRIES, now, store.products, store.staff));
    }
    for (let k = 0; k < 20; k++) {
      const row = pick(rows);
      sample.phones.push(row.phone);
      if (row.email) sample.emails.push(row.email);
    }
    await store.insert(rows);
    if ((from / batch) % 10 === 9)
      log(`  ${from + rows.length} rows, ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  const insertSeconds = (performance.now() - started) / 1000;
  log(`insert of ${ENQUIRIES} enquiries: ${insertSeconds.toFixed(1)} s`);
  const settleSeconds = await store.settle();
  if (settleSeconds > 0) log(`VACUUM ANALYZE: ${settleSeconds.toFixed(1)} s`);
  const ids = await store.ids();
  const { products, staff } = store;
  await store.close();

  started = performance.now();
  const { server } = await startServer(env);
  log(`server started in ${Math.round(performance.now() - started)} ms`);
  try {
    const link = (await runCli(['staff', 'create', '--email', 'bench@example.com', '--role', 'sales'], env))
      .trim()
      .split('\n')
      .pop()!;
    const accepted = await fetch(`${server.url}/admin/api/invites/${link.split('/').pop()!}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench', password: 'bench password 123' }),
    });
    if (accepted.status !== 201)
      throw new Error(`staff sign-up: ${accepted.status} ${await accepted.text()}`);
    const headers = { cookie: accepted.headers.get('set-cookie')!.split(';')[0]! };
    const api = '/admin/api';
    // A list pages through the newest ENQUIRY_LIST_LIMIT (10,000) matches: 400 pages of 25.
    const pages = Math.min(400, Math.ceil(ids.count / PAGE_SIZE));
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const q = (term: string) => `${api}/enquiries?q=${encodeURIComponent(term)}`;
    const fragment = (text: string, min: number, max: number) => {
      const length = min + random(max - min + 1);
      const start = random(Math.max(1, text.length - length + 1));
      return text.slice(start, start + length);
    };
    const paths: Record<Measure, () => string> = {
      page: () => `${api}/enquiries?page=${1 + random(pages)}`,
      searchPhone: () => q(persianDigits(pick(sample.phones).slice(0, 6 + random(3)))),
      searchEmail: () => q(fragment(pick(sample.emails).split('@')[0]!, 5, 8)),
      searchFa: () => q(pick([...FA_GOODS, ...FA_CITIES])),
      searchEn: () => q(pick([...EN_GOODS, ...EN_CITIES])),
      searchPhone1: () => paths.searchPhone(),
      searchEmail1: () => paths.searchEmail(),
      searchFa1: () => paths.searchFa(),
      searchEn1: () => paths.searchEn(),
      status: () => `${api}/enquiries?status=${pick(STATUSES)}`,
      statusAssignee: () => `${api}/enquiries?status=${pick(STATUSES)}&assignee=${pick(staff)}`,
      product: () => `${api}/enquiries?product=${products.length ? pick(products).id : 'general'}`,
      days: () => {
        const from = now - SPAN + random(SPAN - 30 * DAY);
        return `${api}/enquiries?from=${day(from)}&to=${day(from + 29 * DAY)}`;
      },
      unread: () => `${api}/enquiries/unread`,
      dashboard: () => `${api}/dashboard`,
      detail: () => `${api}/enquiries/${ids.min + random(ids.max - ids.min + 1)}`,
    };
    // Every kind answers before the load (a wrong path or a failing query stops the bench here).
    for (const [name] of MEASURES) await getBytes(server.url + paths[name](), headers);
    const loads = {} as Record<Measure, Load>;
    for (const [name, title] of MEASURES) {
      // The *1 measures: what one staff member's search takes on its own, no queue behind others.
      const result = await load(server.url, paths[name], headers, name.endsWith('1') ? 1 : CONNECTIONS);
      loads[name] = result;
      log(
        `${title}: ${Math.round(result.rps)} req/s, p50 ${f1(result.p50)} ms, p99 ${f1(result.p99)} ms` +
          (result.errors ? `, ${result.errors} errors` : ''),
      );
    }
    const pagePath = `${api}/enquiries?page=${1 + random(pages)}`;
    const pageBody = await getBytes(server.url + pagePath, headers);
    const bareServer = await startBare(path.join(work, `bare-${label}`), { [pagePath]: pageBody }, children);
    const bare = await load(bareServer.url, () => pagePath);
    bareServer.stop();
    log(`bare node:http, the same ${pageBody.length} bytes of a list page: ${Math.round(bare.rps)} req/s`);
    return { rows: ids.count, insertSeconds, settleSeconds, loads, bare, pageBytes: pageBody.length };
  } finally {
    await server.stop();
  }
}

// ---- the report ------------------------------------------------------------------------------------

function report(results: Record<string, Figures>, machine: string, notes: string[]): string {
  const names = Object.keys(results);
  const cell = (l: Load, bare: Load) =>
    `${Math.round(l.rps)} req/s, p50 ${f1(l.p50)} ms, p99 ${f1(l.p99)} ms (${(l.rps / bare.rps).toFixed(3)} of bare)` +
    (l.errors ? `, ${l.errors} timeouts` : '') +
    (l.seconds > SECONDS + 1 ? ` (${l.responses} answers in ${Math.round(l.seconds)} s)` : '');
  const row = (name: string, value: (f: Figures) => string) =>
    `| ${name} | ${names.map((n) => value(results[n]!)).join(' | ')} |`;
  const table = [
    `| measure | ${names.join(' | ')} |`,
    `|:--|${names.map(() => '--:').join('|')}|`,
    row('enquiries in the store', (f) => f.rows.toLocaleString('en-US')),
    row(
      'insert (direct, see above)',
      (f) =>
        `${f.insertSeconds.toFixed(1)} s (${Math.round(f.rows / f.insertSeconds).toLocaleString('en-US')} rows/s)` +
        (f.settleSeconds > 0 ? ` + VACUUM ANALYZE ${f.settleSeconds.toFixed(1)} s` : ''),
    ),
    ...MEASURES.map(([key, title]) => row(title, (f) => cell(f.loads[key], f.bare))),
    row(
      'bare `node:http`, the same bytes of one list page',
      (f) =>
        `${Math.round(f.bare.rps)} req/s, p50 ${f1(f.bare.p50)} ms, p99 ${f1(f.bare.p99)} ms (${f.pageBytes} B)`,
    ),
  ].join('\n');
  const target = names
    .map((n) => {
      const f = results[n]!;
      const over = TARGETED.filter((k) => f.loads[k].p99 > 100 || f.loads[k].errors > 0);
      return over.length === 0
        ? `${n}: **met**`
        : `${n}: **not met** (${over
            .map((k) => `${MEASURES.find(([key]) => key === k)![1]}: p99 ${f1(f.loads[k].p99)} ms`)
            .join('; ')})`;
    })
    .join('; ');
  const maxPage = Math.min(400, Math.ceil(ENQUIRIES / PAGE_SIZE));
  return `${START}
### Enquiry inbox: ${ENQUIRIES.toLocaleString('en-US')} enquiries (\`npm run bench:enquiries\`)

${new Date().toISOString().slice(0, 10)}, ${machine}. The real server (\`node apps/server/src/main.ts\`, default
configuration) on each database, migrated by its first start with the demo catalogue; the enquiries
inserted directly (SQLite: a prepared INSERT in transactions of 50,000, the FTS5 triggers firing;
PostgreSQL: INSERT … SELECT FROM unnest of 10,000 rows, then VACUUM ANALYZE as autovacuum would
run), created over the last 3 years, 80 % for a product of the catalogue, Persian (75 %) and English
messages, statuses mostly won/lost/contacted, the newest ${FRESH.toLocaleString('en-US')} mostly new and unread, most
assigned to one of ${ASSIGNEES} sales staff. autocannon on the same machine as a sales staff member, ${CONNECTIONS}
connections (the searches also with 1: one staff member's search on its own, no queue), ${WARMUP} s warm-up + ${SECONDS} s measured (${LONG_SECONDS} s when fewer than 100 answers came back;
the server finishes what a run left in flight before the next), random inputs per request (pages
1…${maxPage.toLocaleString('en-US')}, terms, statuses, assignees, products, days, ids); filters and searches ask for the first page. Ratios: req/s against a bare
\`node:http\` process sending the bytes of one list page, in the same run.${notes.length ? `\n\n${notes.join('\n')}` : ''}

${table}

Target: p99 ≤ 100 ms for a page, a filter and the unread count — ${target}.
${END}`;
}

async function main(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-enquiries-'));
  const cpus = os.cpus();
  const machine = `${cpus[0]?.model.trim() ?? 'CPU'}, ${cpus.length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB, Node ${process.version}`;
  log(`Enquiry inbox benchmark, ${ENQUIRIES} enquiries — ${machine}\nwork folder ${work}`);
  const notes: string[] = [];
  try {
    const base = benchEnv();
    const results: Record<string, Figures> = {};
    const sqliteDir = path.join(work, 'sqlite');
    if (DATABASES.includes('sqlite')) {
      results.SQLite = await measureDatabase(
        'SQLite',
        { ...base, DATA_DIR: sqliteDir },
        () => Promise.resolve(sqliteStore(path.join(sqliteDir, 'store.db'))),
        work,
      );
    }

    const dbName = `storefront_enquiries_${process.pid}`;
    const { admin, url: pgUrl, error } = await createBenchDatabase(PG_URL, dbName);
    if (error) {
      const note = `PostgreSQL at ${PG_URL} did not answer (${error.message}): skipped.`;
      log(note);
      notes.push(note);
    }
    if (pgUrl && !DATABASES.includes('postgres')) {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    } else if (pgUrl) {
      const url = pgUrl;
      try {
        results.PostgreSQL = await measureDatabase(
          'PostgreSQL',
          { ...base, DATA_DIR: path.join(work, 'pg-data'), DATABASE_URL: url },
          () => postgresStore(url),
          work,
        );
      } finally {
        if (KEEP) log(`kept the database ${url}`);
        else await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      }
    }
    await admin.end().catch(() => undefined);

    const section = report(results, machine, notes);
    log(`\n${section}`);
    if (!(DATABASES.includes('sqlite') && DATABASES.includes('postgres'))) {
      log('\nBENCH_DATABASES names one database: docs/benchmarks.md is left as it is.');
      return;
    }
    writeSection(reportFile, [START, END], section, (text) => `${text.trimEnd()}\n\n${section}\n`);
    log(`\nWritten to ${path.relative(repoRoot, reportFile)}`);
  } finally {
    if (KEEP) log(`kept the work folder ${work}`);
    else fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();
