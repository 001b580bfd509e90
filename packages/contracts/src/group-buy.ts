/**
 * Group-buy (SPEC §1 group-buy orders; §3 isInGroup; §4 inviteToJoinGroup / INVITE_TO_JOIN_GROUP):
 * the seller's campaigns, the groups buyers start and join, and the choice the checkout carries.
 */
import { z } from 'zod';
import { Id, Money } from './schemas.js';

export const GROUP_BUY_LIMITS = { sizeMin: 2, sizeMax: 100, hoursMin: 1, hoursMax: 720, stockMax: 100_000 } as const;

/** At checkout: start a group on the campaign, or join `groupId` (one unit of the campaign's SKU, bought now). */
export const GroupBuyChoice = z.strictObject({ campaignId: Id, groupId: Id.optional() });
export type GroupBuyChoice = z.infer<typeof GroupBuyChoice>;

export const CreateGroupBuyCampaignBody = z.strictObject({
  skuId: Id,
  /** The group price in the shop's site currency, as typed (up to 2 decimals). */
  groupPrice: z
    .string()
    .trim()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, 'Please enter a price'),
  groupSize: z.number().int().min(GROUP_BUY_LIMITS.sizeMin).max(GROUP_BUY_LIMITS.sizeMax),
  hours: z.number().int().min(GROUP_BUY_LIMITS.hoursMin).max(GROUP_BUY_LIMITS.hoursMax),
  stock: z.number().int().min(1).max(GROUP_BUY_LIMITS.stockMax),
});
export type CreateGroupBuyCampaignBody = z.infer<typeof CreateGroupBuyCampaignBody>;

export const GroupBuyGroupStatus = z.enum(['OPEN', 'FILLED', 'FAILED']);

export const GroupBuyCampaign = z.object({
  id: Id,
  skuId: Id,
  itemId: Id,
  itemUrlKey: z.string(),
  itemName: z.string(),
  skuName: z.string(),
  image: z.string(),
  groupPrice: Money,
  /** The SKU's own price, for the saving shown next to the group price (null: no price in this currency). */
  listPrice: Money.nullable(),
  groupSize: z.number().int(),
  hours: z.number().int(),
  stock: z.number().int(),
  stockLeft: z.number().int(),
  status: z.enum(['ACTIVE', 'ENDED']),
  createdAt: z.string(),
  /** Groups by status (the seller's list). */
  groups: z.object({ open: z.number().int(), filled: z.number().int(), failed: z.number().int() }),
});
export type GroupBuyCampaign = z.infer<typeof GroupBuyCampaign>;

export const GroupBuyGroup = z.object({
  id: Id,
  campaignId: Id,
  status: GroupBuyGroupStatus,
  size: z.number().int(),
  /** Slots taken (paid members and members paying now). */
  members: z.number().int(),
  paid: z.number().int(),
  slotsLeft: z.number().int(),
  expiresAt: z.string(),
  /** The first letter of the leader's name, to show who started it without naming them. */
  leaderInitial: z.string(),
  /** Whether the caller holds a slot in this group. */
  joined: z.boolean(),
});
export type GroupBuyGroup = z.infer<typeof GroupBuyGroup>;

/** An item's active campaign on this site with its open groups (item page), or a group's page. */
export const GroupBuyOffer = z.object({
  campaign: GroupBuyCampaign.omit({ groups: true }),
  groups: z.array(GroupBuyGroup),
});
export type GroupBuyOffer = z.infer<typeof GroupBuyOffer>;

export const GroupBuyGroupPage = z.object({ campaign: GroupBuyCampaign.omit({ groups: true }), group: GroupBuyGroup });
export type GroupBuyGroupPage = z.infer<typeof GroupBuyGroupPage>;

/** What an order shows of its group (null: not a group order). */
export const OrderGroupBuy = z.object({
  groupId: Id,
  status: GroupBuyGroupStatus,
  size: z.number().int(),
  members: z.number().int(),
  slotsLeft: z.number().int(),
  expiresAt: z.string(),
});
export type OrderGroupBuy = z.infer<typeof OrderGroupBuy>;

/** A SKU of the seller's shop a campaign may be made on (its price in the site's currency). */
export const GroupBuySkuOption = z.object({
  skuId: Id,
  itemName: z.string(),
  skuName: z.string(),
  price: Money,
});
export type GroupBuySkuOption = z.infer<typeof GroupBuySkuOption>;
