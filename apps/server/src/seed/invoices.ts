/**
 * Demo VAT invoices: a German business buyer (becker@demo.shop, Becker Büro GmbH) with paid
 * Nordic Home orders from the NL site (EUR, 21 % VAT included), and Nordic Home's tax profile
 * (Nordic Home B.V., NL VAT ID), so the invoice screens show every state on first start:
 * two orders whose invoice may still be asked for (the coffee, the lamp), one asked for and
 * waiting for the shop, one issued (under the EU reverse charge: NL seller, DE buyer). The
 * request and the issue go through the invoice service itself; the issued PDF is drawn on its
 * first download (the seed has no file storage).
 */
import crypto from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { divRoundHalfUp, decimalToFraction, lineAmount } from '@mall/domain';
import type { Db, Tx } from '../db/client.js';
import {
  carriers,
  itemParts,
  items,
  mockpayPayments,
  paymentRecords,
  shipmentPackageLines,
  shipmentPackages,
  shippingMethods,
  shops,
  shopTaxProfiles,
  skuPrices,
  skus,
  tradeContracts,
  tradeOrderLines,
  tradeOrders,
  users,
} from '../db/schema/index.js';
import type { FileStorage } from '../lib/storage.js';
import { DEMO_ACCOUNTS } from './demo-accounts.js';
import { issueInvoice, requestInvoice } from '../modules/invoice/service.js';

const DAY = 86400_000;
const SITE = 'NL';
const CURRENCY = 'EUR';
const RATE = '0.21';

export const INVOICE_BUYER = { email: DEMO_ACCOUNTS.business.email, nickname: 'Becker Büro GmbH' };
export const NORDIC_TAX_PROFILE = {
  legalName: 'Nordic Home B.V.',
  vatId: 'NL123456789B01',
  country: 'NL',
  address: { addressLine1: 'Keizersgracht 100', postalCode: '1015 CV', city: 'Amsterdam', country: 'NL' },
};
export const BECKER_INVOICE_DETAILS = {
  companyName: 'Becker Büro GmbH',
  vatId: 'DE 811 907 980',
  billingAddress: { addressLine1: 'Friedrichstraße 68', postalCode: '10117', city: 'Berlin', country: 'DE' },
};

/** The seed keeps no files: an issued PDF is drawn when first downloaded. */
const noFiles: FileStorage = {
  put: async () => {},
  get: async () => null,
  size: async () => null,
  delete: async () => {},
};

export async function seedVatInvoices(tx: Tx, ids: { buyer: bigint; shop: bigint }): Promise<void> {
  const [shop] = await tx.select({ sellerId: shops.sellerId }).from(shops).where(eq(shops.id, ids.shop));
  if (!shop) return;
  const sellerId = shop.sellerId;
  await tx.insert(shopTaxProfiles).values({ shopId: ids.shop, ...NORDIC_TAX_PROFILE });

  const skuRows = await tx
    .select({ sku: skus, item: items })
    .from(skus)
    .innerJoin(items, eq(items.id, skus.itemId))
    .where(inArray(skus.skuCode, ['COF-ARABICA', 'LAMP-BAR', 'GIFT-MAT']));
  const bySku = new Map(skuRows.map((r) => [r.sku.skuCode, r]));
  const prices = new Map(
    (await tx.select().from(skuPrices).where(eq(skuPrices.currency, CURRENCY))).map((p) => [p.skuId, p.amountMinor]),
  );
  const gifts = await tx.select().from(itemParts).where(eq(itemParts.kind, 'GIFT'));
  const [method] = await tx
    .select()
    .from(shippingMethods)
    .where(eq(shippingMethods.shopId, ids.shop))
    .then((r) => r.filter((m) => m.code === 'STANDARD'));
  const [postnl] = await tx.select().from(carriers).where(eq(carriers.code, 'POSTNL'));
  const address = {
    firstName: 'Jonas',
    lastName: 'Becker',
    personName: 'Jonas Becker',
    company: 'Becker Büro GmbH',
    poiName: 'Friedrichstraße 68',
    detailAddress: '3. OG',
    city: 'Berlin',
    postalCode: '10117',
    personPhone: '030 555 0100',
    areaCode: '+49',
    email: INVOICE_BUYER.email,
    addressType: 'COMPANY',
  };
  const [num, den] = decimalToFraction(RATE);
  let n = 0;

  const order = async (lines: [string, string][], ageDays: number) => {
    n += 1;
    const createdAt = new Date(Date.now() - ageDays * DAY - n * 60_000);
    const paidAt = new Date(createdAt.getTime() + 5 * 60_000);
    const priced = lines.map(([code, qty]) => {
      const r = bySku.get(code)!;
      const unit = prices.get(r.sku.id) ?? 0n;
      return { r, qty, unit, amount: lineAmount(unit, qty) };
    });
    const skuAmt = priced.reduce((a, l) => a + l.amount, 0n);
    const freeOver = method?.freeOver[CURRENCY] ? BigInt(method.freeOver[CURRENCY]) : null;
    const shipping = freeOver !== null && skuAmt >= freeOver ? 0n : BigInt(method?.amounts[CURRENCY] ?? '0');
    const needPay = skuAmt + shipping;
    // VAT included in the prices (INCLUSIVE site): the part of what is paid that is tax.
    const tax = divRoundHalfUp(needPay * num, den + num);
    const [c] = await tx
      .insert(tradeContracts)
      .values({
        buyerId: ids.buyer,
        idempotencyKey: `seed-vat-${n}`,
        site: SITE,
        currency: CURRENCY,
        tradeType: 'NORMAL_SALE_B2C',
        status: 'PAID',
        skuAmtMinor: skuAmt,
        discountAmtMinor: 0n,
        shippingAmtMinor: shipping,
        taxAmtMinor: tax,
        pointsDiscountMinor: 0n,
        needPayAmtMinor: needPay,
        redeemPoints: 0,
        earnPoints: 0,
        isFreeTrade: false,
        payUniqueKey: crypto.randomUUID(),
        paymentOrderId: `POV${createdAt.getTime()}${n}`,
        selectedAddress: address,
        billingAddress: null,
        payload: { seeded: true, notifyInfo: { notifyType: 'email', contactInfo: INVOICE_BUYER.email }, remark: null },
        preview: { seeded: true },
        createdAt,
      })
      .returning();
    const [o] = await tx
      .insert(tradeOrders)
      .values({
        tradeOrderCode: `${createdAt.toISOString().slice(0, 10).replace(/-/g, '')}${String(c!.id).padStart(8, '0')}1`,
        contractId: c!.id,
        buyerId: ids.buyer,
        shopId: ids.shop,
        sellerId,
        status: 'COMPLETE',
        tradeType: 'NORMAL_SALE_B2C',
        currency: CURRENCY,
        skuAmtMinor: skuAmt,
        discountAmtMinor: 0n,
        shippingAmtMinor: shipping,
        taxAmtMinor: tax,
        taxRate: RATE,
        needPayAmtMinor: needPay,
        paidAmtMinor: needPay,
        shippingMethodId: method?.id ?? null,
        shippingMethodCode: method?.code ?? null,
        paidAt,
        payChannel: 'MOCKPAY',
        tradeOrderType: 'NORMAL',
        completedAt: new Date(createdAt.getTime() + 4 * DAY),
        createdAt,
      })
      .returning();
    const providerPaymentId = `mp_seed_${crypto.randomBytes(8).toString('hex')}`;
    await tx.insert(mockpayPayments).values({
      id: providerPaymentId,
      merchantReference: c!.paymentOrderId,
      amountMinor: needPay,
      currency: CURRENCY,
      status: 'APPROVED',
      cardTail: '4242',
      returnUrl: '/buyer/pay-result',
      webhookUrl: '/api/payments/webhooks/mockpay',
      createdAt: paidAt,
      refundedMinor: 0n,
    });
    await tx.insert(paymentRecords).values({
      providerPaymentId,
      contractId: c!.id,
      buyerId: ids.buyer,
      channel: 'MOCKPAY',
      payMethod: 'card',
      status: 'PAY_SUCCESS',
      stage: 'FULL',
      amountMinor: needPay,
      currency: CURRENCY,
      createdAt: paidAt,
      updatedAt: paidAt,
    });
    const lineIds: bigint[] = [];
    for (const l of priced) {
      const snapshot = (r: typeof l.r) => ({
        itemName: r.item.itemName,
        skuName: r.sku.name,
        image: r.sku.image,
        attributes: r.sku.attributes,
        urlKey: r.item.urlKey,
        unit: r.sku.marketingUnit,
        businessType: r.item.businessType,
      });
      const [main] = await tx
        .insert(tradeOrderLines)
        .values({
          orderId: o!.id,
          skuId: l.r.sku.id,
          itemId: l.r.item.id,
          lineGroupType: 'NORMAL',
          qty: l.qty,
          unitAmtMinor: l.unit,
          skuAmtMinor: l.amount,
          discountAmtMinor: 0n,
          needPayAmtMinor: l.amount,
          points: 0,
          snapshot: snapshot(l.r),
          deliveredQty: l.qty,
        })
        .returning();
      lineIds.push(main!.id);
      for (const g of gifts.filter((x) => x.itemId === l.r.item.id)) {
        const gift = skuRows.find((r) => r.sku.id === g.partSkuId);
        if (!gift) continue;
        await tx.insert(tradeOrderLines).values({
          orderId: o!.id,
          skuId: gift.sku.id,
          itemId: gift.item.id,
          parentLineId: main!.id,
          lineGroupType: 'GIFT_CHILD',
          qty: (Number(g.qty) * Number(l.qty)).toFixed(3),
          unitAmtMinor: 0n,
          skuAmtMinor: 0n,
          discountAmtMinor: 0n,
          needPayAmtMinor: 0n,
          snapshot: snapshot(gift),
        });
      }
    }
    if (postnl) {
      const shippedAt = new Date(createdAt.getTime() + DAY);
      const [pkg] = await tx
        .insert(shipmentPackages)
        .values({
          orderId: o!.id,
          status: 'SIGN_IN',
          carrierId: postnl.id,
          serviceCode: `3SNLHM${String(1000000 + n)}`,
          signedBy: 'BUYER',
          signedAt: new Date(createdAt.getTime() + 3 * DAY),
          createdAt: shippedAt,
        })
        .returning();
      await tx
        .insert(shipmentPackageLines)
        .values(priced.map((l, i) => ({ packageId: pkg!.id, orderLineId: lineIds[i]!, qty: l.qty })));
    }
    return o!.id;
  };

  // Oldest first: the issued one, the requested one, then the two still to ask for.
  const issued = await order(
    [
      ['COF-ARABICA', '2'],
      ['LAMP-BAR', '1'],
    ],
    30,
  );
  const requested = await order([['COF-ARABICA', '3']], 12);
  await order([['COF-ARABICA', '1']], 6);
  await order([['LAMP-BAR', '1']], 5);

  const [buyer] = await tx.select().from(users).where(eq(users.id, ids.buyer));
  const [sellerRow] = await tx.select().from(users).where(eq(users.id, sellerId));
  const db = tx as unknown as Db;
  await requestInvoice(db, buyer!, issued, BECKER_INVOICE_DETAILS, new Date(Date.now() - 25 * DAY));
  await issueInvoice(db, noFiles, sellerRow!, issued, new Date(Date.now() - 24 * DAY));
  await requestInvoice(db, buyer!, requested, BECKER_INVOICE_DETAILS, new Date(Date.now() - 2 * DAY));
}
