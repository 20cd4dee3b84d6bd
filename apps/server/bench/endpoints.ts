/**
 * `npm run bench:endpoints`: issue 22's table of single endpoints, measured the way the issue measured
 * it — wrk (/usr/bin/wrk), ENDPOINTS_SECONDS (6) per row, 32 connections for reads and 16 for writes —
 * against each tree's real server process (tree-server.ts: `apps/server/src/main.ts`,
 * NODE_ENV=production, the demo store, rate limits off) on SQLite and PostgreSQL, with a bare
 * `node:http` process sending the same bytes as the product detail (bench/bare.ts).
 *
 * Rows, all on the Persian API: a product's detail (one id, cached after the first request), the
 * first page of 24 (cached), the search «زعفران» (cached), a product's reviews (a random product per
 * request), POST an order request and POST a review (a random product and a new e-mail address per
 * request; reviews are anonymous in every tree measured so far, so no token is sent), then the bare
 * server. Every request is sent once before its row and must answer 2xx (a body a tree's contract
 * refuses stops the bench); during a row, write answers are counted by status in wrk's Lua, and
 * reads count wrk's answers ≥ 400, its timeouts and its socket errors, so that a row whose answers
 * failed shows it beside its rate.
 *
 * Arguments: the trees, as `label=path` (default: this one), e.g. the issue's baseline in a git
 * worktree: `npm run bench:endpoints -- base=/tmp/base after=.`. Each tree's server runs from its own
 * sources; they all run at once per database, and each row measures them in turn, the order
 * reversed on every other row, so that a busy moment of a shared machine does not fall on one tree
 * only. Ratios are each tree's req/s over the first tree's; the targets are the issue's (≥ 1.0, the
 * order request ≥ 0.8, the product detail ≥ 0.6 of bare), judged on the last tree. Knobs:
 * ENDPOINTS_SECONDS (6), ENDPOINTS_WARMUP_SECONDS (2, discarded, before each measured row),
 * ENDPOINTS_READ_CONNECTIONS (32), ENDPOINTS_WRITE_CONNECTIONS (16), ENDPOINTS_THREADS (wrk's, 2),
 * ENDPOINTS_DATABASES (`sqlite,postgres`), ENDPOINTS_ROWS (only the rows whose name has one of these words), ENDPOINTS_PG_URL (an administrator's URL; a database of
 * its own is created and dropped per server), WRK (/usr/bin/wrk). Prints Markdown tables; nothing
 * is written outside a temporary directory (the Lua scripts, the bare server's files).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sameHead, startBare } from './bare.ts';
import { envNumber } from './load.ts';
import {
  benchWorkspace,
  databasesFrom,
  getJson,
  startTreeServer,
  treesFromArgs,
  type DatabaseKind,
  type TreeServer,
} from './tree-server.ts';

const SECONDS = envNumber('ENDPOINTS_SECONDS', 6);
const WARMUP_SECONDS = envNumber('ENDPOINTS_WARMUP_SECONDS', 2);
const READ_CONNECTIONS = envNumber('ENDPOINTS_READ_CONNECTIONS', 32);
const WRITE_CONNECTIONS = envNumber('ENDPOINTS_WRITE_CONNECTIONS', 16);
const THREADS = envNumber('ENDPOINTS_THREADS', 2);
const DATABASES = databasesFrom(process.env.ENDPOINTS_DATABASES);
const PG_ADMIN_URL = process.env.ENDPOINTS_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const WRK = process.env.WRK ?? '/usr/bin/wrk';
const SEARCH_TERM = 'زعفران';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const workspace = benchWorkspace('bench-endpoints-');
const log = (text: string) => process.stderr.write(`${text}\n`);

// ---- wrk and its Lua scripts --------------------------------------------------------------------

/** What one row sends: one fixed request, or a path and body made per request. */
interface Load {
  method: 'GET' | 'POST';
  /** The path; `{id}` is replaced per request by one of `ids` when they are given. */
  path: string;
  ids?: readonly number[];
  /** A JSON body; `{serial}` is replaced per request by a number no other request of the run has. */
  body?: string;
}

const ID = '{id}';
const SERIAL = '{serial}';

/**
 * A Lua string literal of `text`: UTF-8 bytes as they are; quotes and backslashes escaped, controls
 * as three-digit decimal escapes (a shorter one would take a following digit in).
 */
function luaString(text: string): string {
  // eslint-disable-next-line no-control-regex -- these are the characters a Lua literal must escape
  const controls = /[\u0000-\u001f]/g;
  return `"${text.replace(/[\\"]/g, '\\$&').replace(controls, (c) => `\\${String(c.charCodeAt(0)).padStart(3, '0')}`)}"`;
}

const luaList = (items: readonly string[]) => `{ ${items.map(luaString).join(', ')} }`;

/**
 * The wrk script of a load. A fixed request is built once by wrk itself (its fastest path); a
 * per-request one goes through `request()`. Writes also count their answers by status in
 * `response()` (which makes wrk hand each answer to Lua: affordable at write rates, not at cached
 * reads', whose status is checked before the row). `done()` prints one line, `RESULT {json}`.
 */
function luaScript(load: Load, runTag: string, countStatuses: boolean): string {
  const lines = [
    '-- written by apps/server/bench/endpoints.ts',
    'local threads = {}',
    'local thread_count = 0',
    'function setup(thread)',
    '  thread_count = thread_count + 1',
    '  thread:set("thread_id", thread_count)',
    '  table.insert(threads, thread)',
    'end',
    'statuses = {}',
    'local serial = 0',
    'function init(args) math.randomseed(thread_id * 7919) end',
    `wrk.method = ${luaString(load.method)}`,
  ];
  const dynamic = load.ids !== undefined || load.body?.includes(SERIAL) === true;
  if (load.body !== undefined) lines.push('wrk.headers["Content-Type"] = "application/json"');
  if (!dynamic) {
    lines.push(`wrk.path = ${luaString(load.path)}`);
    if (load.body !== undefined) lines.push(`wrk.body = ${luaString(load.body)}`);
  } else {
    lines.push(
      `local ids = { ${(load.ids ?? [0]).join(', ')} }`,
      `local path_parts = ${luaList(load.path.split(ID))}`,
      `local body_parts = ${load.body === undefined ? 'nil' : luaList(load.body.split(SERIAL))}`,
      'local function join(parts, value)',
      '  local out = parts[1]',
      '  for i = 2, #parts do out = out .. value .. parts[i] end',
      '  return out',
      'end',
      'function request()',
      '  serial = serial + 1',
      '  local path = join(path_parts, ids[math.random(#ids)])',
      '  if body_parts == nil then return wrk.format(nil, path) end',
      `  return wrk.format(nil, path, nil, join(body_parts, ${luaString(runTag)} .. thread_id .. "x" .. serial))`,
      'end',
    );
  }
  if (countStatuses)
    lines.push('function response(status) statuses[status] = (statuses[status] or 0) + 1 end');
  lines.push(
    'function done(summary, latency, requests)',
    '  local all = {}',
    '  for _, thread in ipairs(threads) do',
    '    local counts = thread:get("statuses")',
    '    if counts then for status, n in pairs(counts) do all[status] = (all[status] or 0) + n end end',
    '  end',
    '  local parts = {}',
    '  for status, n in pairs(all) do parts[#parts + 1] = string.format(\'"%d":%d\', status, n) end',
    '  local e = summary.errors',
    '  io.write(string.format(\'\\nRESULT {"requests":%d,"duration_us":%d,"p50_us":%.1f,"p99_us":%.1f,\' ..',
    '    \'"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"statuses":{%s}}\\n\',',
    '    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),',
    '    e.connect, e.read, e.write, e.status, e.timeout, table.concat(parts, ",")))',
    'end',
  );
  return `${lines.join('\n')}\n`;
}

interface WrkResult {
  requests: number;
  duration_us: number;
  p50_us: number;
  p99_us: number;
  connect: number;
  read: number;
  write: number;
  status: number;
  timeout: number;
  statuses: Record<string, number>;
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  /** Answers that were not 2xx, by status, and requests that got no answer (timeouts, socket errors). */
  failures: Record<string, number>;
}

let scripts = 0;

function wrk(url: string, load: Load, connections: number, seconds: number): Promise<Figures> {
  const countStatuses = load.method !== 'GET';
  const script = path.join(workspace.dir, `row-${(scripts += 1)}.lua`);
  fs.writeFileSync(script, luaScript(load, `r${scripts}t`, countStatuses));
  const args = ['-t', String(Math.min(THREADS, connections)), '-c', String(connections)];
  args.push('-d', `${seconds}s`, '-s', script, url);
  return new Promise((resolve, reject) => {
    const child = spawn(WRK, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    workspace.children.add(child);
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      workspace.children.delete(child);
      const line = out.split('\n').find((l) => l.startsWith('RESULT '));
      if (code !== 0 || !line) {
        reject(new Error(`wrk ${args.join(' ')} exited ${code}: ${err || out}`));
        return;
      }
      const r = JSON.parse(line.slice('RESULT '.length)) as WrkResult;
      const failures: Record<string, number> = {};
      if (countStatuses) {
        for (const [status, n] of Object.entries(r.statuses))
          if (!status.startsWith('2')) failures[status] = n;
      } else if (r.status > 0) failures['≥ 400'] = r.status;
      if (r.timeout > 0) failures.timeout = r.timeout;
      const socket = r.connect + r.read + r.write;
      if (socket > 0) failures['socket error'] = socket;
      resolve({
        rps: r.requests / (r.duration_us / 1e6),
        p50: r.p50_us / 1000,
        p99: r.p99_us / 1000,
        failures,
      });
    });
  });
}

// ---- the rows -----------------------------------------------------------------------------------

interface Row {
  name: string;
  kind: 'read' | 'write';
  /** The issue's target for the last tree's ratio to the first's. */
  target: number;
  load: (facts: StoreFacts) => Load;
}

interface StoreFacts {
  products: number[];
}

const allRows: Row[] = [
  {
    name: 'product detail, one id (cached)',
    kind: 'read',
    target: 1,
    load: (facts) => ({ method: 'GET', path: `/fa/api/store/products/${facts.products[0]}/` }),
  },
  {
    name: 'page of 24 (cached)',
    kind: 'read',
    target: 1,
    load: () => ({ method: 'GET', path: '/fa/api/store/products/?limit=24&offset=0' }),
  },
  {
    name: `search «${SEARCH_TERM}» (cached)`,
    kind: 'read',
    target: 1,
    load: () => ({
      method: 'GET',
      path: `/fa/api/store/products/?search=${encodeURIComponent(SEARCH_TERM)}`,
    }),
  },
  {
    name: "a product's reviews",
    kind: 'read',
    target: 1,
    load: (facts) => ({ method: 'GET', path: `/fa/api/store/products/${ID}/reviews/`, ids: facts.products }),
  },
  {
    name: 'POST an order request',
    kind: 'write',
    target: 0.8,
    load: (facts) => ({
      method: 'POST',
      path: `/fa/api/store/products/${ID}/orders/`,
      ids: facts.products,
      body: JSON.stringify({
        phone: '09121234567',
        email: `buyer${SERIAL}@example.com`,
        description: 'قیمت برای ۱۰۰ کیلو، تحویل تهران؟',
      }),
    }),
  },
  {
    name: 'POST a review',
    kind: 'write',
    target: 1,
    load: (facts) => ({
      method: 'POST',
      path: `/fa/api/store/products/${ID}/reviews/`,
      ids: facts.products,
      body: JSON.stringify({
        name: 'سارا',
        email: `reviewer${SERIAL}@example.com`,
        content: 'کیفیت بسیار خوب بود و بسته‌بندی سالم رسید.',
      }),
    }),
  },
];

/**
 * ENDPOINTS_ROWS: only the rows whose name contains one of these comma-separated words (e.g.
 * `order,review`); unset: every row. The bare server's row needs the product detail's.
 */
const ROW_FILTER = process.env.ENDPOINTS_ROWS?.split(',')
  .map((word) => word.trim())
  .filter(Boolean);
const rows = ROW_FILTER ? allRows.filter((r) => ROW_FILTER.some((word) => r.name.includes(word))) : allRows;
const withBare = rows[0] === allRows[0];

/** One request of the load as its row will send it: it must answer 2xx (and not redirect). */
async function checkOnce(url: string, load: Load, label: string): Promise<void> {
  const path = load.path.replace(ID, String(load.ids?.[0] ?? ''));
  const res = await fetch(`${url}${path}`, {
    method: load.method,
    redirect: 'manual',
    ...(load.body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: load.body.replace(SERIAL, 'check') }),
  });
  const text = await res.text();
  if (res.status < 200 || res.status > 299)
    throw new Error(`${label}: ${load.method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
}

// ---- the run ------------------------------------------------------------------------------------

interface Measured {
  label: string;
  server: TreeServer;
  facts: StoreFacts;
  bare?: { url: string; stop: () => void };
  /** The bare server sending the product detail's whole answer: its head too (the security headers). */
  bareHead?: { url: string; stop: () => void };
  figures: Figures[];
}

const trees = treesFromArgs(process.argv.slice(2), repoRoot);
const loadAtStart = os.loadavg();
const int = (n: number) => Math.round(n).toLocaleString('en');
const failuresText = (f: Figures) =>
  Object.entries(f.failures)
    .map(([what, n]) => `${n} ${what}`)
    .join(', ') || '0';

/** Each tree's figures in the row's order, the order reversed on odd rows. */
async function measureRow(
  entries: Measured[],
  index: number,
  name: string,
  connections: number,
  target: (entry: Measured) => { url: string; load: Load },
): Promise<Figures[]> {
  const order = index % 2 === 0 ? entries : [...entries].reverse();
  const figures = new Map<Measured, Figures>();
  for (const entry of order) {
    const { url, load } = target(entry);
    await checkOnce(url, load, entry.label);
    await wrk(url, load, connections, WARMUP_SECONDS);
    const measured = await wrk(url, load, connections, SECONDS);
    log(
      `  ${name}, ${entry.label}: ${int(measured.rps)} req/s, p50 ${measured.p50.toFixed(2)} ms, p99 ${measured.p99.toFixed(2)} ms, not 2xx: ${failuresText(measured)}`,
    );
    figures.set(entry, measured);
  }
  return entries.map((entry) => figures.get(entry)!);
}

function table(
  database: DatabaseKind,
  entries: Measured[],
  results: Figures[][],
  bare: Figures[],
  bareHead: Figures[],
): string {
  const first = entries[0]!;
  const last = entries.at(-1)!;
  const ratioHeads = entries.slice(1).map((e) => `${e.label}/${first.label}`);
  const heads = [
    'row',
    ...entries.flatMap((e) => [`${e.label} req/s`, 'p50', 'p99']),
    ...ratioHeads,
    'target',
    `not 2xx (${entries.map((e) => e.label).join(' / ')})`,
  ];
  const cells = (f: Figures) => [int(f.rps), `${f.p50.toFixed(2)} ms`, `${f.p99.toFixed(2)} ms`];
  const verdict = (ratio: number, target: number) => `≥ ${target.toFixed(1)} ${ratio >= target ? '✓' : '✗'}`;
  const lines = [
    `### ${database === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`,
    '',
    `| ${heads.join(' | ')} |`,
    `|${heads.map((_, i) => (i === 0 ? '---' : '--:')).join('|')}|`,
  ];
  const row = (name: string, figures: Figures[], target: string) => {
    const ratios = figures.slice(1).map((f) => (f.rps / figures[0]!.rps).toFixed(2));
    lines.push(
      `| ${[name, ...figures.flatMap(cells), ...ratios, target, figures.map(failuresText).join(' / ')].join(' | ')} |`,
    );
  };
  rows.forEach((r, i) => {
    const figures = results[i]!;
    row(r.name, figures, verdict(figures.at(-1)!.rps / figures[0]!.rps, r.target));
  });
  if (!withBare) return lines.join('\n');
  row("bare node:http, the product detail's body", bare, '–');
  row("bare node:http, the product detail's head and body", bareHead, '–');
  const over = (name: string, of: Figures[], judged: boolean) => {
    const ratios = entries.map((_, i) => results[0]![i]!.rps / of[i]!.rps);
    lines.push(
      `| ${[
        name,
        ...ratios.flatMap((r) => [r.toFixed(2), '', '']),
        ...ratioHeads.map(() => ''),
        judged ? `≥ 0.6 of bare (${last.label}) ${ratios.at(-1)! >= 0.6 ? '✓' : '✗'}` : '–',
        '',
      ].join(' | ')} |`,
    );
  };
  // The issue's target: the same bytes, so the answer's head (the spec's security headers) as well.
  over('product detail ÷ bare (body only)', bare, false);
  over('product detail ÷ bare (the same bytes: head and body)', bareHead, true);
  return lines.join('\n');
}

log(
  `endpoints: wrk, ${SECONDS} s per row (+${WARMUP_SECONDS} s warm-up), ${READ_CONNECTIONS} connections for reads, ${WRITE_CONNECTIONS} for writes, ${THREADS} wrk threads; ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}`,
);
const tables: string[] = [];
for (const database of DATABASES) {
  const entries: Measured[] = [];
  try {
    for (const { label, root } of trees) {
      log(`${label} on ${database}: starting ${root}`);
      const server = await startTreeServer(root, database, {
        workspace,
        pgAdminUrl: PG_ADMIN_URL,
        pgDatabasePrefix: 'bench_endpoints',
      });
      const products = (await getJson<{ id: number }[]>(`${server.url}/fa/api/store/products/`)).map(
        (p) => p.id,
      );
      entries.push({ label, server, facts: { products }, figures: [] });
    }
    log(`${database}: ${entries.map((e) => `${e.label} ${e.facts.products.length} products`).join(', ')}`);
    const results: Figures[][] = [];
    for (const [index, r] of rows.entries()) {
      const connections = r.kind === 'read' ? READ_CONNECTIONS : WRITE_CONNECTIONS;
      results.push(
        await measureRow(entries, index, r.name, connections, (entry) => ({
          url: entry.server.url,
          load: r.load(entry.facts),
        })),
      );
    }
    // Each tree's bare servers send that tree's product detail, byte for byte (no compression: wrk
    // asks for none): one with Content-Type alone (and the headers Node adds itself), one with the
    // answer's whole head, security headers included.
    for (const entry of withBare ? entries : []) {
      const detail = rows[0]!.load(entry.facts);
      const res = await fetch(`${entry.server.url}${detail.path}`, {
        headers: { 'accept-encoding': 'identity' },
      });
      const body = Buffer.from(await res.arrayBuffer());
      entry.bare = await startBare(
        path.join(workspace.dir, `bare-${database}-${entry.label}`),
        { [detail.path]: body },
        workspace.children,
      );
      entry.bareHead = await startBare(
        path.join(workspace.dir, `bare-head-${database}-${entry.label}`),
        { [detail.path]: { body, headers: sameHead(res.headers) } },
        workspace.children,
      );
    }
    const bare = withBare
      ? await measureRow(entries, rows.length, 'bare node:http', READ_CONNECTIONS, (entry) => ({
          url: entry.bare!.url,
          load: rows[0]!.load(entry.facts),
        }))
      : [];
    const bareHead = withBare
      ? await measureRow(
          entries,
          rows.length + 1,
          'bare node:http, head and body',
          READ_CONNECTIONS,
          (entry) => ({
            url: entry.bareHead!.url,
            load: rows[0]!.load(entry.facts),
          }),
        )
      : [];
    tables.push(table(database, entries, results, bare, bareHead));
  } finally {
    for (const entry of entries) {
      entry.bare?.stop();
      entry.bareHead?.stop();
      await entry.server.stop();
    }
  }
}
const loadAtEnd = os.loadavg();
console.log(
  [
    `Issue 22's endpoints, wrk ${SECONDS} s per row after ${WARMUP_SECONDS} s of warm-up, ${READ_CONNECTIONS} connections for reads and ${WRITE_CONNECTIONS} for writes (${THREADS} wrk threads), trees measured in turn per row (${trees.map((t) => `${t.label}=${t.root}`).join(', ')}), ${new Date().toISOString()}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}; load average ${loadAtStart.map((l) => l.toFixed(2)).join(' ')} at the start, ${loadAtEnd.map((l) => l.toFixed(2)).join(' ')} at the end (the load generator shares the machine; other processes skew the figures)`,
    '',
    ...tables.flatMap((t) => [t, '']),
  ].join('\n'),
);
process.exit(0);
