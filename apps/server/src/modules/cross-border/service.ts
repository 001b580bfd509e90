/**
 * Cross-border orders (SPEC §4 trade type NORMAL_SALE_CBE, §7 "cbe create variant", §9 "CBE types
 * per site"). A shop listed in cross_border_shops for a site ships into it from abroad: at checkout
 * its order is NORMAL_SALE_CBE, pays duties per line and an import tax (the site's rates, in
 * packages/domain import-duty.ts) instead of the site's sales tax or VAT, needs the buyer's
 * real-name certificate where the site asks for one, and is declared to customs with the order.
 * Each trade order is one shop's, so a cart's cross-border and domestic items become separate
 * orders of the one checkout (paid together).
 */
import { and, eq, inArray, or } from 'drizzle-orm';
import { ERROR_CODES, type Currency, type CustomsDeclaration, type PreviewResult, type Site } from '@mall/contracts';
import { importCharges, money, toMinor } from '@mall/domain';
import type { Db, Tx } from '../../db/client.js';
import type { ReadPart } from '../../db/rows.js';
import { customsDeclarations, shops, tradeOrders, type CustomsLine } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { Caller } from '../../lib/session.js';

/**
 * The shops of the checkout's sellers that sell cross-border into the caller's site, with their
 * origin country: a column of the checkout's one statement of the buyer's facts.
 */
export const crossBorderShopsPart: ReadPart<{ site: string; sellers: string }, Map<string, string>> = {
  columns: (p) =>
    `(SELECT json_agg(json_build_array(cbs.shop_id::text, cbs.origin_country)) FROM cross_border_shops cbs JOIN shops cbh ON cbh.id = cbs.shop_id WHERE cbs.site = ${p.site} AND cbh.seller_id = ANY(${p.sellers})) AS cross_border_shops`,
  read: (row) => new Map((row.cross_border_shops ?? []) as [string, string][]),
};

/** The origin country of each of `shopIds` that sells cross-border into `site` (none when the site takes no such orders). */
export function crossBorderOrigins(site: Site, listed: Map<string, string>, shopIds: string[]): Map<string, string> {
  if (!site.crossBorder || !site.features.cbe) return new Map();
  return new Map(shopIds.filter((id) => listed.has(id)).map((id) => [id, listed.get(id)!]));
}

type ShopOut = PreviewResult['renderTradeOrderTOList'][number];

/**
 * One cross-border shop order's duties and import tax, from its priced lines (what the buyer pays
 * for each, its declared value, and its item's category) and its shipping.
 */
export function crossBorderOrderOf(
  site: Site,
  origin: string,
  order: Pick<ShopOut, 'lines' | 'shippingAmt'>,
): { dto: NonNullable<ShopOut['crossBorder']>; dutyMinor: bigint; importTaxMinor: bigint } {
  const rule = site.crossBorder!;
  const currency = site.currency;
  const charges = importCharges(
    rule,
    order.lines.map((l) => ({
      key: l.skuId,
      category: l.item.category,
      valueMinor: toMinor(l.needPayAmt.value, currency),
    })),
    toMinor(order.shippingAmt.value, currency),
  );
  const m = (v: bigint) => money(v, currency);
  return {
    dto: {
      originCountry: origin,
      declaredValue: m(charges.declaredValueMinor),
      dutyAmt: m(charges.dutyMinor),
      importTaxAmt: m(charges.importTaxMinor),
      importTaxRate: rule.importTaxRate,
      lines: charges.lines.map((l) => ({
        skuId: l.key,
        hsCode: l.hsCode,
        customsCategory: l.customsCategory,
        dutyRate: l.dutyRate,
        dutyAmt: m(l.dutyMinor),
      })),
    },
    dutyMinor: charges.dutyMinor,
    importTaxMinor: charges.importTaxMinor,
  };
}

/**
 * Lays the cross-border orders over a priced preview: each such shop order becomes
 * NORMAL_SALE_CBE with its duties and import tax added to what it (and the checkout) costs; the
 * others keep the checkout's trade type. The shops' sales tax was already priced at 0.
 */
export function applyCrossBorder(site: Site, result: PreviewResult, origins: Map<string, string>): void {
  if (!origins.size) {
    for (const o of result.renderTradeOrderTOList) {
      o.tradeType = result.tradeType;
      o.crossBorder = null;
    }
    result.crossBorder = null;
    return;
  }
  const currency = site.currency;
  let duty = 0n;
  let importTax = 0n;
  for (const o of result.renderTradeOrderTOList) {
    const origin = origins.get(o.shopId);
    if (!origin) {
      o.tradeType = result.tradeType === 'NORMAL_SALE_CBE' ? 'NORMAL_SALE_B2C' : result.tradeType;
      o.crossBorder = null;
      continue;
    }
    const cb = crossBorderOrderOf(site, origin, o);
    o.tradeType = 'NORMAL_SALE_CBE';
    o.crossBorder = cb.dto;
    o.needPayAmt = money(toMinor(o.needPayAmt.value, currency) + cb.dutyMinor + cb.importTaxMinor, currency);
    duty += cb.dutyMinor;
    importTax += cb.importTaxMinor;
  }
  result.needPayAmt = money(toMinor(result.needPayAmt.value, currency) + duty + importTax, currency);
  result.crossBorder = crossBorderSummary(site, duty, importTax, result.userCertificate);
}

/** The checkout's cross-border summary: duties and taxes in all, and whether the certificate the site asks for is there. */
export function crossBorderSummary(
  site: Site,
  dutyMinor: bigint,
  importTaxMinor: bigint,
  certificate: PreviewResult['userCertificate'],
): NonNullable<PreviewResult['crossBorder']> {
  return {
    dutyAmt: money(dutyMinor, site.currency),
    importTaxAmt: money(importTaxMinor, site.currency),
    certificateRequired: site.crossBorder?.certificateRequired ?? false,
    // A certificate counts for the site whose ID pattern its number matched.
    certificateValid: certificate !== null && certificate.site === site.code,
  };
}

/** Submit: a cross-border order where the site asks for a certificate needs one saved for the site. */
export function checkCrossBorderSubmit(result: PreviewResult): void {
  const cb = result.crossBorder;
  if (cb && cb.certificateRequired && !cb.certificateValid)
    throw new AppError(
      400,
      ERROR_CODES.certificateRequired,
      'Cross-border orders need your real-name certificate: please add one to continue',
    );
}

/**
 * The customs declaration of each cross-border order of a contract just written, in the same
 * transaction: declared value, shipping, duty and import tax, origin, lines with their HS codes,
 * and the certificate the buyer ordered with (its id and the name and masked number as they were).
 */
export async function writeCustomsDeclarations(
  tx: Tx,
  caller: Caller,
  buyerId: bigint,
  contractId: bigint,
  orderIds: bigint[],
  result: PreviewResult,
): Promise<void> {
  if (!result.crossBorder) return;
  const currency = caller.site.currency;
  const minor = (v: { value: string }) => toMinor(v.value, currency);
  const cert = result.crossBorder.certificateValid ? result.userCertificate : null;
  const rows = result.renderTradeOrderTOList.flatMap((o, i) => {
    const cb = o.crossBorder;
    if (!cb) return [];
    const lines: CustomsLine[] = cb.lines.map((d) => {
      const line = o.lines.find((l) => l.skuId === d.skuId)!;
      return {
        skuId: d.skuId,
        itemName: line.item.itemName,
        qty: line.qty,
        hsCode: d.hsCode,
        customsCategory: d.customsCategory,
        valueMinor: String(minor(line.needPayAmt)),
        dutyRate: d.dutyRate,
        dutyMinor: String(minor(d.dutyAmt)),
      };
    });
    return [
      {
        orderId: orderIds[i]!,
        contractId,
        buyerId,
        site: caller.site.code,
        currency,
        originCountry: cb.originCountry,
        declaredValueMinor: minor(cb.declaredValue),
        shippingMinor: minor(o.shippingAmt),
        dutyMinor: minor(cb.dutyAmt),
        importTaxMinor: minor(cb.importTaxAmt),
        certificateId: cert ? BigInt(cert.id) : null,
        certificateName: cert?.name ?? null,
        certificateNumberMasked: cert?.certificateNumber ?? null,
        lines,
      },
    ];
  });
  if (rows.length) await tx.insert(customsDeclarations).values(rows);
}

const declarationNotFound = () => new AppError(404, ERROR_CODES.tradeOrderNotExist, 'This order does not exist');

/**
 * The customs declaration of an order the caller may see: one of `buyerIds`' orders, or one of the
 * seller's own (`sellerId`: it ships the parcel and its papers). 404 for anyone else's or a domestic order.
 */
export async function customsDeclarationOf(
  db: Db,
  who: { buyerIds: bigint[]; sellerId: bigint },
  orderId: bigint,
): Promise<CustomsDeclaration> {
  const [row] = await db
    .select({ d: customsDeclarations })
    .from(customsDeclarations)
    .innerJoin(tradeOrders, eq(tradeOrders.id, customsDeclarations.orderId))
    .where(
      and(
        eq(customsDeclarations.orderId, orderId),
        or(inArray(tradeOrders.buyerId, who.buyerIds), eq(tradeOrders.sellerId, who.sellerId)),
      ),
    );
  if (!row) throw declarationNotFound();
  return declarationOut(row.d);
}

/**
 * The seller console's view of the declaration: an order of one of the seller's own shops (the
 * order's shop is checked against the shops the signed-in seller owns, never taken from the
 * request). 404 for another shop's order or a domestic one, as for a buyer.
 */
export async function sellerCustomsDeclaration(db: Db, sellerId: bigint, orderId: bigint): Promise<CustomsDeclaration> {
  const [row] = await db
    .select({ d: customsDeclarations })
    .from(customsDeclarations)
    .innerJoin(tradeOrders, eq(tradeOrders.id, customsDeclarations.orderId))
    .innerJoin(shops, eq(shops.id, tradeOrders.shopId))
    .where(and(eq(customsDeclarations.orderId, orderId), eq(shops.sellerId, sellerId)));
  if (!row) throw declarationNotFound();
  return declarationOut(row.d);
}

/** What a declaration shows: amounts in the order's currency, the certificate number masked only. */
function declarationOut(d: typeof customsDeclarations.$inferSelect): CustomsDeclaration {
  const currency = d.currency as Currency;
  const m = (v: bigint) => money(v, currency);
  return {
    orderId: String(d.orderId),
    originCountry: d.originCountry,
    declaredValue: m(d.declaredValueMinor),
    shippingAmt: m(d.shippingMinor),
    dutyAmt: m(d.dutyMinor),
    importTaxAmt: m(d.importTaxMinor),
    certificate:
      d.certificateName !== null
        ? {
            id: d.certificateId === null ? null : String(d.certificateId),
            name: d.certificateName,
            certificateNumber: d.certificateNumberMasked ?? '',
          }
        : null,
    lines: d.lines.map((l) => ({
      skuId: l.skuId,
      itemName: l.itemName,
      qty: l.qty,
      hsCode: l.hsCode,
      customsCategory: l.customsCategory,
      declaredValue: m(BigInt(l.valueMinor)),
      dutyRate: l.dutyRate,
      dutyAmt: m(BigInt(l.dutyMinor)),
    })),
    createdAt: d.createdAt.toISOString(),
  };
}
