/**
 * The browser's entry: hydrates the page the server rendered (entry-server.tsx) with the same
 * routes, the server's answers in the query cache and the texts of the request's language.
 */
import { StrictMode, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type HydrationState, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/fonts.css';
import './app/theme.css';
import './app/global.css';
import type { Language } from '@mall/contracts';
import { AppProviders, createQueryClient } from './app/AppProviders';
import { setBrowserPageContext } from './app/page-context';
import { routes } from './app/routes';
import { createI18n, type Resources } from './shared/i18n';

/** What the server put in the page beside its HTML (entry-server.tsx: PAGE_STATE_ID). */
interface PageState {
  queries: DehydratedState;
  language: Language;
  texts: Resources;
  /** React Router's hydration data; an error that was an Error is `{ message, isError }`. */
  router: HydrationState & { errors?: Record<string, unknown> | null };
}

/** The server's hydration data with its errors made errors again (route error responses are plain data already). */
function routerState({ router }: PageState): HydrationState {
  const errors =
    router.errors &&
    Object.fromEntries(
      Object.entries(router.errors).map(([id, error]) => {
        const e = error as { message?: string; isError?: boolean };
        return [id, e.isError ? new Error(e.message) : error];
      }),
    );
  return { ...router, errors };
}

function readPageState(): PageState {
  const element = document.getElementById('page-state');
  return JSON.parse(element!.textContent) as PageState;
}

/**
 * The lazily loaded routes the server rendered must be here before hydrating, or the first
 * render in the browser would not match the server's HTML (React Router's SSR guide).
 */
async function loadMatchedRoutes(list: RouteObject[]): Promise<void> {
  const matches = matchRoutes(list, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

// After a deploy the old build's chunks are gone: a page still running it reloads once to get the new one.
window.addEventListener('vite:preloadError', (event) => {
  const key = 'mall-reloaded-for';
  if (sessionStorage.getItem(key) === location.href) return;
  sessionStorage.setItem(key, location.href);
  event.preventDefault();
  location.reload();
});

/** Marks the document once React has hydrated it (`data-hydrated` on <html>): tests wait for it before clicking. */
function Hydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return null;
}

async function start() {
  const state = readPageState();
  const queryClient = createQueryClient();
  hydrate(queryClient, state.queries);
  const i18n = createI18n(state.language, state.texts);
  setBrowserPageContext({ queryClient, i18n, server: false });
  await loadMatchedRoutes(routes);
  // The loaders' answers the server rendered with are taken as they are: no loader runs again for the first render.
  const router = createBrowserRouter(routes, { hydrationData: routerState(state) });
  hydrateRoot(
    document.getElementById('root')!,
    <StrictMode>
      <AppProviders queryClient={queryClient} i18n={i18n}>
        <RouterProvider router={router} />
        <Hydrated />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
