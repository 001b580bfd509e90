import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE, serveWebApp } from './static.js';

// A tiny built web app laid out like Vite's output, with the .br/.gz the build writes beside it.
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const SHELL =
  '<!doctype html><html lang="en"><head><script type="module" src="/assets/index-Dq3kX9aB.js"></script></head><body><div id="root"></div></body></html>';
let dist: string;
let app: FastifyInstance;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mall-static-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), SHELL);
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const js = path.join(dist, 'assets', 'index-Dq3kX9aB.js');
  fs.writeFileSync(js, SCRIPT);
  fs.writeFileSync(`${js}.br`, zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(`${js}.gz`, zlib.gzipSync(SCRIPT));
  // Too small to be worth compressing: the build leaves it alone.
  fs.writeFileSync(path.join(dist, 'assets', 'Center-B1x2y3z4.css'), '.c{display:flex}');
  app = Fastify();
  // Stands in for the server rendering (modules/web/render.ts, checked by e2e/server-rendering.spec.ts).
  await serveWebApp(app, dist, async (req, reply) => reply.type('text/html').send(`page ${req.url}`));
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('hashed assets', () => {
  it('Brotli when the browser takes it, cached for a year', async () => {
    const res = await get('/assets/index-Dq3kX9aB.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
  });

  it('gzip for a browser without Brotli, the plain file for one that takes neither', async () => {
    const gz = await get('/assets/index-Dq3kX9aB.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    expect(gz.headers['cache-control']).toBe(IMMUTABLE);

    const plain = await get('/assets/index-Dq3kX9aB.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('an asset without compressed copies is served as it is, still immutable', async () => {
    const res = await get('/assets/Center-B1x2y3z4.css', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('.c{display:flex}');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
  });

  it("a missing asset (an old build's chunk) is a 404, not a page", async () => {
    const res = await get('/assets/index-OldBuild1.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<!doctype html>');
  });
});

describe('pages', () => {
  it('/ and every route of the app are pages; index.html asked for by name is the file, revalidated', async () => {
    for (const url of ['/', '/buyer/orders', '/item/standing-desk-e7?sku=2']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(`page ${url}`);
    }
    const file = await get('/index.html');
    expect(file.headers['cache-control']).toBe('no-cache');
    expect(file.body).toBe(SHELL);
  });

  it('files at the root (not hashed) are revalidated too', async () => {
    const res = await get('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('API paths and non-GETs get the JSON 404', async () => {
    const api = await get('/api/nope');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'Common.notFound' });
    const post = await app.inject({ method: 'POST', url: '/buyer/orders' });
    expect(post.statusCode).toBe(404);
  });
});
