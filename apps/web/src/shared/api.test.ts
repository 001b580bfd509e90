/**
 * Early reads (shared/api.ts): the page's first identical request takes the early answer, and an
 * `onAnswer` hook sees a copy of it without taking the body from the page.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, provideEarly, startEarly } from './api';

afterEach(() => { vi.unstubAllGlobals(); });

describe('startEarly', () => {
  it('hands its answer to the page and a copy to onAnswer, with one request', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: [{ image: '/media/a.svg' }] }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const seen: unknown[] = [];
    startEarly('/early/list', { page: 1 }, (data) => seen.push(data));
    const page = await api<{ data: { image: string }[] }>('/early/list', { body: { page: 1 } });
    expect(page.data[0]!.image).toBe('/media/a.svg');
    await vi.waitFor(() => expect(seen).toEqual([{ data: [{ image: '/media/a.svg' }] }]));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not call onAnswer for a failed read, and the page sees the error', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: 'Common.notFound', message: 'Not found' }), { status: 404 })));
    const seen: unknown[] = [];
    startEarly('/early/missing', undefined, (data) => seen.push(data));
    await expect(api('/early/missing')).rejects.toMatchObject({ status: 404, code: 'Common.notFound' });
    await new Promise((r) => setTimeout(r, 10));
    expect(seen).toEqual([]);
  });
});

describe('provideEarly', () => {
  it("gives the page's first identical request the shell's answer without asking, and the next one asks", async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: ['fresh'] }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    provideEarly('/early/shell', { page: 1 }, { data: ['from the shell'] });
    // A read started for the same request afterwards is not sent again.
    startEarly('/early/shell', { page: 1 });
    expect(await api('/early/shell', { body: { page: 1 } })).toEqual({ data: ['from the shell'] });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await api('/early/shell', { body: { page: 1 } })).toEqual({ data: ['fresh'] });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('is not used for another request: a different body asks the server', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: ['desktop'] }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    provideEarly('/early/layout', { deviceSource: 'H5' }, { data: ['phone'] });
    expect(await api('/early/layout', { body: { deviceSource: 'PC' } })).toEqual({ data: ['desktop'] });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
