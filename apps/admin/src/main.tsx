import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createI18n } from './lib/i18n.ts';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { BASENAME, routes } from './app/routes.tsx';
import './styles.css';

const i18n = createI18n();
const client = createQueryClient();
const router = createBrowserRouter(routes, { basename: BASENAME });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders i18n={i18n} client={client}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
