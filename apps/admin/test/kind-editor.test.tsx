import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { EntityListPage } from '../src/resources/catalogue/entity-list-page.tsx';
import { KindEditorPage } from '../src/resources/catalogue/kind-editor-page.tsx';
import type { OtherKind } from '../src/lib/catalogue-api.ts';
import { json, sessionOf } from './api-answers.ts';
import { stubFetch, type Call } from './fetch-stub.ts';
import { entityRow, pageOf, writes } from './catalogue-answers.ts';
import { renderSignedIn } from './signed-in.tsx';

/** The catalogue API: `answer` first, then a session and empty lists; returns the calls. */
function serve(answer: (call: Call) => Response | undefined = () => undefined) {
  return stubFetch((call) => {
    const answered = answer(call);
    if (answered) return answered;
    if (call.path === '/session') return json(200, sessionOf('editor'));
    if (call.method === 'GET' && /^\/catalogue\/\w+$/.test(call.path)) return json(200, pageOf([]));
    return undefined;
  });
}

const KINDS: OtherKind[] = ['collections', 'subcollections', 'industries', 'tags', 'banners'];

function renderAt(path: string) {
  const routes: RouteObject[] = KINDS.flatMap((kind) => [
    { path: `/${kind}`, element: <EntityListPage key={kind} kind={kind} /> },
    { path: `/${kind}/new`, element: <KindEditorPage key={`${kind}-new`} kind={kind} /> },
    { path: `/${kind}/:id`, element: <KindEditorPage key={kind} kind={kind} /> },
  ]);
  return renderSignedIn(routes, path);
}

describe('a catalogue kind’s editor', { timeout: 20_000 }, () => {
  it('creates a collection, then opens it under its id saying it was saved', async () => {
    const calls = serve((c) =>
      c.method === 'POST' && c.path === '/catalogue/collections'
        ? json(201, { id: 9, version: 'v1' })
        : c.path === '/catalogue/collections/9'
          ? json(200, { id: 9, version: 'v1', entity: { title: { fa: 'ادویه' }, footer: true } })
          : undefined,
    );
    const { router } = renderAt('/collections/new');
    expect(await screen.findByRole('heading', { name: 'New collection' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    await userEvent.type(screen.getByLabelText(/Title \(Persian\)/), 'ادویه');
    await userEvent.click(screen.getByRole('checkbox', { name: /footer/i }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/collections/9'));
    expect(writes(calls)).toEqual([
      {
        method: 'POST',
        path: '/catalogue/collections',
        query: {},
        body: { entity: { title: { fa: 'ادویه' }, footer: true } },
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Edit collection' })).toBeVisible();
    expect(screen.getByText('Saved.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeVisible();
  });

  it('sends nothing while the Persian title is empty, and says so at the field', async () => {
    const calls = serve();
    renderAt('/tags/new');
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    const fa = screen.getByLabelText(/Title \(Persian\)/);
    await waitFor(() => expect(fa).toHaveAttribute('aria-invalid', 'true'));
    expect(fa).toHaveAccessibleDescription('This field is required.');
    expect(fa).toHaveFocus();
    expect(writes(calls)).toEqual([]);
  });

  it('a subcollection needs its collection; its position is a whole number or none', async () => {
    const calls = serve((c) => {
      if (c.method === 'GET' && c.path === '/catalogue/collections')
        return json(200, pageOf([entityRow(7, { fa: 'ادویه', en: 'Spices' }, { products: 4 })]));
      return c.method === 'POST' ? json(201, { id: 4, version: 'v1' }) : undefined;
    });
    renderAt('/subcollections/new');
    await userEvent.type(await screen.findByLabelText(/Title \(Persian\)/), 'زعفران');
    const position = screen.getByRole('spinbutton', { name: 'Position' });
    await userEvent.type(position, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const picker = screen.getByRole('group', { name: 'Collection' });
    expect(await within(picker).findByText('This field is required.')).toBeVisible();
    expect(writes(calls)).toEqual([]);

    await userEvent.click(within(picker).getByRole('searchbox', { name: 'Search Collection' }));
    await userEvent.click(await within(picker).findByRole('button', { name: 'Spices' }));
    expect(within(picker).getByText('Spices', { selector: 'output' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toEqual({
      entity: { title: { fa: 'زعفران' }, collection: 7, position: 3 },
    });
  });

  it('an emptied position is left out rather than sent as 0', async () => {
    const calls = serve((c) =>
      c.path === '/catalogue/subcollections/4' && c.method === 'GET'
        ? json(200, { id: 4, version: 'v1', entity: { title: { fa: 'زعفران' }, collection: 7, position: 3 } })
        : c.method === 'PUT'
          ? json(200, { id: 4, version: 'v2' })
          : undefined,
    );
    renderAt('/subcollections/4');
    const position = await screen.findByRole('spinbutton', { name: 'Position' });
    expect(position).toHaveValue(3);
    await userEvent.clear(position);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toEqual({
      version: 'v1',
      entity: { title: { fa: 'زعفران' }, collection: 7 },
    });
  });

  it('saves an industry with its version; an emptied phone is sent as none', async () => {
    const calls = serve((c) =>
      c.path === '/catalogue/industries/3' && c.method === 'GET'
        ? json(200, {
            id: 3,
            version: 'v7',
            entity: {
              title: { fa: 'فرش', en: 'Carpets' },
              website: 'https://rugs.example',
              phone: '+98 21 1234',
            },
          })
        : c.method === 'PUT'
          ? json(200, { id: 3, version: 'v8' })
          : undefined,
    );
    renderAt('/industries/3');
    expect(await screen.findByRole('heading', { name: 'Edit industry' })).toBeVisible();
    const website = screen.getByRole('textbox', { name: 'Website' });
    expect(website).toHaveAttribute('dir', 'ltr');
    expect(website).toHaveAttribute('placeholder', 'https://');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Phone' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeVisible();
    expect(writes(calls)).toEqual([
      {
        method: 'PUT',
        path: '/catalogue/industries/3',
        query: {},
        body: {
          version: 'v7',
          entity: { title: { fa: 'فرش', en: 'Carpets' }, website: 'https://rugs.example', phone: null },
        },
      },
    ]);
  });

  it('a banner needs its image before anything is sent', async () => {
    const calls = serve();
    renderAt('/banners/new');
    expect(await screen.findByRole('heading', { name: 'New banner' })).toBeVisible();
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Position' }), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required.')).toBeVisible();
    expect(writes(calls)).toEqual([]);
  });

  it('deletes from the editor and goes back to the list saying so', async () => {
    const calls = serve((c) =>
      c.path === '/catalogue/tags/5' && c.method === 'GET'
        ? json(200, { id: 5, version: 'v1', entity: { title: { fa: 'صادرات' } } })
        : c.path === '/catalogue/tags/5' && c.method === 'DELETE'
          ? json(204)
          : undefined,
    );
    const { router } = renderAt('/tags/5');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “صادرات”?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tags'));
    expect(await screen.findByText('Deleted.')).toBeVisible();
    expect(writes(calls)).toEqual([
      { method: 'DELETE', path: '/catalogue/tags/5', query: {}, body: undefined },
    ]);
  });

  it('asks what becomes of the products pointing to a collection, and deletes them too if told', async () => {
    const calls = serve((c) => {
      if (c.path === '/catalogue/collections/2' && c.method === 'GET')
        return json(200, { id: 2, version: 'v1', entity: { title: { fa: 'قدیمی' } } });
      if (c.path === '/catalogue/collections/2' && c.method === 'DELETE')
        return c.query.dependents === undefined
          ? json(409, {
              detail: 'It has dependents.',
              code: 'has_dependents',
              dependents: { products: 3, subcollections: 0 },
            })
          : json(204);
      return undefined;
    });
    const { router } = renderAt('/collections/2');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('3 products')).toBeVisible();
    expect(within(dialog).queryByText(/subcollection/)).toBeNull();
    expect(within(dialog).getByRole('radio', { name: /Detach them/ })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Delete them too' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/collections'));
    expect(writes(calls).map((c) => c.query)).toEqual([{}, { dependents: 'delete' }]);
  });
});
