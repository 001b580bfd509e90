/**
 * The Adyen adapter on its own (no database): configuration from the environment, standard
 * notifications verified with Adyen's HMAC (signed here with Node's crypto, as Adyen documents
 * it, not with the library the adapter verifies with), and Adyen's refusals and outages at start
 * as the shop's errors, against the local emulator.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, paymentsFrom } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../lib/errors.js';
import { startAdyenEmulator, type AdyenEmulator } from '../../../../test/emulators/adyen/emulator.js';
import { AdyenProvider, type AdyenConfig } from './adyen.js';
import type { StartInput } from './types.js';
import { providerOrigins } from './index.js';
import { pageCsp } from '../../../lib/security.js';

const HMAC = 'A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F60718293A4B5C6D7E8F90';
const CONFIG: AdyenConfig = {
  apiKey: 'AQE_unit',
  merchantAccount: 'UnitECOM',
  clientKey: 'test_UNIT',
  hmacKey: HMAC,
  publicUrl: 'http://shop.test',
};
const noDb = {} as Db;

/** A standard notification as Adyen sends it, signed over Adyen's eight fields. */
function notification(item: Record<string, unknown> & { additionalData?: Record<string, string> }, key = HMAC): string {
  const amount = item.amount as { value: number; currency: string };
  const data = [
    item.pspReference,
    item.originalReference ?? '',
    item.merchantAccountCode,
    item.merchantReference,
    amount.value,
    amount.currency,
    item.eventCode,
    item.success,
  ].join(':');
  const hmacSignature = crypto.createHmac('sha256', Buffer.from(key, 'hex')).update(data, 'utf8').digest('base64');
  return JSON.stringify({
    live: 'false',
    notificationItems: [
      { NotificationRequestItem: { ...item, additionalData: { ...item.additionalData, hmacSignature } } },
    ],
  });
}
const base = {
  eventDate: '2026-12-02T08:00:00+01:00',
  merchantAccountCode: 'UnitECOM',
  paymentMethod: 'visa',
  amount: { currency: 'EUR', value: 1999 },
};

describe('configuration', () => {
  const env = { ADYEN_API_KEY: 'k', ADYEN_MERCHANT_ACCOUNT: 'M', ADYEN_CLIENT_KEY: 'test_C', ADYEN_HMAC_KEY: HMAC };
  it('all four keys offer Adyen, at ADYEN_CHECKOUT_BASE when given', () => {
    expect(
      paymentsFrom({ ...env, ADYEN_CHECKOUT_BASE: 'http://127.0.0.1:4030' }, 'https://shop.example').adyen,
    ).toEqual({
      apiKey: 'k',
      merchantAccount: 'M',
      clientKey: 'test_C',
      hmacKey: HMAC,
      checkoutBase: 'http://127.0.0.1:4030',
      publicUrl: 'https://shop.example',
    });
    expect(paymentsFrom({}, 'https://shop.example').adyen).toBeUndefined();
  });
  it('some keys only, or an HMAC key that is not hex, stop the start with a message', () => {
    expect(() => paymentsFrom({ ADYEN_API_KEY: 'k' }, 'x')).toThrow(ConfigError);
    expect(() => paymentsFrom({ ADYEN_API_KEY: 'k' }, 'x')).toThrow(
      /ADYEN_MERCHANT_ACCOUNT, ADYEN_CLIENT_KEY, ADYEN_HMAC_KEY missing/,
    );
    expect(() => paymentsFrom({ ...env, ADYEN_HMAC_KEY: 'not-a-hex-key' }, 'x')).toThrow(
      /ADYEN_HMAC_KEY must be the hex key/,
    );
  });
  it('tells the browser the client key and environment, never the API key or the HMAC key; a live base is live', () => {
    const test = new AdyenProvider(CONFIG, noDb);
    expect(JSON.stringify(test.channels)).not.toMatch(/AQE_unit|A1B2C3D4/);
    expect(test.channels.map((c) => [c.channelName, c.redirectHosts])).toEqual([
      ['ADYEN_PC', ['checkoutshopper-test.adyen.com']],
      ['ADYEN_LINK', ['test.adyen.link']],
    ]);
    const live = new AdyenProvider(
      { ...CONFIG, checkoutBase: 'https://1797a841fbb37ca7-AdyenDemo-checkout-live.adyenpayments.com/checkout' },
      noDb,
    );
    expect(live.channels[0]!.configMap).toMatchObject({ environment: 'live', clientKey: 'test_UNIT' });
  });
});

describe("the page's Content-Security-Policy", () => {
  const directive = (csp: string, name: string) => csp.split(';').find((d) => d.startsWith(`${name} `)) ?? '';
  it("with Adyen configured, the Drop-in's script, style sheet, logos and card frames may load; without it, none of Adyen's hosts", () => {
    const csp = pageCsp({ production: true, formTargets: [], ...providerOrigins({ adyen: CONFIG }) });
    expect(directive(csp, 'script-src')).toContain('https://checkoutshopper-live.cdn.adyen.com');
    expect(directive(csp, 'style-src')).toContain('https://checkoutshopper-live.cdn.adyen.com');
    expect(directive(csp, 'img-src')).toContain('https://checkoutshopper-live.cdn.adyen.com');
    expect(directive(csp, 'frame-src')).toContain('https://checkoutshopper-test.adyen.com');
    expect(pageCsp({ production: true, formTargets: [], ...providerOrigins({}) })).not.toContain('adyen');
  });
});

describe('standard notifications', () => {
  const adyen = new AdyenProvider(CONFIG, noDb);

  it("AUTHORISATION success: the link's payment succeeded, with its pspReference; the event id is pspReference:eventCode:success", async () => {
    const hook = await adyen.verifyWebhook(
      notification({
        ...base,
        eventCode: 'AUTHORISATION',
        success: 'true',
        pspReference: 'PSP0000000000001',
        merchantReference: '42',
        additionalData: { paymentLinkId: 'PL0123456789ABCDEF' },
      }),
    );
    expect(hook).toEqual({
      eventId: 'PSP0000000000001:AUTHORISATION:true',
      event: {
        type: 'payment.succeeded',
        providerPaymentId: 'PL0123456789ABCDEF',
        merchantReference: '42',
        amountMinor: '1999',
        currency: 'EUR',
        providerChargeId: 'PSP0000000000001',
      },
    });
  });

  it("AUTHORISATION refused: failed with the reason in the shop's words (a session's payment)", async () => {
    const hook = await adyen.verifyWebhook(
      notification({
        ...base,
        eventCode: 'AUTHORISATION',
        success: 'false',
        reason: 'Not enough balance',
        pspReference: 'PSP0000000000002',
        merchantReference: '43',
        additionalData: { checkoutSessionId: 'CS0011' },
      }),
    );
    expect(hook).toEqual({
      eventId: 'PSP0000000000002:AUTHORISATION:false',
      event: {
        type: 'payment.failed',
        providerPaymentId: 'CS0011',
        merchantReference: '43',
        reason: 'insufficient_funds',
      },
    });
  });

  it("REFUND names the shop's refund by its reference (the idempotency key); CAPTURE is acknowledged and changes nothing", async () => {
    const refund = await adyen.verifyWebhook(
      notification({
        ...base,
        eventCode: 'REFUND',
        success: 'true',
        pspReference: 'PSP0000000000003',
        originalReference: 'PSP0000000000001',
        merchantReference: 'rev7-pay42-1',
      }),
    );
    expect(refund).toEqual({
      eventId: 'PSP0000000000003:REFUND:true',
      event: { type: 'refund.succeeded', providerRefundId: 'PSP0000000000003', refundKey: 'rev7-pay42-1' },
    });
    const capture = await adyen.verifyWebhook(
      notification({
        ...base,
        eventCode: 'CAPTURE',
        success: 'true',
        pspReference: 'PSP0000000000004',
        originalReference: 'PSP0000000000001',
        merchantReference: '42',
      }),
    );
    expect(capture).toEqual({ eventId: 'PSP0000000000004:CAPTURE:true', event: null });
  });

  it("refuses another key's signature, a changed field, another merchant account, and a batch of two", async () => {
    const item = {
      ...base,
      eventCode: 'AUTHORISATION',
      success: 'true',
      pspReference: 'PSP0000000000005',
      merchantReference: '44',
    };
    expect(await adyen.verifyWebhook(notification(item, 'FF'.repeat(32)))).toBeNull();
    expect(await adyen.verifyWebhook(notification(item).replace('"value":1999', '"value":1'))).toBeNull();
    expect(await adyen.verifyWebhook(notification({ ...item, merchantAccountCode: 'OtherECOM' }))).toBeNull();
    const one = JSON.parse(notification(item)) as { notificationItems: unknown[] };
    expect(
      await adyen.verifyWebhook(
        JSON.stringify({ live: 'false', notificationItems: [one.notificationItems[0], one.notificationItems[0]] }),
      ),
    ).toBeNull();
    expect(await adyen.verifyWebhook('[accepted]')).toBeNull();
  });
});

describe('start against the emulator', () => {
  let emulator: AdyenEmulator;
  beforeAll(async () => {
    emulator = await startAdyenEmulator({
      apiKey: CONFIG.apiKey,
      merchantAccount: CONFIG.merchantAccount,
      clientKey: CONFIG.clientKey,
      hmacKey: HMAC,
    });
  });
  afterAll(async () => {
    await emulator?.close();
  });
  const input = (over: Partial<StartInput> = {}): StartInput => ({
    channel: 'ADYEN_LINK',
    merchantReference: '7',
    amountMinor: 1500n,
    currency: 'USD',
    returnPath: '/buyer/pay-result?contractId=1',
    cancelPath: '/cancel',
    payer: { id: 1n, email: 'a@example.com', isEnterpriseMain: false },
    language: 'en',
    siteCode: 'US',
    idempotencyKey: `pay-${crypto.randomUUID()}`,
    ...over,
  });

  it("a link for the amount in minor units, with the shop's absolute return URL; the same idempotency key makes no second link", async () => {
    const adyen = new AdyenProvider({ ...CONFIG, checkoutBase: emulator.url }, noDb);
    const same = input();
    const first = await adyen.start(same);
    const again = await adyen.start(same);
    expect(again.providerPaymentId).toBe(first.providerPaymentId);
    expect(emulator.links.get(first.providerPaymentId)).toMatchObject({
      amount: { currency: 'USD', value: 1500 },
      reference: '7',
      returnUrl: 'http://shop.test/buyer/pay-result?contractId=1',
    });
  });

  it('Adyen refusing the payment is "this method cannot take it" (400); a wrong API key is "cannot be reached" (503)', async () => {
    const adyen = new AdyenProvider({ ...CONFIG, checkoutBase: emulator.url }, noDb);
    // XXX is ISO 4217's "no currency": no shop site has it, and Adyen refuses it (error 138), as it would any currency its account cannot take.
    const refused = await adyen.start(input({ currency: 'XXX' as never })).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      status: 400,
      code: 'Payment.channelUnavailable',
      message: 'Adyen cannot take this payment (138)',
    });
    const locked = await new AdyenProvider({ ...CONFIG, apiKey: 'wrong', checkoutBase: emulator.url }, noDb)
      .start(input())
      .catch((e: unknown) => e);
    expect(locked).toMatchObject({ status: 503, code: 'Payment.channelUnavailable' });
  });
});
