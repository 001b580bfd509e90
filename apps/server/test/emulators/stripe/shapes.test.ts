/**
 * The emulator answers in Stripe's shapes: every object it returns (and every error and event)
 * is checked against the schemas of Stripe's published OpenAPI document, and carries every
 * field today's API returns (the field sets of Stripe's fixtures). The trimmed schema file is
 * reference data kept beside the repository (shared/), not in it: STRIPE_OPENAPI_SCHEMAS
 * names another copy.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeEmulator, type StripeEmulator } from './server.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const schemaFile =
  process.env.STRIPE_OPENAPI_SCHEMAS ?? path.resolve(here, '../../../../../../shared/emulators/stripe-openapi.json');
const available = fs.existsSync(schemaFile);
if (!available) console.warn(`Stripe emulator shapes not checked: no schema file at ${schemaFile}`);

interface SchemaDoc {
  definitions: Record<string, object>;
  currentFields: Record<string, string[]>;
}
type Obj = Record<string, unknown>;

describe.skipIf(!available)("Stripe emulator answers in Stripe's shapes", () => {
  let emulator: StripeEmulator;
  let stripe: Stripe;
  let doc: SchemaDoc;
  const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
  const SECRET = 'whsec_shapes';

  beforeAll(async () => {
    doc = JSON.parse(fs.readFileSync(schemaFile, 'utf8')) as SchemaDoc;
    ajv.addSchema({ $id: 'stripe', definitions: doc.definitions });
    emulator = await startStripeEmulator({ webhookSecret: SECRET });
    const u = new URL(emulator.url);
    stripe = new Stripe('sk_test_shapes', { host: u.hostname, port: u.port, protocol: 'http', maxNetworkRetries: 0 });
  });
  afterAll(async () => {
    await emulator.close();
  });

  /** Valid against the schema, and no field of today's API missing. */
  function expectShape(kind: string, o: unknown) {
    const validate = ajv.getSchema(`stripe#/definitions/${kind}`)!;
    const ok = validate(o);
    expect(ok ? [] : validate.errors, `${kind} against Stripe's schema`).toEqual([]);
    const fields = doc.currentFields[kind];
    if (fields)
      expect(
        fields.filter((f) => !(f in (o as Obj))),
        `${kind} fields today's API returns`,
      ).toEqual([]);
  }

  async function raw(method: string, url: string, body?: string, key = 'sk_test_shapes') {
    const res = await fetch(`${emulator.url}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
    });
    return { status: res.status, body: (await res.json()) as Obj };
  }

  it('Checkout Session open, then paid on the hosted page, with its PaymentIntent expanded', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        { quantity: 1, price_data: { currency: 'eur', unit_amount: 2599, product_data: { name: 'Order 1' } } },
      ],
      success_url: 'http://shop.test/ok',
      cancel_url: 'http://shop.test/cancel',
      metadata: { paymentRecordId: '1' },
    });
    expectShape('checkout.session', session);
    const page = await fetch(session.url!, {
      method: 'POST',
      body: new URLSearchParams({ action: 'pay', card: '4242424242424242' }),
      redirect: 'manual',
    });
    expect(page.status).toBe(303);
    const paid = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    expect(paid.payment_status).toBe('paid');
    expectShape('checkout.session', paid);
    expectShape('payment_intent', paid.payment_intent);
    const ch = emulator.charges.get(String((paid.payment_intent as Stripe.PaymentIntent).latest_charge));
    expectShape('charge', ch);
  });

  it('PaymentIntent declined, requiring action, and succeeded; the card error body', async () => {
    const declined = await raw(
      'POST',
      '/v1/payment_intents',
      'amount=1000&currency=usd&payment_method=pm_card_chargeDeclined&confirm=true&return_url=http%3A%2F%2Fshop.test%2Fr',
    );
    expect(declined.status).toBe(402);
    expectShape('error', declined.body);
    expectShape('payment_intent', (declined.body.error as Obj).payment_intent);
    const action = await stripe.paymentIntents.create({
      amount: 1000,
      currency: 'gbp',
      payment_method: 'pm_card_threeDSecure2Required',
      confirm: true,
      return_url: 'http://shop.test/r',
    });
    expect(action.status).toBe('requires_action');
    expectShape('payment_intent', action);
    const ok = await stripe.paymentIntents.create({
      amount: 1000,
      currency: 'jpy',
      payment_method: 'pm_card_visa',
      confirm: true,
      return_url: 'http://shop.test/r',
    });
    expectShape('payment_intent', ok);
  });

  it('Refund, and the error of one larger than what is left', async () => {
    const pi = await stripe.paymentIntents.create({
      amount: 5000,
      currency: 'usd',
      payment_method: 'pm_card_visa',
      confirm: true,
      return_url: 'http://shop.test/r',
    });
    const r = await stripe.refunds.create({ payment_intent: pi.id, amount: 1000, metadata: { idempotencyKey: 'k' } });
    expectShape('refund', r);
    const over = await raw('POST', '/v1/refunds', `payment_intent=${pi.id}&amount=999999`);
    expect(over.status).toBe(400);
    expectShape('error', over.body);
  });

  it('Customer, SetupIntent confirmed with a card, its PaymentMethod, and a missing object', async () => {
    const customer = await stripe.customers.create({ email: 'buyer@example.com' });
    expectShape('customer', customer);
    const si = await stripe.setupIntents.create({
      customer: customer.id,
      usage: 'off_session',
      metadata: { cardId: '9' },
    });
    expectShape('setup_intent', si);
    const confirmed = await stripe.setupIntents.confirm(si.id, { payment_method: 'pm_card_mastercard' });
    expectShape('setup_intent', confirmed);
    const pm = await stripe.paymentMethods.retrieve(String(confirmed.payment_method));
    expectShape('payment_method', pm);
    const gone = await raw('GET', '/v1/payment_intents/pi_missing');
    expect(gone.status).toBe(404);
    expectShape('error', gone.body);
    const badKey = await raw('GET', '/v1/payment_intents/pi_missing', undefined, 'sk_live_nope');
    expect(badKey.status).toBe(401);
    expectShape('error', badKey.body);
  });

  it('every event sent so far is an event, and the SDK verifies its signature', async () => {
    expect(emulator.events.length).toBeGreaterThan(5);
    for (const e of emulator.events) expectShape('event', e);
    const body = JSON.stringify(emulator.events[0]);
    expect(stripe.webhooks.constructEvent(body, emulator.signatureHeader(body), SECRET).id).toBe(
      emulator.events[0]!.id,
    );
  });
});
