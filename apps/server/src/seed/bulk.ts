/**
 * Demo bulk order requests of the demo buyer to FlexiDesk for the oversized desk pack: one
 * waiting for a quote, one quoted (valid two weeks, with a message each way), and one accepted
 * and paid through MOCKPAY, whose BULK order is written by the bulk service itself.
 */
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { SITES, type PreviewResult } from '@mall/contracts';
import { taxRateFor } from '@mall/domain';
import type { Tx } from '../db/client.js';
import {
  addresses,
  bulkRequestMessages,
  bulkRequests,
  items,
  mockpayPayments,
  paymentRecords,
  preTradeRequests,
  regions,
  shops,
  skuPrices,
  skus,
  tradeContracts,
  tradeOrders,
  type BulkLineSnapshot,
} from '../db/schema/index.js';
import { toAddressDto } from '../modules/address/service.js';
import { acceptLocked } from '../modules/bulk/service.js';
import { moveOrders, onOrdersPaid } from '../modules/trade/transitions.js';
import { moveContract } from '../modules/trade/contract-moves.js';
import { restoreStockLevels } from '../modules/stock/stock.js';

const DAY = 86400_000;

export async function seedBulkRequests(tx: Tx, ids: { buyer: bigint }): Promise<void> {
  const site = SITES.US;
  const [sku] = await tx
    .select({ s: skus, i: items, seller: shops.sellerId })
    .from(skus)
    .innerJoin(items, eq(items.id, skus.itemId))
    .innerJoin(shops, eq(shops.id, items.shopId))
    .where(eq(skus.skuCode, 'BULK-E7-20'));
  const [price] = await tx
    .select()
    .from(skuPrices)
    .where(and(eq(skuPrices.skuId, sku!.s.id), eq(skuPrices.currency, 'USD')));
  const [home] = await tx
    .select({ a: addresses, c: regions })
    .from(addresses)
    .innerJoin(regions, eq(regions.id, addresses.countryId))
    .where(and(eq(addresses.buyerId, ids.buyer), eq(addresses.isDefault, true)));
  const address = toAddressDto(home!.a, home!.c);
  const line = (qty: string): BulkLineSnapshot => ({
    skuId: String(sku!.s.id),
    itemId: String(sku!.i.id),
    itemName: sku!.i.itemName,
    skuName: sku!.s.name,
    image: sku!.s.image,
    unit: sku!.s.marketingUnit,
    urlKey: sku!.i.urlKey,
    businessType: sku!.i.businessType,
    attributes: sku!.s.attributes,
    lineGroupType: 'NORMAL',
    qty,
    listUnitMinor: String(price!.amountMinor),
    diy: [],
  });
  const now = Date.now();
  const request = async (n: number, qty: string, requirements: string, ageDays: number) => {
    const createdAt = new Date(now - ageDays * DAY);
    const [pre] = await tx
      .insert(preTradeRequests)
      .values({
        buyerId: ids.buyer,
        idempotencyKey: `seed-bulk-${n}`,
        site: 'US',
        requirements,
        createdAt,
        payload: {
          request: {
            previewTradeContractLineReqTOList: [{ skuId: String(sku!.s.id), qty }],
            selectedAddress: { id: String(home!.a.id) },
            requirements,
          },
          seeded: true,
        },
      })
      .returning();
    const [row] = await tx
      .insert(bulkRequests)
      .values({
        preTradeRequestId: pre!.id,
        buyerId: ids.buyer,
        shopId: sku!.i.shopId,
        sellerId: sku!.seller,
        site: 'US',
        currency: 'USD',
        tradeType: 'NORMAL_SALE_B2C' satisfies PreviewResult['tradeType'],
        requirements,
        shippingAddress: address,
        lines: [line(qty)],
        taxRate: taxRateFor(site, { countryCode: 'US', state: 'CA' }),
        taxDisplay: site.taxDisplay,
        createdAt,
        updatedAt: createdAt,
      })
      .returning();
    return row!;
  };
  const quoteOf = async (id: bigint, unitMinor: bigint, at: Date) => {
    const [row] = await tx
      .update(bulkRequests)
      .set({
        status: 'QUOTED',
        quote: { unitMinor: [String(unitMinor)], shippingMinor: '0', note: 'Project price, freight included.' },
        quoteVersion: 1,
        quotedAt: at,
        validUntil: new Date(now + 14 * DAY),
        updatedAt: at,
      })
      .where(eq(bulkRequests.id, id))
      .returning();
    return row!;
  };

  await request(1, '3', 'Three packs for the new office floor; delivery after 8 am, please.', 0);

  const quoted = await request(2, '4', 'Four packs, delivery to our loading dock.', 3);
  await tx.insert(bulkRequestMessages).values([
    {
      requestId: quoted.id,
      author: 'BUYER',
      authorId: ids.buyer,
      body: 'Can you deliver within two weeks?',
      createdAt: new Date(now - 3 * DAY + 3600_000),
    },
    {
      requestId: quoted.id,
      author: 'SELLER',
      authorId: sku!.seller,
      body: 'Yes, in 10 working days. Our quote is below.',
      createdAt: new Date(now - 2 * DAY),
    },
  ]);
  await quoteOf(quoted.id, 799900n, new Date(now - 2 * DAY));

  // Accepted and paid: the service writes the order and takes the stock; the demo stock level stays as documented.
  const paid = await quoteOf(
    (await request(3, '2', 'Two packs for the meeting rooms.', 12)).id,
    789900n,
    new Date(now - 11 * DAY),
  );
  const paidAt = new Date(now - 10 * DAY);
  const { orderId, contractId } = await acceptLocked(tx, paid, paidAt);
  await restoreStockLevels(tx, [{ id: sku!.s.id, stock: sku!.s.stock }]);
  const [c] = await tx.select().from(tradeContracts).where(eq(tradeContracts.id, contractId));
  await moveContract(tx, contractId, 'PAY', { createdAt: paidAt });
  await moveOrders(tx, { contractId }, 'PAY', { paidAt, paidAmtMinor: c!.needPayAmtMinor });
  await tx.update(tradeOrders).set({ createdAt: paidAt }).where(eq(tradeOrders.id, orderId));
  await onOrdersPaid(tx, contractId, 'MOCKPAY', paidAt);
  const providerPaymentId = `mp_seed_${crypto.randomBytes(8).toString('hex')}`;
  await tx.insert(mockpayPayments).values({
    id: providerPaymentId,
    merchantReference: c!.paymentOrderId,
    amountMinor: c!.needPayAmtMinor,
    currency: 'USD',
    status: 'APPROVED',
    cardTail: '4242',
    returnUrl: '/buyer/pay-result',
    webhookUrl: '/api/payments/webhooks/mockpay',
    createdAt: paidAt,
  });
  await tx.insert(paymentRecords).values({
    providerPaymentId,
    contractId,
    buyerId: ids.buyer,
    channel: 'MOCKPAY',
    payMethod: 'card',
    status: 'PAY_SUCCESS',
    stage: 'FULL',
    amountMinor: c!.needPayAmtMinor,
    currency: 'USD',
    createdAt: paidAt,
    updatedAt: paidAt,
  });
}
