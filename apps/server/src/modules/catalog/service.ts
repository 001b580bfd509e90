import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import {
  ERROR_CODES,
  type Currency,
  type ItemCard,
  type ItemDetail,
  type Language,
  type SiteCode,
  type Sku,
} from '@mall/contracts';
import { applyRate, bundleUnitMinor, money, toMinor, type BundlePart } from '@mall/domain';
import { clientOf, type Db } from '../../db/client.js';
import { DRIVER_TYPES, partsStatement, tableColumns, type ReadPart } from '../../db/rows.js';
import { crossBorderShops, itemParts, items, shops, skuPrices, skus, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';

type SkuRow = typeof skus.$inferSelect;
type ItemRow = typeof items.$inferSelect;
type ShopRow = typeof shops.$inferSelect;

/** NUMERIC comes back as "2.500"; the API carries "2.5". */
export const trimQty = (q: string) => (q.includes('.') ? q.replace(/0+$/, '').replace(/\.$/, '') : q);

/**
 * Catalog texts per language (SPEC §1: seven languages): `items.texts` holds the translated name
 * and description by language; a missing translation falls back to the English columns. The
 * language is the caller's (the `lang` cookie, else the site's default language).
 */
export type ItemTexts = Partial<Record<Language, { itemName?: string; description?: string }>>;
export function localizeItem<T extends Pick<ItemRow, 'itemName' | 'description' | 'texts'>>(
  item: T,
  lang: Language,
): T {
  const t = (item.texts as ItemTexts | null)?.[lang];
  if (!t) return item;
  return { ...item, itemName: t.itemName || item.itemName, description: t.description || item.description };
}

/**
 * A SKU's name and attributes in `lang` (skus.texts, as items.texts): each attribute is found by
 * its English attrKey, and a name, attribute name or value without a translation stays English.
 */
export type SkuTexts = Partial<
  Record<Language, { name?: string; attributes?: Record<string, { attrKey?: string; attrVal?: string }> }>
>;
export function localizeSku<T extends Pick<SkuRow, 'name' | 'attributes' | 'nonfixedAttributes' | 'texts'>>(
  sku: T,
  lang: Language,
): T {
  const t = (sku.texts as SkuTexts | null)?.[lang];
  if (!t) return sku;
  const attr = <A extends { attrKey: string; attrVal: string }>(a: A): A => {
    const own = t.attributes?.[a.attrKey];
    return own ? { ...a, attrKey: own.attrKey || a.attrKey, attrVal: own.attrVal || a.attrVal } : a;
  };
  return {
    ...sku,
    name: t.name || sku.name,
    attributes: sku.attributes.map(attr),
    nonfixedAttributes: sku.nonfixedAttributes.map(attr),
  };
}

/** A shipping method's name and description in `lang` (shipping_methods.texts, as items.texts), English where not translated. */
export type ShippingMethodTexts = Partial<Record<Language, { name?: string; description?: string }>>;
export function localizeShippingMethod<T extends { name: string; description: string; texts: unknown }>(
  method: T,
  lang: Language,
): T {
  const t = (method.texts as ShippingMethodTexts | null)?.[lang];
  if (!t) return method;
  return { ...method, name: t.name || method.name, description: t.description || method.description };
}

/** The SKU as the buyer sees it, in `lang`. */
export function toSkuDto(sku: SkuRow, priceMinor: bigint, currency: Currency, lang: Language): Sku {
  const row = localizeSku(sku, lang);
  return {
    id: String(row.id),
    name: row.name,
    image: row.image,
    skuCode: row.skuCode,
    salePrc: money(priceMinor, currency),
    pointsPrice: row.pointsPrice,
    baseUnit: row.baseUnit,
    attributes: row.attributes,
    nonfixedAttributes: row.nonfixedAttributes,
    marketingUnit: { unitName: row.marketingUnit },
    adjustStep: trimQty(row.adjustStep),
    minQty: trimQty(row.minQty),
    maxQty: trimQty(row.maxQty),
    qtyDecimals: row.qtyDecimals,
    stock: trimQty(row.stock),
    skuUrlSuffix: row.skuCode.toLowerCase(),
  };
}

export interface LoadedSku {
  row: SkuRow;
  dto: Sku;
  priceMinor: bigint;
  item: ItemRow;
  shop: ShopRow;
}

const S = tableColumns(skus, 's');
const I = tableColumns(items, 'i');
const H = tableColumns(shops, 'h');
const P = tableColumns(itemParts, 'ip');
// Checkout and cart read these for every preview, submit and cart view: named statements, rows
// mapped as Drizzle does (db/rows.ts), as JSON columns so they can share a statement with other reads.
type JsonRow = (string | null)[];
/** Rows of a table, and the price last: [sku, item, shop, [price]] or [part, sku, item, [price]]. */
type JoinedJson = [JsonRow, JsonRow, JsonRow, [string]];
/** SKUs `p.skus` with their price in `p.currency`, item and shop. */
export const skusPart: ReadPart<{ skus: string; currency: string }, JoinedJson[]> = {
  columns: (
    p,
  ) => `(SELECT json_agg(json_build_array(${S.json}, ${I.json}, ${H.json}, json_build_array(p.amount_minor::text)))
  FROM skus s JOIN items i ON i.id = s.item_id JOIN shops h ON h.id = i.shop_id JOIN sku_prices p ON p.sku_id = s.id AND p.currency = ${p.currency}
  WHERE s.id = ANY(${p.skus})) AS catalog_skus`,
  read: (row) => (row.catalog_skus ?? []) as JoinedJson[],
};
/** DIY children and gifts of the items of SKUs `p.skus`, with their own SKU, item and price in `p.currency`. */
export const skuPartsPart: ReadPart<{ skus: string; currency: string }, JoinedJson[]> = {
  columns: (
    p,
  ) => `(SELECT json_agg(json_build_array(${P.json}, ${S.json}, ${I.json}, json_build_array(p.amount_minor::text)) ORDER BY ip.id)
  FROM item_parts ip JOIN skus s ON s.id = ip.part_sku_id JOIN items i ON i.id = s.item_id JOIN sku_prices p ON p.sku_id = s.id AND p.currency = ${p.currency}
  WHERE ip.item_id IN (SELECT item_id FROM skus WHERE id = ANY(${p.skus}))) AS catalog_sku_parts`,
  read: (row) => (row.catalog_sku_parts ?? []) as JoinedJson[],
};
/**
 * The catalog version (table catalog_version: moved by every change to what the list and
 * checkout read, migrations 0025 and 0032), as a label the caches compare for equality: the
 * number with the token each bump draws (migration 0033). A restored or failed-over database
 * may count the number up again to one a server kept rows under; the token it draws then is
 * another. Without the row (deleted by hand) every read gets a label of its own, so nothing kept
 * is ever used.
 */
export const catalogVersionPart: ReadPart<unknown, string> = {
  columns: () =>
    `coalesce((SELECT version::text || ':' || token::text FROM catalog_version), 'none:' || gen_random_uuid()::text) AS catalog_version`,
  read: (row) => row.catalog_version as string,
};
/** The stock of SKUs `p.skus` now, by SKU id (it moves with every order, so kept rows do not hold it). */
export const skuStockPart: ReadPart<{ skus: string }, Map<string, string>> = {
  columns: (p) =>
    `(SELECT json_agg(json_build_array(s.id::text, s.stock::text)) FROM skus s WHERE s.id = ANY(${p.skus})) AS sku_stock`,
  read: (row) => new Map((row.sku_stock ?? []) as [string, string][]),
};
const LOAD_SKUS = partsStatement('catalog_load_skus', { skus: '$1::bigint[]', currency: '$2' }, { skus: skusPart });
const LOAD_SKUS_WITH_PARTS = partsStatement(
  'catalog_load_skus_with_parts',
  { skus: '$1::bigint[]', currency: '$2' },
  { skus: skusPart, parts: skuPartsPart },
);
const LOAD_PARTS = {
  name: 'catalog_load_parts',
  text: `SELECT ${P.sql}, ${S.sql}, ${I.sql}, p.amount_minor AS price FROM item_parts ip JOIN skus s ON s.id = ip.part_sku_id JOIN items i ON i.id = s.item_id
  JOIN sku_prices p ON p.sku_id = s.id AND p.currency = $2 WHERE ip.item_id = ANY($1::bigint[]) ORDER BY ip.id`,
};

/**
 * A SKU with its price, item (in the seller's own words, not localized) and shop, as skusPart
 * reads it: what the checkout keeps between orders (checkout/catalog-cache.ts).
 */
export interface SkuFacts {
  sku: SkuRow;
  priceMinor: bigint;
  item: ItemRow;
  shop: ShopRow;
}
/** One DIY child or gift of an item, as skuPartsPart reads it. */
export type PartRow = { part: typeof itemParts.$inferSelect; sku: SkuRow; partItem: ItemRow; price: bigint };
/** What skusPart and skuPartsPart read, as rows. */
export interface CatalogRows {
  skus: SkuFacts[];
  parts: PartRow[];
}

const skuFactsOf = ([s, i, h, [price]]: JoinedJson): SkuFacts => ({
  sku: S.mapJson(s),
  priceMinor: BigInt(price),
  item: I.mapJson(i),
  shop: H.mapJson(h),
});

/** The SKUs as the buyer sees them, by id: in `lang`, with `stock` (read now, by SKU id) over the rows' own. */
function loadedSkusOf(
  rows: SkuFacts[],
  currency: Currency,
  lang: Language,
  stock?: Map<string, string>,
): Map<bigint, LoadedSku> {
  const out = new Map<bigint, LoadedSku>();
  for (const r of rows) {
    const sku = withStock(r.sku, stock);
    out.set(sku.id, {
      row: sku,
      dto: toSkuDto(sku, r.priceMinor, currency, lang),
      priceMinor: r.priceMinor,
      item: localizeItem(r.item, lang),
      shop: r.shop,
    });
  }
  return out;
}

/**
 * A SKU row with its stock as read now (a new object: kept rows are shared between requests).
 * No `stock`: the rows were read just now, stock and all. A SKU the stock read did not find
 * (deleted since it was kept) has none, rather than the kept row's old figure.
 */
const withStock = (sku: SkuRow, stock: Map<string, string> | undefined): SkuRow =>
  stock ? { ...sku, stock: stock.get(String(sku.id)) ?? '0' } : sku;

/** SKUs with their price in the site's currency, item and shop, in one query (also inside a transaction). */
export async function loadSkus(
  db: Db,
  ids: bigint[],
  currency: Currency,
  lang: Language = 'en',
): Promise<Map<bigint, LoadedSku>> {
  if (!ids.length) return new Map();
  const {
    rows: [row],
  } = await clientOf(db).query<Record<string, unknown>>({
    ...LOAD_SKUS.statement,
    values: [ids.map(String), currency],
  });
  return loadedSkusOf(LOAD_SKUS.read(row!).skus.map(skuFactsOf), currency, lang);
}

/** SKUs as loadSkus reads them and the parts of their items as loadParts does, in one round trip. */
export async function loadSkusWithParts(
  db: Db,
  ids: bigint[],
  currency: Currency,
  lang: Language = 'en',
): Promise<SkusWithParts> {
  if (!ids.length) return { loaded: new Map(), parts: new Map() };
  const {
    rows: [row],
  } = await clientOf(db).query<Record<string, unknown>>({
    ...LOAD_SKUS_WITH_PARTS.statement,
    values: [ids.map(String), currency],
  });
  return skusWithPartsOf(LOAD_SKUS_WITH_PARTS.read(row!), currency, lang);
}

export interface SkusWithParts {
  loaded: Map<bigint, LoadedSku>;
  parts: Map<bigint, Parts>;
}

/** What skusPart and skuPartsPart read, as loadSkusWithParts returns it. */
function skusWithPartsOf(
  read: { skus: JoinedJson[]; parts: JoinedJson[] },
  currency: Currency,
  lang: Language,
): SkusWithParts {
  return skusWithPartsFrom(catalogRowsOf(read), currency, lang);
}

/** The JSON skusPart and skuPartsPart read, as rows (what the checkout's catalog cache keeps). */
export function catalogRowsOf(read: { skus: JoinedJson[]; parts: JoinedJson[] }): CatalogRows {
  return {
    skus: read.skus.map(skuFactsOf),
    parts: read.parts.map(([part, sku, item, [price]]) => ({
      part: P.mapJson(part),
      sku: S.mapJson(sku),
      partItem: I.mapJson(item),
      price: BigInt(price),
    })),
  };
}

/** SKUs and their items' parts as the buyer sees them: in `lang`, with `stock` (read now, by SKU id) over the rows' own. */
export function skusWithPartsFrom(
  rows: CatalogRows,
  currency: Currency,
  lang: Language,
  stock?: Map<string, string>,
): SkusWithParts {
  const parts = stock ? rows.parts.map((r) => ({ ...r, sku: withStock(r.sku, stock) })) : rows.parts;
  return { loaded: loadedSkusOf(rows.skus, currency, lang, stock), parts: partsOf(parts, currency, lang) };
}

const shopRef = (s: ShopRow) => ({ id: String(s.id), name: s.name, sellerId: String(s.sellerId) });

/**
 * The item list is the hottest read of the shop: one named (prepared) statement with the
 * total as a window count, so each request costs one round trip and no re-planning.
 */
const LIST_ITEMS_SQL = `
  SELECT i.id, i.url_key, coalesce(nullif(i.texts -> $6::text ->> 'itemName', ''), i.item_name) AS item_name, i.main_image, i.business_type,
         sh.id AS shop_id, sh.name AS shop_name, sh.seller_id, p.min_price, p.min_points, p.in_stock, d.parts AS diy_parts, count(*) OVER () AS total
  FROM items i
  JOIN shops sh ON sh.id = i.shop_id
  JOIN (SELECT s.item_id, min(sp.amount_minor) AS min_price, min(s.points_price) AS min_points, bool_or(s.stock > 0) AS in_stock
        FROM skus s JOIN sku_prices sp ON sp.sku_id = s.id AND sp.currency = $1
        GROUP BY s.item_id) p ON p.item_id = i.id
  LEFT JOIN LATERAL (SELECT json_agg(json_build_array(pp.amount_minor::text, ip.qty::text) ORDER BY ip.id) AS parts
        FROM item_parts ip JOIN sku_prices pp ON pp.sku_id = ip.part_sku_id AND pp.currency = $1
        WHERE ip.item_id = i.id AND ip.kind = 'DIY_CHILD') d ON true
  WHERE i.listed AND ($2::text IS NULL OR i.item_name ILIKE $2 OR i.texts -> $6::text ->> 'itemName' ILIKE $2) AND ($3::text IS NULL OR i.business_type = $3)
  ORDER BY i.sort, i.id
  LIMIT $4 OFFSET $5`;

interface ListRow {
  id: string;
  url_key: string;
  item_name: string;
  main_image: string;
  business_type: ItemRow['businessType'];
  shop_id: string;
  shop_name: string;
  seller_id: string;
  min_price: string;
  min_points: number | null;
  in_stock: boolean;
  /** DIY children as [price minor, qty] pairs, null for other items. */
  diy_parts: [string, string][] | null;
  total: string;
}

export async function listItems(
  db: Db,
  currency: Currency,
  q: { keyword?: string; type?: ItemRow['businessType']; pageNo: number; pageSize: number },
  lang: Language = 'en',
): Promise<{ data: ItemCard[]; total: number }> {
  const pattern = q.keyword ? `%${q.keyword.replace(/[%_\\]/g, '\\$&')}%` : null;
  const { rows } = await db.$client.query<ListRow>({
    name: 'catalog_list_items',
    text: LIST_ITEMS_SQL,
    values: [currency, pattern, q.type ?? null, q.pageSize, (q.pageNo - 1) * q.pageSize, lang],
  });
  let total = rows[0] ? Number(rows[0].total) : 0;
  if (!rows.length && q.pageNo > 1) {
    // Past the last page the window count is gone; count separately.
    const [c] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(items)
      .where(
        and(
          eq(items.listed, true),
          pattern
            ? or(ilike(items.itemName, pattern), sql`${items.texts} -> ${lang}::text ->> 'itemName' ILIKE ${pattern}`)
            : undefined,
          q.type ? eq(items.businessType, q.type) : undefined,
        ),
      );
    total = c?.n ?? 0;
  }
  return {
    total,
    data: rows.map((r) => ({
      id: r.id,
      urlKey: r.url_key,
      itemName: r.item_name,
      mainImage: r.main_image,
      businessTypeDict: r.business_type,
      // A DIY bundle's card shows what the cart charges: the cheapest main SKU with its parts.
      shop: { id: r.shop_id, name: r.shop_name, sellerId: r.seller_id },
      price: money(
        bundleUnitMinor(
          BigInt(r.min_price),
          (r.diy_parts ?? []).map(([unit, qty]) => ({ unitMinor: BigInt(unit), qty })),
        ),
        currency,
      ),
      pointsPrice: r.min_points === null ? null : Number(r.min_points),
      inStock: r.in_stock,
    })),
  };
}

export async function getItem(
  db: Db,
  urlKey: string,
  currency: Currency,
  lang: Language = 'en',
  site?: SiteCode,
): Promise<ItemDetail> {
  const [row] = await db
    .select({ item: items, shop: shops, merchantState: users.merchantState, origin: crossBorderShops.originCountry })
    .from(items)
    .innerJoin(shops, eq(shops.id, items.shopId))
    .innerJoin(users, eq(users.id, shops.sellerId))
    // The caller's site: whether the shop ships into it from abroad.
    .leftJoin(crossBorderShops, and(eq(crossBorderShops.shopId, shops.id), eq(crossBorderShops.site, site ?? '')))
    .where(and(eq(items.urlKey, urlKey), eq(items.listed, true)));
  if (!row) throw new AppError(404, ERROR_CODES.itemNotFound, 'This item does not exist or is no longer sold');
  const item = localizeItem(row.item, lang);
  const { shop } = row;
  const skuRows = await db
    .select({ sku: skus, price: skuPrices.amountMinor })
    .from(skus)
    .innerJoin(skuPrices, and(eq(skuPrices.skuId, skus.id), eq(skuPrices.currency, currency)))
    .where(eq(skus.itemId, item.id))
    .orderBy(asc(skus.id));
  if (!skuRows.length) throw new AppError(404, ERROR_CODES.itemNotFound, 'This item is not sold on this site');
  const parts = await loadParts(db, [item.id], currency, lang);
  const dtos = skuRows.map((r) => toSkuDto(r.sku, r.price, currency, lang));
  const cheapest = skuRows.reduce((a, b) => (b.price < a.price ? b : a));
  const own = parts.get(item.id) ?? { diy: [], gifts: [] };
  return {
    id: String(item.id),
    urlKey: item.urlKey,
    itemName: item.itemName,
    mainImage: item.mainImage,
    // From-price of the item as the cart charges it: a DIY bundle includes its parts.
    businessTypeDict: item.businessType,
    shop: shopRef(shop),
    price: money(bundleUnitMinor(cheapest.price, diyParts(own, currency)), currency),
    pointsPrice: skuRows.some((r) => r.sku.pointsPrice !== null)
      ? Math.min(...skuRows.map((r) => r.sku.pointsPrice ?? Infinity))
      : null,
    inStock: skuRows.some((r) => Number(r.sku.stock) > 0),
    description: item.description,
    commerceTypeDict: item.commerceType,
    skus: dtos,
    presale: presaleOf(item, cheapest.price, currency),
    diyChildren: own.diy,
    gifts: own.gifts,
    service: item.serviceUses ? { uses: item.serviceUses, validDays: item.serviceValidDays ?? 0 } : null,
    isExceed: item.isExceed,
    sellerSelling: row.merchantState === 'seller',
    crossBorder: row.origin ? { originCountry: row.origin } : null,
  };
}

/** Deposit and balance split of a presale price (deposit rounded half up, balance the rest). */
export function presaleOf(item: ItemRow, priceMinor: bigint, currency: Currency): ItemDetail['presale'] {
  if (!item.presaleDepositRate || !item.balanceStartAt || !item.balanceEndAt || !item.depositEndAt) return null;
  const deposit = applyRate(priceMinor, item.presaleDepositRate);
  return {
    deposit: money(deposit, currency),
    balance: money(priceMinor - deposit, currency),
    depositEndTime: item.depositEndAt.toISOString(),
    balancePaymentStartTime: item.balanceStartAt.toISOString(),
    balancePaymentEndTime: item.balanceEndAt.toISOString(),
  };
}

export type Parts = { diy: ItemDetail['diyChildren']; gifts: ItemDetail['gifts'] };

/** DIY children and gifts of several items at once. */
/** The DIY children of an item as parts of the bundle price rule. */
export const diyParts = (parts: Parts, currency: Currency): BundlePart[] =>
  parts.diy.map((p) => ({ unitMinor: toMinor(p.sku.salePrc.value, currency), qty: p.qty }));

export async function loadParts(
  db: Db,
  itemIds: bigint[],
  currency: Currency,
  lang: Language = 'en',
): Promise<Map<bigint, Parts>> {
  if (!itemIds.length) return new Map();
  const { rows } = await clientOf(db).query<Record<string, unknown> & { price: string }>({
    ...LOAD_PARTS,
    values: [itemIds.map(String), currency],
    types: DRIVER_TYPES,
  });
  return partsOf(
    rows.map((r) => ({ part: P.map(r), sku: S.map(r), partItem: I.map(r), price: BigInt(r.price) })),
    currency,
    lang,
  );
}

/** Part rows (in item_parts order) as each item's DIY children and gifts. */
function partsOf(rows: PartRow[], currency: Currency, lang: Language): Map<bigint, Parts> {
  const out = new Map<bigint, Parts>();
  for (const r of rows) {
    const entry = out.get(r.part.itemId) ?? { diy: [], gifts: [] };
    const part = {
      sku: toSkuDto(r.sku, r.price, currency, lang),
      itemId: String(r.partItem.id),
      itemName: localizeItem(r.partItem, lang).itemName,
      qty: trimQty(r.part.qty),
    };
    (r.part.kind === 'DIY_CHILD' ? entry.diy : entry.gifts).push(part);
    out.set(r.part.itemId, entry);
  }
  return out;
}
