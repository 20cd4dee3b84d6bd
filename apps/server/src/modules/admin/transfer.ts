import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { MAX_IMPORT_BYTES, importErrorsSchema, importReportSchema } from '@storefront/contracts/admin';
import { errorDetailSchema } from '@storefront/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { detailedError, requestError } from '../../lib/errors.ts';
import { exportCatalogue } from '../catalogue/export.ts';
import { CatalogueError, importCatalogueFile } from '../catalogue/import.ts';
import { CATALOGUE_ROLES, staffOf } from './access.ts';
import { recordAudit } from './audit.ts';

/**
 * Import and export of the whole store from the back office, the same as the CLI's
 * `catalogue import` / `catalogue export`: an upload of `catalogue.json` alone or a zip holding it
 * with its images (unpacked into a temporary folder, every entry's path and size checked), checked
 * and written by the same import with the same report; a download of the store as a zip of
 * `catalogue.json` and `images/`.
 */

/** Entries a zip may hold, and their unpacked total. */
const MAX_ENTRIES = 50_000;
const MAX_UNPACKED = 2 * 1024 * 1024 * 1024;
const CATALOGUE_FILE = 'catalogue.json';

class ZipProblem extends Error {}

/** Unpacks `zipFile` into `dir`, refusing paths outside it, links and sizes beyond the limits. */
async function unzip(zipFile: string, dir: string): Promise<void> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(zipFile, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (error, z) =>
      error || !z ? reject(new ZipProblem('This is not a readable zip file.')) : resolve(z),
    ),
  );
  let entries = 0;
  let total = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', () => reject(new ZipProblem('The zip file is damaged.')));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        entries += 1;
        total += entry.uncompressedSize;
        if (entries > MAX_ENTRIES || total > MAX_UNPACKED) {
          reject(new ZipProblem('The zip file holds too much.'));
          return;
        }
        const name = entry.fileName;
        const target = path.resolve(dir, name);
        if (!target.startsWith(dir + path.sep) || name.includes('\\')) {
          reject(new ZipProblem(`The zip file names a path outside itself: ${name}`));
          return;
        }
        if (name.endsWith('/')) {
          fs.promises.mkdir(target, { recursive: true }).then(() => zip.readEntry(), reject);
          return;
        }
        zip.openReadStream(entry, (error, stream) => {
          if (error || !stream) {
            reject(new ZipProblem('The zip file is damaged.'));
            return;
          }
          fs.promises
            .mkdir(path.dirname(target), { recursive: true })
            .then(() => pipeline(stream, fs.createWriteStream(target, { flags: 'wx' })))
            .then(
              () => zip.readEntry(),
              () => reject(new ZipProblem('The zip file is damaged.')),
            );
        });
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
}

/** The folder holding catalogue.json: the zip's root, or its one top folder. */
function catalogueIn(dir: string): string | undefined {
  const direct = path.join(dir, CATALOGUE_FILE);
  if (fs.existsSync(direct)) return direct;
  const folders = fs.readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory());
  for (const folder of folders) {
    const nested = path.join(dir, folder.name, CATALOGUE_FILE);
    if (fs.existsSync(nested)) return nested;
  }
  return undefined;
}

export const transferRoutes: FastifyPluginAsyncZod = async (app) => {
  const mediaDir = app.config.mediaDir;
  /** One import at a time per process: a second one waits for its answer instead of interleaving. */
  let running: Promise<unknown> = Promise.resolve();

  app.post(
    '/import',
    {
      config: { roles: CATALOGUE_ROLES },
      bodyLimit: MAX_IMPORT_BYTES + 64 * 1024,
      schema: {
        response: {
          200: importReportSchema,
          400: importErrorsSchema,
          401: errorDetailSchema,
          403: errorDetailSchema,
          413: errorDetailSchema,
          415: errorDetailSchema,
        },
      },
    },
    async (request) => {
      const session = staffOf(request);
      if (!request.isMultipart()) {
        throw requestError(
          415,
          'unsupported_media_type',
          'Send the file as multipart/form-data in the field "file".',
        );
      }
      const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'admin-import-'));
      try {
        const file = await request.file({ limits: { fileSize: MAX_IMPORT_BYTES, files: 1 } });
        if (!file || file.fieldname !== 'file')
          throw requestError(400, 'bad_request', 'Send the file in the field "file".');
        const upload = path.join(dir, `upload-${crypto.randomUUID()}`);
        try {
          await pipeline(file.file, fs.createWriteStream(upload));
        } catch (error) {
          if (file.file.truncated || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
            throw requestError(
              413,
              'file_too_large',
              `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`,
            );
          }
          throw requestError(400, 'bad_request', 'The upload was cut off: send the file again.');
        }
        const head = Buffer.alloc(4);
        const handle = await fs.promises.open(upload);
        await handle.read(head, 0, 4, 0);
        await handle.close();
        let catalogueFile: string | undefined;
        if (head.readUInt32LE(0) === 0x04034b50) {
          const unpacked = path.join(dir, 'unpacked');
          await fs.promises.mkdir(unpacked);
          try {
            await unzip(upload, unpacked);
          } catch (error) {
            if (error instanceof ZipProblem) throw requestError(400, 'bad_request', error.message);
            throw error;
          }
          catalogueFile = catalogueIn(unpacked);
          if (!catalogueFile)
            throw requestError(400, 'bad_request', `The zip file holds no ${CATALOGUE_FILE}.`);
        } else {
          catalogueFile = path.join(dir, CATALOGUE_FILE);
          await fs.promises.rename(upload, catalogueFile);
        }
        const work = running.then(() => importCatalogueFile(app.database, catalogueFile, mediaDir));
        running = work.catch(() => undefined);
        try {
          const summary = await work;
          await recordAudit(app.database.db, session.staff, {
            action: 'import',
            entity: 'catalogue',
            summary: { products: summary.products, unchanged: summary.unchanged, changes: summary.changes },
          });
          return { summary: { ...summary, changes: summary.changes ?? null } };
        } catch (error) {
          if (error instanceof CatalogueError) {
            throw detailedError(
              400,
              'catalogue_invalid',
              `The catalogue is not valid (${error.errors.length} problems); nothing was written.`,
              { errors: error.errors },
            );
          }
          throw error;
        }
      } finally {
        await fs.promises.rm(dir, { recursive: true, force: true });
      }
    },
  );

  app.get('/export', { config: { roles: CATALOGUE_ROLES } }, async (request, reply) => {
    const session = staffOf(request);
    const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'admin-export-'));
    const cleanup = () => fs.promises.rm(dir, { recursive: true, force: true });
    try {
      const file = path.join(dir, CATALOGUE_FILE);
      await exportCatalogue(app.database, file, mediaDir);
      const zip = new yazl.ZipFile();
      zip.addFile(file, CATALOGUE_FILE);
      const images = path.join(dir, 'images');
      if (fs.existsSync(images)) {
        for (const name of await fs.promises.readdir(images)) {
          // Images are compressed already.
          zip.addFile(path.join(images, name), `images/${name}`, { compress: false });
        }
      }
      zip.end();
      zip.outputStream.on('close', () => void cleanup());
      zip.outputStream.on('error', () => void cleanup());
      await recordAudit(app.database.db, session.staff, {
        action: 'export',
        entity: 'catalogue',
        summary: {},
      });
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="catalogue-${stamp}.zip"`)
        .header('Cache-Control', 'no-store')
        .send(zip.outputStream);
    } catch (error) {
      await cleanup();
      throw error;
    }
  });
};
