import type { ProductImage } from '@storefront/contracts/catalogue';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImageList } from '../src/components/image-list.tsx';
import { renderWithProviders } from './render.tsx';
import { fakeUpload, uploaded } from './uploads.ts';

/** The list as a form holds it: every change kept, the last one readable by the test. */
function Held({ start, altText }: { start: ProductImage[]; altText?: boolean }) {
  const [images, setImages] = useState<ProductImage[]>(start);
  return (
    <>
      {altText ? (
        <ImageList altText label="Images" value={images} onChange={setImages} />
      ) : (
        <ImageList label="Gallery" value={images as string[]} onChange={setImages} />
      )}
      <output data-testid="value">{JSON.stringify(images)}</output>
    </>
  );
}

const value = () => JSON.parse(screen.getByTestId('value').textContent ?? 'null') as unknown;

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

afterEach(() => vi.unstubAllGlobals());

/** Each file sent gets the next reference: up1.png, up2.png… */
const numbered = () => fakeUpload(201, (n) => uploaded(`up${n}.png`));

describe('the image list', () => {
  it('moves an image earlier or later; the ends cannot move further', async () => {
    renderWithProviders(<Held start={['a.jpg', 'b.jpg', 'c.jpg']} />);
    expect(screen.getByRole('button', { name: 'Move image 1 earlier' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move image 3 later' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Move image 1 later' }));
    expect(value()).toEqual(['b.jpg', 'a.jpg', 'c.jpg']);
    await userEvent.click(screen.getByRole('button', { name: 'Move image 3 earlier' }));
    expect(value()).toEqual(['b.jpg', 'c.jpg', 'a.jpg']);
  });

  it('removes the image named, and shows each one numbered', async () => {
    renderWithProviders(<Held start={['a.jpg', 'b.jpg', 'c.jpg']} />);
    expect(screen.getByRole('img', { name: 'Image 2' })).toHaveAttribute('src', '/media/b.jpg');
    await userEvent.click(screen.getByRole('button', { name: 'Remove image 2' }));
    expect(value()).toEqual(['a.jpg', 'c.jpg']);
    expect(screen.queryByRole('img', { name: 'Image 3' })).toBeNull();
  });

  it('a plain list has no alt text fields; a product’s has one per language and image', () => {
    const { unmount } = renderWithProviders(<Held start={['a.jpg']} />);
    expect(screen.queryByLabelText(/alt text/)).toBeNull();
    unmount();
    renderWithProviders(<Held altText start={['a.jpg', { src: 'b.jpg', alt: { fa: 'دو', en: 'Two' } }]} />);
    expect(screen.getByLabelText('Image 1 alt text (Persian)')).toHaveValue('');
    expect(screen.getByLabelText('Image 2 alt text (Persian)')).toHaveValue('دو');
    expect(screen.getByLabelText('Image 2 alt text (English)')).toHaveValue('Two');
    expect(screen.getByLabelText('Image 2 alt text (Persian)')).toHaveAttribute('dir', 'rtl');
    expect(screen.getByLabelText('Image 2 alt text (English)')).toHaveAttribute('dir', 'ltr');
    // The Persian alt text is the thumbnail's own.
    expect(screen.getByRole('img', { name: 'دو' })).toHaveAttribute('src', '/media/b.jpg');
  });

  it('keeps an image a plain reference until it has an alt text, and again once it is emptied', async () => {
    renderWithProviders(<Held altText start={['a.jpg', 'b.jpg']} />);
    await userEvent.type(screen.getByLabelText('Image 2 alt text (English)'), 'Tile');
    expect(value()).toEqual(['a.jpg', { src: 'b.jpg', alt: { fa: '', en: 'Tile' } }]);
    await userEvent.type(screen.getByLabelText('Image 2 alt text (Persian)'), 'کاشی');
    expect(value()).toEqual(['a.jpg', { src: 'b.jpg', alt: { fa: 'کاشی', en: 'Tile' } }]);
    await userEvent.clear(screen.getByLabelText('Image 2 alt text (English)'));
    // No empty English is kept.
    expect(value()).toEqual(['a.jpg', { src: 'b.jpg', alt: { fa: 'کاشی' } }]);
    await userEvent.clear(screen.getByLabelText('Image 2 alt text (Persian)'));
    expect(value()).toEqual(['a.jpg', 'b.jpg']);
  });

  it('a moved image takes its alt text along', async () => {
    renderWithProviders(<Held altText start={[{ src: 'a.jpg', alt: { fa: 'یک' } }, 'b.jpg']} />);
    await userEvent.click(screen.getByRole('button', { name: 'Move image 1 later' }));
    expect(value()).toEqual(['b.jpg', { src: 'a.jpg', alt: { fa: 'یک' } }]);
    expect(screen.getByLabelText('Image 2 alt text (Persian)')).toHaveValue('یک');
  });

  it('appends every file of one upload, in order, to the list as it stands', async () => {
    vi.stubGlobal('XMLHttpRequest', numbered());
    renderWithProviders(<Held start={['a.jpg']} />);
    await userEvent.upload(screen.getByLabelText('Add images'), [png('one.png'), png('two.png')]);
    await waitFor(() => expect(value()).toEqual(['a.jpg', 'up1.png', 'up2.png']));
    expect(screen.getByRole('img', { name: 'Image 3' })).toHaveAttribute('src', '/media/up2.png');
  });

  it('refuses a file of another type before sending it, and says why', async () => {
    const send = vi.fn();
    vi.stubGlobal(
      'XMLHttpRequest',
      class extends numbered() {
        override send() {
          send();
          super.send();
        }
      },
    );
    renderWithProviders(<Held altText start={[]} />);
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    await userEvent.upload(screen.getByLabelText('Add images'), text, { applyAccept: false });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This file type is not allowed. Use JPEG, PNG, WebP, AVIF or SVG.',
    );
    expect(send).not.toHaveBeenCalled();
    expect(value()).toEqual([]);
  });

  it('numbers its labels in Persian digits in fa', () => {
    renderWithProviders(<Held altText start={['a.jpg', 'b.jpg']} />, 'fa');
    expect(screen.getByLabelText('متن جایگزین تصویر ۲ (فارسی)')).toBeVisible();
    expect(screen.getByRole('button', { name: 'حذف تصویر ۲' })).toBeVisible();
  });
});
