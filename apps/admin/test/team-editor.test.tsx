import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AboutUsPage } from '../src/resources/store/about-us-page.tsx';
import { renderWithProviders } from './render.tsx';
import { json } from './api-answers.ts';
import { fakeUpload, uploaded } from './uploads.ts';

const PAGE = {
  id: 1,
  version: 'v1',
  entity: {
    content: { fa: '<p>درباره</p>' },
    team: [
      {
        name: { fa: 'مینا', en: 'Mina' },
        role: { fa: 'فروش', en: 'Sales' },
        description: { fa: 'پاسخ به درخواست‌ها' },
        photo: { src: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png', alt: { fa: 'چهره مینا' } },
      },
      { name: { fa: 'بهرام' }, role: { fa: 'انبار' }, description: { fa: 'ارسال' } },
    ],
  },
};

/** The about-us page against a stubbed API; returns the bodies of its saves. */
function serve(page: unknown = PAGE) {
  const puts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (init.method === 'GET' && url === '/admin/api/about-us') return json(200, page);
      if (init.method === 'PUT' && url === '/admin/api/about-us') {
        puts.push(JSON.parse(String(init.body)));
        return json(200, { id: 1, version: 'v2' });
      }
      return json(404, { detail: 'Not found.', code: 'not_found' });
    }),
  );
  return puts;
}

/** An upload answered by the server as it answers one (the media reference and its URL). */
const REF = 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.png';
const FakeUpload = fakeUpload(201, () => uploaded(REF));

afterEach(() => vi.unstubAllGlobals());

function renderPage(language: 'fa' | 'en' = 'en') {
  const router = createMemoryRouter([{ path: '/about-us', element: <AboutUsPage /> }], {
    initialEntries: ['/about-us'],
  });
  return renderWithProviders(<RouterProvider router={router} />, language);
}

const members = () => screen.getAllByRole('group', { name: /^Member \d+(: .*)?$/ });

describe('the about-us team editor', () => {
  it('shows each member’s texts in fa and en side by side, and saves an edit with the version', async () => {
    const puts = serve();
    renderPage();
    const mina = await screen.findByRole('group', { name: 'Member 1: مینا' });
    expect(within(mina).getByLabelText(/Member 1 name \(Persian\)/)).toHaveValue('مینا');
    expect(within(mina).getByLabelText(/Member 1 name \(English\)/)).toHaveValue('Mina');
    expect(within(mina).getByLabelText(/Member 1 photo alt text \(Persian\)/)).toHaveValue('چهره مینا');
    const bahram = screen.getByRole('group', { name: 'Member 2: بهرام' });
    // No photo: no alt text to give, an upload instead.
    expect(within(bahram).queryByLabelText(/photo alt text/)).toBeNull();
    expect(within(bahram).getByText('Upload Member 2 photo')).toBeInTheDocument();

    await userEvent.type(within(bahram).getByLabelText(/Member 2 role \(English\)/), 'Storekeeper');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeVisible();
    expect(puts).toEqual([
      {
        version: 'v1',
        entity: {
          ...PAGE.entity,
          team: [PAGE.entity.team[0], { ...PAGE.entity.team[1], role: { fa: 'انبار', en: 'Storekeeper' } }],
        },
      },
    ]);
  });

  it('reorders with the keyboard (the focus follows the member), removes, adds, uploads a photo', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    const puts = serve();
    renderPage();
    await screen.findByRole('group', { name: 'Member 1: مینا' });
    expect(screen.getByRole('button', { name: 'Move member 1 earlier' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move member 2 later' })).toBeDisabled();

    // Keyboard only: Tab to "move member 1 later", Enter.
    screen.getByRole('button', { name: 'Move member 1 later' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(members().map((m) => m.querySelector('legend')!.textContent)).toEqual([
      'Member 1: بهرام',
      'Member 2: مینا',
    ]);
    // Mina is last now: her "later" button is disabled, so the focus is on her "earlier" one.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move member 2 earlier' })).toHaveFocus());

    await userEvent.click(screen.getByRole('button', { name: 'Add a team member' }));
    const added = screen.getByRole('group', { name: 'Member 3' });
    await waitFor(() => expect(within(added).getByLabelText(/Member 3 name \(Persian\)/)).toHaveFocus());
    await userEvent.keyboard('لیلا');
    await userEvent.type(within(added).getByLabelText(/Member 3 role \(Persian\)/), 'حسابدار');
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'leila.png', { type: 'image/png' });
    await userEvent.upload(within(added).getByLabelText('Upload Member 3 photo'), file);
    const alt = await within(added).findByLabelText(/Member 3 photo alt text \(English\)/);
    await userEvent.type(alt, 'Portrait of Leila');

    await userEvent.click(screen.getByRole('button', { name: 'Remove member 1' }));
    expect(members()).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeVisible();
    expect(puts).toEqual([
      {
        version: 'v1',
        entity: {
          content: PAGE.entity.content,
          team: [
            PAGE.entity.team[0],
            {
              name: { fa: 'لیلا' },
              role: { fa: 'حسابدار' },
              description: { fa: '' },
              // The alt text's empty Persian is the server's to refuse or keep; the English is given.
              photo: { src: REF, alt: { fa: '', en: 'Portrait of Leila' } },
            },
          ],
        },
      },
    ]);
  });

  it('fa: Persian labels and digits; a page without a team says so and saves an empty one', async () => {
    const puts = serve({ id: 1, version: 'v1', entity: { content: { fa: '<p>درباره</p>' } } });
    renderPage('fa');
    expect(await screen.findByText('هنوز عضوی اضافه نشده است.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'افزودن عضو تیم' }));
    expect(screen.getByRole('group', { name: 'عضو ۱' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'حذف عضو ۱' }));
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({ version: 'v1', entity: { content: { fa: '<p>درباره</p>' }, team: [] } });
  });
});
