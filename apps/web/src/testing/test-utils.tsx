import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderResult, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { i18n, initI18n, loadOfficeTexts } from '#src/lib/i18n.ts';

let ready: Promise<unknown> | undefined;

/**
 * Starts i18n once for the test file, in the given language (English by default), with the back
 * office's texts too: the tests render shop and admin components alike.
 */
export async function setupI18n(language = 'en'): Promise<void> {
  ready ??= initI18n();
  await ready;
  await i18n.changeLanguage(language);
  await loadOfficeTexts();
}

/** Renders a component with the app's providers around it, at the given address. */
export function renderWithProviders(ui: ReactNode, { route = '/' }: { route?: string } = {}): RenderResult {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}
