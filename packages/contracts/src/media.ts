/**
 * Responsive variants of the store's raster images (JPEG, PNG, WebP, AVIF). When an image enters the
 * store the server makes each of these widths (never wider than the original) in AVIF and WebP,
 * named after the original's content hash: `/media/{hash}.jpg` → `/media/{hash}-640.avif`. The
 * storefront offers them through srcset; the server makes a missing one when it is first asked for.
 * SVG and GIF have none (SVG scales by itself; GIF may move).
 */
export const MEDIA_VARIANT_WIDTHS = [320, 640, 960, 1280] as const;
export const MEDIA_VARIANT_FORMATS = ['avif', 'webp'] as const;

export type MediaVariantWidth = (typeof MEDIA_VARIANT_WIDTHS)[number];
export type MediaVariantFormat = (typeof MEDIA_VARIANT_FORMATS)[number];

/** Original raster images by the extensions the store keeps them under. */
export const MEDIA_RASTER_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp', '.avif'] as const;

const ORIGINAL = /^(.*\/media\/)([0-9a-f]{32})\.(?:jpe?g|png|webp|avif)$/;
const VARIANT = /^([0-9a-f]{32})-(\d{3,4})\.(avif|webp)$/;

/** The variant file name of an original's hash. */
export function mediaVariantName(hash: string, width: MediaVariantWidth, format: MediaVariantFormat): string {
  return `${hash}-${width}.${format}`;
}

/** A media file name that names a variant: its original's hash, width and format; else null. */
export function parseMediaVariantName(
  name: string,
): { hash: string; width: MediaVariantWidth; format: MediaVariantFormat } | null {
  const match = VARIANT.exec(name);
  if (!match) return null;
  const width = Number(match[2]);
  if (!(MEDIA_VARIANT_WIDTHS as readonly number[]).includes(width)) return null;
  return { hash: match[1]!, width: width as MediaVariantWidth, format: match[3] as MediaVariantFormat };
}

/**
 * The srcset of each variant format for an image URL of the store's media, or null when the image has
 * none (SVG, GIF, an image elsewhere).
 */
export function mediaSrcSets(src: string): Record<MediaVariantFormat, string> | null {
  const match = ORIGINAL.exec(src);
  if (!match) return null;
  const [, base, hash] = match;
  const srcSet = (format: MediaVariantFormat) =>
    MEDIA_VARIANT_WIDTHS.map((width) => `${base}${mediaVariantName(hash!, width, format)} ${width}w`).join(
      ', ',
    );
  return { avif: srcSet('avif'), webp: srcSet('webp') };
}
