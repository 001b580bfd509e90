/**
 * Demo group-buy: FlexiDesk sells the cable tray at a group price to groups of three, 72 hours to
 * fill. kenji@demo.shop started a group two hours ago and paid (seed/orders.ts writes the order
 * at the group price); two slots are left, so the item page offers it to join.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { groupBuyCampaigns, groupBuyGroups, groupBuyMembers, skus } from '../db/schema/index.js';

export const GROUP_BUY_DEMO = { sku: 'TRAY-STEEL', priceMinor: 2900n, size: 3, hours: 72, stock: 30 } as const;

export async function seedGroupBuy(tx: Tx, ids: { shop: bigint; buyer: bigint; orderId: bigint; paidAt: Date }) {
  const [sku] = await tx.select({ id: skus.id }).from(skus).where(eq(skus.skuCode, GROUP_BUY_DEMO.sku));
  const [campaign] = await tx
    .insert(groupBuyCampaigns)
    .values({
      shopId: ids.shop,
      skuId: sku!.id,
      currency: 'USD',
      groupPriceMinor: GROUP_BUY_DEMO.priceMinor,
      groupSize: GROUP_BUY_DEMO.size,
      hours: GROUP_BUY_DEMO.hours,
      stock: GROUP_BUY_DEMO.stock,
      // The started group set aside its three units.
      stockLeft: GROUP_BUY_DEMO.stock - GROUP_BUY_DEMO.size,
      createdAt: new Date(ids.paidAt.getTime() - 86400_000),
    })
    .returning();
  const [group] = await tx
    .insert(groupBuyGroups)
    .values({
      campaignId: campaign!.id,
      leaderId: ids.buyer,
      size: GROUP_BUY_DEMO.size,
      members: 1,
      paid: 1,
      expiresAt: new Date(ids.paidAt.getTime() + GROUP_BUY_DEMO.hours * 3600_000),
      createdAt: ids.paidAt,
    })
    .returning();
  await tx.insert(groupBuyMembers).values({
    orderId: ids.orderId,
    groupId: group!.id,
    buyerId: ids.buyer,
    paidAt: ids.paidAt,
    createdAt: ids.paidAt,
  });
}
