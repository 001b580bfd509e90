/**
 * Shared fixtures of the checkout API tests (preview in modules/checkout, submit in
 * flows/place-order): ids of the demo data read from the database, typed address bodies,
 * preview/submit helpers and DB probes.
 */
import crypto from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  couponCampaigns,
  ownerCoupons,
  pointLedger,
  preTradeRequests,
  regions,
  shippingMethods,
  shops,
  skus,
  tradeContracts,
  tradeOrderLines,
  tradeOrders,
  users,
} from '../src/db/schema/index.js';
import type { Db } from '../src/db/client.js';
import { createTestApp, login, type Browser, type TestApp } from './helpers.js';

export const SKU_CODES = [
  'E7-BLK-140',
  'E7-WHT-140',
  'E7-BLK-160',
  'C7-GRY',
  'C7-BLK',
  'COF-ARABICA',
  'TOP-OAK-140',
  'TRAY-STEEL',
  'DIY-FRAME-E5',
  'GIFT-MAT',
  'LAMP-BAR',
  'SRV-ASSEMBLY',
  'PRO27-WAL',
  'PTS-TOTE',
  'BULK-E7-20',
] as const;
export type SkuCode = (typeof SKU_CODES)[number];

export interface Fixtures {
  sku: Record<SkuCode, string>;
  shop: { flexi: string; nordic: string };
  /** Shipping method ids by shop and code. */
  method: {
    flexi: Record<'STANDARD' | 'EXPRESS' | 'FREIGHT' | 'PICKUP', string>;
    nordic: Record<'STANDARD' | 'EXPRESS' | 'PICKUP', string>;
  };
  region: Record<'US' | 'CA' | 'SF' | 'TX' | 'AUSTIN' | 'NY' | 'NYC' | 'NL' | 'NH' | 'AMSTERDAM', string>;
  buyerId: bigint;
  /** Owner coupon ids of buyer@demo.shop by campaign name. */
  coupon: Record<'flexi20' | 'nordic10' | 'member15' | 'mall5', string>;
  /** An owner coupon of main@demo.shop (not the buyer's). */
  foreignCoupon: string;
}

export async function loadFixtures(db: Db): Promise<Fixtures> {
  const skuRows = await db.select({ id: skus.id, code: skus.skuCode }).from(skus);
  const sku = Object.fromEntries(
    SKU_CODES.map((c) => [c, String(skuRows.find((r) => r.code === c)!.id)]),
  ) as Fixtures['sku'];
  const shopRows = await db.select().from(shops);
  const flexi = shopRows.find((s) => s.name === 'FlexiDesk Official')!.id;
  const nordic = shopRows.find((s) => s.name === 'Nordic Home')!.id;
  const methodRows = await db.select().from(shippingMethods);
  const methodsOf = (shopId: bigint) =>
    Object.fromEntries(methodRows.filter((m) => m.shopId === shopId).map((m) => [m.code, String(m.id)]));
  const regionRows = await db.select({ id: regions.id, code: regions.code }).from(regions);
  const rid = (code: string) => String(regionRows.find((r) => r.code === code)!.id);
  const [buyer] = await db.select().from(users).where(eq(users.email, 'buyer@demo.shop'));
  const [main] = await db.select().from(users).where(eq(users.email, 'main@demo.shop'));
  const owned = await db
    .select({ id: ownerCoupons.id, buyerId: ownerCoupons.buyerId, name: couponCampaigns.name })
    .from(ownerCoupons)
    .innerJoin(couponCampaigns, eq(couponCampaigns.id, ownerCoupons.campaignId));
  const mine = (name: string) => String(owned.find((o) => o.buyerId === buyer!.id && o.name === name)!.id);
  return {
    sku,
    shop: { flexi: String(flexi), nordic: String(nordic) },
    method: {
      flexi: methodsOf(flexi) as Fixtures['method']['flexi'],
      nordic: methodsOf(nordic) as Fixtures['method']['nordic'],
    },
    region: {
      US: rid('US'),
      CA: rid('US-CA'),
      SF: rid('US-CA-SAN_FRANCISCO'),
      TX: rid('US-TX'),
      AUSTIN: rid('US-TX-AUSTIN'),
      NY: rid('US-NY'),
      NYC: rid('US-NY-NEW_YORK'),
      NL: rid('NL'),
      NH: rid('NL-NH'),
      AMSTERDAM: rid('NL-NH-AMSTERDAM'),
    },
    buyerId: buyer!.id,
    coupon: {
      flexi20: mine('FlexiDesk $20 off'),
      nordic10: mine('Nordic Home 10% off'),
      member15: mine('Member 15% off'),
      mall5: mine('Mall $5 off'),
    },
    foreignCoupon: String(owned.find((o) => o.buyerId === main!.id)!.id),
  };
}

/** A full US address as the checkout form sends it (guests, or a buyer typing a new one). */
export function usAddress(f: Fixtures, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    firstName: 'Gina',
    lastName: 'Guest',
    gender: 'FEMALE',
    personPhone: '415 555 0177',
    areaCode: '+1',
    email: 'gina@example.com',
    countryId: f.region.US,
    countryCode: 'US',
    province: 'California',
    provinceId: f.region.CA,
    city: 'San Francisco',
    cityId: f.region.SF,
    districtList: [
      { level: 2, name: 'California', id: f.region.CA },
      { level: 3, name: 'San Francisco', id: f.region.SF },
    ],
    postalCode: '94107',
    poiName: '500 Howard St',
    detailAddress: 'Apt 12',
    addressType: 'PERSON',
    hearFrom: 'socialMedia',
    ...over,
  };
}

/** Austin, Texas: far from every pickup store. */
export function texasAddress(f: Fixtures, over: Record<string, unknown> = {}): Record<string, unknown> {
  return usAddress(f, {
    province: 'Texas',
    provinceId: f.region.TX,
    city: 'Austin',
    cityId: f.region.AUSTIN,
    postalCode: '78701',
    poiName: '100 Congress Ave',
    districtList: [
      { level: 2, name: 'Texas', id: f.region.TX },
      { level: 3, name: 'Austin', id: f.region.AUSTIN },
    ],
    personPhone: '512 555 0111',
    ...over,
  });
}

/** New York City: next to the FlexiDesk Manhattan store; New York's sales tax. */
export function newYorkAddress(f: Fixtures, over: Record<string, unknown> = {}): Record<string, unknown> {
  return usAddress(f, {
    province: 'New York',
    provinceId: f.region.NY,
    city: 'New York',
    cityId: f.region.NYC,
    postalCode: '10001',
    poiName: '350 5th Ave',
    districtList: [
      { level: 2, name: 'New York', id: f.region.NY },
      { level: 3, name: 'New York', id: f.region.NYC },
    ],
    personPhone: '212 555 0123',
    ...over,
  });
}

/** Amsterdam: next to the Nordic Home store. */
export function amsterdamAddress(f: Fixtures, over: Record<string, unknown> = {}): Record<string, unknown> {
  return usAddress(f, {
    countryId: f.region.NL,
    countryCode: 'NL',
    province: 'Noord-Holland',
    provinceId: f.region.NH,
    city: 'Amsterdam',
    cityId: f.region.AMSTERDAM,
    districtList: [
      { level: 2, name: 'Noord-Holland', id: f.region.NH },
      { level: 3, name: 'Amsterdam', id: f.region.AMSTERDAM },
    ],
    postalCode: '1015 CV',
    poiName: 'Keizersgracht 120',
    personPhone: '020 555 0123',
    areaCode: '+31',
    ...over,
  });
}

let ipCounter = 0;
/** A fresh client IP per call (172.16/12, never used by the random browser IPs), so the per-IP submit limit is not hit. */
export const freshIp = () => {
  ipCounter += 1;
  return `172.${16 + Math.floor(ipCounter / 65000)}.${Math.floor(ipCounter / 250) % 256}.${(ipCounter % 250) + 1}`;
};
export const newKey = () => `test-${crypto.randomUUID()}`;

export type Body = Record<string, unknown>;

export async function preview(b: Browser, body: Body): Promise<LightMyRequestResponse> {
  return b.post('/api/checkout/preview', body, { remoteAddress: freshIp() });
}

/** Preview that must succeed; returns the parsed result. */
export async function previewOk(b: Browser, body: Body) {
  const res = await preview(b, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export async function submit(
  b: Browser,
  body: Body,
  key: string | null = newKey(),
  opts: { remoteAddress?: string } = {},
): Promise<LightMyRequestResponse> {
  return b.post('/api/checkout/submit', body, {
    headers: key === null ? {} : { 'idempotency-key': key },
    remoteAddress: opts.remoteAddress ?? freshIp(),
  });
}

/** What the checkout page sends on step 0 besides the preview choices (all valid for the US site). */
export const STEP0 = {
  privacyAgreed: true,
  notifyInfo: { notifyType: 'email', contactInfo: 'buyer@demo.shop' },
  hearFrom: 'onlineSearch',
} as const;

/** Previews `choices`, then builds the submit body with the amount the buyer saw. */
export async function submitBodyFor(b: Browser, choices: Body, extra: Body = {}): Promise<Body> {
  const p = await previewOk(b, choices);
  return { ...choices, ...STEP0, needPayAmt: p.needPayAmt.value, ...extra };
}

// ---- DB probes ----

export async function stockOf(db: Db, skuId: string): Promise<string> {
  const [r] = await db
    .select({ stock: sql<string>`${skus.stock}::text` })
    .from(skus)
    .where(eq(skus.id, BigInt(skuId)));
  return String(Number(r!.stock));
}
export async function stocks(db: Db, ids: string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const id of ids) out[id] = await stockOf(db, id);
  return out;
}
export async function setStock(db: Db, skuId: string, stock: string): Promise<void> {
  await db
    .update(skus)
    .set({ stock })
    .where(eq(skus.id, BigInt(skuId)));
}

export interface Counts {
  contracts: number;
  orders: number;
  lines: number;
  ledger: number;
  preTrade: number;
  usedCoupons: number;
  codeUses: number;
}
export async function counts(db: Db): Promise<Counts> {
  const n = async (q: Promise<{ n: number }[]>) => (await q)[0]!.n;
  return {
    contracts: await n(db.select({ n: count() }).from(tradeContracts)),
    orders: await n(db.select({ n: count() }).from(tradeOrders)),
    lines: await n(db.select({ n: count() }).from(tradeOrderLines)),
    ledger: await n(db.select({ n: count() }).from(pointLedger)),
    preTrade: await n(db.select({ n: count() }).from(preTradeRequests)),
    usedCoupons: await n(db.select({ n: count() }).from(ownerCoupons).where(eq(ownerCoupons.status, 'USED'))),
    codeUses: await n(
      db.select({ n: sql<number>`coalesce(sum(${couponCampaigns.usedCount}), 0)::int` }).from(couponCampaigns),
    ),
  };
}

export async function pointsOf(db: Db, buyerId: bigint): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`coalesce(sum(${pointLedger.delta}), 0)::int` })
    .from(pointLedger)
    .where(eq(pointLedger.buyerId, buyerId));
  return r!.n;
}

export async function contractsOf(db: Db, buyerId: bigint, key?: string) {
  return db
    .select()
    .from(tradeContracts)
    .where(
      key
        ? and(eq(tradeContracts.buyerId, buyerId), eq(tradeContracts.idempotencyKey, key))
        : eq(tradeContracts.buyerId, buyerId),
    );
}

/** What every checkout/payment test file starts with: a fresh app, the demo ids, the demo buyer logged in. */
export async function startCheckoutSuite(): Promise<{ t: TestApp; f: Fixtures; buyer: Browser }> {
  const t = await createTestApp();
  return { t, f: await loadFixtures(t.db), buyer: await login(t.app, 'buyer@demo.shop') };
}
