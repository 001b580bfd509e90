/**
 * Demo after-sales: the demo buyer has one in (almost) every status and of every type, made
 * through the real apply flows, seller actions and refund job (MOCKPAY's books included), so
 * every after-sales screen shows something on first start. AS_APPLIED is only a name older
 * records use for "waiting for audit"; the shop's own applications start at WAITING_FOR_AUDIT_BY_SELLER.
 */
import { eq, inArray } from 'drizzle-orm';
import type { ApplyType, ReverseReason } from '@mall/contracts';
import type { Db } from '../db/client.js';
import {
  carriers,
  mockpayPayments,
  paymentRecords,
  reverseTradeOrders,
  shops,
  skus,
  shopReturnAddresses,
  tradeOrderLines,
  tradeOrders,
  users,
} from '../db/schema/index.js';
import { applyReverse } from '../flows/apply-reverse.js';
import { Refunder } from '../flows/refund.js';
import { MockpayProvider } from '../modules/mockpay/provider.js';
import { InvoiceMeProvider } from '../modules/payment/providers/invoice-me.js';
import { MockpayAdapter } from '../modules/payment/providers/mockpay.js';
import { PaymentRegistry } from '../modules/payment/providers/registry.js';
import {
  audit,
  buyerCancel,
  confirmExchange,
  postBack,
  qc,
  reissue,
  sellerRefund,
  shipExchange,
} from '../modules/reverse/service.js';
import type { AfterSalesOrders } from './orders.js';

export async function seedAfterSales(db: Db, buyerId: bigint, o: AfterSalesOrders): Promise<void> {
  const [buyer] = await db.select().from(users).where(eq(users.id, buyerId));
  const shopRows = await db.select().from(shops).orderBy(shops.id);
  const [seller] = await db.select().from(users).where(eq(users.id, shopRows[0]!.sellerId));
  await db.insert(shopReturnAddresses).values([
    {
      shopId: shopRows[0]!.id,
      contactName: 'FlexiDesk Returns',
      phone: '415 555 0199',
      detailAddress: '500 Howard St, Dock 3',
      districtList: ['United States', 'California', 'San Francisco'],
      postalCode: '94105',
    },
    {
      shopId: shopRows[1]!.id,
      contactName: 'Nordic Home Retouren',
      phone: '020 555 0100',
      detailAddress: 'Keizersgracht 100, Magazijn',
      districtList: ['Netherlands', 'Noord-Holland', 'Amsterdam'],
      postalCode: '1015 CV',
    },
  ]);
  const [ups] = await db.select().from(carriers).where(eq(carriers.code, 'UPS'));
  const [dhl] = await db.select().from(carriers).where(eq(carriers.code, 'DHL'));
  const mockpay = new MockpayProvider(db, { secret: 'seed', publicUrl: 'http://127.0.0.1' }, () => {});
  const refunder = new Refunder(db, new PaymentRegistry([new MockpayAdapter(mockpay), new InvoiceMeProvider(db)]));
  const settle = async (ids: bigint[]) => {
    for (const id of ids) await refunder.execute(id);
  };
  let key = 0;

  const apply = async (
    orderId: bigint,
    type: ApplyType,
    reason: ReverseReason,
    text: string,
    opts: { qty?: string; amount?: 'all' | (string & {}); exchangeTo?: string; lineIndex?: number } = {},
  ) => {
    const lines = await db
      .select()
      .from(tradeOrderLines)
      .where(eq(tradeOrderLines.orderId, orderId))
      .orderBy(tradeOrderLines.id);
    const top = lines.filter((l) => l.lineGroupType === 'NORMAL' || l.lineGroupType === 'DIY_MAIN');
    const line = top[opts.lineIndex ?? 0]!;
    const [order] = await db.select().from(tradeOrders).where(eq(tradeOrders.id, orderId));
    const exchangeSku = opts.exchangeTo
      ? (await db.select().from(skus).where(eq(skus.skuCode, opts.exchangeTo)))[0]
      : undefined;
    const chosen = opts.amount === 'all' ? top : [line];
    const amount = opts.amount === 'all' ? (Number(order!.paidAmtMinor) / 100).toFixed(2) : opts.amount;
    const r = await applyReverse(
      db,
      buyer!,
      type,
      {
        tradeOrder: { id: String(orderId) },
        reverseReason: reason,
        reverseText: text,
        reverseTradeOrderLineList: chosen.map((l) => ({
          tradeOrderLine: { id: String(l.id) },
          reverseQty: opts.qty ?? String(Number(l.qty)),
          ...(exchangeSku ? { derivativeSku: { id: String(exchangeSku.id) } } : {}),
        })),
        applyRefundAmt: amount,
      },
      `seed-as-${(key += 1)}`,
    );
    // Evidence photos of the demo: the product picture stands in for the buyer's photo.
    if (type !== 'SALE_CANCEL_BEFORE_DELIVERY') {
      const snap = line.snapshot as { image: string };
      await db
        .update(reverseTradeOrders)
        .set({ attachments: [snap.image] })
        .where(eq(reverseTradeOrders.id, BigInt(r.id)));
    }
    return BigInt(r.id);
  };
  const approve = async (id: bigint) => settle((await audit(db, seller!, id, { approve: true })).refundIds);
  const sendBack = (id: bigint, code: string) =>
    postBack(db, buyer!, id, { carrierId: String(ups!.id), serviceCode: code });

  // Waiting for the seller's audit: a return with photos, and a cancel of what has not shipped yet.
  await apply(o.toAudit, 'SALE_RETURN', 'DAMAGED', 'The desktop arrived with a deep scratch on the left edge.', {
    amount: '120.00',
  });
  await apply(
    o.cancelToAudit,
    'SALE_CANCEL_BEFORE_DELIVERY',
    'ORDERED_BY_MISTAKE',
    'I ordered the wrong chair colour.',
  );
  // Approved return: the buyer must send the goods back (countdown to auto close).
  await approve(
    await apply(o.toReturn, 'SALE_RETURN', 'NOT_AS_DESCRIBED', 'The seat is much firmer than described.', {
      amount: '99.00',
    }),
  );
  // Sent back, waiting for the seller's check.
  const qcId = await apply(o.toQc, 'SALE_RETURN', 'NO_LONGER_NEEDED', 'I only need one tray.', {
    qty: '1',
    amount: '20.00',
  });
  await approve(qcId);
  await sendBack(qcId, '1ZRETURN0000000001');
  // Refund only, approved: waiting for the seller's refund.
  await approve(
    await apply(o.toRefund, 'SALE_REFUND', 'MISSING_PARTS', 'Two screws were missing; I bought them myself.', {
      amount: '15.00',
    }),
  );
  // Exchanges: one checked and waiting for the replacement, one shipped and waiting for the buyer.
  const exShip = await apply(
    o.exchangeToShip,
    'SALE_EXCHANGE',
    'WRONG_SIZE_OR_COLOUR',
    'I would like the white frame instead.',
    { exchangeTo: 'E7-WHT-140' },
  );
  await approve(exShip);
  await sendBack(exShip, '1ZRETURN0000000002');
  await qc(db, seller!, exShip, { pass: true });
  const exConfirm = await apply(
    o.exchangeToConfirm,
    'SALE_EXCHANGE',
    'WRONG_SIZE_OR_COLOUR',
    'The 160 cm top instead, please.',
    { exchangeTo: 'E7-BLK-160' },
  );
  await approve(exConfirm);
  await sendBack(exConfirm, '1ZRETURN0000000003');
  await qc(db, seller!, exConfirm, { pass: true });
  await shipExchange(db, seller!, exConfirm, { carrierId: String(dhl!.id), serviceCode: 'JD014600000000000001' });
  // Refund handed to the provider and not answered yet (the refund job settles it within a minute of start).
  const pending = await apply(o.refundPending, 'SALE_REFUND', 'QUALITY_ISSUE', 'A weld came loose after a week.', {
    amount: '10.00',
  });
  await approve(pending);
  await sellerRefund(db, seller!, pending, { amount: '10.00' });
  // A whole return, refunded in full: the order is CANCEL_ALL.
  const returned = await apply(o.returned, 'SALE_RETURN', 'QUALITY_ISSUE', 'The top warped within days.', {
    amount: 'all',
  });
  await approve(returned);
  await sendBack(returned, '1ZRETURN0000000004');
  await qc(db, seller!, returned, { pass: true });
  const [ret] = await db.select().from(reverseTradeOrders).where(eq(reverseTradeOrders.id, returned));
  await settle(
    (await sellerRefund(db, seller!, returned, { amount: (Number(ret!.applyRefundAmtMinor) / 100).toFixed(2) }))
      .refundIds,
  );
  // An exchange received.
  const exchanged = await apply(o.exchanged, 'SALE_EXCHANGE', 'DAMAGED', 'One leg was bent.', {
    exchangeTo: 'E7-WHT-140',
  });
  await approve(exchanged);
  await sendBack(exchanged, '1ZRETURN0000000005');
  await qc(db, seller!, exchanged, { pass: true });
  await shipExchange(db, seller!, exchanged, { carrierId: String(ups!.id), serviceCode: '1ZEXCHANGE00000001' });
  await confirmExchange(db, buyer!, exchanged);
  // A return the seller settled by sending a new chair: a reissue order (REVERSE_REISSUE), ready to ship.
  const reissued = await apply(o.reissued, 'SALE_RETURN', 'DAMAGED', 'The armrest cracked in the first week.', {
    amount: '149.00',
  });
  await approve(reissued);
  await sendBack(reissued, '1ZRETURN0000000007');
  await qc(db, seller!, reissued, { pass: true });
  await reissue(db, seller!, reissued);
  // Withdrawn by the buyer; rejected at audit; rejected at the check.
  await buyerCancel(
    db,
    buyer!,
    await apply(o.withdrawn, 'SALE_RETURN', 'NO_LONGER_NEEDED', 'Changed my mind, keeping it.', { amount: '20.00' }),
  );
  await audit(
    db,
    seller!,
    await apply(o.rejected, 'SALE_RETURN', 'NO_LONGER_NEEDED', 'Does not fit my office.', { amount: '149.00' }),
    {
      approve: false,
      reason: 'Chairs can be returned within 30 days of delivery; this order was delivered 46 days ago.',
    },
  );
  const qcReject = await apply(o.qcRejected, 'SALE_RETURN', 'DAMAGED', 'Scratched on arrival.', { amount: '25.00' });
  await approve(qcReject);
  await sendBack(qcReject, '1ZRETURN0000000006');
  await qc(db, seller!, qcReject, {
    pass: false,
    reason: 'The tray came back bent and without its packaging, so it cannot be refunded.',
  });
  // A refund the provider refused (the card payment had already been refunded elsewhere).
  const fails = await apply(o.refundFails, 'SALE_REFUND', 'QUALITY_ISSUE', 'The motor hums loudly.', {
    amount: '40.00',
  });
  await approve(fails);
  const [rec] = await db
    .select({ p: paymentRecords.providerPaymentId })
    .from(paymentRecords)
    .innerJoin(tradeOrders, eq(tradeOrders.contractId, paymentRecords.contractId))
    .where(eq(tradeOrders.id, o.refundFails));
  if (rec?.p)
    await db
      .update(mockpayPayments)
      .set({ status: 'CANCELLED' })
      .where(inArray(mockpayPayments.id, [rec.p]));
  await settle((await sellerRefund(db, seller!, fails, { amount: '40.00' })).refundIds);
  // A cancel before delivery, approved and refunded.
  await approve(
    await apply(
      o.cancelled,
      'SALE_CANCEL_BEFORE_DELIVERY',
      'DELIVERY_TOO_SLOW',
      'It would arrive too late for our office move.',
    ),
  );
}
