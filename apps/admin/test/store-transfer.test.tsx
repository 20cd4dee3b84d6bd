import { MAX_IMPORT_BYTES } from '@storefront/contracts/admin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StorePage } from '../src/resources/store/store-page.tsx';
import { TransferPage } from '../src/resources/transfer/transfer-page.tsx';
import { json } from './api-answers.ts';
import { fakeUpload } from './uploads.ts';
import { renderSignedIn } from './signed-in.tsx';

const renderAt = (path: string, element: React.ReactElement) => renderSignedIn([{ path, element }], path);

describe('the store’s identity', { timeout: 20_000 }, () => {
  it('saves with its version, its empty parts left out and the rest trimmed', async () => {
    const puts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url === '/admin/api/store' && init.method === 'GET')
          return json(200, {
            id: 1,
            version: 'v3',
            entity: {
              name: { fa: 'فروشگاه', en: 'Shop' },
              phones: ['021 1'],
              social: { instagram: 'https://i.example/a' },
            },
          });
        if (url === '/admin/api/store' && init.method === 'PUT') {
          puts.push(JSON.parse(String(init.body)));
          return json(200, { id: 1, version: 'v4' });
        }
        return json(404, { detail: 'Not found.', code: 'not_found' });
      }),
    );
    renderAt('/store', <StorePage />);
    expect(await screen.findByLabelText(/Store name \(Persian\)/)).toHaveValue('فروشگاه');
    await userEvent.clear(screen.getByLabelText('Store name (English)'));
    await userEvent.type(screen.getByRole('textbox', { name: 'Phones' }), '\n  \n 021 2 ');
    await userEvent.type(screen.getByRole('textbox', { name: 'Telegram' }), ' https://t.example/b ');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Instagram' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show prices in' }), 'IRT');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeVisible();
    expect(puts).toEqual([
      {
        version: 'v3',
        entity: {
          name: { fa: 'فروشگاه' },
          phones: ['021 1', '021 2'],
          social: { telegram: 'https://t.example/b' },
          price_display: 'IRT',
        },
      },
    ]);
  });
});

const catalogue = (size = 10) =>
  Object.defineProperty(new File(['{}'], 'catalogue.json', { type: 'application/json' }), 'size', {
    value: size,
  });

describe('the import', { timeout: 20_000 }, () => {
  it('says what was imported and refreshes what the pages show', async () => {
    const fetch = vi.fn(async () => json(200, {}));
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal(
      'XMLHttpRequest',
      fakeUpload(200, () => ({ summary: { unchanged: false, products: 12, images: 3 } })),
    );
    const { client } = renderAt('/transfer', <TransferPage />);
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    await userEvent.upload(screen.getByLabelText('Catalogue file (.json or .zip)'), catalogue());
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Imported: 12 products, 3 images.')).toBeVisible();
    expect(invalidate).toHaveBeenCalledWith();
    // Done: the button is free again.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Import' })).toBeEnabled());
  });

  it('lists the file’s problems when it is refused (catalogue_invalid), and nothing else', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, {})),
    );
    vi.stubGlobal(
      'XMLHttpRequest',
      fakeUpload(400, () => ({
        detail: 'The catalogue is not valid.',
        code: 'catalogue_invalid',
        errors: ['products[3].title: required', 'collections[0].id: duplicate'],
      })),
    );
    renderAt('/transfer', <TransferPage />);
    await userEvent.upload(screen.getByLabelText('Catalogue file (.json or .zip)'), catalogue());
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    const problems = await screen.findByRole('list', { name: 'Problems in the file' });
    expect(
      within(problems)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['products[3].title: required', 'collections[0].id: duplicate']);
    expect(screen.queryByText(/Imported:/)).toBeNull();
  });

  it('refuses a file over the limit before sending it', async () => {
    const send = vi.fn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, {})),
    );
    vi.stubGlobal(
      'XMLHttpRequest',
      class extends fakeUpload(200, () => ({})) {
        override send() {
          send();
        }
      },
    );
    renderAt('/transfer', <TransferPage />);
    await userEvent.upload(
      screen.getByLabelText('Catalogue file (.json or .zip)'),
      catalogue(MAX_IMPORT_BYTES + 1),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This file is larger than 500 megabytes');
    expect(send).not.toHaveBeenCalled();
  });
});
