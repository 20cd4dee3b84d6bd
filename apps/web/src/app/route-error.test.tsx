import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render.tsx';
import { page } from '../lib/page.ts';
import { createI18n } from './i18n.ts';
import { RELOAD_FLAG, lazyPage } from './lazy-route.ts';
import { createQueryClient } from './query-client.ts';
import { RouteError } from './route-error.tsx';
import { TranslationProvider } from './translate.tsx';

async function renderFailingChunk() {
  const i18n = await createI18n();
  const router = createMemoryRouter(
    [
      {
        path: '/',
        errorElement: <RouteError />,
        lazy: lazyPage(() => Promise.reject(new TypeError('Failed to fetch'))),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <TranslationProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </TranslationProvider>,
  );
}

describe('route error boundary', () => {
  it('a failed chunk reloads the page once', async () => {
    window.localStorage.setItem('i18nextLng', 'en');
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
    await renderFailingChunk();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(window.sessionStorage.getItem(RELOAD_FLAG)).not.toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('after the reload, a chunk that fails again shows the translated message and a retry', async () => {
    window.localStorage.setItem('i18nextLng', 'fa');
    window.sessionStorage.setItem(RELOAD_FLAG, '1');
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
    await renderFailingChunk();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('بخشی از برنامه بارگذاری نشد.');
    expect(reload).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'تلاش دوباره' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('an unknown path shows the translated 404 page with a way home', async () => {
    const { user, router } = await renderApp('/no/such/page', { lng: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to the home page' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toMatch(/^\/app\/?$/));
  });
});
