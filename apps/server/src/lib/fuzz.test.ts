/**
 * Malformed requests against every route of the OpenAPI document, as a tourist
 * and as a logged-in buyer: broken JSON, wrong types, NUL bytes and lone surrogates in every
 * string field, absurd ids in the path. None may answer 5xx. Bodies past the shape limits
 * (nested 10,000 deep, objects and lists wider than allowed) answer 4xx on every route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, createTestApp, login, type Browser, type TestApp } from '../../test/helpers.js';

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
}
interface Operation {
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  parameters?: { in: string; name: string }[];
}

let t: TestApp;
let routes: { method: string; path: string; op: Operation }[];
beforeAll(async () => {
  t = await createTestApp();
  const doc = (t.app as unknown as { swagger(): { paths: Record<string, Record<string, Operation>> } }).swagger();
  routes = Object.entries(doc.paths).flatMap(([p, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path: p, op })),
  );
});
afterAll(async () => {
  await t?.close();
});

const BAD_TEXT = ['\u0000', 'a\u0000b', '\uD800', 'x\uDFFFy', 'x'.repeat(20_000)];
const BAD_VALUES: unknown[] = [null, 0, -1, 1e308, true, [], {}, '', '99999999999999999999999', ...BAD_TEXT];
const BAD_IDS = ['0', '-1', '99999999999999999999', 'abc', '%00', '%F0%9F', '..%2f..%2fetc', "1'--", '1e5'];

/** Every property of the schema (nested too) set to one bad value at a time. */
function* mutations(schema: Schema | undefined, base: Record<string, unknown> = {}): Generator<unknown> {
  const props = schema?.properties ?? schema?.anyOf?.[0]?.properties ?? schema?.oneOf?.[0]?.properties ?? {};
  for (const [name, prop] of Object.entries(props)) {
    for (const v of BAD_VALUES) yield { ...base, [name]: v };
    if (prop.properties) for (const inner of mutations(prop)) yield { ...base, [name]: inner };
    if (prop.items?.properties) for (const inner of mutations(prop.items)) yield { ...base, [name]: [inner] };
  }
}

const DEEP = 10_000;
/** Bodies past REQUEST_JSON_LIMITS (lib/hygiene.ts); each stays under the 1 MB body limit. */
const OVERSIZED_BODIES: [string, string][] = [
  ['arrays 10,000 deep', `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`],
  ['objects 10,000 deep', `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`],
  ['mixed 10,000 deep under a field', `{"name":${'[{"x":'.repeat(DEEP / 2)}null${'}]'.repeat(DEEP / 2)}}`],
  ['33 levels', `${'{"a":'.repeat(33)}1${'}'.repeat(33)}`],
  [
    'an object of 20,000 keys',
    JSON.stringify(Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, 0]))),
  ],
  [
    'a list of 20,000 entries',
    JSON.stringify({ previewTradeContractLineReqTOList: Array.from({ length: 20_000 }, () => 0) }),
  ],
];

const RAW_BODIES = [
  '{bad json',
  '[]',
  '"text"',
  '123',
  'null',
  '{}',
  '{"__proto__":{"x":1}}',
  '{"a":"\\u0000"}',
  '{"a":"\\ud800"}',
];

async function fuzz(b: Browser): Promise<{ sent: number; fives: string[] }> {
  let sent = 0;
  const fives: string[] = [];
  const check = async (method: string, url: string, payload?: string) => {
    const res = await b.request(method as 'POST', url, undefined, payload === undefined ? {} : { payload });
    sent++;
    if (res.statusCode >= 500)
      fives.push(`${method} ${url} ${payload?.slice(0, 80) ?? ''} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
  };
  for (const { method, path, op } of routes) {
    if (path.startsWith('/docs')) continue;
    const params = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
    const urls = params.length
      ? BAD_IDS.map((id) => params.reduce((u, name) => u.replace(`{${name}}`, id), path))
      : [path];
    const query = `?${(op.parameters ?? [])
      .filter((p) => p.in === 'query')
      .map((p) => `${p.name}=%00`)
      .join('&')}`;
    for (const url of urls) await check(method, url + (query.length > 1 ? query : ''));
    if (method === 'GET' || method === 'DELETE') continue;
    for (const raw of RAW_BODIES) await check(method, urls[0]!, raw);
    const schema = op.requestBody?.content?.['application/json']?.schema;
    for (const body of mutations(schema)) await check(method, urls[0]!, JSON.stringify(body));
  }
  return { sent, fives };
}

/** Every route that takes a body, sent each oversized body: the answer for each. */
async function oversized(b: Browser): Promise<{ sent: number; not4xx: string[]; codes: Set<string> }> {
  let sent = 0;
  const not4xx: string[] = [];
  const codes = new Set<string>();
  for (const { method, path } of routes) {
    if (path.startsWith('/docs') || method === 'GET') continue;
    const url = path.replace(/\{[^}]+\}/g, '1');
    for (const [name, payload] of OVERSIZED_BODIES) {
      const res = await b.request(method as 'POST', url, undefined, { payload });
      sent++;
      if (res.statusCode < 400 || res.statusCode >= 500)
        not4xx.push(`${method} ${url} ${name} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
      else codes.add(`${res.statusCode} ${res.json<{ code: string }>().code}`);
    }
  }
  return { sent, not4xx, codes };
}

describe('fuzz over the OpenAPI routes', () => {
  it('the document lists the API', () => {
    expect(routes.length).toBeGreaterThan(80);
  });

  it('as a tourist: no malformed request answers 5xx', async () => {
    const { sent, fives } = await fuzz(browser(t.app));
    console.info(`fuzz as tourist: ${sent} requests over ${routes.length} routes, ${fives.length} answered 5xx`);
    expect(sent).toBeGreaterThan(2000);
    expect(fives).toEqual([]);
  }, 180_000);

  it('as a logged-in buyer: no malformed request answers 5xx', async () => {
    const { sent, fives } = await fuzz(await login(t.app, 'buyer@demo.shop'));
    console.info(`fuzz as buyer: ${sent} requests over ${routes.length} routes, ${fives.length} answered 5xx`);
    expect(sent).toBeGreaterThan(2000);
    expect(fives).toEqual([]);
  }, 180_000);

  it('bodies nested 10,000 deep or too wide: every route answers 4xx with the error shape, never 5xx', async () => {
    for (const b of [browser(t.app), await login(t.app, 'buyer@demo.shop')]) {
      const { sent, not4xx, codes } = await oversized(b);
      console.info(`oversized bodies: ${sent} requests, answers ${[...codes].join(', ')}`);
      expect(sent).toBeGreaterThan(300);
      expect(not4xx).toEqual([]);
    }
  }, 180_000);

  it('a body past a limit is refused with a message naming the limit', async () => {
    const b = await login(t.app, 'buyer@demo.shop');
    const deep = await b.request('POST', '/api/checkout/preview', undefined, {
      payload: `{"selectedAddress":${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}}`,
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toMatchObject({
      code: 'Common.invalidRequest',
      message: 'The request nests objects or lists too deeply',
      details: { part: 'body', limit: 32 },
    });
    const wide = await b.request('POST', '/api/cart/lines', undefined, {
      payload: JSON.stringify(Object.fromEntries(Array.from({ length: 10_001 }, (_, i) => [`k${i}`, 0]))),
    });
    expect(wide.json()).toMatchObject({
      code: 'Common.invalidRequest',
      message: 'An object of the request has too many fields',
      details: { part: 'body', path: '/', limit: 10_000 },
    });
    // At the limits the body is read as usual (and refused by its schema, not by its shape).
    const atLimit = await b.request('POST', '/api/checkout/preview', undefined, {
      payload: `{"selectedAddress":${'{"a":'.repeat(31)}1${'}'.repeat(31)}}`,
    });
    expect(atLimit.json().message).not.toMatch(/too deeply/);
  });
});
