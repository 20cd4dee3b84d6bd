import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { createI18n } from './app/i18n.ts';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { BASENAME, routes } from './app/routes.tsx';
import './styles.css';

async function start() {
  const i18n = await createI18n();
  const queryClient = createQueryClient();
  const router = createBrowserRouter(routes, { basename: BASENAME });
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders i18n={i18n} queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
