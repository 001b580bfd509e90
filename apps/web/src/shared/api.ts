/** Fetch wrapper: JSON in and out, CSRF header on writes, errors as ApiError with the server's stable code. */
import { CSRF_HEADER } from '@mall/contracts/constants';

export class ApiError extends Error {
  constructor(readonly status: number, readonly code: string, message: string, readonly details?: unknown) {
    super(message);
  }
}

type Init = { method?: string; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> };

function send(path: string, init: Init): Promise<Response> {
  const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
  if (method !== 'GET') headers[CSRF_HEADER] = '1';
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  return fetch(path, { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body), credentials: 'same-origin', signal: init.signal });
}

const requestKey = (path: string, body: unknown) => `${path} ${body === undefined ? '' : JSON.stringify(body)}`;

/**
 * Reads a page will make, answered in the app shell or started while the app boots (app/early.ts)
 * so that they run beside the session and the page's code instead of after them. The page's first
 * identical request takes the answer; one nobody asks for within a few seconds is dropped.
 */
type Early = Promise<Response> | { data: unknown };
const early = new Map<string, Early>();
const EARLY_TTL_MS = 5000;

function keepEarly(key: string, entry: Early): void {
  early.set(key, entry);
  setTimeout(() => { if (early.get(key) === entry) early.delete(key); }, EARLY_TTL_MS);
}

export function startEarly(path: string, body?: unknown, onAnswer?: (data: unknown) => void): void {
  const key = requestKey(path, body);
  if (early.has(key)) return;
  const pending = send(path, { body });
  pending.catch(() => {}); // a failure is seen by the page's own request, which then sends again
  // A copy of a successful answer for `onAnswer` (registered first, so it copies the body before
  // the page's request reads it).
  if (onAnswer) pending.then((res) => (res.ok ? res.clone().json() : undefined)).then((data) => { if (data !== undefined) onAnswer(data); }).catch(() => {});
  keepEarly(key, pending);
}

/**
 * A read the server answered in the app shell: the page's first identical request gets `data`
 * without asking (a fetch() call alone held a phone's main thread for 5-20 ms while the app booted).
 */
export function provideEarly(path: string, body: unknown, data: unknown): void {
  const key = requestKey(path, body);
  if (!early.has(key)) keepEarly(key, { data });
}

export async function api<T>(path: string, init: Init = {}): Promise<T> {
  let res: Response;
  try {
    const key = requestKey(path, init.body);
    const started = init.method === undefined || init.method === 'GET' || init.method === 'POST' ? early.get(key) : undefined;
    early.delete(key);
    if (started && !(started instanceof Promise)) return started.data as T;
    res = await (started?.catch(() => send(path, init)) ?? send(path, init));
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
  try { return JSON.parse(text); } catch { return undefined; }
}
