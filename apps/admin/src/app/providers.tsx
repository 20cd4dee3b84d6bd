import { DirectionProvider } from '@radix-ui/react-direction';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { directionOf, toLanguage } from '../lib/i18n.ts';

function Direction({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return <DirectionProvider dir={directionOf(toLanguage(i18n.language))}>{children}</DirectionProvider>;
}

/** Translations, text direction (Radix) and the query cache. */
export function AppProviders({
  i18n,
  client,
  children,
}: {
  i18n: I18n;
  client: QueryClient;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <Direction>{children}</Direction>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
