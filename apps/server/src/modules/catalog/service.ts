import { and, asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { ERROR_CODES, type Currency, type ItemCard, type ItemDetail, type Sku } from '@mall/contracts';
import { applyRate, money } from '@mall/domain';
import type { Db } from '../../db/client.js';
import { itemParts, items, shops, skuPrices, skus } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';

type SkuRow = typeof skus.$inferSelect;
type ItemRow = typeof items.$inferSelect;
type ShopRow = typeof shops.$inferSelect;

/** NUMERIC comes back as "2.500"; the API carries "2.5". */
export const trimQty = (q: string) => (q.includes('.') ? q.replace(/0+$/, '').replace(/\.$/, '') : q);

export function toSkuDto(row: SkuRow, priceMinor: bigint, currency: Currency): Sku {
  return {
    id: String(row.id), name: row.name, image: row.image, skuCode: row.skuCode,
    salePrc: money(priceMinor, currency), pointsPrice: row.pointsPrice,
    baseUnit: row.baseUnit, attributes: row.attributes, nonfixedAttributes: row.nonfixedAttributes,
    marketingUnit: { unitName: row.marketingUnit }, adjustStep: trimQty(row.adjustStep),
    minQty: trimQty(row.minQty), maxQty: trimQty(row.maxQty), qtyDecimals: row.qtyDecimals,
    stock: trimQty(row.stock), skuUrlSuffix: row.skuCode.toLowerCase(),
  };
}

export interface LoadedSku {
  row: SkuRow;
  dto: Sku;
  priceMinor: bigint;
  item: ItemRow;
  shop: ShopRow;
}

/** SKUs with their price in the site's currency, item and shop, in one query. */
export async function loadSkus(db: Db, ids: bigint[], currency: Currency): Promise<Map<bigint, LoadedSku>> {
  const out = new Map<bigint, LoadedSku>();
  if (!ids.length) return out;
  const rows = await db
    .select({ sku: skus, item: items, shop: shops, price: skuPrices.amountMinor })
    .from(skus)
    .innerJoin(items, eq(items.id, skus.itemId))
    .innerJoin(shops, eq(shops.id, items.shopId))
    .innerJoin(skuPrices, and(eq(skuPrices.skuId, skus.id), eq(skuPrices.currency, currency)))
    .where(inArray(skus.id, ids));
  for (const r of rows) out.set(r.sku.id, { row: r.sku, dto: toSkuDto(r.sku, r.price, currency), priceMinor: r.price, item: r.item, shop: r.shop });
  return out;
}

const shopRef = (s: ShopRow) => ({ id: String(s.id), name: s.name, sellerId: String(s.sellerId) });

export async function listItems(db: Db, currency: Currency, q: { keyword?: string; type?: ItemRow['businessType']; pageNo: number; pageSize: number }): Promise<{ data: ItemCard[]; total: number }> {
  const where = and(
    eq(items.listed, true),
    q.keyword ? ilike(items.itemName, `%${q.keyword.replace(/[%_\\]/g, '\\$&')}%`) : undefined,
    q.type ? eq(items.businessType, q.type) : undefined,
  );
  // Cheapest SKU price in this currency and whether any SKU has stock, per item.
  const priceAgg = db
    .select({
      itemId: skus.itemId,
      minPrice: sql<string>`min(${skuPrices.amountMinor})`.as('min_price'),
      minPoints: sql<number | null>`min(${skus.pointsPrice})`.as('min_points'),
      inStock: sql<boolean>`bool_or(${skus.stock} > 0)`.as('in_stock'),
    })
    .from(skus)
    .innerJoin(skuPrices, and(eq(skuPrices.skuId, skus.id), eq(skuPrices.currency, currency)))
    .groupBy(skus.itemId)
    .as('p');
  const [rows, [totalRow]] = await Promise.all([
    db.select({ item: items, shop: shops, minPrice: priceAgg.minPrice, minPoints: priceAgg.minPoints, inStock: priceAgg.inStock })
      .from(items)
      .innerJoin(shops, eq(shops.id, items.shopId))
      .innerJoin(priceAgg, eq(priceAgg.itemId, items.id))
      .where(where)
      .orderBy(asc(items.sort), asc(items.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(items).where(where),
  ]);
  return {
    total: totalRow?.n ?? 0,
    data: rows.map((r) => ({
      id: String(r.item.id), urlKey: r.item.urlKey, itemName: r.item.itemName, mainImage: r.item.mainImage,
      businessTypeDict: r.item.businessType, shop: shopRef(r.shop), price: money(BigInt(r.minPrice), currency),
      pointsPrice: r.minPoints === null ? null : Number(r.minPoints), inStock: r.inStock,
    })),
  };
}

export async function getItem(db: Db, urlKey: string, currency: Currency): Promise<ItemDetail> {
  const [row] = await db.select({ item: items, shop: shops }).from(items).innerJoin(shops, eq(shops.id, items.shopId))
    .where(and(eq(items.urlKey, urlKey), eq(items.listed, true)));
  if (!row) throw new AppError(404, ERROR_CODES.itemNotFound, 'This item does not exist or is no longer sold');
  const { item, shop } = row;
  const skuRows = await db.select({ sku: skus, price: skuPrices.amountMinor }).from(skus)
    .innerJoin(skuPrices, and(eq(skuPrices.skuId, skus.id), eq(skuPrices.currency, currency)))
    .where(eq(skus.itemId, item.id)).orderBy(asc(skus.id));
  if (!skuRows.length) throw new AppError(404, ERROR_CODES.itemNotFound, 'This item is not sold on this site');
  const parts = await loadParts(db, [item.id], currency);
  const dtos = skuRows.map((r) => toSkuDto(r.sku, r.price, currency));
  const cheapest = skuRows.reduce((a, b) => (b.price < a.price ? b : a));
  return {
    id: String(item.id), urlKey: item.urlKey, itemName: item.itemName, mainImage: item.mainImage,
    businessTypeDict: item.businessType, shop: shopRef(shop), price: money(cheapest.price, currency),
    pointsPrice: skuRows.some((r) => r.sku.pointsPrice !== null) ? Math.min(...skuRows.map((r) => r.sku.pointsPrice ?? Infinity)) : null,
    inStock: skuRows.some((r) => Number(r.sku.stock) > 0),
    description: item.description, commerceTypeDict: item.commerceType, skus: dtos,
    presale: presaleOf(item, cheapest.price, currency),
    diyChildren: parts.get(item.id)?.diy ?? [], gifts: parts.get(item.id)?.gifts ?? [],
    service: item.serviceUses ? { uses: item.serviceUses, validDays: item.serviceValidDays ?? 0 } : null,
    isExceed: item.isExceed,
  };
}

/** Deposit and balance split of a presale price (deposit rounded half up, balance the rest). */
export function presaleOf(item: ItemRow, priceMinor: bigint, currency: Currency): ItemDetail['presale'] {
  if (!item.presaleDepositRate || !item.balanceStartAt || !item.balanceEndAt || !item.depositEndAt) return null;
  const deposit = applyRate(priceMinor, item.presaleDepositRate);
  return {
    deposit: money(deposit, currency), balance: money(priceMinor - deposit, currency),
    depositEndTime: item.depositEndAt.toISOString(),
    balancePaymentStartTime: item.balanceStartAt.toISOString(), balancePaymentEndTime: item.balanceEndAt.toISOString(),
  };
}

export type Parts = { diy: ItemDetail['diyChildren']; gifts: ItemDetail['gifts'] };

/** DIY children and gifts of several items at once. */
export async function loadParts(db: Db, itemIds: bigint[], currency: Currency): Promise<Map<bigint, Parts>> {
  const out = new Map<bigint, Parts>();
  if (!itemIds.length) return out;
  const rows = await db.select({ part: itemParts, sku: skus, partItem: items, price: skuPrices.amountMinor })
    .from(itemParts)
    .innerJoin(skus, eq(skus.id, itemParts.partSkuId))
    .innerJoin(items, eq(items.id, skus.itemId))
    .innerJoin(skuPrices, and(eq(skuPrices.skuId, skus.id), eq(skuPrices.currency, currency)))
    .where(inArray(itemParts.itemId, itemIds))
    .orderBy(asc(itemParts.id));
  for (const r of rows) {
    const entry = out.get(r.part.itemId) ?? { diy: [], gifts: [] };
    const part = { sku: toSkuDto(r.sku, r.price, currency), itemName: r.partItem.itemName, qty: trimQty(r.part.qty) };
    (r.part.kind === 'DIY_CHILD' ? entry.diy : entry.gifts).push(part);
    out.set(r.part.itemId, entry);
  }
  return out;
}
