/** Fetch wrapper: JSON in and out, CSRF header on writes, errors as ApiError with the server's stable code. */
import { CSRF_HEADER } from '@mall/contracts/constants';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

type Init = { method?: string; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> };

function send(path: string, init: Init): Promise<Response> {
  const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
  if (method !== 'GET') headers[CSRF_HEADER] = '1';
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  return fetch(path, {
    method,
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    credentials: 'same-origin',
    signal: init.signal,
  });
}

/** How a page being rendered on the server reads: in-process, with the page request's caller (entry-server.tsx). */
export type ServerReads = (
  path: string,
  init: { method: string; body?: unknown },
) => Promise<{ status: number; data: unknown }>;
/** The request a page is being rendered for on the server. */
export interface ServerRequest {
  reads: ServerReads;
  origin: string;
}
let serverRequestNow: () => ServerRequest | undefined = () => undefined;

/** Set once by the server's entry: the request being rendered, if any. */
export function setServerRequest(current: () => ServerRequest | undefined): void {
  serverRequestNow = current;
}

/** This page's origin: the browser's, or on the server the request's. */
export function pageOrigin(): string {
  return typeof window === 'undefined' ? (serverRequestNow()?.origin ?? 'http://localhost') : window.location.origin;
}

async function readOnServer<T>(reads: ServerReads, path: string, init: Init): Promise<T> {
  const { status, data } = await reads(path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    body: init.body,
  });
  if (status >= 400 || status === 0) {
    const body = (data ?? {}) as { code?: string; message?: string; details?: unknown };
    throw new ApiError(status, body.code ?? 'Common.internal', body.message ?? 'Not read on the server', body.details);
  }
  return data as T;
}

export async function api<T>(path: string, init: Init = {}): Promise<T> {
  const server = serverRequestNow();
  if (server) return readOnServer<T>(server.reads, path, init);
  let res: Response;
  try {
    res = await send(path, init);
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(0, 'Common.network', 'Network error, please check your connection');
  }
  const text = await res.text();
  const data = text ? safeJson(text) : undefined;
  if (!res.ok) {
    const body = (data ?? {}) as { code?: string; message?: string; details?: unknown };
    throw new ApiError(res.status, body.code ?? 'Common.internal', body.message ?? res.statusText, body.details);
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
