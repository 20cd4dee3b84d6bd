import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { exportCatalogue } from './modules/catalogue/export.ts';
import { writeGeneratedStore } from './modules/catalogue/generate.ts';
import { Worker } from 'node:worker_threads';
import { SingleBar } from 'cli-progress';
import { CatalogueError, type ImportSummary } from './modules/catalogue/import.ts';
import type { ImportMessage } from './modules/catalogue/import-worker.ts';
import type { WriteSummary } from './modules/catalogue/writes.ts';
import { EnquiriesRepository } from './modules/enquiries/repository.ts';
import { StaffRepository } from './modules/admin/staff-repository.ts';
import { createInviteBodySchema } from '@storefront/contracts/admin';

const USAGE = `Usage:
  npm run db:migrate
  npm run catalogue -- import FILE        replace the store's catalogue with FILE
  npm run catalogue -- export FILE        write the store's catalogue to FILE (images beside it)
  npm run catalogue -- generate --products N --out DIR [--seed S]
                                          write a synthetic store to DIR/catalogue.json
  npm run orders -- list [--since DATE] [--format csv|json]
                                          print the order requests (oldest first)
  npm run staff -- create --email EMAIL --role owner|editor|sales
                                          print a one-time link that creates this back-office account

The database is the one DATA_DIR / DATABASE_URL name (see README.md).`;

class UsageError extends Error {}

/** Paths are relative to where the user ran npm, not to the package folder. */
const userPath = (p: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), p);

async function withDatabase<T>(fn: (db: ReturnType<typeof openDatabase>, mediaDir: string) => Promise<T>) {
  const config = loadConfig();
  const database = openDatabase(config);
  try {
    await migrateToLatest(database);
    return await fn(database, config.mediaDir);
  } finally {
    await database.destroy();
  }
}

export async function run(argv: string[]): Promise<void> {
  const [group, ...rest] = argv;
  if (group === 'migrate') {
    const config = loadConfig();
    const database = openDatabase(config);
    try {
      const applied = await migrateToLatest(database);
      console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
    } finally {
      await database.destroy();
    }
    return;
  }
  if (group === 'orders') {
    await listEnquiries(rest);
    return;
  }
  if (group === 'staff') {
    await staffCommand(rest);
    return;
  }
  if (group !== 'catalogue') throw new UsageError(`Unknown command: ${group ?? '(none)'}`);
  const [command, ...args] = rest;
  switch (command) {
    case 'import': {
      const file = args[0];
      if (!file || args.length > 1) throw new UsageError('import takes one FILE');
      const summary = await importInWorker(userPath(file));
      if (summary.unchanged) {
        console.log(`Unchanged: ${userPath(file)} is the catalogue already imported; nothing was written.`);
        return;
      }
      console.log(
        `Imported ${summary.products} products, ${summary.collections} collections, ${summary.subcollections} subcollections, ` +
          `${summary.industries} industries, ${summary.tags} tags, ${summary.posts} posts, ${summary.banners} banners, ` +
          `${summary.reviews} reviews, ${summary.images} images.`,
      );
      if (summary.changes) console.log(describeChanges(summary.changes));
      return;
    }
    case 'export': {
      const file = args[0];
      if (!file || args.length > 1) throw new UsageError('export takes one FILE');
      const catalogue = await withDatabase((db, media) => exportCatalogue(db, userPath(file), media));
      console.log(`Exported ${catalogue.products.length} products to ${userPath(file)}.`);
      return;
    }
    case 'generate': {
      const { values } = parseArgs({
        args,
        options: { products: { type: 'string' }, out: { type: 'string' }, seed: { type: 'string' } },
        strict: true,
      });
      const products = Number(values.products);
      const seed = values.seed === undefined ? 1 : Number(values.seed);
      if (!values.products || !Number.isInteger(products) || products < 0 || products > 2_000_000) {
        throw new UsageError('--products must be a whole number from 0 to 2000000');
      }
      if (!Number.isInteger(seed)) throw new UsageError('--seed must be a whole number');
      if (!values.out) throw new UsageError('--out DIR is required');
      const file = await writeGeneratedStore(userPath(values.out), { products, seed });
      console.log(`Wrote ${products} products to ${file}.`);
      return;
    }
    default:
      throw new UsageError(`Unknown catalogue command: ${command ?? '(none)'}`);
  }
}

/** `staff create`: a one-time link (an invitation with the role) that creates the account when opened. */
async function staffCommand(args: string[]): Promise<void> {
  const [command, ...rest] = args;
  if (command !== 'create') throw new UsageError(`Unknown staff command: ${command ?? '(none)'}`);
  const { values } = parseArgs({
    args: rest,
    options: { email: { type: 'string' }, role: { type: 'string' } },
    strict: true,
  });
  const body = createInviteBodySchema.safeParse({ email: values.email ?? '', role: values.role ?? '' });
  if (!body.success) {
    throw new UsageError('--email must be an email address and --role one of owner, editor, sales');
  }
  const config = loadConfig();
  await withDatabase(async (database) => {
    const staff = new StaffRepository(database.db);
    if (await staff.findByEmail(body.data.email))
      throw new Error(`A staff account with ${body.data.email} exists.`);
    const { token, expiresAt } = await staff.createLink({ kind: 'invite', ...body.data, createdBy: null });
    const base = config.publicUrl ?? `http://${config.host}:${config.port}`;
    console.log(
      `Open this one-time link to create the ${body.data.role} account ${body.data.email} (valid until ${expiresAt}):`,
    );
    console.log(`${base}/admin/invite/${token}`);
  });
}

async function listEnquiries(args: string[]): Promise<void> {
  const [command, ...rest] = args;
  if (command !== 'list') throw new UsageError(`Unknown orders command: ${command ?? '(none)'}`);
  const { values } = parseArgs({
    args: rest,
    options: { since: { type: 'string' }, format: { type: 'string', default: 'csv' } },
    strict: true,
  });
  if (values.format !== 'csv' && values.format !== 'json')
    throw new UsageError('--format must be csv or json');
  let since: string | undefined;
  if (values.since !== undefined) {
    const time = Date.parse(values.since);
    if (Number.isNaN(time))
      throw new UsageError(`--since must be a date such as 2026-01-31 (got "${values.since}")`);
    since = new Date(time).toISOString();
  }
  const rows = await withDatabase((db) => new EnquiriesRepository(db.db).list(since));
  if (values.format === 'json') {
    console.log(JSON.stringify(rows, null, 2));
    return;
  }
  const columns = [
    'id',
    'created_at',
    'language',
    'product_id',
    'product_title',
    'phone',
    'email',
    'description',
  ] as const;
  const cell = (value: unknown) => {
    const text = value === null || value === undefined ? '' : String(value);
    // Quote every cell; neutralise spreadsheet formulas.
    const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    return `"${safe.replaceAll('"', '""')}"`;
  };
  const lines = [columns.join(','), ...rows.map((row) => columns.map((c) => cell(row[c])).join(','))];
  process.stdout.write(`${lines.join('\r\n')}\r\n`);
}

/** The heap an import may use (MB): a 100,000-product file needs well under half of it. */
const IMPORT_HEAP_MB = 192;

/**
 * Runs `catalogue import` in a worker thread with a capped heap (import-worker.ts), drawing a
 * progress bar on a terminal: the file is read twice, to check it and then to write it.
 */
async function importInWorker(file: string): Promise<ImportSummary> {
  const started = performance.now();
  const bar = process.stderr.isTTY
    ? new SingleBar({
        format: '{phase} [{bar}] {percentage}% | {value}/{total} MB | {duration_formatted}',
        stream: process.stderr,
        hideCursor: true,
        clearOnComplete: true,
      })
    : undefined;
  let phase: string | undefined;
  const worker = new Worker(new URL('./modules/catalogue/import-worker.ts', import.meta.url), {
    workerData: { file },
    resourceLimits: { maxOldGenerationSizeMb: IMPORT_HEAP_MB },
  });
  try {
    const result = await new Promise<ImportMessage>((resolve, reject) => {
      worker.on('message', (message: ImportMessage) => {
        if (message.type !== 'progress') {
          resolve(message);
          return;
        }
        const { progress } = message;
        const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;
        const label = progress.phase === 'check' ? 'Checking' : 'Writing ';
        if (bar && phase !== label) {
          if (phase) bar.stop();
          bar.start(mb(progress.total), 0, { phase: label });
          phase = label;
        }
        bar?.update(mb(progress.bytes));
      });
      worker.on('error', reject);
      worker.on('exit', (code) => reject(new Error(`the import stopped (exit code ${code})`)));
    });
    bar?.stop();
    if (result.type === 'invalid') throw new CatalogueError(result.errors);
    if (result.type === 'failed') throw new Error(result.message);
    if (result.type === 'done') {
      console.error(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
      return result.summary;
    }
    throw new Error('the import ended without a result');
  } finally {
    bar?.stop();
    await worker.terminate();
  }
}

function describeChanges(changes: WriteSummary): string {
  const parts = Object.entries(changes)
    .filter(([, c]) => c.added + c.changed + c.removed > 0)
    .map(([kind, c]) => `${kind}: +${c.added} ~${c.changed} -${c.removed}`);
  return parts.length > 0 ? `Changes (added, changed, removed): ${parts.join('; ')}.` : 'No changes.';
}

if (import.meta.main) {
  run(process.argv.slice(2)).catch((error: unknown) => {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`${(error as Error).message}\n\n${USAGE}`);
      process.exit(2);
    }
    if (error instanceof CatalogueError || error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
