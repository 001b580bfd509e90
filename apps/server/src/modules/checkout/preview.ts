/**
 * Builds the contract preview (renderTradeContractTO) for the checkout page and for submit:
 * loads lines, address, shipping methods, pickup stores, coupons, promotion codes and points,
 * then prices everything with the pure engine in packages/domain.
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  ERROR_CODES,
  type Address,
  type CheckoutCoupon,
  type Currency,
  type PickupStore,
  type PreviewBody,
  type PreviewResult,
  type ShippingMethod,
  type Site,
} from '@mall/contracts';
import {
  applyRate,
  bundleUnitMinor,
  compareQuantity,
  couponDiscount,
  deliveryChoiceProblem,
  deliveryDayChoices,
  discountPercent,
  distanceMiles,
  lineAmount,
  money,
  priceContract,
  sortShippingMethods,
  sumMinor,
  taxRateFor,
  toMinor,
  type PricingCoupon,
} from '@mall/domain';
import { clientOf, readTogether, type Db } from '../../db/client.js';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { batches, type Batches } from '../../lib/batches.js';
import { DRIVER_TYPES, partsStatement, tableColumns, type ReadPart } from '../../db/rows.js';
import {
  addresses,
  couponCampaigns,
  ownerCoupons,
  pickupStores,
  regions,
  shippingMethods,
} from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { Caller } from '../../lib/session.js';
import {
  catalogRowsOf,
  catalogVersionPart,
  diyParts,
  localizeShippingMethod,
  presaleOf,
  skuPartsPart,
  skusPart,
  skusWithPartsFrom,
  skuStockPart,
  trimQty,
  type LoadedSku,
  type Parts,
} from '../catalog/service.js';
import type { CheckoutCatalogCache } from './catalog-cache.js';
import { assertQuantity, quantityRule } from '../cart/service.js';
import { checkAddress, toAddressDto } from '../address/service.js';
import { sellablePaidServiceSkus } from '../membership/paid-service.js';
import { pointBalancePart } from '../points/ledger.js';
import { benefitsFrom, memberFactsPart } from '../membership/benefits.js';
import { sellersNotSellingPart } from '../merchant/service.js';
import { certificatePart } from '../certificate/service.js';
import { applyCrossBorder, crossBorderOrigins, crossBorderShopsPart } from '../cross-border/service.js';
import { groupBuyPrice } from '../group-buy/service.js';

/** Stores farther than this from the shipping address are not offered for pickup. */
export const PICKUP_RADIUS_MILES = 60;

type Tx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** `state`: the province/state short code from the region table ("NY"), for the sales tax. */
export interface ResolvedAddress {
  dto: Address;
  countryCode: string;
  state: string | null;
  lat: number | null;
  lon: number | null;
  raw: Record<string, unknown>;
}

/** The short code of an address's province/state: by its region id, else by its name or code under the country. */
async function stateOf(
  db: Tx,
  countryId: bigint,
  provinceId: string | null | undefined,
  province: string | null | undefined,
): Promise<string | null> {
  if (provinceId && /^\d{1,18}$/.test(provinceId)) {
    const [r] = await db
      .select({ code: regions.regionShortName })
      .from(regions)
      .where(and(eq(regions.id, BigInt(provinceId)), eq(regions.parentId, countryId)));
    if (r) return r.code;
  }
  const name = province?.trim();
  if (!name) return null;
  const [r] = await db
    .select({ code: regions.regionShortName })
    .from(regions)
    .where(
      and(
        eq(regions.parentId, countryId),
        sql`(lower(${regions.regionName}) = lower(${name}) OR lower(${regions.regionShortName}) = lower(${name}))`,
      ),
    );
  return r?.code ?? null;
}

export interface PreviewContext {
  result: PreviewResult;
  lines: { sku: LoadedSku; qty: string; cartLineId: string | null; parts: Parts; unitMinor: bigint }[];
  shopOrder: string[];
  shipping: Map<string, { method: ShippingMethod | null; methods: ShippingMethod[] }>;
  pickupStore: PickupStore | null;
  chosenCoupons: { ownerCouponId: bigint; campaignId: bigint }[];
  promotionCampaignIds: bigint[];
  shippingAddress: ResolvedAddress | null;
  billingAddress: ResolvedAddress | null;
  /** Member discount per shop id (minor units), for the trade orders. */
  levelAmtByShop: Map<string, bigint>;
  /** Why the address could not be used (a 400), when the preview went on without it. */
  addressError: AppError | null;
  billingError: AppError | null;
}

const AD = tableColumns(addresses, 'a');
const RG = tableColumns(regions, 'r');
/**
 * The buyer's saved addresses chosen for this order (shipping, billing), each with its country
 * and its state's short code (the rule of stateOf: by region id, else by name or code).
 */
const savedAddressesPart: ReadPart<
  { buyer: string; addressIds: string },
  Map<string, { a: typeof addresses.$inferSelect; c: typeof regions.$inferSelect; state: string | null }>
> = {
  columns: (p) => `(SELECT json_agg(json_build_array(${AD.json}, ${RG.json}, coalesce(
    (SELECT p.region_short_name FROM regions p WHERE p.parent_id = r.id AND p.id = CASE WHEN a.province_id ~ '^\\d{1,18}$' THEN a.province_id::bigint END),
    (SELECT p.region_short_name FROM regions p WHERE p.parent_id = r.id AND nullif(trim(a.province), '') IS NOT NULL
       AND (lower(p.region_name) = lower(trim(a.province)) OR lower(p.region_short_name) = lower(trim(a.province))) LIMIT 1))))
  FROM addresses a JOIN regions r ON r.id = a.country_id WHERE a.id = ANY(${p.addressIds}) AND a.buyer_id = ${p.buyer}) AS saved_addresses`,
  read: (row) =>
    new Map(
      ((row.saved_addresses ?? []) as [(string | null)[], (string | null)[], string | null][]).map(([a, c, state]) => {
        const address = AD.mapJson(a);
        return [String(address.id), { a: address, c: RG.mapJson(c), state }];
      }),
    ),
};

const isIdChoice = (v: unknown): v is { id: string } =>
  !!v && typeof v === 'object' && Object.keys(v).length === 1 && 'id' in v;

/** An address id the buyer may have saved (the facts statement reads those of a registered buyer). */
const savedId = (choice: unknown): string | null =>
  isIdChoice(choice) && /^\d{1,18}$/.test(choice.id) ? choice.id : null;

export async function resolveAddress(
  db: Tx,
  caller: Caller,
  choice: unknown,
  purpose: 'SHIPPING' | 'BILLING',
  saved: ReturnType<typeof savedAddressesPart.read>,
): Promise<ResolvedAddress> {
  if (isIdChoice(choice)) {
    if (caller.user?.userType !== 'REGISTERED')
      throw new AppError(401, ERROR_CODES.unauthorized, 'Please log in to use saved addresses');
    const row = saved.get(savedId(choice) ?? '');
    if (!row) throw new AppError(404, ERROR_CODES.addressNotFound, 'This address does not exist');
    const dto = toAddressDto(row.a, row.c);
    return {
      dto,
      countryCode: row.c.regionShortName,
      state: row.state,
      lat: row.a.latitude,
      lon: row.a.longitude,
      raw: { id: choice.id },
    };
  }
  // Typed at checkout for this order only: the typed-address rules (no gender or second line needed).
  const { input, country, lat, lon } = await checkAddress(db as Db, caller.site, choice, purpose, 'typed');
  const dto: Address = {
    id: '0',
    firstName: input.firstName,
    lastName: input.lastName,
    personName: `${input.firstName} ${input.lastName}`,
    gender: input.gender ?? 'UN_KNOW',
    personPhone: input.personPhone,
    areaCode: input.areaCode ?? null,
    email: input.email,
    countryId: String(country.id),
    country: country.regionName,
    region: { id: String(country.id), regionName: country.regionName, regionShortName: country.regionShortName },
    province: input.province ?? null,
    provinceId: input.provinceId ?? null,
    city: input.city,
    cityId: input.cityId ?? null,
    districtList: input.districtList ?? [],
    postalCode: input.postalCode,
    poiName: input.poiName,
    detailAddress: input.detailAddress ?? '',
    company: input.addressType === 'PERSON' ? null : (input.company ?? null),
    taxCode: input.taxCode ?? null,
    addressType: input.addressType ?? 'PERSON',
    isDefault: false,
    subscribe: input.subscribe ?? false,
    addressStatus: 'ENABLED',
    site: caller.site.code,
    hearFrom: input.hearFrom ?? null,
    hearFromInput: input.hearFromInput ?? null,
    addressLatitude: lat,
    addressLongitude: lon,
  };
  const state = await stateOf(db, country.id, input.provinceId, input.province);
  return { dto, countryCode: country.regionShortName, state, lat, lon, raw: choice as Record<string, unknown> };
}

const minorOf = (m: Record<string, string>, c: Currency): bigint | null => (m[c] === undefined ? null : BigInt(m[c]));

/**
 * Presale split (SPEC §4): the deposit is the deposit share of each presale line, the balance
 * the rest of the amount due; the balance window is the items' own.
 */
export function presaleSplit(
  lines: PreviewContext['lines'],
): { depositMinor: bigint; depositEndAt: Date; balanceStartAt: Date; balanceEndAt: Date } | null {
  const presale = lines.filter(
    (l) => l.sku.item.businessType === 'PRESALE' && l.sku.item.presaleDepositRate && l.sku.item.balanceStartAt,
  );
  if (!presale.length) return null;
  const depositMinor = presale.reduce(
    (a, l) => a + lineAmount(applyRate(l.unitMinor, l.sku.item.presaleDepositRate!), l.qty),
    0n,
  );
  const times = (f: (i: (typeof presale)[number]['sku']['item']) => Date | null) =>
    presale.map((l) => f(l.sku.item)!.getTime());
  return {
    depositMinor,
    depositEndAt: new Date(Math.min(...times((i) => i.depositEndAt))),
    balanceStartAt: new Date(Math.max(...times((i) => i.balanceStartAt))),
    balanceEndAt: new Date(Math.min(...times((i) => i.balanceEndAt))),
  };
}

export { pointBalance } from '../points/ledger.js';

export function couponDto(
  c: typeof couponCampaigns.$inferSelect,
  ownerCouponId: bigint,
  currency: Currency,
  selected: boolean,
  usable: boolean,
): CheckoutCoupon {
  const amount = minorOf(c.amounts, currency);
  return {
    ownerCouponId: String(ownerCouponId),
    memberCouponType: c.type,
    couponCampaignName: c.name,
    couponCampaignDescription: c.description,
    scope: c.scope,
    shopId: c.shopId === null ? null : String(c.shopId),
    deductionAmt: amount === null ? null : money(amount, currency),
    discountValue: c.discountValue,
    minSpend: money(minorOf(c.minSpend, currency) ?? 0n, currency),
    startTime: c.startTime.toISOString(),
    endTime: c.endTime.toISOString(),
    useLimit: c.useLimit,
    selected,
    usable,
    display:
      c.type === 'DISCOUNT_COUPON'
        ? { type: 'percent', discount: String(discountPercent(c.discountValue ?? '10')) }
        : { type: 'amount', discount: money(amount ?? 0n, currency).value },
  };
}

const toPricingCoupon = (c: typeof couponCampaigns.$inferSelect, id: string, currency: Currency): PricingCoupon => ({
  id,
  scope: c.scope,
  type: c.type,
  amountMinor: minorOf(c.amounts, currency) ?? 0n,
  discountValue: c.discountValue ?? undefined,
  minSpendMinor: minorOf(c.minSpend, currency) ?? 0n,
  useLimit: c.useLimit,
  shopId: c.shopId === null ? undefined : String(c.shopId),
  code: c.code ?? undefined,
});

// Read by every preview and submit: named statements, rows mapped as Drizzle does (db/rows.ts).
const M = tableColumns(shippingMethods, 'm');
const ST = tableColumns(pickupStores, 'st');
const OC = tableColumns(ownerCoupons, 'oc');
const CC = tableColumns(couponCampaigns, 'cc');
const methodsPart: ReadPart<{ shops: string }, (typeof shippingMethods.$inferSelect)[]> = {
  columns: (p) =>
    `(SELECT json_agg(${M.json}) FROM shipping_methods m WHERE m.shop_id = ANY(${p.shops})) AS shipping_methods`,
  read: (row) => ((row.shipping_methods ?? []) as (string | null)[][]).map(M.mapJson),
};
const storesPart: ReadPart<{ shops: string }, (typeof pickupStores.$inferSelect)[]> = {
  columns: (p) =>
    `(SELECT json_agg(${ST.json}) FROM pickup_stores st WHERE st.shop_id = ANY(${p.shops}) AND st.support_pick_up) AS pickup_stores`,
  read: (row) => ((row.pickup_stores ?? []) as (string | null)[][]).map(ST.mapJson),
};
/** The buyer's unused coupons whose campaign runs now. */
const ownedCouponsPart: ReadPart<
  { buyer: string; now: string },
  { oc: typeof ownerCoupons.$inferSelect; c: typeof couponCampaigns.$inferSelect }[]
> = {
  columns: (
    p,
  ) => `(SELECT json_agg(json_build_array(${OC.json}, ${CC.json})) FROM owner_coupons oc JOIN coupon_campaigns cc ON cc.id = oc.campaign_id
  WHERE oc.buyer_id = ${p.buyer} AND oc.status = 'NOT_USED' AND cc.start_time <= ${p.now} AND cc.end_time > ${p.now}) AS owned_coupons`,
  read: (row) =>
    ((row.owned_coupons ?? []) as (string | null)[][][]).map(([oc, c]) => ({ oc: OC.mapJson(oc!), c: CC.mapJson(c!) })),
};
/** The buyer's own facts (coupons, points, level, paid service, certificate, chosen saved addresses), whether the sellers sell, and the catalog version. */
const FACTS = {
  owned: ownedCouponsPart,
  balance: pointBalancePart,
  member: memberFactsPart,
  certificate: certificatePart,
  saved: savedAddressesPart,
  notSelling: sellersNotSellingPart,
  version: catalogVersionPart,
  crossBorderShops: crossBorderShopsPart,
};
const FACT_PLACEHOLDERS = { buyer: '$1::bigint', site: '$2', now: '$3::timestamptz', addressIds: '$4::bigint[]' };
/**
 * Everything the preview reads, in one statement (one round trip for the preview, and one of
 * the submit's): the lines' SKUs with their items, shops, prices and parts, the shipping methods
 * and pickup stores of those shops, and FACTS for their sellers (shops and sellers found in the
 * statement itself, so the facts need not wait for the SKUs). Read when the catalog cache does
 * not hold the lines' SKUs, or holds them under an older version; it keeps what it read.
 */
const LINE_SKUS = '$5::bigint[]';
const LINE_SHOPS = `ARRAY(SELECT DISTINCT li.shop_id FROM skus ls JOIN items li ON li.id = ls.item_id WHERE ls.id = ANY(${LINE_SKUS}))`;
const PREVIEW_READ = partsStatement(
  'preview_read',
  {
    ...FACT_PLACEHOLDERS,
    skus: LINE_SKUS,
    currency: '$6',
    shops: LINE_SHOPS,
    sellers: `ARRAY(SELECT DISTINCT lh.seller_id FROM shops lh WHERE lh.id = ANY(${LINE_SHOPS}))`,
  },
  { skus: skusPart, parts: skuPartsPart, methods: methodsPart, stores: storesPart, ...FACTS },
);
/**
 * With the catalog cache holding the lines' SKUs: FACTS and the stock of those SKUs and their
 * parts (sellers and SKUs known from the kept rows). Far smaller: no catalog JSON to build or parse.
 * Its `skus` are the lines' SKUs and their parts' SKUs, whose stock is read. It reads for several
 * checkouts at once, one row each ($1 a JSON array of their parameters): outside a transaction
 * the reads that arrive together go out as one statement (keptReads), since a statement's start
 * and round trip cost more than the rows one checkout reads.
 */
const PREVIEW_READ_KEPT = partsStatement(
  'preview_read_kept',
  {
    buyer: 'each_read.buyer',
    site: 'each_read.site',
    now: 'each_read.now',
    addressIds: 'each_read.address_ids',
    skus: 'each_read.skus',
    sellers: 'each_read.sellers',
  },
  { stock: skuStockPart, ...FACTS },
  {
    // An alias no part uses for its own tables.
    from: `jsonb_to_recordset($1::jsonb) AS each_read(n int, buyer bigint, site text, now timestamptz, address_ids bigint[], skus bigint[], sellers bigint[])`,
    order: 'each_read.n',
  },
);
type KeptReadValues = [
  buyer: string | null,
  site: string,
  now: string,
  addressIds: string[],
  skus: string[],
  sellers: string[],
];
interface KeptRead {
  values: KeptReadValues;
  resolve(row: Record<string, unknown>): void;
  reject(err: unknown): void;
}

/** PREVIEW_READ_KEPT's rows for `reads`, in their order. */
async function readKeptRows(
  client: ReturnType<typeof clientOf>,
  reads: KeptReadValues[],
): Promise<Record<string, unknown>[]> {
  const params = reads.map(([buyer, site, now, addressIds, skus, sellers], n) => ({
    n,
    buyer,
    site,
    now,
    address_ids: addressIds,
    skus,
    sellers,
  }));
  return (
    await client.query<Record<string, unknown>>({
      ...PREVIEW_READ_KEPT.statement,
      types: DRIVER_TYPES,
      values: [JSON.stringify(params)],
    })
  ).rows;
}

/** One batches() of kept reads per database (tests run several apps, each on its own, in one process). */
const keptReaders = new WeakMap<Db, Batches<KeptRead>>();
function keptReads(db: Db): Batches<KeptRead> {
  let reads = keptReaders.get(db);
  if (!reads) {
    reads = batches<KeptRead>(
      async (group) => {
        try {
          const rows = await readKeptRows(
            db.$client,
            group.map((read) => read.values),
          );
          group.forEach((read, n) => read.resolve(rows[n]!));
        } catch (err) {
          for (const read of group) read.reject(err);
        }
      },
      { size: 16, running: 2 },
    );
    keptReaders.set(db, reads);
  }
  return reads;
}

/** PREVIEW_READ_KEPT's row for one checkout: inside a transaction on its connection, else with other checkouts' reads. */
async function readKept(db: Tx, values: KeptReadValues): Promise<Record<string, unknown>> {
  if (db instanceof PgTransaction) return (await readKeptRows(clientOf(db), [values]))[0]!;
  return new Promise((resolve, reject) => keptReads(db).add({ values, resolve, reject }));
}

/**
 * The checkout's catalog rows and the buyer's facts: from the cache and PREVIEW_READ_KEPT while
 * the catalog version they were kept under stands, else from PREVIEW_READ (kept for the next).
 */
async function readCatalogAndFacts(
  db: Tx,
  caller: Caller,
  catalog: CheckoutCatalogCache | undefined,
  skuIds: string[],
  addressIds: string[],
  now: Date,
) {
  const site = caller.site;
  const registeredId = caller.user?.userType === 'REGISTERED' ? String(caller.user.id) : null;
  const factValues = [registeredId, site.code, now.toISOString(), addressIds] as const;
  const kept = catalog?.get(site.currency, skuIds);
  if (kept) {
    const stockIds = [
      ...new Set([...kept.skus.map((s) => String(s.sku.id)), ...kept.parts.map((p) => String(p.sku.id))]),
    ];
    const sellers = [...new Set(kept.skus.map((s) => String(s.shop.sellerId)))];
    const read = PREVIEW_READ_KEPT.read(await readKept(db, [...factValues, stockIds, sellers]));
    if (read.version === kept.version) return { catalog: kept, stock: read.stock, facts: read };
  }
  const read = PREVIEW_READ.read(
    (
      await clientOf(db).query<Record<string, unknown>>({
        ...PREVIEW_READ.statement,
        types: DRIVER_TYPES,
        values: [...factValues, skuIds, site.currency],
      })
    ).rows[0]!,
  );
  const rows = { version: read.version, ...catalogRowsOf(read), methods: read.methods, stores: read.stores };
  catalog?.keep(site.currency, rows);
  // The rows were read just now, stock included: no stock to lay over them.
  return { catalog: rows, stock: undefined, facts: read };
}
const NO_BUYER_FACTS = {
  owned: [],
  balance: 0,
  member: null,
  certificate: { userCertificate: null, certificateStatus: 0 as const },
};

/**
 * `forSubmit`: the submit's preview. The address and the chosen coupons must be valid (the
 * checkout page's preview shows a half-typed address as missing), and the coupon lists the page
 * offers are left empty: the order keeps only the chosen coupons. `catalog`: the app's catalog
 * cache (without it, every call reads the catalog).
 */
export async function buildPreview(
  db: Tx,
  caller: Caller,
  body: PreviewBody,
  opts: { forSubmit: boolean; catalog?: CheckoutCatalogCache },
): Promise<PreviewContext> {
  const site: Site = caller.site;
  const currency = site.currency;
  const registeredId = caller.user?.userType === 'REGISTERED' ? caller.user.id : null;

  // Lines: only SKU ids and quantities are taken from the request; prices come from the catalog.
  const skuIds = body.previewTradeContractLineReqTOList.map((l) => BigInt(l.skuId));
  const now = new Date();
  // The delivery day and time: one of the site's choices (the form offers only those), or none.
  const deliveryProblem = deliveryChoiceProblem(site, body.shippingTimeInfo, now);
  if (deliveryProblem) throw new AppError(400, deliveryProblem.code, deliveryProblem.message, deliveryProblem.details);
  const codes = [...new Set(body.promotionCodeList ?? [])];
  const addressIds = registeredId
    ? [savedId(body.selectedAddress), savedId(body.billingAddress)].filter((x): x is string => !!x)
    : [];
  const [{ catalog: rows, stock, facts: read }, codeRows] = await readTogether(db, [
    () => readCatalogAndFacts(db, caller, opts.catalog, skuIds.map(String), addressIds, now),
    () =>
      codes.length
        ? db
            .select()
            .from(couponCampaigns)
            .where(and(inArray(couponCampaigns.code, codes), isNotNull(couponCampaigns.code)))
        : Promise.resolve([]),
  ]);
  // Names in the buyer's language: the order lines keep them as bought.
  const { loaded, parts } = skusWithPartsFrom(rows, currency, caller.language, stock);
  // Paid services (super member) are not listed in the catalog, yet sold here on their own site.
  const sellable = await sellablePaidServiceSkus(
    db,
    [...loaded.values()].filter((s) => !s.item.listed).map((s) => s.row.id),
    site,
  );
  // A group-buy order: one unit of the campaign's SKU at the group price (refused here when the group cannot take it).
  const group = body.groupBuy
    ? await groupBuyPrice(db, caller.user, currency, body.groupBuy, body.previewTradeContractLineReqTOList, now)
    : null;
  const seen = new Set<string>();
  const lines = body.previewTradeContractLineReqTOList.map((l) => {
    const sku = loaded.get(BigInt(l.skuId));
    if (!sku || (!sku.item.listed && !sellable.has(sku.row.id)))
      throw new AppError(404, ERROR_CODES.skuNotFound, 'This product is not available', { skuId: l.skuId });
    if (seen.has(l.skuId))
      throw new AppError(400, ERROR_CODES.invalidRequest, 'A product appears twice', { skuId: l.skuId });
    seen.add(l.skuId);
    assertQuantity(quantityRule(sku.row), l.qty, { skuId: l.skuId });
    const p = parts.get(sku.item.id) ?? { diy: [], gifts: [] };
    const unitMinor =
      group?.skuId === l.skuId ? group.unitMinor : bundleUnitMinor(sku.priceMinor, diyParts(p, currency));
    return { sku, qty: l.qty, cartLineId: l.cartLineId ?? null, parts: p, unitMinor };
  });
  const shopOrder = [...new Set(lines.map((l) => String(l.sku.shop.id)))];
  // A guest has no coupons, points, level or certificate (the levels are still read for the site).
  const facts = registeredId ? read : { ...read, ...NO_BUYER_FACTS };
  const { owned, balance, saved } = facts;
  const { methods: methodRows, stores: storeRows } = rows;
  // SPEC §6: a frozen or cleared seller's items cannot be bought (its old orders still ship).
  const notSelling = facts.notSelling;
  // Member level and paid-service benefits: discount (levelAmt), points multiplier, free shipping.
  const benefits = benefitsFrom(facts.member, now);
  // SPEC §3: the buyer's certificate (masked) and its status come with the preview.
  const certificate = facts.certificate;

  // Addresses: in the preview a half-typed address is simply not there yet; submit is strict.
  let shippingAddress: ResolvedAddress | null = null;
  let billingAddress: ResolvedAddress | null = null;
  let addressError: AppError | null = null;
  let billingError: AppError | null = null;
  if (body.selectedAddress) {
    try {
      shippingAddress = await resolveAddress(db, caller, body.selectedAddress, 'SHIPPING', saved);
    } catch (e) {
      if (opts.forSubmit || !(e instanceof AppError) || e.status !== 400) throw e;
      addressError = e;
    }
  }
  if (body.billingAddress) {
    try {
      billingAddress = await resolveAddress(db, caller, body.billingAddress, 'BILLING', saved);
    } catch (e) {
      if (opts.forSubmit || !(e instanceof AppError) || e.status !== 400) throw e;
      billingError = e;
    }
  }
  const selected: Record<string, unknown> | undefined = body.selectedAddress;
  const rawCountry = typeof selected?.countryCode === 'string' ? String(selected.countryCode) : null;
  const destCountry = shippingAddress?.countryCode ?? rawCountry;

  // Shipping methods and pickup stores per shop.
  const goodsByShop = new Map<string, bigint>();
  for (const l of lines) {
    const k = String(l.sku.shop.id);
    goodsByShop.set(
      k,
      (goodsByShop.get(k) ?? 0n) + (l.sku.row.pointsPrice === null ? lineAmount(l.unitMinor, l.qty) : 0n),
    );
  }
  const nearStores = new Map<string, PickupStore[]>();
  for (const s of storeRows) {
    if (shippingAddress?.lat == null || shippingAddress.lon == null) continue;
    const distance = distanceMiles(shippingAddress.lat, shippingAddress.lon, s.latitude, s.longitude);
    if (Number(distance) > PICKUP_RADIUS_MILES) continue;
    const k = String(s.shopId);
    const list = nearStores.get(k) ?? [];
    list.push({
      id: String(s.id),
      storeName: s.storeName,
      storeAddress: s.storeAddress,
      storeCity: s.storeCity,
      storeState: s.storeState,
      storeZipCode: s.storeZipCode,
      address: `${s.storeAddress}, ${s.storeCity}`,
      businessHours: s.businessHours,
      supportPickUp: s.supportPickUp,
      latitude: s.latitude,
      longitude: s.longitude,
      distance,
    });
    nearStores.set(
      k,
      list.sort((a, b) => Number(a.distance) - Number(b.distance)),
    );
  }
  const shipping = new Map<string, { method: ShippingMethod | null; methods: ShippingMethod[] }>();
  for (const shopId of shopOrder) {
    const goods = goodsByShop.get(shopId) ?? 0n;
    const hasStores = (nearStores.get(shopId) ?? []).length > 0;
    const candidates = methodRows
      .filter((m) => String(m.shopId) === shopId && (m.code !== 'PICKUP' || hasStores))
      .map((row) => {
        const m = localizeShippingMethod(row, caller.language);
        const base = minorOf(m.amounts, currency);
        const freeOver = minorOf(m.freeOver, currency);
        const memberFree = benefits.freeShippingMinor !== null && goods >= benefits.freeShippingMinor;
        const amt = base === null ? null : (freeOver !== null && goods >= freeOver) || memberFree ? 0n : base;
        const max = minorOf(m.maxOrder, currency);
        const canotUsedType =
          destCountry && m.countries.length && !m.countries.includes(destCountry)
            ? ('REGION_NOT_SUPPORTED' as const)
            : max !== null && goods > max
              ? ('ORDER_AMOUNT_NOT_SUPPORTED' as const)
              : null;
        const dto: ShippingMethod = {
          shippingMethodId: String(m.id),
          shippingMethodCode: m.code,
          shippingMethod: m.name,
          shippingMethodDesc: m.description,
          shippingAmt: amt === null ? null : money(amt, currency),
          canSelect: canotUsedType === null,
          canotUsedType,
          shopId,
          latitude: null,
          longitude: null,
        };
        return { shippingMethodCode: m.code, shippingAmt: amt, dto };
      });
    const methods = sortShippingMethods(candidates).map((c) => c.dto);
    const wanted = body.preCalShippingList?.find((c) => c.shopId === shopId)?.shippingMethodId;
    // The first method by sort is preselected unless the buyer chose one.
    const method =
      methods.find((m) => m.shippingMethodId === wanted && m.canSelect) ?? methods.find((m) => m.canSelect) ?? null;
    shipping.set(shopId, { method, methods });
  }
  const pickupChosen = [...shipping.values()].some((s) => s.method?.shippingMethodCode === 'PICKUP');
  const allStores = [...nearStores.values()].flat();
  const pickupStore =
    pickupChosen && body.pickUpStoreId ? (allStores.find((s) => s.id === body.pickUpStoreId) ?? null) : null;

  // Coupons owned by the buyer, valid now, for these shops or the platform.
  const usableFor = (c: typeof couponCampaigns.$inferSelect) =>
    (c.scope === 'PLATFORM' || shopOrder.includes(String(c.shopId))) &&
    (c.type === 'DISCOUNT_COUPON' || minorOf(c.amounts, currency) !== null);
  const candidates = owned.filter((o) => usableFor(o.c));
  const goodsTotal = sumMinor(goodsByShop.values());
  const chosenIds = new Set(body.couponIds ?? []);
  const chosen: typeof candidates = [];
  if (body.couponIds) {
    for (const o of candidates) if (chosenIds.has(String(o.oc.id))) chosen.push(o);
  } else {
    // No choice yet: preselect the best usable coupon per shop and the best platform coupon.
    const best = (list: typeof candidates, base: bigint) =>
      list
        .map((o) => ({ o, d: toPricingCoupon(o.c, String(o.oc.id), currency) }))
        .map(({ o, d }) => ({ o, off: couponDiscount(d, base) }))
        .filter((x) => x.off > 0n)
        .sort((a, b) => (b.off > a.off ? 1 : -1))[0]?.o;
    for (const shopId of shopOrder) {
      const b = best(
        candidates.filter((o) => o.c.scope === 'SHOP' && String(o.c.shopId) === shopId),
        goodsByShop.get(shopId) ?? 0n,
      );
      if (b) chosen.push(b);
    }
    if (!body.noUsePlatformCoupon) {
      const b = best(
        candidates.filter((o) => o.c.scope === 'PLATFORM'),
        goodsTotal,
      );
      if (b) chosen.push(b);
    }
  }
  if (body.couponIds && opts.forSubmit && chosen.length !== chosenIds.size) {
    throw new AppError(400, ERROR_CODES.couponNotUsable, 'This coupon code cannot be used');
  }
  const shopCoupon = (shopId: string) => chosen.find((o) => o.c.scope === 'SHOP' && String(o.c.shopId) === shopId);
  const platformOwned = chosen.find((o) => o.c.scope === 'PLATFORM');

  // Promotion codes typed by the buyer (platform campaigns with a code).
  const useless: PreviewResult['uselessPromotionCode'] = [];
  const codeCoupons: PricingCoupon[] = [];
  const promotionCampaignIds: bigint[] = [];
  for (const code of codes) {
    const c = codeRows.find((r) => r.code === code);
    if (!c) {
      useless.push({ code, reason: 'NOT_FOUND' });
      continue;
    }
    if (c.startTime > now || c.endTime <= now || (c.totalUses !== null && c.usedCount >= c.totalUses)) {
      useless.push({ code, reason: 'EXPIRED' });
      continue;
    }
    codeCoupons.push(toPricingCoupon(c, `code:${code}`, currency));
    promotionCampaignIds.push(c.id);
  }

  // Tax (tax.ts): US sales tax follows the ship-to state; a pickup order pays the store's state's rate.
  const addressRate = taxRateFor(
    site,
    shippingAddress ? { countryCode: shippingAddress.countryCode, state: shippingAddress.state } : null,
  );
  const pickupCountry = pickupStore ? (storeRows.find((r) => String(r.id) === pickupStore.id)?.country ?? null) : null;
  const shopTaxRate = (shopId: string) =>
    shipping.get(shopId)!.method?.shippingMethodCode === 'PICKUP' && pickupStore
      ? taxRateFor(site, { countryCode: pickupCountry, state: pickupStore.storeState })
      : addressRate;
  // A shop selling cross-border into the site pays import tax instead of the site's sales tax or VAT.
  const cbeOrigins = crossBorderOrigins(site, facts.crossBorderShops, shopOrder);
  const shopRates = shopOrder.map((shopId) => (cbeOrigins.has(shopId) ? '0' : shopTaxRate(shopId)));
  const contractRate = shopRates.every((r) => r === shopRates[0]) ? (shopRates[0] ?? addressRate) : addressRate;

  const priced = priceContract({
    currency,
    taxRate: contractRate,
    taxDisplay: site.taxDisplay,
    shops: shopOrder.map((shopId, i) => {
      const oc = shopCoupon(shopId);
      const method = shipping.get(shopId)!.method;
      return {
        shopId,
        taxRate: shopRates[i]!,
        lines: lines
          .filter((l) => String(l.sku.shop.id) === shopId)
          .map((l) => ({
            key: String(l.sku.row.id),
            unitMinor: l.unitMinor,
            qty: l.qty,
            pointsUnit: l.sku.row.pointsPrice,
          })),
        shippingMinor: method?.shippingAmt ? toMinor(method.shippingAmt.value, currency) : null,
        coupon: oc ? toPricingCoupon(oc.c, String(oc.oc.id), currency) : undefined,
      };
    }),
    platformCoupon: platformOwned ? toPricingCoupon(platformOwned.c, String(platformOwned.oc.id), currency) : undefined,
    promotionCodes: codeCoupons,
    points: {
      enabled: body.enablePointDeduction === true && registeredId !== null,
      balance,
      requested: body.usedPointNum,
      rule: site.points,
    },
    member: { discountRate: benefits.discountRate, pointsMultiplier: benefits.pointsMultiplier },
  });
  for (const u of priced.uselessPromotionCode) useless.push({ code: u.code.replace(/^code:/, ''), reason: u.reason });
  const usedCodes = priced.couponCodeUsedList.map((c) => c.replace(/^code:/, ''));

  // Can the buyer buy this? Stock, points, guests and points items.
  const short = lines.find(
    (l) =>
      compareQuantity(trimQty(l.sku.row.stock), l.qty) < 0 ||
      l.parts.diy.some((d) => compareQuantity(d.sku.stock, String(Number(d.qty) * Number(l.qty))) < 0),
  );
  const hasPoints = lines.some((l) => l.sku.row.pointsPrice !== null);
  const mixedPresale =
    lines.some((l) => l.sku.item.businessType === 'PRESALE') &&
    lines.some((l) => l.sku.item.businessType !== 'PRESALE');
  const stopped = lines.find((l) => notSelling.has(l.sku.shop.sellerId));
  const canBuy = stopped
    ? {
        canBuy: false,
        content: `${stopped.sku.item.itemName} is currently unavailable: its seller is not selling`,
        operation: 0,
      }
    : short
      ? { canBuy: false, content: 'item solt out', operation: 0 }
      : mixedPresale
        ? { canBuy: false, content: 'Presale items are checked out on their own', operation: 1 }
        : hasPoints && !registeredId
          ? { canBuy: false, content: 'Please log in to redeem points', operation: 1 }
          : !priced.enoughPoints
            ? { canBuy: false, content: 'You do not have enough points', operation: 1 }
            : { canBuy: true, content: null, operation: 0 };
  const isExceed = lines.some((l) => l.sku.item.isExceed);
  const isPreSale = lines.some((l) => l.sku.item.businessType === 'PRESALE');
  const tradeType: PreviewResult['tradeType'] =
    hasPoints && priced.needPayAmt === 0n
      ? 'NORMAL_POINT_REDEEM'
      : cbeOrigins.size && cbeOrigins.size === shopOrder.length
        ? 'NORMAL_SALE_CBE'
        : caller.user?.enterpriseId && lines.every((l) => l.sku.item.commerceType === 'B2B')
          ? 'NET_B2B'
          : 'NORMAL_SALE_B2C';

  const firstMethod = shipping.get(shopOrder[0]!)?.method ?? null;
  const m = (v: bigint) => money(v, currency);
  const couponsOf = (filter: (o: (typeof candidates)[number]) => boolean) =>
    (opts.forSubmit ? [] : candidates.filter(filter)).map((o) => {
      const base = o.c.scope === 'SHOP' ? (goodsByShop.get(String(o.c.shopId)) ?? 0n) : goodsTotal;
      const usable = base >= (minorOf(o.c.minSpend, currency) ?? 0n);
      return couponDto(o.c, o.oc.id, currency, chosen.includes(o), usable);
    });

  const result: PreviewResult = {
    renderTradeOrderTOList: shopOrder.map((shopId, i) => {
      const ps = priced.shops[i]!;
      const shopLines = lines.filter((l) => String(l.sku.shop.id) === shopId);
      const shopRow = shopLines[0]!.sku.shop;
      const sh = shipping.get(shopId)!;
      return {
        shop: { id: shopId, name: shopRow.name, sellerId: String(shopRow.sellerId) },
        shopId,
        sellerId: String(shopRow.sellerId),
        lines: shopLines.map((l) => {
          const pl = ps.lines.find((x) => x.key === String(l.sku.row.id))!;
          const presale = presaleOf(l.sku.item, l.unitMinor, currency);
          return {
            skuId: String(l.sku.row.id),
            cartLineId: l.cartLineId,
            sku: l.sku.dto,
            item: {
              id: String(l.sku.item.id),
              urlKey: l.sku.item.urlKey,
              itemName: l.sku.item.itemName,
              businessTypeDict: l.sku.item.businessType,
              isExceed: l.sku.item.isExceed,
              category: l.sku.item.category,
            },
            qty: l.qty,
            unitPrice: m(l.sku.row.pointsPrice === null ? l.unitMinor : 0n),
            skuAmt: m(pl.skuAmt),
            discountAmt: m(pl.discountAmt),
            needPayAmt: m(pl.needPayAmt),
            points: pl.points,
            lineGroupTypeDict: l.parts.diy.length ? ('DIY_MAIN' as const) : ('NORMAL' as const),
            diyChildren: l.parts.diy,
            gifts: l.parts.gifts,
            presale: presale
              ? {
                  deposit: presale.deposit,
                  balance: presale.balance,
                  balancePaymentStartTime: presale.balancePaymentStartTime,
                  balancePaymentEndTime: presale.balancePaymentEndTime,
                }
              : null,
            stockOk: compareQuantity(trimQty(l.sku.row.stock), l.qty) >= 0,
          };
        }),
        skuAmt: m(ps.skuAmt),
        shopDiscountAmt: m(ps.shopDiscountAmt),
        platformDiscountAmt: m(ps.platformDiscountAmt),
        shippingAmt: m(ps.shippingAmt),
        taxAmt: m(ps.taxAmt),
        needPayAmt: m(ps.needPayAmt),
        taxRate: ps.taxRate,
        availableShopCouponList: couponsOf((o) => o.c.scope === 'SHOP' && String(o.c.shopId) === shopId),
        shippingMethods: sh.methods,
        selectedShippingMethodId: sh.method?.shippingMethodId ?? null,
        pickupStores: nearStores.get(shopId) ?? [],
      };
    }),
    selectedAddress: shippingAddress?.dto ?? null,
    billingAddress: billingAddress?.dto ?? null,
    promotionCodeList: usedCodes,
    uselessPromotionCode: useless,
    availableCouponList: couponsOf(() => true),
    availablePlatformCouponList: couponsOf((o) => o.c.scope === 'PLATFORM'),
    skuAmt: m(priced.skuAmt),
    shopDiscountAmt: m(priced.shopDiscountAmt),
    platformDiscountAmt: m(priced.platformDiscountAmt),
    platformCouponDiscountAmt: m(priced.platformCouponDiscountAmt),
    promotionDiscountAmt: m(priced.promotionDiscountAmt),
    shippingAmt: m(priced.shippingAmt),
    shippingAmtExcludeShopDiscount: m(priced.shippingAmt),
    shippingNoTaxAmt: m(priced.shippingNoTaxAmt),
    totalTaxAmt: m(priced.totalTaxAmt),
    taxRate: contractRate,
    taxDisplay: site.taxDisplay,
    levelAmt: m(priced.levelAmt),
    needPayAmt: m(priced.needPayAmt),
    actualNeedPayPoints: priced.actualNeedPayPoints,
    earnPoints: registeredId ? priced.earnPoints : 0,
    pointDeductionResult: {
      available: priced.points.discountablePoint > 0,
      pointBalance: balance,
      discountablePoint: priced.points.discountablePoint,
      discountableAmount: m(priced.points.discountableAmount),
      chosenIntegral: priced.points.chosenIntegral,
      discountAmount: m(priced.points.discountAmount),
      step: site.points.step,
      minimum: site.points.minimum,
    },
    couponCodeUsedList: usedCodes,
    activityUsedList: chosen.map((o) => o.c.name),
    visibleTO: { addressInfoIsVisible: true, memberPointsIsVisible: registeredId !== null },
    buyCanBuyTO: canBuy,
    userCertificate: certificate.userCertificate,
    certificateStatus: certificate.certificateStatus,
    shippingTimeInfo: {
      isPreSale,
      ...deliveryDayChoices(site, now),
      shippingMethodId: firstMethod?.shippingMethodId ?? null,
      shippingMethod: firstMethod?.shippingMethod ?? null,
    },
    tradeType,
    isExceed,
    userType: registeredId ? 'REGISTERED' : 'TOURIST',
    presaleDepositAmt: (() => {
      const p = presaleSplit(lines);
      return p ? m(p.depositMinor) : null;
    })(),
  };
  // Cross-border shop orders: NORMAL_SALE_CBE, their duties and import tax in the totals.
  applyCrossBorder(site, result, cbeOrigins);
  return {
    result,
    lines,
    shopOrder,
    shipping,
    pickupStore,
    chosenCoupons: chosen.map((o) => ({ ownerCouponId: o.oc.id, campaignId: o.c.id })),
    promotionCampaignIds: promotionCampaignIds.filter((id) =>
      usedCodes.includes(codeRows.find((r) => r.id === id)?.code ?? ''),
    ),
    shippingAddress,
    billingAddress,
    addressError,
    billingError,
    levelAmtByShop: new Map(priced.shops.map((s) => [s.shopId, s.levelAmt])),
  };
}
