/**
 * api(): in the browser a fetch with the server's error codes; while a page renders on the server,
 * the in-process reads of that request (setServerRequest).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, setServerRequest } from './api';

afterEach(() => {
  vi.unstubAllGlobals();
  setServerRequest(() => undefined);
});

describe('api', () => {
  it('sends JSON with the CSRF header on a write and turns an error answer into ApiError with its code', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response(JSON.stringify({ code: 'Trade.tradeOrderNotExist', message: 'No such order' }), { status: 404 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const err = await api('/sapi/x', { body: { id: '1' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('Trade.tradeOrderNotExist');
    expect((err as ApiError).status).toBe(404);
    const init = fetchMock.mock.calls[0]![1];
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['x-mall-request']).toBe('1');
  });

  it('on the server, reads in-process and never fetches', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const seen: unknown[] = [];
    setServerRequest(() => ({
      origin: 'http://shop.test',
      reads: async (path, init) => {
        seen.push([path, init]);
        return path === '/api/ok'
          ? { status: 200, data: { fine: true } }
          : { status: 404, data: { code: 'Common.notFound', message: 'Not found' } };
      },
    }));
    expect(await api('/api/ok')).toEqual({ fine: true });
    await expect(api('/api/missing', { body: { a: 1 } })).rejects.toMatchObject({
      status: 404,
      code: 'Common.notFound',
    });
    expect(seen).toEqual([
      ['/api/ok', { method: 'GET', body: undefined }],
      ['/api/missing', { method: 'POST', body: { a: 1 } }],
    ]);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
