import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { type ReactNode, StrictMode } from 'react';
import { I18nextProvider } from 'react-i18next';

export interface AppProviderProps {
  queryClient: QueryClient;
  i18n: I18n;
  children: ReactNode;
}

/** Everything every page needs: server state (TanStack Query) and translations. */
export function AppProvider({ queryClient, i18n, children }: AppProviderProps): ReactNode {
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </I18nextProvider>
    </StrictMode>
  );
}
