import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { Toasts } from './Toasts';
import { cssVariablesResolver, lightOnly, theme } from './theme';
import { ApiError } from '../shared/api';

/** The query cache's defaults, the same on the server and in the browser. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Client errors (404, 401...) are answers, not glitches: don't retry them.
        retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
        refetchOnWindowFocus: false,
        // What the server read for the page stays fresh for the first render in the browser:
        // hydration must not refetch it at once.
        staleTime: 30_000,
      },
    },
  });
}

/**
 * Everything a page renders inside, on the server (entry-server.tsx) and in the browser
 * (main.tsx) alike: Mantine with the shop's theme (light scheme only; its CSS variables come
 * from app/theme.css), the query cache (in the browser, filled first with the server's answers)
 * and the translator.
 */
export function AppProviders({
  queryClient,
  i18n,
  children,
}: {
  queryClient: QueryClient;
  i18n: I18n;
  children: ReactNode;
}) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      withCssVariables={false}
      withGlobalClasses={false}
      colorSchemeManager={lightOnly}
      defaultColorScheme="light"
    >
      <Toasts />
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
