/**
 * The emulator's answers against Adyen's own Checkout API schemas (CheckoutService-v71.json of
 * github.com/Adyen/adyen-openapi): every answer the adapter can get, success and error, must
 * validate and carry no top-level field the schema does not declare, so the emulator cannot drift
 * into a shape of its own. Adyen's document is reference data kept beside the repository
 * (shared/emulators/), not in it: ADYEN_OPENAPI names another copy; without one the check is skipped.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import AjvModule from 'ajv';
import formatsModule from 'ajv-formats';
import { startAdyenEmulator, type AdyenEmulator } from './emulator.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const specFile =
  process.env.ADYEN_OPENAPI ?? path.resolve(here, '../../../../../../shared/emulators/adyen-CheckoutService-v71.json');
const available = fs.existsSync(specFile);
if (!available) console.warn(`Adyen emulator shapes not checked: no Checkout API document at ${specFile}`);

type Json = Record<string, unknown>;
const spec = (available ? JSON.parse(fs.readFileSync(specFile, 'utf8')) : { components: { schemas: {} } }) as {
  components: { schemas: Record<string, Json> };
};

// ajv and ajv-formats are CommonJS; their default export sits on .default under ESM.
const Ajv = ((AjvModule as unknown as { default?: typeof AjvModule }).default ?? AjvModule) as unknown as new (
  opts: object,
) => {
  addSchema(s: object): void;
  compile(s: object): ((d: unknown) => boolean) & { errors?: unknown[] | null };
};
const addFormats = ((formatsModule as unknown as { default?: unknown }).default ?? formatsModule) as (
  ajv: unknown,
) => void;
const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
addFormats(ajv);
if (available) ajv.addSchema({ $id: 'adyen-checkout', components: spec.components });

/** The answer validates against Adyen's schema `name` and has no top-level field it does not declare. */
function expectShape(name: string, body: unknown) {
  const validate = ajv.compile({ $ref: `adyen-checkout#/components/schemas/${name}` });
  expect(validate(body), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
  const declared = Object.keys(spec.components.schemas[name]!.properties ?? {});
  expect(
    Object.keys(body as Json).filter((k) => !declared.includes(k)),
    `${name}: fields Adyen does not declare`,
  ).toEqual([]);
}

const KEYS = {
  apiKey: 'AQE_shapes',
  merchantAccount: 'ShapesECOM',
  clientKey: 'test_SHAPES',
  hmacKey: '00112233445566778899AABBCCDDEEFF00112233445566778899AABBCCDDEEFF',
};
let emulator: AdyenEmulator;
const call = async (method: string, p: string, body?: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(`${emulator.url}${p}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-api-key': KEYS.apiKey, ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Json };
};

beforeAll(async () => {
  emulator = await startAdyenEmulator(KEYS);
});
afterAll(async () => {
  await emulator?.close();
});

describe.skipIf(!available)("Adyen emulator answers in Adyen's shapes (Checkout API v71)", () => {
  const amount = { currency: 'EUR', value: 1250 };

  it('sessions: created, then its result with the authorised payment', async () => {
    const created = await call('POST', '/v71/sessions', {
      amount,
      merchantAccount: KEYS.merchantAccount,
      reference: '1',
      returnUrl: 'http://shop.test/r',
      countryCode: 'NL',
    });
    expect(created.status).toBe(201);
    expectShape('CreateCheckoutSessionResponse', created.body);
    const paid = await emulator.payWithDropIn(String(created.body.id), { type: 'scheme', number: '4111111145551142' });
    const result = await call('GET', `/v71/sessions/${created.body.id}?sessionResult=${paid.sessionResult}`);
    expect(result.status).toBe(200);
    expectShape('SessionResultResponse', result.body);
  });

  it('payment links: created, read back, expired', async () => {
    const created = await call('POST', '/v71/paymentLinks', {
      amount,
      merchantAccount: KEYS.merchantAccount,
      reference: '2',
      returnUrl: 'http://shop.test/r',
    });
    expect(created.status).toBe(201);
    expectShape('PaymentLinkResponse', created.body);
    const read = await call('GET', `/v71/paymentLinks/${created.body.id}`);
    expectShape('PaymentLinkResponse', read.body);
    const expired = await call('PATCH', `/v71/paymentLinks/${created.body.id}`, { status: 'expired' });
    expect(expired.body.status).toBe('expired');
    expectShape('PaymentLinkResponse', expired.body);
  });

  it('payments/details after 3-D Secure, then a refund and a cancel of the payment', async () => {
    const session = await call('POST', '/v71/sessions', {
      amount,
      merchantAccount: KEYS.merchantAccount,
      reference: '3',
      returnUrl: 'http://shop.test/r',
    });
    const dropIn = await emulator.payWithDropIn(String(session.body.id), {
      type: 'scheme',
      number: '4917610000000000',
    });
    const back = await fetch(dropIn.action!.url, {
      method: 'POST',
      body: new URLSearchParams({ answer: 'complete' }),
      redirect: 'manual',
    });
    const redirectResult = new URL(back.headers.get('location')!).searchParams.get('redirectResult')!;
    const details = await call('POST', '/v71/payments/details', { details: { redirectResult } });
    expect(details.status).toBe(200);
    expectShape('PaymentDetailsResponse', details.body);
    const psp = String(details.body.pspReference);
    const refund = await call(
      'POST',
      `/v71/payments/${psp}/refunds`,
      { amount: { currency: 'EUR', value: 250 }, merchantAccount: KEYS.merchantAccount, reference: 'r-1' },
      { 'idempotency-key': 'r-1' },
    );
    expect(refund.status).toBe(201);
    expectShape('PaymentRefundResponse', refund.body);
    const cancel = await call('POST', `/v71/payments/${psp}/cancels`, {
      merchantAccount: KEYS.merchantAccount,
      reference: 'c-1',
    });
    expect(cancel.status).toBe(201);
    expectShape('PaymentCancelResponse', cancel.body);
  });

  it('errors: a wrong API key, an invalid amount, an unknown link', async () => {
    const unauthorised = await call('POST', '/v71/paymentLinks', {}, { 'x-api-key': 'wrong' });
    expect(unauthorised.status).toBe(401);
    expectShape('ServiceError', unauthorised.body);
    const invalid = await call('POST', '/v71/paymentLinks', {
      amount: { currency: 'EUR', value: -1 },
      merchantAccount: KEYS.merchantAccount,
      reference: 'x',
    });
    expect(invalid.status).toBe(422);
    expectShape('ServiceError', invalid.body);
    const unknown = await call('GET', '/v71/paymentLinks/PL0000000000000000');
    expect(unknown.status).toBe(422);
    expectShape('ServiceError', unknown.body);
  });
});
