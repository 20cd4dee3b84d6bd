import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { KindEditorPage } from '../src/resources/catalogue/kind-editor-page.tsx';
import { renderWithProviders } from './render.tsx';
import { json } from './api-answers.ts';

// A post's date field is a lazily loaded chunk (React Aria's date picker): load it once.
beforeAll(async () => {
  await import('../src/components/date-picker.tsx');
});

afterEach(() => vi.unstubAllGlobals());

describe('editing an entity someone else saved meanwhile', () => {
  it('shows their values beside ours and overwrites with their version number', async () => {
    const puts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (init.method === 'GET' && url === '/admin/api/catalogue/tags/5')
          return json(200, { id: 5, version: 'v1', entity: { title: { fa: 'قدیمی' } } });
        if (init.method === 'PUT') {
          const body = JSON.parse(String(init.body)) as { version: string };
          puts.push(body);
          if (body.version === 'v1')
            return json(409, {
              detail: 'Someone else saved it.',
              code: 'edit_conflict',
              current: { id: 5, version: 'v2', entity: { title: { fa: 'نسخهٔ همکار', en: 'Their title' } } },
            });
          return json(200, { id: 5, version: 'v3' });
        }
        return json(404, { detail: 'Not found.', code: 'not_found' });
      }),
    );
    const router = createMemoryRouter([{ path: '/tags/:id', element: <KindEditorPage kind="tags" /> }], {
      initialEntries: ['/tags/5'],
    });
    renderWithProviders(<RouterProvider router={router} />);

    const fa = await screen.findByLabelText(/Title \(Persian\)/);
    await userEvent.clear(fa);
    await userEvent.type(fa, 'مال من');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'Someone else saved this in the meantime' });
    const row = within(dialog).getByRole('row', { name: /Title/ });
    expect(row).toHaveTextContent('fa: مال من');
    expect(row).toHaveTextContent('fa: نسخهٔ همکار · en: Their title');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Overwrite with mine' }));
    expect(await screen.findByText('Saved.')).toBeVisible();
    expect(puts).toEqual([
      { version: 'v1', entity: { title: { fa: 'مال من' } } },
      { version: 'v2', entity: { title: { fa: 'مال من' } } },
    ]);
  });

  it('can load their version instead', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) =>
        init.method === 'PUT'
          ? json(409, {
              detail: 'x',
              code: 'edit_conflict',
              current: { id: 5, version: 'v2', entity: { title: { fa: 'نسخهٔ همکار', en: 'Their title' } } },
            })
          : json(200, { id: 5, version: 'v1', entity: { title: { fa: 'قدیمی' } } }),
      ),
    );
    const router = createMemoryRouter([{ path: '/tags/:id', element: <KindEditorPage kind="tags" /> }], {
      initialEntries: ['/tags/5'],
    });
    renderWithProviders(<RouterProvider router={router} />);
    await userEvent.type(await screen.findByLabelText(/Title \(Persian\)/), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Load their version' }));
    expect(screen.getByLabelText(/Title \(Persian\)/)).toHaveValue('نسخهٔ همکار');
    expect(screen.getByLabelText('Title (English)')).toHaveValue('Their title');
  });

  it('shows server field errors at the field, by code', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) =>
        init.method === 'PUT'
          ? json(400, {
              'entity.title.en': ['Ensure this field has no more than 200 characters.'],
              code: 'validation_failed',
              codes: { 'entity.title.en': ['too_long'] },
            })
          : json(200, { id: 5, version: 'v1', entity: { title: { fa: 'قدیمی', en: 'Old' } } }),
      ),
    );
    const router = createMemoryRouter([{ path: '/tags/:id', element: <KindEditorPage kind="tags" /> }], {
      initialEntries: ['/tags/5'],
    });
    renderWithProviders(<RouterProvider router={router} />);
    await userEvent.type(await screen.findByLabelText('Title (English)'), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const en = screen.getByLabelText('Title (English)');
    await vi.waitFor(() => expect(en).toHaveAttribute('aria-invalid', 'true'));
    expect(en).toHaveAccessibleDescription('This text is too long.');
    expect(screen.queryByText(/Ensure this field/)).toBeNull();
  });
});
