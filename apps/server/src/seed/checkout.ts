/**
 * Demo checkout data: shipping methods and pickup stores of both shops, coupons handed to the
 * demo buyers, promotion codes, and starting points.
 */
import type { Tx } from '../db/client.js';
import { couponCampaigns, ownerCoupons, pickupStores, shippingMethods } from '../db/schema/index.js';
import { grantPoints } from '../modules/points/ledger.js';
import { methodNames } from './catalog-texts.js';

/** Whole-unit USD amount -> minor units per currency, as strings. */
const amounts = (usd: number) => ({
  USD: String(usd * 100),
  GBP: String(Math.round(usd * 0.8) * 100),
  EUR: String(Math.round(usd * 0.9) * 100),
  JPY: String(usd * 150),
});

export const PROMOTION_CODES = { welcome: 'WELCOME10', save5: 'SAVE5', solo: 'SOLO15', prize: 'PRIZE20' } as const;

export async function seedCheckout(
  tx: Tx,
  ids: { shops: bigint[]; buyer: bigint; main: bigint; sub1: bigint },
): Promise<void> {
  const [flexi, nordic] = ids.shops as [bigint, bigint];
  const allCountries: string[] = [];
  await tx.insert(shippingMethods).values([
    {
      shopId: flexi,
      code: 'STANDARD',
      ...methodNames('Standard delivery', '5-7 business days'),
      amounts: amounts(15),
      freeOver: amounts(500),
      countries: allCountries,
      sort: 1,
    },
    {
      shopId: flexi,
      code: 'EXPRESS',
      ...methodNames('Express delivery', '1-2 business days'),
      amounts: amounts(35),
      maxOrder: amounts(3000),
      countries: ['US', 'GB', 'DE', 'JP', 'FR', 'NL'],
      sort: 2,
    },
    {
      shopId: flexi,
      code: 'FREIGHT',
      ...methodNames('Freight (quoted)', 'Pallet delivery, cost quoted after ordering'),
      amounts: {},
      countries: allCountries,
      sort: 3,
    },
    {
      shopId: flexi,
      code: 'PICKUP',
      ...methodNames('Pick up in store', 'Collect from a FlexiDesk showroom'),
      amounts: amounts(0),
      countries: allCountries,
      sort: 4,
    },
    {
      shopId: nordic,
      code: 'STANDARD',
      ...methodNames('Standard delivery', '3-5 business days'),
      amounts: amounts(6),
      freeOver: amounts(80),
      countries: allCountries,
      sort: 1,
    },
    {
      shopId: nordic,
      code: 'EXPRESS',
      ...methodNames('Next-day delivery', 'Order before 2 pm'),
      amounts: amounts(12),
      countries: ['NL', 'DE', 'GB', 'FR'],
      sort: 2,
    },
    {
      shopId: nordic,
      code: 'PICKUP',
      ...methodNames('Pick up in store', 'Collect from a Nordic Home store'),
      amounts: amounts(0),
      countries: allCountries,
      sort: 3,
    },
  ]);
  await tx.insert(pickupStores).values([
    {
      shopId: flexi,
      storeName: 'FlexiDesk SoMa Showroom',
      storeAddress: '600 Townsend St',
      storeCity: 'San Francisco',
      storeState: 'CA',
      storeZipCode: '94103',
      country: 'US',
      businessHours: 'Mon-Sat 10:00-19:00',
      latitude: 37.7706,
      longitude: -122.4027,
    },
    {
      shopId: flexi,
      storeName: 'FlexiDesk San Jose',
      storeAddress: '1 Santana Row',
      storeCity: 'San Jose',
      storeState: 'CA',
      storeZipCode: '95128',
      country: 'US',
      businessHours: 'Mon-Sun 11:00-20:00',
      latitude: 37.3209,
      longitude: -121.9476,
    },
    {
      shopId: flexi,
      storeName: 'FlexiDesk Manhattan',
      storeAddress: '75 9th Ave',
      storeCity: 'New York',
      storeState: 'NY',
      storeZipCode: '10011',
      country: 'US',
      businessHours: 'Mon-Sat 10:00-20:00',
      latitude: 40.7424,
      longitude: -74.0061,
    },
    {
      shopId: flexi,
      storeName: 'FlexiDesk Berlin Mitte',
      storeAddress: 'Torstraße 1',
      storeCity: 'Berlin',
      storeState: 'BE',
      storeZipCode: '10119',
      country: 'DE',
      businessHours: 'Mo-Sa 10:00-19:00',
      latitude: 52.5294,
      longitude: 13.4013,
    },
    {
      shopId: flexi,
      storeName: 'FlexiDesk 渋谷',
      storeAddress: '神南1-1-1',
      storeCity: '渋谷区',
      storeState: '東京都',
      storeZipCode: '150-0041',
      country: 'JP',
      businessHours: '11:00-20:00',
      latitude: 35.664,
      longitude: 139.6982,
    },
    {
      shopId: nordic,
      storeName: 'Nordic Home Amsterdam',
      storeAddress: 'Keizersgracht 100',
      storeCity: 'Amsterdam',
      storeState: 'NH',
      storeZipCode: '1015 CV',
      country: 'NL',
      businessHours: 'ma-za 10:00-18:00',
      latitude: 52.3731,
      longitude: 4.8892,
    },
    {
      shopId: nordic,
      storeName: 'Nordic Home London',
      storeAddress: '10 Shoreditch High St',
      storeCity: 'London',
      storeState: 'ENG',
      storeZipCode: 'E1 6PG',
      country: 'GB',
      businessHours: 'Mon-Sat 10:00-18:00',
      latitude: 51.5246,
      longitude: -0.0779,
    },
  ]);
  const year = new Date(Date.now() + 365 * 86400_000);
  const start = new Date(Date.now() - 86400_000);
  const campaigns = await tx
    .insert(couponCampaigns)
    .values([
      {
        name: 'FlexiDesk $20 off',
        description: '$20 off FlexiDesk orders over $100',
        scope: 'SHOP',
        shopId: flexi,
        type: 'AMOUNT',
        amounts: amounts(20),
        minSpend: amounts(100),
        startTime: start,
        endTime: year,
      },
      {
        name: 'Nordic Home 10% off',
        description: '10% off Nordic Home orders over $30',
        scope: 'SHOP',
        shopId: nordic,
        type: 'DISCOUNT_COUPON',
        discountValue: '9',
        minSpend: amounts(30),
        startTime: start,
        endTime: year,
      },
      {
        name: 'Member 15% off',
        description: 'Member discount, not combinable with promotion codes',
        scope: 'PLATFORM',
        type: 'DISCOUNT_COUPON',
        discountValue: '8.5',
        minSpend: amounts(200),
        useLimit: true,
        startTime: start,
        endTime: year,
      },
      {
        name: 'Mall $5 off',
        description: '$5 off any order over $50',
        scope: 'PLATFORM',
        type: 'AMOUNT',
        amounts: amounts(5),
        minSpend: amounts(50),
        startTime: start,
        endTime: year,
      },
      {
        name: 'Welcome code',
        description: '$10 off orders over $50',
        scope: 'PLATFORM',
        type: 'AMOUNT',
        amounts: amounts(10),
        minSpend: amounts(50),
        code: PROMOTION_CODES.welcome,
        startTime: start,
        endTime: year,
      },
      {
        name: 'Save 5',
        description: '$5 off, no minimum',
        scope: 'PLATFORM',
        type: 'AMOUNT',
        amounts: amounts(5),
        minSpend: {},
        code: PROMOTION_CODES.save5,
        startTime: start,
        endTime: year,
      },
      {
        name: 'Solo 15%',
        description: '15% off, not valid in combination',
        scope: 'PLATFORM',
        type: 'DISCOUNT_COUPON',
        discountValue: '8.5',
        minSpend: {},
        useLimit: true,
        code: PROMOTION_CODES.solo,
        startTime: start,
        endTime: year,
      },
      {
        name: 'Countdown prize',
        description: '$20 off for finishing checkout after the countdown',
        scope: 'PLATFORM',
        type: 'AMOUNT',
        amounts: amounts(20),
        minSpend: amounts(100),
        code: PROMOTION_CODES.prize,
        startTime: start,
        endTime: year,
      },
    ])
    .returning();
  const [c20, n10, m15, m5] = campaigns;
  await tx.insert(ownerCoupons).values([
    { campaignId: c20!.id, buyerId: ids.buyer },
    { campaignId: n10!.id, buyerId: ids.buyer },
    { campaignId: m15!.id, buyerId: ids.buyer },
    { campaignId: m5!.id, buyerId: ids.buyer },
    { campaignId: c20!.id, buyerId: ids.main },
    { campaignId: m5!.id, buyerId: ids.main },
  ]);
  await grantPoints(tx, { buyerId: ids.buyer, delta: 2000, reason: 'WELCOME' });
  await grantPoints(tx, { buyerId: ids.main, delta: 10000, reason: 'WELCOME' });
  await grantPoints(tx, { buyerId: ids.sub1, delta: 600, reason: 'WELCOME' });
}
