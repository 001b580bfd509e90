/**
 * What the checkout prices from, kept in memory between previews and submits (reading
 * it was half of the checkout read's PostgreSQL CPU, its JSON most of the rest): per currency,
 * each SKU with its price, item, shop and its item's DIY parts and gifts; per shop, its shipping
 * methods and pickup stores. All of it is kept under the catalog version (table catalog_version),
 * which every change to those tables moves in the same transaction (migrations 0025 and 0032).
 *
 * Stock is not kept: it moves with every order. The statement that uses kept facts reads the
 * stock of their SKUs and the catalog version along with the buyer's own facts, and the kept
 * facts count only when that version is the one they were read under; else the checkout reads
 * everything again (preview.ts). So a change committed through any app server on the same
 * database is seen by the next preview or submit on every server.
 */
import type { pickupStores, shippingMethods } from '../../db/schema/index.js';
import type { CatalogRows, PartRow, SkuFacts } from '../catalog/service.js';

export type MethodRow = typeof shippingMethods.$inferSelect;
export type StoreRow = typeof pickupStores.$inferSelect;
/** The kept facts of one checkout's SKUs, with the version they were read under. */
export interface KeptCatalog extends CatalogRows {
  version: string;
  methods: MethodRow[];
  stores: StoreRow[];
}

/** SKUs kept at most (each with its item's parts); past it the cache starts over. */
const MAX_SKUS = 20_000;

/** One per app (tests run several apps, each on its own database, in one process). */
export function checkoutCatalogCache() {
  let version = '';
  const skus = new Map<string, { facts: SkuFacts; parts: PartRow[] }>();
  const shops = new Map<string, { methods: MethodRow[]; stores: StoreRow[] }>();
  const skuKey = (currency: string, skuId: string) => `${currency}:${skuId}`;
  return {
    /** The kept facts of SKUs `skuIds` in `currency`, or null when one of them is not kept. */
    get(currency: string, skuIds: string[]): KeptCatalog | null {
      const found = skuIds.map((id) => skus.get(skuKey(currency, id)));
      if (!found.length || found.some((f) => f === undefined)) return null;
      const kept = found as { facts: SkuFacts; parts: PartRow[] }[];
      // Parts belong to items: two SKUs of one item share them.
      const partsByItem = new Map(kept.map((k) => [k.facts.item.id, k.parts]));
      const parts = [...partsByItem.values()].flat();
      const shopIds = [...new Set(kept.map((k) => String(k.facts.shop.id)))];
      // Every kept SKU's shop was kept with it (keep), and both are cleared together.
      return {
        version,
        skus: kept.map((k) => k.facts),
        parts,
        methods: shopIds.flatMap((id) => shops.get(id)!.methods),
        stores: shopIds.flatMap((id) => shops.get(id)!.stores),
      };
    },
    /**
     * Keeps what one full read found (the SKUs it was asked for, the parts of their items, the
     * methods and stores of their shops) under the version that read saw. Any other version starts
     * over, an older one too: versions are labels compared for equality (catalogVersionPart), and
     * a read that raced a newer one only costs the next preview a full read.
     */
    keep(currency: string, read: KeptCatalog): void {
      if (read.version !== version || skus.size >= MAX_SKUS) {
        skus.clear();
        shops.clear();
        version = read.version;
      }
      for (const facts of read.skus) {
        const shopId = String(facts.shop.id);
        if (!shops.has(shopId)) {
          shops.set(shopId, {
            methods: read.methods.filter((m) => String(m.shopId) === shopId),
            stores: read.stores.filter((s) => String(s.shopId) === shopId),
          });
        }
        skus.set(skuKey(currency, String(facts.sku.id)), {
          facts,
          parts: read.parts.filter((p) => p.part.itemId === facts.item.id),
        });
      }
    },
  };
}
export type CheckoutCatalogCache = ReturnType<typeof checkoutCatalogCache>;
