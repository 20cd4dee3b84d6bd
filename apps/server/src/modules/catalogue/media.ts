import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { makeVariants } from '../media/variants.ts';

/** The media folder's name for an image: its content hash and its extension. */
export async function mediaNameOf(source: string, data?: Buffer): Promise<string> {
  const bytes = data ?? (await fs.promises.readFile(source));
  const hash = crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  return `${hash}${path.extname(source).toLowerCase()}`;
}

/**
 * Copies an image into the media folder under a name made from its content hash, so the same
 * image always gets the same name (re-imports are idempotent and URLs can be cached forever), and
 * makes its responsive variants (media/variants.ts; an image sharp cannot read keeps none, and is
 * served as it is). Returns the media reference (the file name).
 */
export async function storeMediaFile(source: string, mediaDir: string): Promise<string> {
  const data = await fs.promises.readFile(source);
  const name = await mediaNameOf(source, data);
  const target = path.join(mediaDir, name);
  if (!fs.existsSync(target)) {
    await fs.promises.mkdir(mediaDir, { recursive: true });
    const temp = `${target}.${process.pid}.tmp`;
    await fs.promises.writeFile(temp, data);
    await fs.promises.rename(temp, target);
  }
  await makeVariants(mediaDir, target).catch(() => undefined);
  return name;
}

export function isRemoteImage(ref: string): boolean {
  return /^https?:\/\//i.test(ref);
}
