import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IMAGE_SIZES, ResponsiveImage } from './responsive-image.tsx';

const HASH = 'a'.repeat(32);

describe('ResponsiveImage', () => {
  it('offers a raster image of the store as AVIF and WebP at every width, the original as fallback', () => {
    const { container } = render(
      <ResponsiveImage
        src={`/media/${HASH}.jpg`}
        sizes={IMAGE_SIZES.card}
        alt="A saffron tin"
        width={640}
        height={480}
        loading="lazy"
      />,
    );
    const sources = [...container.querySelectorAll('picture > source')];
    expect(sources.map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]!.getAttribute('srcset')).toBe(
      [320, 640, 960, 1280].map((w) => `/media/${HASH}-${w}.avif ${w}w`).join(', '),
    );
    expect(sources[1]!.getAttribute('sizes')).toBe(IMAGE_SIZES.card);
    const img = container.querySelector('picture > img')!;
    expect(img.getAttribute('src')).toBe(`/media/${HASH}.jpg`);
    expect(img.getAttribute('alt')).toBe('A saffron tin');
    expect(img.getAttribute('width')).toBe('640');
    expect(img.getAttribute('loading')).toBe('lazy');
  });

  it('leaves SVG and images from elsewhere as they are', () => {
    for (const src of [`/media/${HASH}.svg`, 'https://cdn.example.com/p.jpg', `/media/${HASH}.gif`]) {
      const { container, unmount } = render(<ResponsiveImage src={src} sizes="100vw" alt="" />);
      expect(container.querySelector('picture')).toBeNull();
      expect(container.querySelector('img')!.getAttribute('src')).toBe(src);
      unmount();
    }
  });
});
