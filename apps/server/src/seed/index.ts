/**
 * Demo data, created once on the first start (marker row in app_meta): accounts, shops,
 * and a catalog with every item kind the orders need.
 */
import { eq } from 'drizzle-orm';
import { readTogether, type Db } from '../db/client.js';
import {
  addresses,
  appMeta,
  enterprises,
  itemParts,
  items,
  regions,
  shops,
  skuPrices,
  skus,
  users,
  merchantApplications,
} from '../db/schema/index.js';
import { hashPassword } from '../modules/identity/service.js';
import { seedRegionsIfEmpty } from './regions.js';
import { seedOrders } from './orders.js';
import { seedRiskHold } from './risk-hold.js';
import { seedAfterSales } from './after-sales.js';
import { seedReviews } from './reviews.js';
import { seedContent } from './content/index.js';
import { seedCheckout } from './checkout.js';
import { INVOICE_BUYER, seedVatInvoices } from './invoices.js';
import { seedBulkRequests } from './bulk.js';
import { seedCrossBorder } from './cross-border.js';
import { seedGrowth, seedMemberLevels, seedPointsHistory } from './membership.js';
import { itemTexts, skuTexts } from './catalog-texts.js';
import { seedCouponHistory, seedPaidServices } from './paid-services.js';
import { DEMO_ACCOUNTS } from './demo-accounts.js';
import { adjustCredit } from '../modules/enterprise/credit-ledger.js';
import { restoreStockLevels } from '../modules/stock/stock.js';

export const DEMO_PASSWORD = 'demo1234';
export { DEMO_ACCOUNTS };

/** Whole-unit USD price -> price list for every currency (x.99 endings, JPY whole yen). */
function prices(usd: number): Record<'USD' | 'GBP' | 'EUR' | 'JPY', bigint> {
  const cents = (major: number) => BigInt(Math.max(0, Math.round(major) * 100 - 1));
  return {
    USD: cents(usd),
    GBP: cents(usd * 0.79),
    EUR: cents(usd * 0.92),
    JPY: BigInt(Math.round((usd * 150) / 10) * 10),
  };
}

const img = (shape: string, hue: number, label: string) =>
  `/media/demo/${shape}-${hue}-${label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}.svg`;

type ItemSeed = {
  key: string;
  name: string;
  shop: 0 | 1;
  type: (typeof items.$inferInsert)['businessType'];
  shape: string;
  hue: number;
  description: string;
  category: string;
  listed?: boolean;
  isExceed?: boolean;
  commerce?: 'B2C' | 'B2B';
  presale?: { rate: string; depositDays: number; balanceStartDays: number; balanceEndDays: number };
  service?: { uses: number; validDays: number };
  skus: {
    code: string;
    name: string;
    usd: number;
    stock: string;
    attrs?: [string, string][];
    nonfixed?: [string, string, boolean][];
    points?: number;
    unit?: string;
    marketingUnit?: string;
    step?: string;
    min?: string;
    max?: string;
    decimals?: number;
  }[];
  parts?: { kind: 'DIY_CHILD' | 'GIFT'; sku: string; qty: string }[];
};

const CATALOG: ItemSeed[] = [
  {
    key: 'standing-desk-e7',
    name: 'Standing Desk E7',
    shop: 0,
    type: 'NORMAL',
    shape: 'desk',
    hue: 210,
    category: 'desks',
    description: 'Dual-motor height adjustable desk, 58-123 cm, memory presets.',
    skus: [
      {
        code: 'E7-BLK-140',
        name: 'Black / 140x70',
        usd: 499,
        stock: '40',
        attrs: [
          ['Color', 'Black'],
          ['Size', '140x70 cm'],
        ],
        nonfixed: [
          ['Warranty', '5 years', true],
          ['Batch', 'B-2026-11', false],
        ],
      },
      {
        code: 'E7-WHT-140',
        name: 'White / 140x70',
        usd: 499,
        stock: '25',
        attrs: [
          ['Color', 'White'],
          ['Size', '140x70 cm'],
        ],
        nonfixed: [['Warranty', '5 years', true]],
      },
      {
        code: 'E7-BLK-160',
        name: 'Black / 160x80',
        usd: 579,
        stock: '3',
        attrs: [
          ['Color', 'Black'],
          ['Size', '160x80 cm'],
        ],
        nonfixed: [['Warranty', '5 years', true]],
      },
    ],
  },
  {
    key: 'ergonomic-chair-c7',
    name: 'Ergonomic Chair C7',
    shop: 0,
    type: 'NORMAL',
    shape: 'chair',
    hue: 20,
    category: 'chairs',
    description: 'Mesh back, adaptive lumbar support, 4D armrests.',
    skus: [
      { code: 'C7-GRY', name: 'Grey', usd: 329, stock: '30', attrs: [['Color', 'Grey']] },
      { code: 'C7-BLK', name: 'Black', usd: 329, stock: '0', attrs: [['Color', 'Black']] },
    ],
  },
  {
    key: 'office-coffee-beans',
    name: 'Office Coffee Beans (by weight)',
    shop: 1,
    type: 'WEIGHT',
    shape: 'coffee',
    hue: 30,
    category: 'pantry',
    description: 'Medium roast arabica, sold by the kilogram in 0.5 kg steps.',
    skus: [
      {
        code: 'COF-ARABICA',
        name: 'Arabica medium roast',
        usd: 24,
        stock: '120',
        attrs: [['Roast', 'Medium']],
        unit: 'kg',
        marketingUnit: 'kg',
        step: '0.5',
        min: '0.5',
        max: '10',
        decimals: 1,
      },
    ],
  },
  {
    key: 'desktop-board-oak',
    name: 'Desktop Board Oak 140',
    shop: 0,
    type: 'NORMAL',
    shape: 'box',
    hue: 35,
    category: 'parts',
    description: 'Solid oak top for DIY frames.',
    skus: [{ code: 'TOP-OAK-140', name: 'Oak 140x70', usd: 189, stock: '60', attrs: [['Material', 'Oak']] }],
  },
  {
    key: 'cable-tray',
    name: 'Under-desk Cable Tray',
    shop: 0,
    type: 'NORMAL',
    shape: 'box',
    hue: 0,
    category: 'parts',
    description: 'Steel cable tray, tool-free mounting.',
    skus: [{ code: 'TRAY-STEEL', name: 'Steel tray', usd: 39, stock: '200' }],
  },
  {
    key: 'diy-desk-bundle',
    name: 'DIY Desk Bundle (frame + oak top + cable tray)',
    shop: 0,
    type: 'DIY',
    shape: 'desk',
    hue: 120,
    category: 'desks',
    description: 'Build your own desk: the frame comes with an oak top and a cable tray.',
    skus: [{ code: 'DIY-FRAME-E5', name: 'E5 frame', usd: 299, stock: '20', attrs: [['Frame', 'E5']] }],
    parts: [
      { kind: 'DIY_CHILD', sku: 'TOP-OAK-140', qty: '1' },
      { kind: 'DIY_CHILD', sku: 'TRAY-STEEL', qty: '1' },
    ],
  },
  {
    key: 'felt-desk-mat',
    name: 'Felt Desk Mat (gift)',
    shop: 1,
    type: 'GIFT',
    shape: 'gift',
    hue: 300,
    category: 'gifts',
    listed: false,
    description: 'Comes free with selected lamps.',
    skus: [{ code: 'GIFT-MAT', name: 'Felt mat', usd: 0, stock: '500' }],
  },
  {
    key: 'monitor-lamp',
    name: 'Monitor Light Bar with free desk mat',
    shop: 1,
    type: 'NORMAL',
    shape: 'lamp',
    hue: 50,
    category: 'lighting',
    description: 'Asymmetric light bar, no screen glare. Every lamp ships with a free felt desk mat.',
    skus: [{ code: 'LAMP-BAR', name: 'Light bar', usd: 59, stock: '80' }],
    parts: [{ kind: 'GIFT', sku: 'GIFT-MAT', qty: '1' }],
  },
  {
    key: 'assembly-service',
    name: 'On-site Assembly Service',
    shop: 0,
    type: 'SERVICE',
    shape: 'ticket',
    hue: 260,
    category: 'services',
    description: 'A technician assembles your desk. You receive a use code per booked service.',
    service: { uses: 1, validDays: 365 },
    skus: [{ code: 'SRV-ASSEMBLY', name: 'One assembly', usd: 79, stock: '1000', max: '5' }],
  },
  {
    key: 'pro-desk-2027',
    name: 'Pro Desk 2027 (presale)',
    shop: 0,
    type: 'PRESALE',
    shape: 'desk',
    hue: 340,
    category: 'desks',
    description: 'Reserve with a 20% deposit now; pay the balance inside the balance window.',
    // The balance window is already open, so the demo can show deposit and balance end to end.
    presale: { rate: '0.2', depositDays: 7, balanceStartDays: 0, balanceEndDays: 20 },
    skus: [{ code: 'PRO27-WAL', name: 'Walnut', usd: 899, stock: '50', attrs: [['Finish', 'Walnut']] }],
  },
  {
    key: 'canvas-tote-points',
    name: 'Canvas Tote (points redemption)',
    shop: 1,
    type: 'POINT',
    shape: 'bag',
    hue: 90,
    category: 'rewards',
    description: 'Redeem with 500 points.',
    skus: [{ code: 'PTS-TOTE', name: 'Natural canvas', usd: 0, stock: '300', points: 500, max: '2' }],
  },
  {
    key: 'office-desk-pack-20',
    name: 'Office Desk Pack x20 (bulk, oversized)',
    shop: 0,
    type: 'BULK',
    shape: 'box',
    hue: 180,
    category: 'desks',
    isExceed: true,
    commerce: 'B2B',
    description: 'Twenty desks on pallets. Send an order request and we negotiate delivery and price.',
    skus: [
      {
        code: 'BULK-E7-20',
        name: '20 x E7 black',
        usd: 8990,
        stock: '10',
        unit: 'pack',
        marketingUnit: 'pack',
        max: '10',
      },
    ],
  },
];

export async function seedIfEmpty(db: Db): Promise<boolean> {
  await seedRegionsIfEmpty(db);
  const [done] = await db.select().from(appMeta).where(eq(appMeta.key, 'seeded'));
  if (done) return false;
  await seed(db);
  return true;
}

export async function seed(db: Db): Promise<void> {
  await seedRegionsIfEmpty(db);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [acme] = await tx.insert(enterprises).values({ name: 'Acme Office Supplies', currency: 'USD' }).returning();
    const account = (email: string, nickname: string, extra: Partial<typeof users.$inferInsert> = {}) =>
      tx
        .insert(users)
        .values({ email, nickname, passwordHash, userType: 'REGISTERED', ...extra })
        .returning()
        .then((r) => r[0]!);
    // The phone lets the password reset by SMS be tried (+1 4155550100, code in /dev/mailbox).
    const buyer = await account(DEMO_ACCOUNTS.buyer.email, 'Demo Buyer', { phone: '4155550100', phonePrefix: '1' });
    const main = await account(DEMO_ACCOUNTS.main.email, 'Acme Main', {
      enterpriseId: acme!.id,
      isEnterpriseMain: true,
      orderAmtMinor: 5_000_000n,
      creditAmtMinor: 5_000_000n,
    });
    const sub1 = await account(DEMO_ACCOUNTS.sub1.email, 'Acme Purchasing', {
      enterpriseId: acme!.id,
      needPi: true,
      orderAmtMinor: 100_000n,
      remainingAmtMinor: 200_000n,
    });
    const sub2 = await account(DEMO_ACCOUNTS.sub2.email, 'Acme New Hire', {
      enterpriseId: acme!.id,
      enterpriseStatus: 'PENDING_APPROVAL',
      orderAmtMinor: 50_000n,
    });
    // The balances payment terms spend are opened through the credit ledger (its only writer):
    // the enterprise's remaining credit on the main account, each sub-account's own credit amount.
    await adjustCredit(tx, { userId: main.id, balance: 'REMAINING', amountMinor: 2_500_000n, note: 'credit granted' });
    await adjustCredit(tx, { userId: sub1.id, balance: 'CREDIT', amountMinor: 200_000n, note: 'credit granted' });
    await adjustCredit(tx, { userId: sub2.id, balance: 'CREDIT', amountMinor: 50_000n, note: 'credit granted' });
    // Other shoppers whose reviews give the demo items their ratings (they can log in too, password demo1234).
    const reviewers = [
      await account('maria@demo.shop', 'Maria Lopez'),
      await account('kenji@demo.shop', 'Kenji Sato'),
      await account('anna@demo.shop', 'Anna de Vries'),
    ];
    const seller1 = await account(DEMO_ACCOUNTS.seller.email, 'FlexiDesk', {
      role: 'SELLER',
      merchantAuditStatus: 'pass',
    });
    const seller2 = await account(DEMO_ACCOUNTS.seller2.email, 'Nordic Home', {
      role: 'SELLER',
      merchantAuditStatus: 'pass',
    });
    const shopRows = await tx
      .insert(shops)
      .values([
        {
          name: 'FlexiDesk Official',
          sellerId: seller1.id,
          siteAddress: '2 Market St, San Francisco, CA',
          latitude: 37.7936,
          longitude: -122.3958,
        },
        {
          name: 'Nordic Home',
          sellerId: seller2.id,
          siteAddress: 'Keizersgracht 100, Amsterdam',
          latitude: 52.3731,
          longitude: 4.8892,
        },
      ])
      .returning();
    const skuIds = new Map<string, bigint>();
    const now = Date.now();
    const day = 86400_000;
    for (const [i, s] of CATALOG.entries()) {
      const [item] = await tx
        .insert(items)
        .values({
          shopId: shopRows[s.shop]!.id,
          urlKey: s.key,
          itemName: s.name,
          description: s.description,
          texts: itemTexts(s.key),
          category: s.category,
          mainImage: img(s.shape, s.hue, s.name),
          businessType: s.type,
          commerceType: s.commerce ?? 'B2C',
          listed: s.listed ?? true,
          isExceed: s.isExceed ?? false,
          sort: i,
          presaleDepositRate: s.presale?.rate,
          depositEndAt: s.presale && new Date(now + s.presale.depositDays * day),
          balanceStartAt: s.presale && new Date(now + s.presale.balanceStartDays * day),
          balanceEndAt: s.presale && new Date(now + s.presale.balanceEndDays * day),
          serviceUses: s.service?.uses,
          serviceValidDays: s.service?.validDays,
        })
        .returning();
      for (const [j, k] of s.skus.entries()) {
        const attributes = (k.attrs ?? []).map(([attrKey, attrVal]) => ({ attrKey, attrVal }));
        const nonfixedAttributes = (k.nonfixed ?? []).map(([attrKey, attrVal, isShow]) => ({
          attrKey,
          attrVal,
          isShow,
        }));
        const [sku] = await tx
          .insert(skus)
          .values({
            itemId: item!.id,
            name: k.name,
            skuCode: k.code,
            image: img(s.shape, (s.hue + j * 40) % 360, k.name),
            pointsPrice: k.points ?? null,
            baseUnit: k.unit ?? 'pc',
            marketingUnit: k.marketingUnit ?? 'pc',
            attributes,
            nonfixedAttributes,
            texts: skuTexts(k.name, [...attributes, ...nonfixedAttributes]),
            adjustStep: k.step ?? '1',
            minQty: k.min ?? '1',
            maxQty: k.max ?? '10',
            qtyDecimals: k.decimals ?? 0,
            stock: k.stock,
          })
          .returning();
        skuIds.set(k.code, sku!.id);
        const p = k.usd === 0 ? { USD: 0n, GBP: 0n, EUR: 0n, JPY: 0n } : prices(k.usd);
        await tx
          .insert(skuPrices)
          .values(Object.entries(p).map(([currency, amountMinor]) => ({ skuId: sku!.id, currency, amountMinor })));
      }
      for (const part of s.parts ?? []) {
        await tx
          .insert(itemParts)
          .values({ itemId: item!.id, partSkuId: skuIds.get(part.sku)!, kind: part.kind, qty: part.qty });
      }
    }
    const region = async (code: string) => (await tx.select().from(regions).where(eq(regions.code, code)))[0]!;
    const [us, ca, sf, ny, nyc] = await readTogether(tx, [
      () => region('US'),
      () => region('US-CA'),
      () => region('US-CA-SAN_FRANCISCO'),
      () => region('US-NY'),
      () => region('US-NY-NEW_YORK'),
    ]);
    const place = (p: typeof sf) => ({
      city: p.regionName,
      cityId: String(p.id),
      latitude: p.latitude,
      longitude: p.longitude,
    });
    await tx.insert(addresses).values([
      {
        buyerId: buyer.id,
        firstName: 'Dana',
        lastName: 'Buyer',
        gender: 'FEMALE',
        personPhone: '415 555 0100',
        areaCode: '+1',
        email: 'buyer@demo.shop',
        countryId: us.id,
        province: ca.regionName,
        provinceId: String(ca.id),
        ...place(sf),
        postalCode: '94105',
        poiName: '2 Market St',
        detailAddress: 'Suite 400',
        addressType: 'PERSON',
        isDefault: true,
        site: 'US',
        hearFrom: 'onlineSearch',
        districtList: [
          { level: 2, name: ca.regionName, id: String(ca.id), code: ca.code },
          { level: 3, name: sf.regionName, id: String(sf.id), code: sf.code },
        ],
      },
      {
        buyerId: buyer.id,
        firstName: 'Dana',
        lastName: 'Buyer',
        gender: 'FEMALE',
        personPhone: '212 555 0199',
        areaCode: '+1',
        email: 'buyer@demo.shop',
        countryId: us.id,
        province: ny.regionName,
        provinceId: String(ny.id),
        ...place(nyc),
        postalCode: '10001',
        poiName: '350 5th Ave',
        detailAddress: 'Floor 20',
        addressType: 'COMPANY',
        company: 'Dana Design LLC',
        site: 'US',
        hearFrom: 'onlineSearch',
        districtList: [
          { level: 2, name: ny.regionName, id: String(ny.id), code: ny.code },
          { level: 3, name: nyc.regionName, id: String(nyc.id), code: nyc.code },
        ],
      },
      {
        buyerId: main.id,
        firstName: 'Alex',
        lastName: 'Acme',
        gender: 'UN_KNOW',
        personPhone: '212 555 0142',
        areaCode: '+1',
        email: 'main@demo.shop',
        countryId: us.id,
        province: ny.regionName,
        provinceId: String(ny.id),
        ...place(nyc),
        postalCode: '10018',
        poiName: '1 Bryant Park',
        detailAddress: 'Purchasing dept.',
        addressType: 'COMPANY',
        company: 'Acme Office Supplies',
        isDefault: true,
        site: 'US',
        hearFrom: 'industryAssociation',
        districtList: [
          { level: 2, name: ny.regionName, id: String(ny.id), code: ny.code },
          { level: 3, name: nyc.regionName, id: String(nyc.id), code: nyc.code },
        ],
      },
    ]);
    await seedCheckout(tx, { shops: shopRows.map((s) => s.id), buyer: buyer.id, main: main.id, sub1: sub1.id });
    await seedMemberLevels(tx);
    await seedPointsHistory(tx, buyer.id);
    const afterSales = await seedOrders(tx, {
      shops: shopRows.map((s) => s.id),
      buyer: buyer.id,
      main: main.id,
      sub1: sub1.id,
      reviewers: reviewers.map((r) => r.id),
    });
    // The services open their own transactions; inside this one they become savepoints.
    // The demo stock levels stay as documented: the demo returns and exchanges do not move them.
    const stockBefore = await tx.select({ id: skus.id, stock: skus.stock }).from(skus);
    await seedAfterSales(tx as unknown as Db, buyer.id, afterSales);
    await restoreStockLevels(tx, stockBefore);
    await seedReviews(tx as unknown as Db, {
      buyer: buyer.id,
      reviewers: reviewers.map((r) => r.id),
      orders: afterSales,
    });
    await seedGrowth(tx, { gold: reviewers[0]!.id, platinum: reviewers[1]!.id });
    await seedCouponHistory(
      tx,
      buyer.id,
      shopRows.map((s) => s.id),
    );
    await seedPaidServices(tx, { passwordHash, member: reviewers[0]!.id });
    await seedContent(tx);
    // A business buyer on the NL site with VAT invoices in each state (seed/invoices.ts), from Nordic Home.
    const becker = await account(INVOICE_BUYER.email, INVOICE_BUYER.nickname);
    await seedVatInvoices(tx, { buyer: becker.id, shop: shopRows[1]!.id });
    // Bulk order requests of the demo buyer to FlexiDesk: waiting for a quote, quoted, accepted and paid (seed/bulk.ts).
    await seedBulkRequests(tx, { buyer: buyer.id });
    // One order held by risk screening, waiting for the operator (seed/risk-hold.ts).
    await seedRiskHold(tx, { passwordHash, shop: shopRows[0]!.id });
    // A shop selling cross-border into the US site from Japan (seed/cross-border.ts).
    await seedCrossBorder(tx, { passwordHash });
    // The platform operator, and one merchant application waiting for its review (anna@demo.shop).
    await account(DEMO_ACCOUNTS.operator.email, 'Platform Operator', { role: 'OPERATOR' });
    await tx.insert(merchantApplications).values({
      userId: reviewers[2]!.id,
      shopName: 'Anna Living Studio',
      contactName: 'Anna de Vries',
      phone: '+31 20 555 0123',
    });
    await tx.update(users).set({ merchantAuditStatus: 'audit' }).where(eq(users.id, reviewers[2]!.id));
    await tx.insert(appMeta).values({ key: 'seeded', value: new Date().toISOString() });
  });
}
