/**
 * The shop serving HTTPS itself (TLS_CERT_FILE / TLS_KEY_FILE): HTTP/2 for browsers
 * that speak it, HTTP/1.1 for the rest, and the CSRF check working on both (an HTTP/2 request
 * carries its host as :authority, not in a Host header).
 */
import http2 from 'node:http2';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, ERROR_CODES } from '@mall/contracts';
import { createTestApp, skuIdOf, type TestApp } from '../../test/helpers.js';
import { ConfigError, loadConfig } from '../config.js';
import { LOOPBACK_TLS_FILES, loopbackTls } from '../../../../bench/demo-shop.js';

// A self-signed certificate for 127.0.0.1 and localhost, for tests and the bench only.
const { cert: CERT_FILE, key: KEY_FILE } = LOOPBACK_TLS_FILES;
const { cert, key } = loopbackTls();

let t: TestApp;
let origin: string;
let sku: string;
beforeAll(async () => {
  t = await createTestApp({ tls: { cert, key } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `https://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  sku = await skuIdOf(t.app, 'standing-desk-e7', 'E7-BLK-140');
});
afterAll(async () => {
  await t?.close();
});

interface Answer {
  status: number;
  protocol: string;
  body: string;
}

/** One request over HTTP/2 (what a browser negotiates), trusting only the test certificate. */
function overHttp2(method: string, url: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const session = http2.connect(origin, { ca: cert });
    session.on('error', reject);
    const req = session.request({ ':method': method, ':path': url, ...headers });
    let status = 0;
    let text = '';
    req.on('response', (h) => {
      status = Number(h[':status']);
    });
    req.setEncoding('utf8');
    req.on('data', (d: string) => {
      text += d;
    });
    // The protocol the TLS handshake agreed on (ALPN).
    req.on('end', () => {
      const protocol = session.alpnProtocol ?? '';
      session.close();
      resolve({ status, protocol, body: text });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** One request over HTTP/1.1 with TLS (a client without HTTP/2). */
function overHttp1(method: string, url: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = https.request(`${origin}${url}`, { method, headers, ca: cert }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => {
        text += d;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, protocol: `http/${res.httpVersion}`, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const addToCart = (over: typeof overHttp2, from: string) =>
  over(
    'POST',
    '/api/cart/lines',
    { 'content-type': 'application/json', [CSRF_HEADER]: '1', origin: from },
    JSON.stringify({ skuId: sku, qty: '1' }),
  );

describe('HTTPS served by the shop', () => {
  it('answers over HTTP/2 and over HTTP/1.1 with the same session answer', async () => {
    const h2 = await overHttp2('GET', '/api/auth/session');
    const h1 = await overHttp1('GET', '/api/auth/session');
    expect(h2).toMatchObject({ status: 200, protocol: 'h2' });
    expect(h1).toMatchObject({ status: 200, protocol: 'http/1.1' });
    expect(JSON.parse(h2.body)).toEqual(JSON.parse(h1.body));
  });

  it('a same-origin POST passes the CSRF check over HTTP/2 (host from :authority) and a cross-site one is refused', async () => {
    const own = await addToCart(overHttp2, origin);
    expect(own.status).toBe(200);
    expect(JSON.parse(own.body).totalCount).toBe(1);
    const cross = await addToCart(overHttp2, 'https://evil.example');
    expect(cross.status).toBe(403);
    expect(JSON.parse(cross.body).code).toBe(ERROR_CODES.csrfRejected);
  });

  it('the same checks hold over HTTP/1.1', async () => {
    expect((await addToCart(overHttp1, origin)).status).toBe(200);
    expect((await addToCart(overHttp1, 'https://evil.example')).status).toBe(403);
  });
});

describe('stopping', () => {
  it('an open HTTP/2 session (a browser keeps one) does not hold the server up', async () => {
    const shop = await createTestApp({ tls: { cert, key } });
    await shop.app.listen({ port: 0, host: '127.0.0.1' });
    const session = http2.connect(`https://127.0.0.1:${(shop.app.server.address() as AddressInfo).port}`, { ca: cert });
    await new Promise<void>((resolve, reject) => {
      const req = session.request({ ':path': '/api/auth/session' });
      req.on('error', reject);
      req.resume();
      req.on('end', () => resolve());
      req.end();
    });
    const started = Date.now();
    await shop.close();
    // Before, close() waited for the session's timeout (72 s).
    expect(Date.now() - started).toBeLessThan(5_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(session.closed || session.destroyed).toBe(true);
  });
});

describe('TLS configuration', () => {
  it('reads both files, and PUBLIC_URL defaults to https', () => {
    const c = loadConfig({ TLS_CERT_FILE: CERT_FILE, TLS_KEY_FILE: KEY_FILE, PORT: '8443' });
    expect(c.tls?.cert.equals(cert)).toBe(true);
    expect(c.tls?.key.equals(key)).toBe(true);
    expect(c.publicUrl).toBe('https://127.0.0.1:8443');
    expect(loadConfig({}).tls).toBeUndefined();
  });

  it('refuses one file without the other, and a file it cannot read, naming the variable', () => {
    expect(() => loadConfig({ TLS_CERT_FILE: CERT_FILE })).toThrow(ConfigError);
    expect(() => loadConfig({ TLS_KEY_FILE: KEY_FILE })).toThrow(/TLS_CERT_FILE and TLS_KEY_FILE/);
    expect(() => loadConfig({ TLS_CERT_FILE: 'no/such/cert.pem', TLS_KEY_FILE: KEY_FILE })).toThrow(
      /TLS_CERT_FILE: cannot read no\/such\/cert.pem/,
    );
  });
});
