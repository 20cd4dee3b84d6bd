import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createQueryClient } from '../src/app/query-client.ts';
import { createI18n, type Language } from '../src/lib/i18n.ts';
import { AppProviders } from '../src/app/providers.tsx';

/** Renders with the app's providers (translations bundled, no server). */
export function renderWithProviders(ui: ReactElement, language: Language = 'en') {
  const i18n = createI18n(language);
  const client = createQueryClient();
  const result = render(
    <AppProviders i18n={i18n} client={client}>
      {ui}
    </AppProviders>,
  );
  return { ...result, i18n, client };
}
