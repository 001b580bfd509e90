/**
 * Server rendering of every page (built by `vite build --ssr`, run inside the Fastify server:
 * apps/server/src/modules/web). React Router's data APIs match the request and run the matched
 * routes' loaders, which read through the server's services in-process for the request's caller
 * (`reads`); React then streams the HTML. The browser hydrates it (main.tsx) from what this puts
 * beside it: the query cache's answers, the texts of the request's language and the loaders' data.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  matchRoutes,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router';
import { dehydrate } from '@tanstack/react-query';
import type { Language } from '@mall/contracts';
import { AppProviders, createQueryClient } from './app/AppProviders';
import type { PageContext } from './app/page-context';
import { routes, type RouteHandle } from './app/routes';
import { setServerRequest, type ServerReads, type ServerRequest } from './shared/api';
import { createI18n, resourcesFor, resourcesOf } from './shared/i18n';

export type { ServerReads };

const handler = createStaticHandler(routes);
// The request being rendered, for api() and pageOrigin() anywhere below (loaders and render alike).
const current = new AsyncLocalStorage<ServerRequest>();
setServerRequest(() => current.getStore());

export interface RenderInput {
  /** The page's request, as a Fetch Request (absolute URL). */
  request: Request;
  language: Language;
  /** The per-request nonce of the Content-Security-Policy, for an inline script React writes (a streamed Suspense boundary). */
  nonce: string;
  reads: ServerReads;
}

/** Where the HTML goes: the server writes the document around it (modules/web/render.ts). */
export interface PageStream {
  pipe<W extends NodeJS.WritableStream>(destination: W): W;
  abort(reason?: unknown): void;
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'page'; status: number; language: Language; state: string; stream: PageStream };

/**
 * The page at `path` (path and query) is the same for every guest of a site and language while
 * the catalog stands (its route says so: RouteHandle.shared), so the server may keep its HTML.
 */
export function sharedPage(path: string): boolean {
  const leaf = matchRoutes(routes, new URL(path, 'http://page.invalid').pathname)?.at(-1);
  return !!(leaf?.route.handle as RouteHandle | undefined)?.shared;
}

/** The element id of the JSON the browser hydrates from (main.tsx reads it). */
export const PAGE_STATE_ID = 'page-state';

/** JSON safe inside a script element: no `</script>` or `<!--` can end or change it. */
const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export async function render(input: RenderInput): Promise<RenderResult> {
  const queryClient = createQueryClient();
  const i18n = createI18n(input.language, await resourcesFor(input.language, []));
  const page: PageContext = { queryClient, i18n, server: true };
  const request: ServerRequest = { reads: input.reads, origin: new URL(input.request.url).origin };
  const context = await current.run(request, () => handler.query(input.request, { requestContext: { page } }));
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' };
  }
  const state = jsonForScript({
    queries: dehydrate(queryClient),
    language: input.language,
    texts: resourcesOf(i18n),
    router: hydrationData(context),
  });
  const stream = await current.run(request, () => streamPage(context, page, input.nonce));
  return { kind: 'page', status: context.statusCode, language: input.language, state, stream };
}

/**
 * The router's state the browser starts from (React Router's hydration data: the loaders'
 * answers and errors), sent in the page state rather than in an inline script of its own, so the
 * HTML carries no script that needs this response's nonce. Errors as plain data: main.tsx makes
 * them errors again.
 */
function hydrationData(context: StaticHandlerContext) {
  const errors =
    context.errors &&
    Object.fromEntries(
      Object.entries(context.errors).map(([id, error]) => [
        id,
        isRouteErrorResponse(error)
          ? {
              status: error.status,
              statusText: error.statusText,
              internal: (error as { internal?: boolean }).internal ?? false,
              data: error.data as unknown,
            }
          : { message: error instanceof Error ? error.message : String(error), isError: true },
      ]),
    );
  return { loaderData: context.loaderData, actionData: context.actionData, errors };
}

/**
 * Starts React's stream; resolves once everything is rendered (onAllReady), so React writes each
 * Suspense boundary in place: the page needs no inline script to move streamed parts (a lazy part
 * that suspends on the server still waits for its code), and a guest's copy can be kept as it is.
 */
function streamPage(context: StaticHandlerContext, page: PageContext, nonce: string): Promise<PageStream> {
  const router = createStaticRouter(handler.dataRoutes, context);
  return new Promise((resolve, reject) => {
    const stream = renderToPipeableStream(
      <StrictMode>
        <AppProviders queryClient={page.queryClient} i18n={page.i18n}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </StrictMode>,
      {
        nonce,
        onAllReady: () => resolve(stream),
        onShellError: reject,
      },
    );
  });
}
