import { DirectionProvider } from '@radix-ui/react-direction';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useDirection } from '../lib/use-language.ts';
import { AuthDialogProvider } from './auth-dialog-context.tsx';
import { ModalProvider } from './modal-context.tsx';
import { TranslationProvider, type Translator } from './translate.tsx';

function Direction({ children }: { children: ReactNode }) {
  return <DirectionProvider dir={useDirection()}>{children}</DirectionProvider>;
}

/** i18n, data, direction, modal and dialog state: the providers the app and its tests render. */
export function AppProviders({
  i18n,
  queryClient,
  children,
}: {
  i18n: Translator;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <TranslationProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <Direction>
          <ModalProvider>
            <AuthDialogProvider>{children}</AuthDialogProvider>
          </ModalProvider>
        </Direction>
      </QueryClientProvider>
    </TranslationProvider>
  );
}
