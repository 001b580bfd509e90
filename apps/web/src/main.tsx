import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/fonts.css';
import './app/theme.css';
import { I18nextProvider } from 'react-i18next';
import { createI18n, resourcesFor, setAppI18n } from './shared/i18n';
import './app/global.css';
import { readBootData } from './app/boot';
import { startEarlyReads } from './app/early';
import { AppRoutes, preloadPage } from './app/router';
import { LinkClicks } from './shared/AppLink';
import { Toasts } from './app/Toasts';
import { lightOnly, theme } from './app/theme';
import { ApiError } from './shared/api';
import { SessionProvider, sessionKey, sessionQuery } from './shared/session';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Client errors (404, 401...) are answers, not glitches: don't retry them.
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

// The session gates every page (Layout waits for it). The server sends it in the app shell;
// without it (the dev server) it is asked for while React starts. The opened page's first reads
// start now too. The page's code is asked for in the task after the first render (asking for ~10
// files holds a phone's main thread ~8 ms): it used to wait for the first paint and then queue on
// HTTP/1.1's six connections (the order list's largest paint came 0.1-0.2 s later in Lighthouse).
// The page still renders after the first paint (Layout: AfterFirstPaint).
const boot = readBootData();
if (boot.session) queryClient.setQueryData(sessionKey, boot.session);
else void queryClient.prefetchQuery(sessionQuery);
startEarlyReads(window.location, boot.session, boot.reads);
setTimeout(() => preloadPage(window.location.pathname), 0);

// After a deploy the old build's chunks are gone: a page still running it reloads once to get the new one.
window.addEventListener('vite:preloadError', (event) => {
  const key = 'mall-reloaded-for';
  if (sessionStorage.getItem(key) === location.href) return;
  sessionStorage.setItem(key, location.href);
  event.preventDefault();
  location.reload();
});

// The texts in the buyer's language (the session's; English until it is known) come before the
// first render. Not a top-level await: with one the bundler split the first load into more files.
const language = boot.session?.language ?? 'en';
void resourcesFor(language, []).then((resources) => {
  const i18n = createI18n(language, resources);
  setAppI18n(i18n);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        {/* The theme's CSS variables and Mantine's global classes come from app/theme.css, built with
            the app, instead of being computed on every page load (~10 ms of a first render on a fast machine). */}
        <MantineProvider theme={theme} withCssVariables={false} withGlobalClasses={false} colorSchemeManager={lightOnly} defaultColorScheme="light">
          <Toasts />
          <QueryClientProvider client={queryClient}>
            <BrowserRouter>
              <SessionProvider>
                <LinkClicks />
                <AppRoutes />
              </SessionProvider>
            </BrowserRouter>
          </QueryClientProvider>
        </MantineProvider>
      </I18nextProvider>
    </StrictMode>,
  );
});
