import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../src/lib/api.ts';
import { routes } from '../src/app/routes.tsx';
import { renderWithProviders } from './render.tsx';
import { json, sessionOf } from './api-answers.ts';

const session = sessionOf('editor', { id: 9, name: 'Neda', email: 'new@example.com' });

/**
 * `fetch` stubbed: the GET named `held` waits until `release()` is called (a slow network), every
 * other call answers at once; each call is recorded.
 */
function stubSlow(held: string, heldAnswer: () => Response) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      const path = new URL(input, 'http://localhost').pathname.replace('/admin/api', '');
      const method = init.method ?? 'GET';
      calls.push({ method, path, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (method === 'GET' && path === held) {
        await gate;
        return heldAnswer();
      }
      if (method === 'GET' && path === '/session')
        return json(401, { detail: 'No.', code: 'not_authenticated' });
      if (method === 'POST') return json(201, session);
      return json(200, {});
    }),
  );
  return { calls, release };
}

function renderAt(path: string, language: 'fa' | 'en' = 'en') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />, language);
  return router;
}

afterEach(() => {
  vi.unstubAllGlobals();
  setCsrfToken(null);
});

// Rendering the whole app (its routes load on first use) takes seconds on a busy machine.
describe('the forms before sign-in keep what was typed while their data loads', { timeout: 20_000 }, () => {
  it('accepting an invitation: typed before the invitation arrives, sent after', async () => {
    const slow = stubSlow('/invites/abc', () =>
      json(200, { email: 'new@example.com', role: 'editor', expires_at: '2026-03-01T00:00:00Z' }),
    );
    const router = renderAt('/invite/abc');
    await userEvent.type(await screen.findByLabelText(/^Name/, {}, { timeout: 5000 }), 'Neda Karimi');
    await userEvent.type(screen.getByLabelText(/^Password/), 'a long enough password');
    slow.release();
    expect(await screen.findByText(/new@example\.com/, {}, { timeout: 5000 })).toBeVisible();
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Neda Karimi');
    await userEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 5000 });
    expect(slow.calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: '/invites/abc',
      body: { name: 'Neda Karimi', password: 'a long enough password' },
    });
  });

  it('setting up the first owner (fa): typed before the status arrives, sent after', async () => {
    const slow = stubSlow('/setup', () => json(200, { needed: true }));
    renderAt('/setup/tok123', 'fa');
    await userEvent.type(await screen.findByLabelText(/^نام/, {}, { timeout: 5000 }), 'امید');
    await userEvent.type(screen.getByLabelText(/^ایمیل/), 'owner@example.com');
    await userEvent.type(screen.getByLabelText(/^گذرواژه/), 'a long enough password');
    slow.release();
    await vi.waitFor(() => expect(screen.queryByRole('status')).toBeNull(), { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: /ساخت/ }));
    await vi.waitFor(
      () =>
        expect(slow.calls.find((c) => c.method === 'POST')).toEqual({
          method: 'POST',
          path: '/setup',
          body: {
            token: 'tok123',
            name: 'امید',
            email: 'owner@example.com',
            password: 'a long enough password',
          },
        }),
      { timeout: 5000 },
    );
  });

  it('signing in: typed before the session check answers, sent after', async () => {
    const slow = stubSlow('/session', () => json(401, { detail: 'No.', code: 'not_authenticated' }));
    renderAt('/sign-in');
    await userEvent.type(await screen.findByLabelText(/^Email/, {}, { timeout: 5000 }), 'owner@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret password');
    slow.release();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await vi.waitFor(
      () =>
        expect(slow.calls.find((c) => c.method === 'POST')).toMatchObject({
          path: '/session',
          body: { email: 'owner@example.com', password: 'secret password' },
        }),
      { timeout: 5000 },
    );
  });
});
