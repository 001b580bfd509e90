/**
 * The emulator's answers against PayPal's own schemas (trimmed from PayPal's published OpenAPI
 * documents by vendor-schemas.mjs): every answer the adapter can get, success and error, must
 * validate, and carry no field the schema does not declare, so the emulator cannot drift into a
 * shape of its own. The trimmed schema file is reference data kept beside the repository
 * (shared/), not in it: PAYPAL_OPENAPI_SCHEMAS names another copy.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import AjvModule from 'ajv';
import formatsModule from 'ajv-formats';
import { startPaypalEmulator, type Approval, type PaypalEmulator } from './emulator.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const schemaFile =
  process.env.PAYPAL_OPENAPI_SCHEMAS ?? path.resolve(here, '../../../../../../shared/emulators/paypal-openapi.json');
const available = fs.existsSync(schemaFile);
if (!available) console.warn(`PayPal emulator shapes not checked: no schema file at ${schemaFile}`);

type Json = Record<string, unknown>;
type SpecName = 'orders' | 'payments' | 'webhooks' | 'oauth';
type Specs = Record<
  SpecName,
  {
    operations: Record<string, { request: Json | null; responses: Record<string, Json> }>;
    components?: { schemas: Record<string, Json> };
  }
>;

/**
 * PayPal's error schemas pin `message` and each issue's `description` to PayPal's own sentences;
 * the emulator words those itself, so they are checked as strings. Names and issues stay exact.
 */
function ownWording(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(ownWording);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node as Json)) {
    if (k === 'properties' && v && typeof v === 'object') {
      out[k] = Object.fromEntries(
        Object.entries(v as Json).map(([name, prop]) => {
          const p = ownWording(prop) as Json;
          if ((name === 'message' || name === 'description') && p && Array.isArray(p.enum)) {
            const { enum: _, ...rest } = p;
            return [name, rest];
          }
          return [name, p];
        }),
      );
    } else out[k] = ownWording(v);
  }
  return out;
}

const SPECS = (available ? ownWording(JSON.parse(fs.readFileSync(schemaFile, 'utf8'))) : {}) as Specs;

// ajv and ajv-formats are CommonJS; their default export sits on .default under ESM.
const Ajv = ((AjvModule as unknown as { default?: typeof AjvModule }).default ?? AjvModule) as unknown as new (
  opts: object,
) => {
  addSchema(s: object): void;
  addFormat(name: string, f: true | RegExp): void;
  compile(s: object): ((d: unknown) => boolean) & { errors?: unknown[] | null };
};
const addFormats = ((formatsModule as unknown as { default?: unknown }).default ?? formatsModule) as (
  ajv: unknown,
) => void;

const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
addFormats(ajv);
// PayPal's own format names; the schemas carry a pattern or length for each where it matters.
for (const f of [
  'merchant_common_email_address_v2',
  'ppaas_payer_id_v3',
  'ppaas_date_notime_v2',
  'ppaas_common_country_code_v2',
  'payer_v1',
  'ppaas_common_currency_code_v2',
  'ppaas_common_language_v3',
  'ppaas_common_email_address_v2',
  'ppaas_ip_address_v1',
  'ppaas_date_time_v3',
])
  ajv.addFormat(f, true);
if (available)
  for (const name of ['orders', 'payments', 'webhooks'] as const)
    ajv.addSchema({ $id: `paypal-${name}`, components: SPECS[name].components });

/** `#/components/schemas/x` of an operation's schema, read inside its own document. */
const inDocument = (spec: SpecName, schema: Json): Json =>
  JSON.parse(JSON.stringify(schema).replace(/"#\/components\/schemas\//g, `"paypal-${spec}#/components/schemas/`));

function resolve(spec: SpecName, schema: Json): Json {
  const ref = schema.$ref;
  if (typeof ref === 'string')
    return resolve(spec, SPECS[spec].components!.schemas[ref.replace('#/components/schemas/', '')]!);
  return schema;
}

const fewest = (lists: string[][]) => lists.reduce((a, b) => (a.length <= b.length ? a : b));

/** Paths of fields in `value` that no branch of `schema` declares (additionalProperties aside). */
function undeclared(spec: SpecName, schemaIn: Json, value: unknown, path = ''): string[] {
  const branches: Json[] = [];
  const collect = (s: Json) => {
    const r = resolve(spec, s);
    branches.push(r);
    for (const k of ['allOf', 'anyOf', 'oneOf'] as const)
      for (const sub of (r[k] as Json[] | undefined) ?? []) collect(sub);
  };
  collect(schemaIn);
  if (Array.isArray(value)) {
    const items = branches.map((b) => b.items as Json | undefined).filter((i): i is Json => !!i);
    return items.length
      ? value.flatMap((v, n) => fewest(items.map((i) => undeclared(spec, i, v, `${path}/${n}`))))
      : [];
  }
  if (!value || typeof value !== 'object') return [];
  if (
    branches.some(
      (b) => b.additionalProperties === true || (typeof b.additionalProperties === 'object' && b.additionalProperties),
    )
  )
    return [];
  const out: string[] = [];
  for (const [key, v] of Object.entries(value)) {
    const declaring = branches
      .map((b) => (b.properties as Record<string, Json> | undefined)?.[key])
      .filter((s): s is Json => !!s);
    if (!declaring.length) {
      out.push(`${path}/${key}`);
      continue;
    }
    // A field is fine when one declaration accounts for all of it.
    out.push(...fewest(declaring.map((s) => undeclared(spec, s, v, `${path}/${key}`))));
  }
  return out;
}

/** Compiled validators by schema: compiling PayPal's larger schemas takes a while, so once each. */
const compiled = new Map<Json, ReturnType<typeof ajv.compile>>();

function expectShape(
  spec: SpecName,
  op: string,
  status: number,
  body: unknown,
  part: 'responses' | 'request' = 'responses',
) {
  const operation = SPECS[spec].operations[op];
  expect(operation, op).toBeTruthy();
  const schema = part === 'request' ? operation!.request : operation!.responses[String(status)];
  expect(schema, `${op} has a schema for ${part === 'request' ? 'its request' : status}`).toBeTruthy();
  let validate = compiled.get(schema!);
  if (!validate)
    compiled.set(schema!, (validate = ajv.compile(spec === 'oauth' ? schema! : inDocument(spec, schema!))));
  const ok = validate(body);
  expect(ok ? [] : validate.errors, `${op} ${status}: ${JSON.stringify(body).slice(0, 300)}`).toEqual([]);
  if (spec !== 'oauth')
    expect(undeclared(spec, schema!, body), `${op} ${status}: fields the schema does not declare`).toEqual([]);
}

const creds = { clientId: 'shapes-client', clientSecret: 'shapes-secret', webhookId: '8PT597110X687430LKGECATA' };
let emulator: PaypalEmulator;
let token: string;

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(emulator.url + path, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Json };
}

const orderRequest = (value = '25.00', currency = 'USD', extra: Json = {}) => ({
  intent: 'CAPTURE',
  purchase_units: [
    { amount: { currency_code: currency, value }, custom_id: '1234', invoice_id: `inv-${Math.random()}` },
  ],
  payment_source: {
    paypal: {
      experience_context: {
        return_url: 'https://shop.example/return',
        cancel_url: 'https://shop.example/cancel',
        user_action: 'PAY_NOW',
        shipping_preference: 'NO_SHIPPING',
      },
    },
  },
  ...extra,
});

async function approved(choice: Approval = 'approve', value = '25.00', currency = 'USD') {
  const created = await call('POST', '/v2/checkout/orders', orderRequest(value, currency));
  const res = await fetch(`${emulator.url}/checkoutnow/decide`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `token=${created.body.id}&choice=${choice}`,
  });
  expect(res.status).toBe(303);
  return created.body.id as string;
}

describe.skipIf(!available)("PayPal emulator answers in PayPal's shapes", () => {
  beforeAll(async () => {
    emulator = await startPaypalEmulator(creds);
    const res = await fetch(`${emulator.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${creds.clientId}:${creds.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    const body = (await res.json()) as Json;
    expectShape('oauth', 'POST /v1/oauth2/token', res.status, body);
    token = body.access_token as string;
  });
  afterAll(async () => {
    await emulator.close();
  });

  it("OAuth: a token, and PayPal's error for wrong client credentials", async () => {
    const res = await fetch(`${emulator.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('x:y').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    expect(res.status).toBe(401);
    expectShape('oauth', 'POST /v1/oauth2/token', 401, await res.json());
  });

  // The first compile of the order schemas is slow on a busy machine.
  it(
    'Orders: create (minimal and full), read in each state, capture (completed, pending, declined) and its refusals',
    { timeout: 20_000 },
    async () => {
      const minimal = await call('POST', '/v2/checkout/orders', orderRequest());
      expect(minimal.status).toBe(201);
      expectShape('orders', 'POST /v2/checkout/orders', 201, minimal.body);
      const full = await call('POST', '/v2/checkout/orders', orderRequest('1500', 'JPY'), {
        prefer: 'return=representation',
      });
      expectShape('orders', 'POST /v2/checkout/orders', 201, full.body);
      const legacy = await call('POST', '/v2/checkout/orders', {
        intent: 'CAPTURE',
        purchase_units: [{ amount: { currency_code: 'EUR', value: '9.99' } }],
        application_context: { return_url: 'https://shop.example/r', cancel_url: 'https://shop.example/c' },
      });
      expectShape('orders', 'POST /v2/checkout/orders', 201, legacy.body);
      expect((legacy.body.links as { rel: string }[]).map((l) => l.rel)).toContain('approve');
      expectShape(
        'orders',
        'GET /v2/checkout/orders/{id}',
        200,
        (await call('GET', `/v2/checkout/orders/${minimal.body.id}`)).body,
      );

      const notApproved = await call('POST', `/v2/checkout/orders/${minimal.body.id}/capture`);
      expect(notApproved.status).toBe(422);
      expect(notApproved.body.details).toMatchObject([{ issue: 'ORDER_NOT_APPROVED' }]);
      expectShape('orders', 'POST /v2/checkout/orders/{id}/capture', 422, notApproved.body);

      for (const choice of ['approve', 'pending_at_capture', 'decline_at_capture'] as const) {
        const id = await approved(choice);
        expectShape(
          'orders',
          'GET /v2/checkout/orders/{id}',
          200,
          (await call('GET', `/v2/checkout/orders/${id}`)).body,
        );
        const captured = await call('POST', `/v2/checkout/orders/${id}/capture`, undefined, {
          'paypal-request-id': `capture-${id}`,
          prefer: 'return=representation',
        });
        expect(captured.status).toBe(201);
        expectShape('orders', 'POST /v2/checkout/orders/{id}/capture', 201, captured.body);
        expectShape(
          'orders',
          'GET /v2/checkout/orders/{id}',
          200,
          (await call('GET', `/v2/checkout/orders/${id}`)).body,
        );
        const again = await call('POST', `/v2/checkout/orders/${id}/capture`, undefined, {
          'paypal-request-id': `capture-${id}-other`,
        });
        expect(again.body.details).toMatchObject([{ issue: 'ORDER_ALREADY_CAPTURED' }]);
        expectShape('orders', 'POST /v2/checkout/orders/{id}/capture', 422, again.body);
      }
      const refused = await call('POST', `/v2/checkout/orders/${await approved('instrument_declined')}/capture`);
      expect(refused.body.details).toMatchObject([{ issue: 'INSTRUMENT_DECLINED' }]);
      expectShape('orders', 'POST /v2/checkout/orders/{id}/capture', 422, refused.body);
      const slow = await approved();
      emulator.setCaptureDelay(100);
      const first = call('POST', `/v2/checkout/orders/${slow}/capture`, undefined, {
        'paypal-request-id': `capture-${slow}`,
      });
      await new Promise((r) => setTimeout(r, 30));
      const busy = await call('POST', `/v2/checkout/orders/${slow}/capture`, undefined, {
        'paypal-request-id': `capture-${slow}`,
      });
      emulator.setCaptureDelay(0);
      expect(busy.body.details).toMatchObject([{ issue: 'ORDER_COMPLETION_IN_PROGRESS' }]);
      expectShape('orders', 'POST /v2/checkout/orders/{id}/capture', 422, busy.body);
      expect((await first).status).toBe(201);
      const minimalCapture = await call('POST', `/v2/checkout/orders/${await approved()}/capture`);
      expectShape('orders', 'POST /v2/checkout/orders/{id}/capture', 201, minimalCapture.body);

      const missing = await call('GET', '/v2/checkout/orders/0000000000000000X');
      expect(missing.status).toBe(404);
      expectShape('orders', 'GET /v2/checkout/orders/{id}', 404, missing.body);
      const bad = await call('POST', '/v2/checkout/orders', orderRequest('10.5', 'JPY'));
      expect(bad.status).toBe(422);
      expectShape('orders', 'POST /v2/checkout/orders', 422, bad.body);
      const unauthorised = await fetch(`${emulator.url}/v2/checkout/orders/${minimal.body.id}`, {
        headers: { authorization: 'Bearer nope' },
      });
      expect(unauthorised.status).toBe(401);
      expectShape('orders', 'GET /v2/checkout/orders/{id}', 401, await unauthorised.json());
    },
  );

  it('Payments: captures and refunds (minimal, full, pending) and the refund refusals', async () => {
    const id = await approved('approve', '100.00');
    const order = (await call('POST', `/v2/checkout/orders/${id}/capture`)).body as {
      purchase_units: { payments: { captures: { id: string }[] } }[];
    };
    const captureId = order.purchase_units[0]!.payments.captures[0]!.id;
    expectShape(
      'payments',
      'GET /v2/payments/captures/{capture_id}',
      200,
      (await call('GET', `/v2/payments/captures/${captureId}`)).body,
    );
    const part = await call(
      'POST',
      `/v2/payments/captures/${captureId}/refund`,
      { amount: { currency_code: 'USD', value: '10.00' }, custom_id: 'rev1-pay2-1' },
      { 'paypal-request-id': 'r1' },
    );
    expect(part.status).toBe(201);
    expectShape('payments', 'POST /v2/payments/captures/{capture_id}/refund', 201, part.body);
    const full = await call(
      'POST',
      `/v2/payments/captures/${captureId}/refund`,
      { amount: { currency_code: 'USD', value: '20.00' } },
      { 'paypal-request-id': 'r2', prefer: 'return=representation' },
    );
    expectShape('payments', 'POST /v2/payments/captures/{capture_id}/refund', 201, full.body);
    emulator.refundsPending(true);
    const pending = await call(
      'POST',
      `/v2/payments/captures/${captureId}/refund`,
      { amount: { currency_code: 'USD', value: '5.00' } },
      { 'paypal-request-id': 'r3', prefer: 'return=representation' },
    );
    expect(pending.body.status).toBe('PENDING');
    expectShape('payments', 'POST /v2/payments/captures/{capture_id}/refund', 201, pending.body);
    emulator.settleRefund(pending.body.id as string);
    expectShape(
      'payments',
      'GET /v2/payments/refunds/{refund_id}',
      200,
      (await call('GET', `/v2/payments/refunds/${part.body.id}`)).body,
    );
    expectShape(
      'payments',
      'GET /v2/payments/captures/{capture_id}',
      200,
      (await call('GET', `/v2/payments/captures/${captureId}`)).body,
    );

    const tooMuch = await call('POST', `/v2/payments/captures/${captureId}/refund`, {
      amount: { currency_code: 'USD', value: '65.01' },
    });
    expect(tooMuch.body.details).toMatchObject([{ issue: 'REFUND_AMOUNT_EXCEEDED' }]);
    expectShape('payments', 'POST /v2/payments/captures/{capture_id}/refund', 422, tooMuch.body);
    const rest = await call('POST', `/v2/payments/captures/${captureId}/refund`);
    expect(rest.status).toBe(201);
    const none = await call('POST', `/v2/payments/captures/${captureId}/refund`);
    expect(none.body.details).toMatchObject([{ issue: 'CAPTURE_FULLY_REFUNDED' }]);
    expectShape('payments', 'POST /v2/payments/captures/{capture_id}/refund', 422, none.body);
    const missing = await call('POST', '/v2/payments/captures/0000000000000000X/refund', {
      amount: { currency_code: 'USD', value: '1.00' },
    });
    expect(missing.status).toBe(404);
    expectShape('payments', 'POST /v2/payments/captures/{capture_id}/refund', 404, missing.body);
  });

  it('Webhooks: every event sent, its resource, and the signature check (request and answer)', async () => {
    const pendingId = await approved('pending_at_capture', '12.00', 'GBP');
    await call('POST', `/v2/checkout/orders/${pendingId}/capture`);
    const pendingCapture = emulator.order(pendingId)!.capture!;
    emulator.settleCapture(pendingCapture.id, 'COMPLETED');
    await call('POST', `/v2/checkout/orders/${await approved('decline_at_capture')}/capture`);
    await emulator.idle();
    const types = new Set(emulator.deliveries.map((d) => d.event.event_type));
    for (const t of [
      'CHECKOUT.ORDER.APPROVED',
      'PAYMENT.CAPTURE.COMPLETED',
      'PAYMENT.CAPTURE.PENDING',
      'PAYMENT.CAPTURE.DECLINED',
      'PAYMENT.CAPTURE.REFUNDED',
    ])
      expect(types).toContain(t);
    for (const d of emulator.deliveries) {
      expectShape('webhooks', 'GET /v1/notifications/webhooks-events/{event_id}', 200, d.event);
      const resource = d.event.resource;
      if (d.event.resource_type === 'checkout-order')
        expectShape('orders', 'GET /v2/checkout/orders/{id}', 200, resource);
      else if (d.event.resource_type === 'capture')
        expectShape('payments', 'GET /v2/payments/captures/{capture_id}', 200, resource);
      else if (d.event.resource_type === 'refund')
        expectShape('payments', 'GET /v2/payments/refunds/{refund_id}', 200, resource);
      else throw new Error(`unexpected resource type ${d.event.resource_type}`);
      expect(JSON.parse(d.body)).toEqual(d.event);
    }
    const stored = await call('GET', `/v1/notifications/webhooks-events/${emulator.deliveries[0]!.event.id}`);
    expectShape('webhooks', 'GET /v1/notifications/webhooks-events/{event_id}', 200, stored.body);

    const d = emulator.deliveries[0]!;
    const request = {
      auth_algo: d.headers['paypal-auth-algo'],
      cert_url: d.headers['paypal-cert-url'],
      transmission_id: d.headers['paypal-transmission-id'],
      transmission_sig: d.headers['paypal-transmission-sig'],
      transmission_time: d.headers['paypal-transmission-time'],
      webhook_id: creds.webhookId,
      webhook_event: JSON.parse(d.body),
    };
    expectShape('webhooks', 'POST /v1/notifications/verify-webhook-signature', 0, request, 'request');
    const good = await call('POST', '/v1/notifications/verify-webhook-signature', request);
    expect(good.body).toEqual({ verification_status: 'SUCCESS' });
    expectShape('webhooks', 'POST /v1/notifications/verify-webhook-signature', 200, good.body);
    const bad = await call('POST', '/v1/notifications/verify-webhook-signature', {
      ...request,
      webhook_event: { ...request.webhook_event, summary: 'changed' },
    });
    expect(bad.body).toEqual({ verification_status: 'FAILURE' });
    expectShape('webhooks', 'POST /v1/notifications/verify-webhook-signature', 200, bad.body);
  });

  it('the shape check itself catches a field PayPal does not have', () => {
    const schema = SPECS.orders.operations['GET /v2/checkout/orders/{id}']!.responses['200']!;
    expect(undeclared('orders', schema, { id: 'X', status: 'APPROVED', approved_by: 'me' })).toEqual(['/approved_by']);
    expect(
      undeclared('orders', schema, {
        id: 'X',
        purchase_units: [{ amount: { currency_code: 'USD', value: '1.00', cents: 100 } }],
      }),
    ).toEqual(['/purchase_units/0/amount/cents']);
    const validate = ajv.compile(inDocument('orders', schema));
    expect(validate({ id: 'X', status: 'APPROVED' })).toBe(true);
    expect(validate({ id: 'X', status: 'PAID' })).toBe(false);
    expect(validate({ id: 'X', purchase_units: [{ amount: { currency_code: 'USD', value: 1 } }] })).toBe(false);
    const refusal = ajv.compile(
      inDocument('orders', SPECS.orders.operations['POST /v2/checkout/orders/{id}/capture']!.responses['422']!),
    );
    expect(
      refusal({
        name: 'UNPROCESSABLE_ENTITY',
        message: 'Not now.',
        debug_id: 'x',
        details: [{ issue: 'ORDER_NOT_APPROVED', description: 'Not approved.' }],
      }),
    ).toBe(true);
    expect(
      refusal({
        name: 'INVALID_REQUEST',
        message: 'Not now.',
        debug_id: 'x',
        details: [{ issue: 'ORDER_NOT_APPROVED' }],
      }),
    ).toBe(false);
    expect(
      refusal({
        name: 'UNPROCESSABLE_ENTITY',
        message: 'Not now.',
        debug_id: 'x',
        details: [{ issue: 'NOT_A_PAYPAL_ISSUE' }],
      }),
    ).toBe(false);
  });
});
