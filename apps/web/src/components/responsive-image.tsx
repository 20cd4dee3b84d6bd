import { mediaSrcSets } from '@storefront/contracts';
import type { ImgHTMLAttributes } from 'react';

/**
 * An image of the store's media at the size the screen needs: for a raster original, its AVIF and
 * WebP variants (made by the server, names from packages/contracts media.ts) through srcset and
 * `sizes`, the original as the fallback; SVG and images from elsewhere as they are. Props only: the
 * caller says how wide the image is shown (`sizes`), its intrinsic size (width, height: no layout
 * shift), and how it loads (`loading`, `fetchPriority` for the page's largest image).
 */
export function ResponsiveImage({
  src,
  sizes,
  ...image
}: ImgHTMLAttributes<HTMLImageElement> & { src: string; sizes: string }) {
  const sets = mediaSrcSets(src);
  // eslint-disable-next-line jsx-a11y-x/alt-text -- alt comes with the caller's props
  const img = <img src={src} {...image} />;
  if (!sets) return img;
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={sets.avif} sizes={sizes} />
      <source type="image/webp" srcSet={sets.webp} sizes={sizes} />
      {img}
    </picture>
  );
}

/** How wide images are shown, as `sizes` (the main column is at most 72rem = 1152 px wide). */
export const IMAGE_SIZES = {
  /** Product and news cards: one, two or three per row. */
  card: '(min-width: 1024px) 368px, (min-width: 640px) 50vw, 100vw',
  /** The home banner and a news post's picture: the main column. */
  wide: '(min-width: 1152px) 1152px, 100vw',
  /** The product gallery: half the main column on wide screens. */
  half: '(min-width: 768px) 560px, 100vw',
  /** The quick-view dialog's picture. */
  dialog: '(min-width: 640px) 560px, 100vw',
} as const;
