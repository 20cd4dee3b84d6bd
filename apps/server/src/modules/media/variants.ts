import fs from 'node:fs';
import path from 'node:path';
import {
  MEDIA_RASTER_EXTENSIONS,
  MEDIA_VARIANT_FORMATS,
  MEDIA_VARIANT_WIDTHS,
  mediaVariantName,
  type MediaVariantFormat,
  type MediaVariantWidth,
} from '@storefront/contracts';
import sharp, { type Sharp } from 'sharp';

/**
 * Responsive variants of the store's raster images (the names and widths: packages/contracts
 * media.ts), made with sharp: when an image enters the store (catalogue/media.ts storeMediaFile) and,
 * for an image stored before variants existed, when a variant is first asked for (media/routes.ts).
 * Each file is written under a temporary name and renamed, so a reader never sees half a file, and
 * concurrent requests for one variant share one encoding.
 */

/** Encoder settings: visually close to the original at a fraction of its bytes. */
const ENCODE: Record<MediaVariantFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 4 }),
  webp: (image) => image.webp({ quality: 75 }),
};

/** Images larger than this many pixels are not decoded (a decompression bomb is refused). */
const MAX_PIXELS = 50_000_000;

/** Whether an original (by its media file name) gets variants. */
export function hasVariants(name: string): boolean {
  return (MEDIA_RASTER_EXTENSIONS as readonly string[]).includes(path.extname(name).toLowerCase());
}

/** The original of a hash in the media folder (its extension is not in the variant's name), or null. */
export async function originalOf(mediaDir: string, hash: string): Promise<string | null> {
  for (const ext of MEDIA_RASTER_EXTENSIONS) {
    const candidate = path.join(mediaDir, `${hash}${ext}`);
    if (
      await fs.promises.stat(candidate).then(
        (s) => s.isFile(),
        () => false,
      )
    )
      return candidate;
  }
  return null;
}

const inFlight = new Map<string, Promise<void>>();

/** Makes one variant unless it exists; concurrent calls for one file share the work. */
export function makeVariant(
  mediaDir: string,
  original: string,
  width: MediaVariantWidth,
  format: MediaVariantFormat,
): Promise<void> {
  const hash = path.basename(original, path.extname(original));
  const target = path.join(mediaDir, mediaVariantName(hash, width, format));
  const running = inFlight.get(target);
  if (running) return running;
  const work = (async () => {
    if (fs.existsSync(target)) return;
    const image = sharp(original, { limitInputPixels: MAX_PIXELS, animated: false })
      .rotate()
      .resize({ width, withoutEnlargement: true });
    const temp = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    try {
      await ENCODE[format](image).toFile(temp);
      await fs.promises.rename(temp, target);
    } catch (error) {
      await fs.promises.rm(temp, { force: true });
      throw error;
    }
  })().finally(() => inFlight.delete(target));
  inFlight.set(target, work);
  return work;
}

/** Every variant of a newly stored original (nothing for SVG and GIF), one after the other. */
export async function makeVariants(mediaDir: string, original: string): Promise<void> {
  if (!hasVariants(original)) return;
  for (const format of MEDIA_VARIANT_FORMATS)
    for (const width of MEDIA_VARIANT_WIDTHS) await makeVariant(mediaDir, original, width, format);
}
