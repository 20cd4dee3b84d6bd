import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createI18n } from './i18n.ts';
import { ProgressBar } from './progress-bar.tsx';
import { TranslationProvider } from './translate.tsx';

describe('progress bar', () => {
  it('shows while a route chunk loads and goes away when it has arrived', async () => {
    window.localStorage.setItem('i18nextLng', 'en');
    const i18n = await createI18n();
    let arrive: () => void = () => {};
    const router = createMemoryRouter([
      {
        path: '/',
        element: (
          <>
            <ProgressBar />
            <Outlet />
          </>
        ),
        children: [
          { index: true, element: <Link to="/slow">slow page</Link> },
          {
            path: 'slow',
            lazy: () =>
              new Promise((resolve) => {
                arrive = () => resolve({ Component: () => <h1>Slow page</h1> });
              }),
          },
        ],
      },
    ]);
    render(
      <TranslationProvider i18n={i18n}>
        <RouterProvider router={router} />
      </TranslationProvider>,
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    await userEvent.setup().click(screen.getByRole('link', { name: 'slow page' }));
    expect(await screen.findByRole('progressbar', { name: 'Loading the page' })).toBeInTheDocument();
    arrive();
    expect(await screen.findByRole('heading', { name: 'Slow page' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  });
});
