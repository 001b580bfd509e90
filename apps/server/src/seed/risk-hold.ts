/**
 * Demo data of risk screening: one order held for the operator (operator@demo.shop, console tab
 * "Held orders"). A new account on a throwaway mailbox ordered three desks on the US site: a
 * large order from a new account (45) and a disposable email (45) score 90, above the default
 * threshold of 70. Its stock is taken, as checkout takes it, so cancelling gives it back.
 */
import { takeStockOf } from '../modules/stock/stock.js';
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { DEFAULT_RISK_RULES, applyRate, lineAmount, taxRateFor } from '@mall/domain';
import { SITES } from '@mall/contracts';
import type { Tx } from '../db/client.js';
import {
  items,
  regions,
  riskScreenings,
  shippingMethods,
  shops,
  skuPrices,
  skus,
  tradeContracts,
  tradeOrderLines,
  tradeOrders,
  users,
} from '../db/schema/index.js';

export const RISK_DEMO_BUYER = { email: 'quick.buyer@yopmail.com', nickname: 'Quick Buyer' };

export async function seedRiskHold(tx: Tx, ids: { passwordHash: string; shop: bigint }): Promise<void> {
  const [buyer] = await tx
    .insert(users)
    .values({ ...RISK_DEMO_BUYER, passwordHash: ids.passwordHash, userType: 'REGISTERED' })
    .returning();
  const [row] = await tx
    .select({ sku: skus, item: items })
    .from(skus)
    .innerJoin(items, eq(items.id, skus.itemId))
    .where(eq(skus.skuCode, 'E7-WHT-140'));
  const [price] = await tx
    .select()
    .from(skuPrices)
    .where(and(eq(skuPrices.skuId, row!.sku.id), eq(skuPrices.currency, 'USD')));
  const [method] = await tx
    .select()
    .from(shippingMethods)
    .where(and(eq(shippingMethods.shopId, ids.shop), eq(shippingMethods.code, 'STANDARD')));
  const [shop] = await tx.select().from(shops).where(eq(shops.id, ids.shop));
  const [us] = await tx.select().from(regions).where(eq(regions.code, 'US'));
  const qty = '3';
  const skuAmt = lineAmount(price!.amountMinor, qty);
  const freeOver = method!.freeOver.USD ? BigInt(method!.freeOver.USD) : null;
  const shipping = freeOver !== null && skuAmt >= freeOver ? 0n : BigInt(method!.amounts.USD ?? '0');
  const taxRate = taxRateFor(SITES.US, { countryCode: 'US', state: 'NV' });
  const tax = applyRate(skuAmt, taxRate);
  const needPay = skuAmt + shipping + tax;
  const createdAt = new Date(Date.now() - 20 * 60_000);
  const address = {
    firstName: 'Quinn',
    lastName: 'Buyer',
    personName: 'Quinn Buyer',
    personPhone: '702 555 0134',
    areaCode: '+1',
    email: RISK_DEMO_BUYER.email,
    countryId: String(us!.id),
    country: us!.regionName,
    region: { id: String(us!.id), regionName: us!.regionName, regionShortName: us!.regionShortName },
    province: 'Nevada',
    city: 'Las Vegas',
    postalCode: '89109',
    poiName: '3600 S Las Vegas Blvd',
    detailAddress: 'Suite 12',
    addressType: 'PERSON',
  };
  const [c] = await tx
    .insert(tradeContracts)
    .values({
      buyerId: buyer!.id,
      idempotencyKey: 'seed-risk-hold',
      site: 'US',
      currency: 'USD',
      tradeType: 'NORMAL_SALE_B2C',
      status: 'PENDING_PAY',
      skuAmtMinor: skuAmt,
      discountAmtMinor: 0n,
      shippingAmtMinor: shipping,
      taxAmtMinor: tax,
      pointsDiscountMinor: 0n,
      needPayAmtMinor: needPay,
      redeemPoints: 0,
      earnPoints: Math.ceil(Number(skuAmt) / 100),
      isFreeTrade: false,
      payUniqueKey: crypto.randomUUID(),
      paymentOrderId: `PO${createdAt.getTime()}RISK`,
      payDeadline: null,
      selectedAddress: address,
      billingAddress: null,
      payload: { seeded: true, notifyInfo: { notifyType: 'email', contactInfo: RISK_DEMO_BUYER.email } },
      preview: { seeded: true },
      createdAt,
    })
    .returning();
  const [o] = await tx
    .insert(tradeOrders)
    .values({
      tradeOrderCode: `${createdAt.toISOString().slice(0, 10).replace(/-/g, '')}${String(c!.id).padStart(8, '0')}1`,
      contractId: c!.id,
      buyerId: buyer!.id,
      shopId: ids.shop,
      sellerId: shop!.sellerId,
      // Written held, as the screening left it (RISK_HOLD from PENDING_PAY; no pay deadline while held).
      status: 'UNDER_REVIEW',
      tradeType: 'NORMAL_SALE_B2C',
      currency: 'USD',
      skuAmtMinor: skuAmt,
      discountAmtMinor: 0n,
      shippingAmtMinor: shipping,
      taxAmtMinor: tax,
      taxRate,
      needPayAmtMinor: needPay,
      shippingMethodId: method!.id,
      shippingMethodCode: method!.code,
      payDeadline: null,
      createdAt,
    })
    .returning();
  await tx.insert(tradeOrderLines).values({
    orderId: o!.id,
    skuId: row!.sku.id,
    itemId: row!.item.id,
    lineGroupType: 'NORMAL',
    qty,
    unitAmtMinor: price!.amountMinor,
    skuAmtMinor: skuAmt,
    discountAmtMinor: 0n,
    needPayAmtMinor: skuAmt,
    snapshot: {
      itemName: row!.item.itemName,
      skuName: row!.sku.name,
      image: row!.sku.image,
      attributes: row!.sku.attributes,
      urlKey: row!.item.urlKey,
      businessType: row!.item.businessType,
    },
  });
  await takeStockOf(tx, [{ skuId: String(row!.sku.id), qty }]);
  await tx.insert(riskScreenings).values({
    contractId: c!.id,
    buyerId: buyer!.id,
    site: 'US',
    email: RISK_DEMO_BUYER.email,
    ip: '203.0.113.77',
    provider: 'rules',
    score: DEFAULT_RISK_RULES.points.NEW_ACCOUNT_AMOUNT + DEFAULT_RISK_RULES.points.DISPOSABLE_EMAIL,
    threshold: DEFAULT_RISK_RULES.threshold,
    reasons: [
      { code: 'NEW_ACCOUNT_AMOUNT', points: DEFAULT_RISK_RULES.points.NEW_ACCOUNT_AMOUNT },
      { code: 'DISPOSABLE_EMAIL', points: DEFAULT_RISK_RULES.points.DISPOSABLE_EMAIL },
    ],
    outcome: 'HELD',
    createdAt,
  });
}
