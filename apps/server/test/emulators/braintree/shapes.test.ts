/**
 * The emulator's answers as the official `braintree` SDK reads them: every call the adapter makes
 * (client token, sale, find, search by orderId, refund, void, submit for settlement) and its
 * errors (validation errors, processor declines, unknown ids, wrong keys) come back as the SDK's own
 * result objects with Braintree's fields and codes, and the webhooks it signs pass the SDK's
 * verification (and fail it with another key). The SDK is the judge: an answer it cannot parse
 * into these objects is a shape Braintree does not send.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import braintree from 'braintree';
import { startBraintreeEmulator, type BraintreeEmulator } from './emulator.js';

const KEYS = { merchantId: 'shapesmerchant', publicKey: 'shapespublic', privateKey: 'shapesprivate' };
let emulator: BraintreeEmulator;
let gateway: braintree.BraintreeGateway;

const sdkFor = (privateKey = KEYS.privateKey) => {
  const url = new URL(emulator.url);
  return new braintree.BraintreeGateway({
    ...KEYS,
    privateKey,
    environment: new braintree.Environment(url.hostname, url.port, emulator.url, false, url.hostname, url.port),
  });
};
const search = (orderId: string) =>
  new Promise<braintree.Transaction[]>((resolve, reject) => {
    const out: braintree.Transaction[] = [];
    const s = gateway.transaction.search((q) => {
      q.orderId().is(orderId);
    });
    s.on('data', (tx: braintree.Transaction) => out.push(tx))
      .on('end', () => resolve(out))
      .on('error', reject);
  });

beforeAll(async () => {
  emulator = await startBraintreeEmulator({ ...KEYS, merchantAccounts: { shops_usd: 'USD', shops_jpy: 'JPY' } });
  gateway = sdkFor();
});
afterAll(async () => {
  await emulator?.close();
});

describe('Braintree emulator answers as the SDK reads Braintree', () => {
  it('client token: a base64 JSON authorization for the merchant account asked for', async () => {
    const res = await gateway.clientToken.generate({ merchantAccountId: 'shops_jpy' });
    expect(res.success).toBe(true);
    const token = JSON.parse(Buffer.from(res.clientToken, 'base64').toString('utf8'));
    expect(token).toMatchObject({ version: 2, merchantId: KEYS.merchantId, merchantAccountId: 'shops_jpy' });
    expect(token.authorizationFingerprint).toEqual(expect.any(String));
    const bad = await gateway.clientToken.generate({ merchantAccountId: 'nobody' });
    expect(bad.success).toBe(false);
  });

  it('sale: submitted for settlement, found again by id and by orderId', async () => {
    const res = await gateway.transaction.sale({
      amount: '12.50',
      paymentMethodNonce: 'fake-valid-nonce',
      orderId: 'order-1',
      options: { submitForSettlement: true },
    });
    expect(res.success).toBe(true);
    expect(res.transaction).toMatchObject({
      status: 'submitted_for_settlement',
      type: 'sale',
      amount: '12.50',
      currencyIsoCode: 'USD',
      orderId: 'order-1',
      merchantAccountId: 'shops_usd',
      processorResponseCode: '1000',
    });
    expect(res.transaction.creditCard?.last4).toBe('1111');
    expect(res.transaction.refundIds).toEqual([]);
    const found = await gateway.transaction.find(res.transaction.id);
    expect(found.id).toBe(res.transaction.id);
    expect((await search('order-1')).map((t) => t.id)).toEqual([res.transaction.id]);
    expect(await search('order-none')).toEqual([]);
  });

  it('a processor decline: success false with the declined transaction and its response text', async () => {
    const res = await gateway.transaction.sale({
      amount: '10.00',
      paymentMethodNonce: 'fake-processor-declined-visa-nonce',
      orderId: 'order-2',
      options: { submitForSettlement: true },
    });
    expect(res.success).toBe(false);
    expect(res.message).toBe('Do Not Honor');
    expect(res.transaction).toMatchObject({
      status: 'processor_declined',
      processorResponseCode: '2000',
      processorResponseText: 'Do Not Honor',
    });
    expect(res.errors.deepErrors()).toEqual([]);
  });

  it('validation errors: codes under their attribute, no transaction', async () => {
    const luhn = await gateway.transaction.sale({
      amount: '10.00',
      paymentMethodNonce: 'fake-luhn-invalid-nonce',
      options: { submitForSettlement: true },
    });
    expect(luhn.success).toBe(false);
    expect(luhn.transaction).toBeUndefined();
    expect(luhn.errors.deepErrors().map((e) => e.code)).toEqual(['81715']);
    const jpy = await gateway.transaction.sale({
      amount: '1000.50',
      paymentMethodNonce: 'fake-valid-nonce',
      merchantAccountId: 'shops_jpy',
      options: { submitForSettlement: true },
    });
    expect(jpy.errors.deepErrors().map((e) => [e.code, e.attribute])).toEqual([['81503', 'amount']]);
    const unknown = await gateway.transaction.sale({
      amount: '1.00',
      paymentMethodNonce: 'made-up',
      options: { submitForSettlement: true },
    });
    expect(unknown.errors.deepErrors().map((e) => e.code)).toEqual(['91565']);
  });

  it('refund only once settled; void before; submit for settlement from authorized', async () => {
    const sale = (
      await gateway.transaction.sale({
        amount: '1000',
        paymentMethodNonce: 'fake-valid-nonce',
        merchantAccountId: 'shops_jpy',
        options: { submitForSettlement: true },
      })
    ).transaction;
    expect(sale).toMatchObject({ amount: '1000', currencyIsoCode: 'JPY' });
    const early = await gateway.transaction.refund(sale.id, '400');
    expect(early.errors.deepErrors().map((e) => e.code)).toEqual(['91506']);
    emulator.settle(sale.id);
    const refund = await gateway.transaction.refund(sale.id, '400');
    expect(refund.transaction).toMatchObject({ type: 'credit', amount: '400', refundedTransactionId: sale.id });
    expect((await gateway.transaction.find(sale.id)).refundIds).toEqual([refund.transaction.id]);
    const tooMuch = await gateway.transaction.refund(sale.id, '700');
    expect(tooMuch.success).toBe(false);

    const authorized = (await gateway.transaction.sale({ amount: '5.00', paymentMethodNonce: 'fake-valid-visa-nonce' }))
      .transaction;
    expect(authorized.status).toBe('authorized');
    expect((await gateway.transaction.submitForSettlement(authorized.id)).transaction.status).toBe(
      'submitted_for_settlement',
    );
    expect((await gateway.transaction.void(authorized.id)).transaction.status).toBe('voided');
    expect((await gateway.transaction.void(authorized.id)).errors.deepErrors().map((e) => e.code)).toEqual(['91504']);
  });

  it('an unknown id is NotFoundError, wrong keys AuthenticationError', async () => {
    await expect(gateway.transaction.find('nosuchid')).rejects.toMatchObject({ type: 'notFoundError' });
    await expect(sdkFor('wrong').transaction.find('nosuchid')).rejects.toMatchObject({ type: 'authenticationError' });
  });

  it('webhooks: the SDK verifies and parses them; another key is refused', async () => {
    const sale = (
      await gateway.transaction.sale({
        amount: '3.00',
        paymentMethodNonce: 'fake-us-bank-account-nonce',
        orderId: 'order-9',
        options: { submitForSettlement: true },
      })
    ).transaction;
    expect(sale.status).toBe('settlement_pending');
    emulator.settle(sale.id);
    const hook = emulator.webhooks.at(-1)!;
    expect(hook).toMatchObject({
      kind: 'transaction_settled',
      subjectId: sale.id,
      contentType: 'application/x-www-form-urlencoded',
    });
    const form = new URLSearchParams(hook.body);
    const n = await gateway.webhookNotification.parse(form.get('bt_signature')!, form.get('bt_payload')!);
    expect(n.kind).toBe('transaction_settled');
    expect((n as unknown as { transaction: braintree.Transaction }).transaction).toMatchObject({
      id: sale.id,
      status: 'settled',
      orderId: 'order-9',
      amount: '3.00',
      currencyIsoCode: 'USD',
    });
    const forged = emulator.notification('transaction_settled', sale.id, 'another-private-key');
    await expect(gateway.webhookNotification.parse(forged.bt_signature, forged.bt_payload)).rejects.toMatchObject({
      type: 'invalidSignatureError',
    });
    // The SDK's own sample (its testing gateway) is what the emulator's signature scheme must match.
    const sample = await gateway.webhookTesting.sampleNotification('check', 'x');
    const own = emulator.notification('check', 'x');
    expect(own.bt_signature.split('|')[0]).toBe(sample.bt_signature.split('|')[0]);
    await expect(gateway.webhookNotification.parse(own.bt_signature, own.bt_payload)).resolves.toMatchObject({
      kind: 'check',
    });
  });
});
