/**
 * What a route's loader works with: the query cache the page reads from and the translator whose
 * texts it shows. On the server each request has its own (entry-server.tsx passes it as the
 * loaders' context); in the browser there is one for the app's lifetime (main.tsx).
 */
import type { QueryClient, FetchQueryOptions, QueryKey } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { sessionQuery } from '../shared/session';
import type { SessionInfo } from '@mall/contracts';

export interface PageContext {
  queryClient: QueryClient;
  i18n: I18n;
  /**
   * Rendering on the server: a loader waits for its reads so that the HTML carries their answers.
   * In the browser a navigation shows the page at once and the reads arrive into it (the page's
   * own loading states), as they always have.
   */
  server: boolean;
}

let browserContext: PageContext | undefined;

/** The browser's context, set once as the app starts (main.tsx). */
export function setBrowserPageContext(context: PageContext): void {
  browserContext = context;
}

/** The context a loader was given (the server's per-request one), else the browser's. */
export function pageContextOf(context: unknown): PageContext {
  const given = (context as { page?: PageContext } | undefined)?.page;
  const found = given ?? browserContext;
  if (!found)
    throw new Error('pageContextOf: no page context (main.tsx sets the browser one before the router starts)');
  return found;
}

/**
 * Starts a read into the cache; on the server the loader waits for it. A failed read is not an
 * error here: the page renders its own error or loading state and the browser asks again.
 */
export function prefetch<T, K extends QueryKey>(
  page: PageContext,
  query: FetchQueryOptions<T, Error, T, K>,
): Promise<void> | undefined {
  const done = page.queryClient.prefetchQuery(query);
  return page.server ? done : undefined;
}

/** The caller's session (from the cache once read: the layout's loader reads it first). */
export async function sessionOf(page: PageContext): Promise<SessionInfo | undefined> {
  await page.queryClient.prefetchQuery(sessionQuery);
  return page.queryClient.getQueryData<SessionInfo>(sessionQuery.queryKey);
}
