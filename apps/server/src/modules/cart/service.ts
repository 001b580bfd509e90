/**
 * The cart: one line per buyer and SKU. Prices are never stored: each read prices the lines
 * in the current site's currency, so a site switch or a price change shows at once.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { ERROR_CODES, type Cart, type CartLine, type Currency, type Language } from '@mall/contracts';
import {
  addQuantity,
  bundleUnitMinor,
  compareQuantity,
  clampQuantity,
  lineAmount,
  money,
  quantityIssue,
  sumMinor,
  toMinor,
  type QuantityRule,
} from '@mall/domain';
import type { Db } from '../../db/client.js';
import { cartLines } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { diyParts, loadSkus, loadSkusWithParts, trimQty, type LoadedSku } from '../catalog/service.js';

export const quantityRule = (s: LoadedSku['row']): QuantityRule => ({
  min: trimQty(s.minQty),
  max: trimQty(s.maxQty),
  step: trimQty(s.adjustStep),
  decimals: s.qtyDecimals,
});

export async function getCart(
  db: Db,
  buyerId: bigint | null,
  currency: Currency,
  lang: Language = 'en',
): Promise<Cart> {
  const rows = buyerId
    ? await db.select().from(cartLines).where(eq(cartLines.buyerId, buyerId)).orderBy(asc(cartLines.id))
    : [];
  const { loaded, parts } = await loadSkusWithParts(
    db,
    rows.map((r) => r.skuId),
    currency,
    lang,
  );
  const shops = new Map<string, Cart['shops'][number]>();
  const totals: bigint[] = [];
  let selectedCount = 0;
  let selectedPoints = 0;
  for (const row of rows) {
    const sku = loaded.get(row.skuId);
    if (!sku) continue; // not sold in this currency: hidden here, kept for the other sites
    const qty = trimQty(row.qty);
    const itemParts = parts.get(sku.item.id) ?? { diy: [], gifts: [] };
    // A DIY bundle is priced as the main SKU plus every child part (the one bundle rule).
    const unitMinor = bundleUnitMinor(sku.priceMinor, diyParts(itemParts, currency));
    const totalMinor = lineAmount(unitMinor, qty);
    const linePoints = sku.row.pointsPrice === null ? null : Math.ceil(sku.row.pointsPrice * Number(qty));
    const line: CartLine = {
      id: String(row.id),
      sku: sku.dto,
      item: {
        id: String(sku.item.id),
        urlKey: sku.item.urlKey,
        itemName: sku.item.itemName,
        businessTypeDict: sku.item.businessType,
        isExceed: sku.item.isExceed,
      },
      qty,
      selected: row.selected,
      unitPrice: money(unitMinor, currency),
      lineTotal: money(totalMinor, currency),
      linePoints,
      lineGroupTypeDict: itemParts.diy.length ? 'DIY_MAIN' : 'NORMAL',
      diyChildren: itemParts.diy,
      gifts: itemParts.gifts,
      available: compareQuantity(sku.dto.stock, qty) >= 0,
    };
    const key = String(sku.shop.id);
    const group = shops.get(key) ?? {
      shop: { id: key, name: sku.shop.name, sellerId: String(sku.shop.sellerId) },
      lines: [],
      subtotal: money(0n, currency),
    };
    group.lines.push(line);
    group.subtotal = money(toMinor(group.subtotal.value, currency) + totalMinor, currency);
    shops.set(key, group);
    if (row.selected) {
      selectedCount += 1;
      totals.push(totalMinor);
      selectedPoints += linePoints ?? 0;
    }
  }
  const lines = [...shops.values()].reduce((n, g) => n + g.lines.length, 0);
  return {
    shops: [...shops.values()],
    totalCount: lines,
    selectedCount,
    selectedTotal: money(sumMinor(totals), currency),
    selectedPoints,
  };
}

async function purchasableSku(db: Db, skuId: bigint, currency: Currency): Promise<LoadedSku> {
  const sku = (await loadSkus(db, [skuId], currency)).get(skuId);
  if (!sku || !sku.item.listed) throw new AppError(404, ERROR_CODES.skuNotFound, 'This product is not available');
  return sku;
}

/**
 * The SKU's quantity rule (SPEC §5 stepper: min, max, step, precision), enforced wherever a
 * quantity comes in (cart add and update, checkout preview and submit): outside [min, max] is
 * Cart.quantityOutOfRange, off the step grid or finer than the precision Cart.quantityStep.
 */
export function assertQuantity(rule: QuantityRule, qty: string, extra: Record<string, unknown> = {}): void {
  const issue = quantityIssue(qty, rule);
  if (!issue) return;
  const details = { min: rule.min, max: rule.max, step: rule.step, decimals: rule.decimals, ...extra };
  if (issue === 'RANGE')
    throw new AppError(
      400,
      ERROR_CODES.quantityOutOfRange,
      `Quantity must be between ${rule.min} and ${rule.max}`,
      details,
    );
  throw new AppError(
    400,
    ERROR_CODES.quantityStep,
    `Quantity must be ${rule.min} or more in steps of ${rule.step}`,
    details,
  );
}

function checkQuantity(sku: LoadedSku, qty: string): void {
  assertQuantity(quantityRule(sku.row), qty);
  if (compareQuantity(trimQty(sku.row.stock), qty) < 0)
    throw new AppError(409, ERROR_CODES.itemSoldOut, 'item solt out', { stock: trimQty(sku.row.stock) });
}

/** Adds a SKU; adding one already in the cart raises its quantity, up to the SKU's maximum. */
export async function addLine(db: Db, buyerId: bigint, skuId: bigint, qty: string, currency: Currency): Promise<void> {
  const sku = await purchasableSku(db, skuId, currency);
  checkQuantity(sku, qty);
  // The line's quantity after adding (capped at the maximum) must be in stock too.
  const [existing] = await db
    .select({ qty: cartLines.qty })
    .from(cartLines)
    .where(and(eq(cartLines.buyerId, buyerId), eq(cartLines.skuId, skuId)));
  if (existing) {
    const rule = quantityRule(sku.row);
    checkQuantity(sku, clampQuantity(addQuantity(trimQty(existing.qty), qty, rule.decimals), rule));
  }
  await db
    .insert(cartLines)
    .values({ buyerId, skuId, qty, selected: true })
    .onConflictDoUpdate({
      target: [cartLines.buyerId, cartLines.skuId],
      set: {
        qty: sql`LEAST(${cartLines.qty} + EXCLUDED.qty, ${sku.row.maxQty}::numeric)`,
        selected: true,
        updatedAt: new Date(),
      },
    });
}

export async function updateLine(
  db: Db,
  buyerId: bigint,
  lineId: bigint,
  patch: { qty?: string; selected?: boolean },
  currency: Currency,
): Promise<void> {
  const [line] = await db
    .select()
    .from(cartLines)
    .where(and(eq(cartLines.id, lineId), eq(cartLines.buyerId, buyerId)));
  if (!line) throw new AppError(404, ERROR_CODES.cartLineNotFound, 'This cart line does not exist');
  if (patch.qty !== undefined) checkQuantity(await purchasableSku(db, line.skuId, currency), patch.qty);
  await db
    .update(cartLines)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(cartLines.id, lineId), eq(cartLines.buyerId, buyerId)));
}

export async function removeLine(db: Db, buyerId: bigint, lineId: bigint): Promise<void> {
  const deleted = await db
    .delete(cartLines)
    .where(and(eq(cartLines.id, lineId), eq(cartLines.buyerId, buyerId)))
    .returning({ id: cartLines.id });
  if (!deleted.length) throw new AppError(404, ERROR_CODES.cartLineNotFound, 'This cart line does not exist');
}

export async function selectAll(db: Db, buyerId: bigint, selected: boolean): Promise<void> {
  await db.update(cartLines).set({ selected, updatedAt: new Date() }).where(eq(cartLines.buyerId, buyerId));
}

export interface BatchLine {
  skuId: bigint;
  qty: string;
  itemId?: bigint;
  shopId?: bigint;
  sellerId?: bigint;
}

/**
 * SPEC §7 batchcreatenewcartlines (buy-again and others): all lines or none. Only the SKU id
 * is trusted; item, shop and seller ids, when sent, must match it. Quantities are clamped to
 * the SKU's rule, as an old order may hold more than one cart line allows.
 */
export async function batchCreate(db: Db, buyerId: bigint, lines: BatchLine[], currency: Currency): Promise<number> {
  const loaded = await loadSkus(
    db,
    lines.map((l) => l.skuId),
    currency,
  );
  const prepared = lines.map((l) => {
    const sku = loaded.get(l.skuId);
    if (!sku || !sku.item.listed)
      throw new AppError(404, ERROR_CODES.skuNotFound, 'This product is not available', { skuId: String(l.skuId) });
    if (
      (l.itemId && l.itemId !== sku.item.id) ||
      (l.shopId && l.shopId !== sku.shop.id) ||
      (l.sellerId && l.sellerId !== sku.shop.sellerId)
    ) {
      throw new AppError(400, ERROR_CODES.skuMismatch, 'The product does not match its item, shop or seller', {
        skuId: String(l.skuId),
      });
    }
    return { sku, qty: clampQuantity(l.qty, quantityRule(sku.row)) };
  });
  await db.transaction(async (tx) => {
    for (const { sku, qty } of prepared) {
      await tx
        .insert(cartLines)
        .values({ buyerId, skuId: sku.row.id, qty, selected: true })
        .onConflictDoUpdate({
          target: [cartLines.buyerId, cartLines.skuId],
          set: {
            qty: sql`LEAST(${cartLines.qty} + EXCLUDED.qty, ${sku.row.maxQty}::numeric)`,
            selected: true,
            updatedAt: new Date(),
          },
        });
    }
  });
  return prepared.length;
}
