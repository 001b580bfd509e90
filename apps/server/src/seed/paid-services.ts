/**
 * Demo data of the super member and my coupons: the "Mall Services" shop (its own seller account,
 * so refunds of the service run through the merchant console), one super member item per site
 * with a monthly and a yearly SKU priced in the site's currency, maria@demo.shop as an active
 * yearly super member (buyer@demo.shop is not one, so the offer shows), and used and expired
 * coupons for buyer@demo.shop beside the four the checkout offers.
 */
import { and, asc, eq } from 'drizzle-orm';
import { SITE_CODES, SITES, type Currency } from '@mall/contracts';
import { PAID_SERVICE_INITIAL_STATUS, paidServicePeriodEnd } from '@mall/domain';
import type { Tx } from '../db/client.js';
import {
  couponCampaigns,
  items,
  ownerCoupons,
  paidServiceItems,
  paidServices,
  shippingMethods,
  shops,
  skuPrices,
  skus,
  tradeOrders,
  users,
} from '../db/schema/index.js';
import { DEMO_ACCOUNTS } from './demo-accounts.js';
import { methodNames, skuTexts } from './catalog-texts.js';

const DAY = 86400_000;

/** Monthly and yearly price per currency, minor units. */
const PRICES: Record<Currency, { MONTHLY: bigint; YEARLY: bigint }> = {
  USD: { MONTHLY: 999n, YEARLY: 9999n },
  GBP: { MONTHLY: 799n, YEARLY: 7999n },
  EUR: { MONTHLY: 899n, YEARLY: 8999n },
  JPY: { MONTHLY: 1500n, YEARLY: 15000n },
};
const NAMES: Record<string, { itemName: string; description: string }> = {
  de: {
    itemName: 'Super-Mitgliedschaft',
    description: 'Zusätzlich 5 % Mitgliederrabatt und kostenloser Versand, solange die Mitgliedschaft läuft.',
  },
  ja: { itemName: 'スーパー会員', description: '会員期間中は会員割引がさらに5%、送料無料。' },
  es: { itemName: 'Súper miembro', description: 'Un 5 % extra de descuento de miembro y envío gratis mientras dure.' },
  it: {
    itemName: 'Super membro',
    description: 'Un ulteriore 5% di sconto membro e spedizione gratuita finché è attivo.',
  },
  fr: {
    itemName: 'Super membre',
    description: '5 % de remise membre en plus et livraison gratuite tant qu’il est actif.',
  },
  nl: { itemName: 'Superlid', description: '5% extra ledenkorting en gratis verzending zolang het loopt.' },
};
const img = (label: string) => `/media/demo/ticket-45-${label}.svg`;

export async function seedPaidServices(tx: Tx, ids: { passwordHash: string; member: bigint }): Promise<void> {
  const [seller] = await tx
    .insert(users)
    .values({
      email: DEMO_ACCOUNTS.services.email,
      nickname: 'Mall Services',
      passwordHash: ids.passwordHash,
      userType: 'REGISTERED',
      role: 'SELLER',
      merchantAuditStatus: 'pass',
    })
    .returning();
  const [shop] = await tx
    .insert(shops)
    .values({ name: 'Mall Services', sellerId: seller!.id, siteAddress: '2 Market St, San Francisco, CA' })
    .returning();
  const free = Object.fromEntries(Object.keys(PRICES).map((c) => [c, '0']));
  await tx.insert(shippingMethods).values({
    shopId: shop!.id,
    code: 'DIGITAL',
    ...methodNames('Online activation', 'Nothing is shipped: active once paid'),
    amounts: free,
    sort: 1,
  });
  for (const code of SITE_CODES) {
    const currency = SITES[code].currency;
    const [item] = await tx
      .insert(items)
      .values({
        shopId: shop!.id,
        urlKey: `super-member-${code.toLowerCase()}`,
        itemName: 'Super member',
        description: 'An extra 5% member discount and free shipping while it lasts.',
        texts: NAMES,
        mainImage: img('super-member'),
        businessType: 'SERVICE',
        category: 'membership',
        listed: false,
        sort: 1000,
      })
      .returning();
    for (const period of ['MONTHLY', 'YEARLY'] as const) {
      const name = period === 'MONTHLY' ? '1 month' : '1 year';
      const attributes = [{ attrKey: 'Period', attrVal: name }];
      const [sku] = await tx
        .insert(skus)
        .values({
          itemId: item!.id,
          name,
          skuCode: `SUPER-${code}-${period}`,
          image: img(period.toLowerCase()),
          attributes,
          texts: skuTexts(name, attributes),
          maxQty: '1',
          stock: '1000000',
        })
        .returning();
      await tx.insert(skuPrices).values({ skuId: sku!.id, currency, amountMinor: PRICES[currency][period] });
      await tx.insert(paidServiceItems).values({ site: code, periodCode: period, itemId: item!.id, skuId: sku!.id });
    }
  }
  // An active yearly super member, two months into the year.
  const start = new Date(Date.now() - 60 * DAY);
  await tx.insert(paidServices).values({
    buyerId: ids.member,
    status: PAID_SERVICE_INITIAL_STATUS,
    periodCode: 'YEARLY',
    startAt: start,
    endAt: paidServicePeriodEnd(start, 'YEARLY'),
  });
}

/** Used and expired coupons for the demo buyer (the four available ones come from seedCheckout). */
export async function seedCouponHistory(tx: Tx, buyerId: bigint, shopIds: bigint[]): Promise<void> {
  const amounts = (usd: number) => ({
    USD: String(usd * 100),
    GBP: String(Math.round(usd * 0.8) * 100),
    EUR: String(Math.round(usd * 0.9) * 100),
    JPY: String(usd * 150),
  });
  const now = Date.now();
  const [spring, winter, summer, autumn] = await tx
    .insert(couponCampaigns)
    .values([
      {
        name: 'Spring sale 10% off',
        description: '10% off everything in the spring sale',
        scope: 'PLATFORM',
        type: 'DISCOUNT_COUPON',
        discountValue: '9',
        minSpend: amounts(50),
        startTime: new Date(now - 240 * DAY),
        endTime: new Date(now + 120 * DAY),
      },
      {
        name: 'FlexiDesk $15 off',
        description: '$15 off FlexiDesk orders over $150',
        scope: 'SHOP',
        shopId: shopIds[0]!,
        type: 'AMOUNT',
        amounts: amounts(15),
        minSpend: amounts(150),
        startTime: new Date(now - 200 * DAY),
        endTime: new Date(now + 60 * DAY),
      },
      {
        name: 'Summer member 20% off',
        description: 'Member discount, not combinable with promotion codes',
        scope: 'PLATFORM',
        type: 'DISCOUNT_COUPON',
        discountValue: '8',
        minSpend: amounts(100),
        useLimit: true,
        startTime: new Date(now - 150 * DAY),
        endTime: new Date(now - 60 * DAY),
      },
      {
        name: 'Nordic Home $8 off',
        description: '$8 off Nordic Home orders over $40',
        scope: 'SHOP',
        shopId: shopIds[1]!,
        type: 'AMOUNT',
        amounts: amounts(8),
        minSpend: amounts(40),
        startTime: new Date(now - 90 * DAY),
        endTime: new Date(now - 5 * DAY),
      },
    ])
    .returning();
  // Used on the buyer's finished orders (the oldest first).
  const finished = await tx
    .select({ contractId: tradeOrders.contractId, at: tradeOrders.createdAt })
    .from(tradeOrders)
    .where(and(eq(tradeOrders.buyerId, buyerId), eq(tradeOrders.status, 'COMPLETE')))
    .orderBy(asc(tradeOrders.createdAt))
    .limit(2);
  const used = (i: number) => ({
    status: 'USED' as const,
    usedAt: finished[i]?.at ?? new Date(now - (30 + i) * DAY),
    tradeContractId: finished[i]?.contractId ?? null,
  });
  await tx.insert(ownerCoupons).values([
    { campaignId: spring!.id, buyerId, ...used(0) },
    { campaignId: winter!.id, buyerId, ...used(1) },
    { campaignId: summer!.id, buyerId },
    { campaignId: autumn!.id, buyerId },
  ]);
}
