/** INVOICE_ME (payment terms) for enterprise accounts: SPEC §4, §5 "Payment-terms credit", §6. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { enterpriseCreditLedger, users, tradeContracts, tradeOrders, paymentRecords } from '../../db/schema/index.js';
import { adjustCredit } from '../enterprise/credit-ledger.js';
import { createTestApp, login, type TestApp, type Browser } from '../../../test/helpers.js';
import { freshIp, newKey, submit, submitBodyFor } from '../../../test/checkout-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** An order of one cable tray for the account's saved default address. */
async function order(b: Browser, addressId: string, email: string): Promise<string> {
  const body = await submitBodyFor(
    b,
    {
      previewTradeContractLineReqTOList: [{ skuId: '8', qty: '1' }],
      selectedAddress: { id: addressId },
      couponIds: [],
    },
    { notifyInfo: { notifyType: 'email', contactInfo: email } },
  );
  const p = await b.post(
    '/api/checkout/preview',
    {
      previewTradeContractLineReqTOList: [{ skuId: '8', qty: '1' }],
      selectedAddress: { id: addressId },
      couponIds: [],
    },
    { remoteAddress: freshIp() },
  );
  const shopId = p.json().renderTradeOrderTOList[0].shopId;
  const methodId = p.json().renderTradeOrderTOList[0].selectedShippingMethodId;
  const res = await submit(b, { ...body, preCalShippingList: [{ shopId, shippingMethodId: methodId }] }, newKey());
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

async function userRow(email: string) {
  return (await t.db.select().from(users).where(eq(users.email, email)))[0]!;
}

describe('INVOICE_ME', () => {
  it('is offered to the enterprise main account with credit, never to a plain buyer or a guest', async () => {
    const main = await login(t.app, 'main@demo.shop');
    const channels = (await main.post('/sapi/mall-pay/payment/payChannel', {}))
      .json()
      .payChannelGroups.map((g: { groupName: string }) => g.groupName);
    expect(channels).toEqual(['MOCKPAY', 'INVOICE_ME']);
    const buyer = await login(t.app, 'buyer@demo.shop');
    expect(
      (await buyer.post('/sapi/mall-pay/payment/payChannel', {}))
        .json()
        .payChannelGroups.map((g: { groupName: string }) => g.groupName),
    ).toEqual(['MOCKPAY']);
    const credit = await buyer.post('/sapi/mall-pay/creditCustomer/accountBalance', {});
    expect(credit.statusCode).toBe(403);
    expect(credit.json().code).toBe('Enterprise.notEnterpriseUser');
  });

  it('pays on terms at once: credit taken, contract paid, orders to be shipped', async () => {
    const main = await login(t.app, 'main@demo.shop');
    const before = await userRow('main@demo.shop');
    const balance = (await main.post('/sapi/mall-pay/creditCustomer/accountBalance', {})).json();
    expect(balance).toEqual({
      availableCreditAmt: { value: '25000.00', currency: 'USD' },
      needPi: false,
      isMain: true,
    });
    const [address] = (await main.post('/sapi/mall-customer/shipping-address/queryShippingAddressListFlow', {})).json();
    const contractId = await order(main, address.id, 'main@demo.shop');
    const res = await main.post('/sapi/mall-pay/payment/firstPay', { contractId, payChannel: 'INVOICE_ME' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().redirectUrl).toBe(
      `/buyer/pay-result?status=success&contractId=${contractId}&buyerId=${before.id}`,
    );
    const [c] = await t.db
      .select()
      .from(tradeContracts)
      .where(eq(tradeContracts.id, BigInt(contractId)));
    expect(c!.status).toBe('PAID');
    const after = await userRow('main@demo.shop');
    expect(after.remainingAmtMinor).toBe(before.remainingAmtMinor - c!.needPayAmtMinor);
    const [record] = await t.db.select().from(paymentRecords).where(eq(paymentRecords.contractId, c!.id));
    const takes = () =>
      t.db.select().from(enterpriseCreditLedger).where(eq(enterpriseCreditLedger.paymentRecordId, record!.id));
    // The credit ledger names the payment that took the credit and the balance left after it.
    expect(await takes()).toMatchObject([
      {
        userId: before.id,
        balance: 'REMAINING',
        kind: 'TAKE',
        amountMinor: -c!.needPayAmtMinor,
        balanceAfterMinor: after.remainingAmtMinor,
      },
    ]);
    const orders = await t.db.select().from(tradeOrders).where(eq(tradeOrders.contractId, c!.id));
    expect(orders.map((o) => o.status)).toEqual(['UN_DELIVERY']);
    expect(orders[0]!.paidAmtMinor).toBe(orders[0]!.needPayAmtMinor);
    const result = (await main.post('/sapi/mall-pay/payment/payResult', { contractId })).json();
    expect(result.status).toBe('PAY_SUCCESS');
    // Paying twice is refused and takes no more credit.
    const again = await main.post('/sapi/mall-pay/payment/firstPay', { contractId, payChannel: 'INVOICE_ME' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('Payment.alreadyPaid');
    expect((await userRow('main@demo.shop')).remainingAmtMinor).toBe(after.remainingAmtMinor);
    expect(await takes()).toHaveLength(1);
  });

  it('refuses an order above the available credit with the spec message and changes nothing', async () => {
    const main = await login(t.app, 'main@demo.shop');
    const mainRow = await userRow('main@demo.shop');
    await adjustCredit(t.db, {
      userId: mainRow.id,
      balance: 'REMAINING',
      amountMinor: 1000n - mainRow.remainingAmtMinor,
      note: 'credit lowered by the operator',
    });
    const [address] = (await main.post('/sapi/mall-customer/shipping-address/queryShippingAddressListFlow', {})).json();
    const contractId = await order(main, address.id, 'main@demo.shop');
    const res = await main.post('/sapi/mall-pay/payment/firstPay', { contractId, payChannel: 'INVOICE_ME' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'Payment.creditLimitExceeded',
      message:
        'Your order amount exceeds the current available credit limit for payment terms. Please choose another payment method',
    });
    expect((await userRow('main@demo.shop')).remainingAmtMinor).toBe(1000n);
    const [c] = await t.db
      .select()
      .from(tradeContracts)
      .where(eq(tradeContracts.id, BigInt(contractId)));
    expect(c!.status).toBe('PENDING_PAY');
    const records = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentRecords)
      .where(eq(paymentRecords.contractId, c!.id));
    expect(records[0]!.n).toBe(0);
  });

  it("keeps every account's payment-terms balance equal to the sum of its credit ledger lines", async () => {
    const rows = await t.db.execute<{ email: string; balance: string; lines: string; n: number }>(sql`
      SELECT u.email, (CASE WHEN u.is_enterprise_main THEN u.remaining_amt_minor ELSE u.credit_amt_minor END)::text AS balance,
        COALESCE(sum(l.amount_minor), 0)::text AS lines, count(l.id)::int AS n
      FROM users u LEFT JOIN enterprise_credit_ledger l ON l.user_id = u.id
        AND l.balance = CASE WHEN u.is_enterprise_main THEN 'REMAINING' ELSE 'CREDIT' END
      WHERE u.enterprise_id IS NOT NULL GROUP BY u.id ORDER BY u.email`);
    expect(rows.rows.length).toBeGreaterThanOrEqual(3);
    for (const r of rows.rows) expect(r.lines, r.email).toBe(r.balance);
    // The main account: granted, taken by the payment above, lowered to $10.00.
    expect(rows.rows.find((r) => r.email === 'main@demo.shop')).toMatchObject({ balance: '1000', n: 3 });
  });

  it('a take the balance does not cover writes nothing; an adjustment below zero is refused', async () => {
    const sub = await userRow('sub2@demo.shop');
    const lines = () => t.db.select().from(enterpriseCreditLedger).where(eq(enterpriseCreditLedger.userId, sub.id));
    const before = await lines();
    expect(
      await adjustCredit(t.db, {
        userId: sub.id,
        balance: 'CREDIT',
        amountMinor: -(sub.creditAmtMinor + 1n),
        note: 'x',
      }),
    ).toBe(false);
    expect(await lines()).toEqual(before);
    expect((await userRow('sub2@demo.shop')).creditAmtMinor).toBe(sub.creditAmtMinor);
  });

  it('a plain buyer cannot pay on terms', async () => {
    const buyer = await login(t.app, 'buyer@demo.shop');
    const contractId = await order(buyer, '1', 'buyer@demo.shop');
    const res = await buyer.post('/sapi/mall-pay/payment/firstPay', { contractId, payChannel: 'INVOICE_ME' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('Payment.channelUnavailable');
  });
});

/** A multipart body with one file, as a browser's FormData would send it. */
function multipart(name: string, type: string, content: Buffer) {
  const boundary = '----malltest' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
/** A real 1x1 PNG: uploads are decoded, so magic bytes alone are refused. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('proof of invoice (needPi)', () => {
  it('a sub-account that needs a proof uploads an image and then pays on terms', async () => {
    const sub = await login(t.app, 'sub1@demo.shop');
    const credit = (await sub.post('/sapi/mall-pay/creditCustomer/accountBalance', {})).json();
    expect(credit).toMatchObject({
      needPi: true,
      isMain: false,
      availableCreditAmt: { value: '2000.00', currency: 'USD' },
    });
    const f = await import('../../../test/checkout-fixtures.js');
    const fx = await f.loadFixtures(t.db);
    const lines = [{ skuId: '8', qty: '1' }];
    const address = f.usAddress(fx, { email: 'sub1@demo.shop' });
    const p = (
      await sub.post(
        '/api/checkout/preview',
        { previewTradeContractLineReqTOList: lines, selectedAddress: address, couponIds: [] },
        { remoteAddress: freshIp() },
      )
    ).json();
    const o = p.renderTradeOrderTOList[0];
    const body = await submitBodyFor(
      sub,
      {
        previewTradeContractLineReqTOList: lines,
        selectedAddress: address,
        couponIds: [],
        preCalShippingList: [{ shopId: o.shopId, shippingMethodId: o.selectedShippingMethodId }],
      },
      { notifyInfo: { notifyType: 'email', contactInfo: 'sub1@demo.shop' } },
    );
    const contractId = (await submit(sub, body, newKey())).json().id;

    const noProof = await sub.post('/sapi/mall-pay/payment/firstPay', { contractId, payChannel: 'INVOICE_ME' });
    expect(noProof.statusCode).toBe(400);
    expect(noProof.json().code).toBe('Payment.proofRequired');

    const text = multipart('proof.png', 'image/png', Buffer.from('not really an image, just text pretending'));
    const refused = await sub.request('POST', '/api/uploads', undefined, {
      payload: text.payload,
      headers: text.headers,
    } as never);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('Upload.fileType');

    const big = multipart('big.png', 'image/png', Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 + 1)]));
    const tooBig = await sub.request('POST', '/api/uploads', undefined, {
      payload: big.payload,
      headers: big.headers,
    } as never);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().code).toBe('Upload.fileTooLarge');

    const png = multipart('proof.png', 'image/png', PNG);
    const uploaded = await sub.request('POST', '/api/uploads', undefined, {
      payload: png.payload,
      headers: png.headers,
    } as never);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const url = uploaded.json().url as string;
    expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');

    // A proof is an upload of this account: another account's file, or none, is refused.
    const anna = await login(t.app, 'anna@demo.shop');
    const annas = (
      await anna.request('POST', '/api/uploads', undefined, { payload: png.payload, headers: png.headers } as never)
    ).json().url as string;
    for (const other of [annas, '/uploads/00000000-0000-4000-8000-000000000000.png']) {
      const refusedProof = await sub.post('/sapi/mall-pay/payment/firstPay', {
        contractId,
        payChannel: 'INVOICE_ME',
        proofOfInvoiceUrl: other,
      });
      expect([refusedProof.statusCode, refusedProof.json().code]).toEqual([400, 'Payment.proofNotFound']);
    }
    const paid = await sub.post('/sapi/mall-pay/payment/firstPay', {
      contractId,
      payChannel: 'INVOICE_ME',
      proofOfInvoiceUrl: url,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [record] = await t.db
      .select()
      .from(paymentRecords)
      .where(eq(paymentRecords.contractId, BigInt(contractId)));
    expect(record).toMatchObject({ status: 'PAY_SUCCESS', channel: 'INVOICE_ME', proofUrl: url });
  });
});
