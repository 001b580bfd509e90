/**
 * MOCKPAY webhook signatures: `mockpay-signature: t=<unix s>,v1=hex(hmac_sha256(secret, t + '.' + rawBody))`,
 * refused when older (or newer) than SIGNATURE_TOLERANCE_S. Pure functions, no database.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { MockpayEvent } from '@mall/contracts';
import { SIGNATURE_TOLERANCE_S, TEST_CARDS, sign, signatureHeader, verifyWebhook } from './provider.js';

const SECRET = 'whsec_test_secret';
const NOW = 1_780_000_000;
const event: MockpayEvent = {
  id: 'evt_0123456789abcdef0123',
  type: 'payment.approved',
  created: NOW,
  data: {
    paymentId: 'mp_0123456789abcdef01234567',
    merchantReference: '42',
    amount: 55017,
    currency: 'USD',
    reason: null,
  },
};
const body = JSON.stringify(event);
const hmac = (secret: string, payload: string) => crypto.createHmac('sha256', secret).update(payload).digest('hex');

describe('signatureHeader / sign', () => {
  it("is t=<timestamp>,v1=<hex HMAC-SHA256 of '<t>.<raw body>'>", () => {
    const header = signatureHeader(SECRET, body, NOW);
    expect(header).toBe(`t=${NOW},v1=${hmac(SECRET, `${NOW}.${body}`)}`);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(sign(SECRET, NOW, body)).toBe(hmac(SECRET, `${NOW}.${body}`));
  });

  it('defaults the timestamp to the current second', () => {
    const before = Math.floor(Date.now() / 1000);
    const t = Number(/^t=(\d+),/.exec(signatureHeader(SECRET, body))![1]);
    expect(t).toBeGreaterThanOrEqual(before);
    expect(t).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
  });

  it('changes with the secret, the timestamp and every byte of the body', () => {
    const base = sign(SECRET, NOW, body);
    expect(sign('other', NOW, body)).not.toBe(base);
    expect(sign(SECRET, NOW + 1, body)).not.toBe(base);
    expect(sign(SECRET, NOW, `${body} `)).not.toBe(base);
    expect(sign(SECRET, NOW, body.replace('55017', '55018'))).not.toBe(base);
  });
});

describe('verifyWebhook', () => {
  const header = signatureHeader(SECRET, body, NOW);

  it('accepts a valid signature and returns the parsed event', () => {
    expect(verifyWebhook(SECRET, body, header, NOW)).toEqual(event);
    // Whitespace around the parts and the part order do not matter.
    const [t, v1] = header.split(',');
    expect(verifyWebhook(SECRET, body, `${t}, ${v1}`, NOW)).toEqual(event);
    expect(verifyWebhook(SECRET, body, `${v1},${t}`, NOW)).toEqual(event);
  });

  it('accepts up to SIGNATURE_TOLERANCE_S (300 s) of clock difference, not more', () => {
    expect(SIGNATURE_TOLERANCE_S).toBe(300);
    expect(verifyWebhook(SECRET, body, header, NOW + 300)).toEqual(event);
    expect(verifyWebhook(SECRET, body, header, NOW - 300)).toEqual(event);
    expect(verifyWebhook(SECRET, body, header, NOW + 301)).toBeNull();
    expect(verifyWebhook(SECRET, body, header, NOW - 301)).toBeNull();
    expect(verifyWebhook(SECRET, body, signatureHeader(SECRET, body, NOW - 3600), NOW)).toBeNull();
  });

  it('rejects a wrong secret', () => {
    expect(verifyWebhook('not-the-secret', body, header, NOW)).toBeNull();
    expect(verifyWebhook(SECRET, body, signatureHeader('not-the-secret', body, NOW), NOW)).toBeNull();
  });

  it('rejects a tampered body, or a signature moved to another timestamp', () => {
    expect(verifyWebhook(SECRET, body.replace('55017', '1'), header, NOW)).toBeNull();
    expect(verifyWebhook(SECRET, `${body}\n`, header, NOW)).toBeNull();
    expect(verifyWebhook(SECRET, JSON.stringify(JSON.parse(body), null, 2), header, NOW)).toBeNull();
    const v1 = header.split(',')[1];
    expect(verifyWebhook(SECRET, body, `t=${NOW + 1},${v1}`, NOW)).toBeNull();
  });

  it('rejects a missing or malformed header', () => {
    const v1 = hmac(SECRET, `${NOW}.${body}`);
    for (const bad of [
      undefined,
      '',
      'garbage',
      `t=${NOW}`,
      `v1=${v1}`,
      `t=${NOW},v1=`,
      `t=soon,v1=${v1}`,
      `t=,v1=${v1}`,
      `t=${NOW},v0=${v1}`,
    ]) {
      expect(verifyWebhook(SECRET, body, bad, NOW), String(bad)).toBeNull();
    }
  });

  it('rejects a signature that is not exactly the 64 hex digits', () => {
    const v1 = hmac(SECRET, `${NOW}.${body}`);
    for (const bad of [
      v1.slice(0, 62),
      v1.slice(0, 63),
      `${v1}0`,
      `${v1}00`,
      `${v1}zz`,
      `${v1.slice(0, 63)}g`,
      `${v1} `.repeat(2).trim(),
      'ab'.repeat(32),
    ]) {
      expect(verifyWebhook(SECRET, body, `t=${NOW},v1=${bad}`, NOW), bad).toBeNull();
    }
  });

  it('rejects a correctly signed body that is not a MOCKPAY event', () => {
    const signedNull = (raw: string) => verifyWebhook(SECRET, raw, signatureHeader(SECRET, raw, NOW), NOW);
    expect(signedNull('not json')).toBeNull();
    expect(signedNull('{"hello":"world"}')).toBeNull();
    expect(signedNull(JSON.stringify({ ...event, type: 'payment.refunded' }))).toBeNull();
    expect(signedNull(JSON.stringify({ ...event, data: { ...event.data, amount: 550.17 } }))).toBeNull();
    expect(signedNull(JSON.stringify({ ...event, data: { ...event.data, amount: '55017' } }))).toBeNull();
    // Every event type MOCKPAY sends is accepted.
    for (const type of ['payment.approved', 'payment.declined', 'payment.pending', 'payment.cancelled'] as const) {
      const e = {
        ...event,
        type,
        data: { ...event.data, reason: type === 'payment.declined' ? 'card_declined' : null },
      };
      expect(signedNull(JSON.stringify(e))).toEqual(e);
    }
  });
});

describe('TEST_CARDS', () => {
  it('documents approve, decline and pending cards', () => {
    expect(TEST_CARDS.map((c) => [c.number, c.outcome])).toEqual([
      ['4242424242424242', 'approve'],
      ['5555555555554444', 'approve'],
      ['4000000000000002', 'decline'],
      ['4000000000009995', 'decline'],
      ['4000000000000077', 'pending'],
    ]);
  });
});
