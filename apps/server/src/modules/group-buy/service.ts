/**
 * Group-buy (SPEC §1 group-buy orders; §3 isInGroup; §4 inviteToJoinGroup): the seller's
 * campaigns, the groups on them, and the hooks of the order's life. A group order is an ordinary
 * order at the group price: the checkout prices it here (groupBuyPrice), the submit takes its slot
 * in the same transaction (takeGroupSlot: a conditional UPDATE ... WHERE members < size, so racing
 * buyers fill the last slot exactly once), the payment counts it (groupOrdersPaid: the last paid
 * slot fills the group, whose orders may then ship), an unpaid close gives the slot back
 * (releaseGroupSlots), and the sweep fails groups whose time ran out (their orders cancelled and
 * refunded through after-sales and the refund job). Group statuses move only by GROUP_EVENTS.
 * Members are emailed when their group fills and when it fails (notify.ts).
 */
import { and, asc, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import {
  ERROR_CODES,
  type CreateGroupBuyCampaignBody,
  type Currency,
  type GroupBuyCampaign,
  type GroupBuyChoice,
  type GroupBuyGroup,
  type GroupBuyGroupPage,
  type GroupBuyOffer,
  type GroupBuySkuOption,
  type Language,
} from '@mall/contracts';
import { GROUP_EVENTS, joinProblem, money, slotsLeft, toMinor, type GroupStatus, type JoinProblem } from '@mall/domain';
import type { Db, Tx } from '../../db/client.js';
import {
  groupBuyCampaigns,
  groupBuyGroups,
  groupBuyMembers,
  items,
  shops,
  skuPrices,
  skus,
  tradeOrders,
  users,
} from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { UserRow } from '../../lib/session.js';
import { notifyGroupFilled, notifyGroupMember } from './notify.js';

type CampaignRow = typeof groupBuyCampaigns.$inferSelect;
type GroupRow = typeof groupBuyGroups.$inferSelect;

const REFUSALS: Record<JoinProblem, () => AppError> = {
  FULL: () => new AppError(409, ERROR_CODES.groupBuyFull, 'This group is full: start a group of your own'),
  EXPIRED: () => new AppError(409, ERROR_CODES.groupBuyExpired, "This group's time has run out"),
  CLOSED: () => new AppError(409, ERROR_CODES.groupBuyExpired, 'This group is closed'),
};
const notFound = () => new AppError(404, ERROR_CODES.groupBuyNotFound, 'This group-buy does not exist');
const ended = () => new AppError(409, ERROR_CODES.groupBuyCampaignEnded, 'This group-buy has ended');
const soldOut = () => new AppError(409, ERROR_CODES.groupBuySoldOut, 'This group-buy is sold out');

// ---------------- seller ----------------

/** The seller's shop (one per seller in this shop's data). */
async function sellerShop(db: Db | Tx, seller: UserRow) {
  const [shop] = await db.select().from(shops).where(eq(shops.sellerId, seller.id)).limit(1);
  if (!shop) throw new AppError(403, ERROR_CODES.notSeller, 'Only sellers can do this');
  return shop;
}

export async function createCampaign(
  db: Db,
  seller: UserRow,
  currency: Currency,
  body: CreateGroupBuyCampaignBody,
  lang: Language,
): Promise<GroupBuyCampaign> {
  const shop = await sellerShop(db, seller);
  const [sku] = await db
    .select({ id: skus.id, itemShop: items.shopId, pointsPrice: skus.pointsPrice, businessType: items.businessType })
    .from(skus)
    .innerJoin(items, eq(items.id, skus.itemId))
    .where(eq(skus.id, BigInt(body.skuId)));
  // Another shop's SKU reads as unknown.
  if (!sku || sku.itemShop !== shop.id)
    throw new AppError(404, ERROR_CODES.skuNotFound, 'This product is not one of your shop', { skuId: body.skuId });
  if (sku.pointsPrice !== null || sku.businessType === 'PRESALE' || sku.businessType === 'SERVICE')
    throw new AppError(400, ERROR_CODES.invalidRequest, 'Points, presale and service items cannot be sold in groups');
  let priceMinor: bigint;
  try {
    priceMinor = toMinor(body.groupPrice, currency);
  } catch {
    throw new AppError(400, ERROR_CODES.invalidRequest, 'Please enter a price');
  }
  if (priceMinor <= 0n) throw new AppError(400, ERROR_CODES.invalidRequest, 'Please enter a price');
  const [list] = await db
    .select({ amount: skuPrices.amountMinor })
    .from(skuPrices)
    .where(and(eq(skuPrices.skuId, sku.id), eq(skuPrices.currency, currency)));
  if (!list) throw new AppError(400, ERROR_CODES.invalidRequest, `This product has no ${currency} price`);
  if (priceMinor >= list.amount)
    throw new AppError(400, ERROR_CODES.invalidRequest, 'The group price must be below the regular price', {
      listPrice: money(list.amount, currency),
    });
  if (body.stock < body.groupSize)
    throw new AppError(400, ERROR_CODES.invalidRequest, 'The stock must hold at least one group');
  const [row] = await db
    .insert(groupBuyCampaigns)
    .values({
      shopId: shop.id,
      skuId: sku.id,
      currency,
      groupPriceMinor: priceMinor,
      groupSize: body.groupSize,
      hours: body.hours,
      stock: body.stock,
      stockLeft: body.stock,
    })
    .returning();
  return (await campaignsOut(db, [row!], lang, true))[0]!;
}

/** The shop's SKUs a campaign may be made on: priced in the currency, not points or presale items. */
export async function sellerSkuOptions(
  db: Db,
  seller: UserRow,
  currency: Currency,
  lang: Language,
): Promise<GroupBuySkuOption[]> {
  const shop = await sellerShop(db, seller);
  const rows = await db
    .select({
      skuId: skus.id,
      skuName: skus.name,
      skuTexts: skus.texts,
      itemName: items.itemName,
      itemTexts: items.texts,
      price: skuPrices.amountMinor,
    })
    .from(skus)
    .innerJoin(items, eq(items.id, skus.itemId))
    .innerJoin(skuPrices, and(eq(skuPrices.skuId, skus.id), eq(skuPrices.currency, currency)))
    .where(
      and(
        eq(items.shopId, shop.id),
        eq(items.listed, true),
        isNull(skus.pointsPrice),
        sql`${items.businessType} NOT IN ('PRESALE', 'SERVICE')`,
      ),
    )
    .orderBy(asc(items.id), asc(skus.id))
    .limit(500);
  return rows.map((r) => ({
    skuId: String(r.skuId),
    itemName: (lang !== 'en' && r.itemTexts[lang]?.itemName) || r.itemName,
    skuName: (lang !== 'en' && r.skuTexts[lang]?.name) || r.skuName,
    price: money(r.price, currency),
  }));
}

export async function sellerCampaigns(db: Db, seller: UserRow, lang: Language): Promise<GroupBuyCampaign[]> {
  const shop = await sellerShop(db, seller);
  const rows = await db
    .select()
    .from(groupBuyCampaigns)
    .where(eq(groupBuyCampaigns.shopId, shop.id))
    .orderBy(desc(groupBuyCampaigns.id))
    .limit(200);
  return campaignsOut(db, rows, lang, true);
}

/** The seller ends a campaign: no new groups; open groups run to their end. */
export async function endCampaign(db: Db, seller: UserRow, id: bigint, lang: Language): Promise<GroupBuyCampaign> {
  const shop = await sellerShop(db, seller);
  const [row] = await db
    .update(groupBuyCampaigns)
    .set({ status: 'ENDED' })
    .where(and(eq(groupBuyCampaigns.id, id), eq(groupBuyCampaigns.shopId, shop.id)))
    .returning();
  if (!row) throw notFound();
  return (await campaignsOut(db, [row], lang, true))[0]!;
}

async function campaignsOut(
  db: Db | Tx,
  rows: CampaignRow[],
  lang: Language,
  withGroups: true,
): Promise<GroupBuyCampaign[]>;
async function campaignsOut(
  db: Db | Tx,
  rows: CampaignRow[],
  lang: Language,
  withGroups: false,
): Promise<Omit<GroupBuyCampaign, 'groups'>[]>;
async function campaignsOut(db: Db | Tx, rows: CampaignRow[], lang: Language, withGroups: boolean) {
  if (!rows.length) return [];
  const skuIds = [...new Set(rows.map((r) => r.skuId))];
  const [info, prices, counts] = await Promise.all([
    db
      .select({
        id: skus.id,
        name: skus.name,
        skuTexts: skus.texts,
        image: skus.image,
        itemId: items.id,
        itemUrlKey: items.urlKey,
        itemName: items.itemName,
        itemTexts: items.texts,
        mainImage: items.mainImage,
      })
      .from(skus)
      .innerJoin(items, eq(items.id, skus.itemId))
      .where(inArray(skus.id, skuIds)),
    db.select().from(skuPrices).where(inArray(skuPrices.skuId, skuIds)),
    withGroups
      ? db
          .select({
            campaignId: groupBuyGroups.campaignId,
            status: groupBuyGroups.status,
            n: sql<number>`count(*)::int`,
          })
          .from(groupBuyGroups)
          .where(
            inArray(
              groupBuyGroups.campaignId,
              rows.map((r) => r.id),
            ),
          )
          .groupBy(groupBuyGroups.campaignId, groupBuyGroups.status)
      : Promise.resolve([]),
  ]);
  return rows.map((r) => {
    const s = info.find((x) => x.id === r.skuId)!;
    const currency = r.currency as Currency;
    const list = prices.find((p) => p.skuId === r.skuId && p.currency === r.currency);
    const n = (status: GroupStatus) => counts.find((c) => c.campaignId === r.id && c.status === status)?.n ?? 0;
    const out = {
      id: String(r.id),
      skuId: String(r.skuId),
      itemId: String(s.itemId),
      itemUrlKey: s.itemUrlKey,
      itemName: (lang !== 'en' && s.itemTexts[lang]?.itemName) || s.itemName,
      skuName: (lang !== 'en' && s.skuTexts[lang]?.name) || s.name,
      image: s.image || s.mainImage,
      groupPrice: money(r.groupPriceMinor, currency),
      listPrice: list ? money(list.amountMinor, currency) : null,
      groupSize: r.groupSize,
      hours: r.hours,
      stock: r.stock,
      stockLeft: r.stockLeft,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
    };
    return withGroups ? { ...out, groups: { open: n('OPEN'), filled: n('FILLED'), failed: n('FAILED') } } : out;
  });
}

// ---------------- buyers ----------------

function groupOut(g: GroupRow, leaderName: string, joined: boolean): GroupBuyGroup {
  return {
    id: String(g.id),
    campaignId: String(g.campaignId),
    status: g.status,
    size: g.size,
    members: g.members,
    paid: g.paid,
    slotsLeft: slotsLeft(g),
    expiresAt: g.expiresAt.toISOString(),
    leaderInitial: (leaderName.trim()[0] ?? '?').toUpperCase(),
    joined,
  };
}

async function groupsOut(db: Db, rows: GroupRow[], viewer: UserRow | null): Promise<GroupBuyGroup[]> {
  if (!rows.length) return [];
  const ids = rows.map((g) => g.id);
  const [leaders, mine] = await Promise.all([
    db
      .select({ id: users.id, nickname: users.nickname, email: users.email })
      .from(users)
      .where(
        inArray(
          users.id,
          rows.map((g) => g.leaderId),
        ),
      ),
    viewer
      ? db
          .select({ groupId: groupBuyMembers.groupId })
          .from(groupBuyMembers)
          .where(
            and(
              inArray(groupBuyMembers.groupId, ids),
              eq(groupBuyMembers.buyerId, viewer.id),
              isNull(groupBuyMembers.releasedAt),
            ),
          )
      : Promise.resolve([]),
  ]);
  return rows.map((g) => {
    const l = leaders.find((x) => x.id === g.leaderId);
    return groupOut(
      g,
      l?.nickname || l?.email || '?',
      mine.some((m) => m.groupId === g.id),
    );
  });
}

/**
 * An item's active campaign on the caller's site (its currency) with the groups a buyer may join:
 * open, not run out, with a free slot and at least one paid member (a group whose starter never
 * paid is not offered).
 */
export async function itemOffer(
  db: Db,
  viewer: UserRow | null,
  currency: Currency,
  itemId: bigint,
  lang: Language,
  now = new Date(),
): Promise<GroupBuyOffer | null> {
  const [c] = await db
    .select({ c: groupBuyCampaigns })
    .from(groupBuyCampaigns)
    .innerJoin(skus, eq(skus.id, groupBuyCampaigns.skuId))
    .where(
      and(eq(skus.itemId, itemId), eq(groupBuyCampaigns.status, 'ACTIVE'), eq(groupBuyCampaigns.currency, currency)),
    )
    .orderBy(desc(groupBuyCampaigns.id))
    .limit(1);
  if (!c) return null;
  const groups = await db
    .select()
    .from(groupBuyGroups)
    .where(
      and(
        eq(groupBuyGroups.campaignId, c.c.id),
        eq(groupBuyGroups.status, 'OPEN'),
        gt(groupBuyGroups.expiresAt, now),
        sql`${groupBuyGroups.members} < ${groupBuyGroups.size}`,
        sql`${groupBuyGroups.paid} > 0`,
      ),
    )
    .orderBy(asc(groupBuyGroups.expiresAt))
    .limit(5);
  const [campaign] = await campaignsOut(db, [c.c], lang, false);
  return { campaign: campaign!, groups: await groupsOut(db, groups, viewer) };
}

/** The group's share page: anyone with the link sees it. */
export async function groupPage(
  db: Db,
  viewer: UserRow | null,
  groupId: bigint,
  lang: Language,
): Promise<GroupBuyGroupPage> {
  const [row] = await db
    .select({ g: groupBuyGroups, c: groupBuyCampaigns })
    .from(groupBuyGroups)
    .innerJoin(groupBuyCampaigns, eq(groupBuyCampaigns.id, groupBuyGroups.campaignId))
    .where(eq(groupBuyGroups.id, groupId));
  if (!row) throw notFound();
  const [campaign] = await campaignsOut(db, [row.c], lang, false);
  const [group] = await groupsOut(db, [row.g], viewer);
  return { campaign: campaign!, group: group! };
}

// ---------------- the order's life ----------------

/**
 * Checkout (preview and submit): the unit price of a group order, checked against the campaign
 * and, when joining, the group (a clear refusal before the buyer goes on). One unit of the
 * campaign's SKU, alone in the order, by a signed-in buyer, on a site of the campaign's currency.
 */
export async function groupBuyPrice(
  db: Db | Tx,
  buyer: UserRow | null,
  currency: Currency,
  choice: GroupBuyChoice,
  lines: { skuId: string; qty: string }[],
  now: Date,
): Promise<{ skuId: string; unitMinor: bigint }> {
  if (!buyer || buyer.userType !== 'REGISTERED')
    throw new AppError(401, ERROR_CODES.unauthorized, 'Please sign in to buy in a group');
  const [c] = await db
    .select()
    .from(groupBuyCampaigns)
    .where(eq(groupBuyCampaigns.id, BigInt(choice.campaignId)));
  if (!c || c.currency !== currency) throw notFound();
  if (lines.length !== 1 || lines[0]!.skuId !== String(c.skuId) || Number(lines[0]!.qty) !== 1)
    throw new AppError(400, ERROR_CODES.groupBuyOneUnit, 'A group order is one unit of the group-buy product');
  if (choice.groupId) {
    const [g] = await db
      .select()
      .from(groupBuyGroups)
      .where(and(eq(groupBuyGroups.id, BigInt(choice.groupId)), eq(groupBuyGroups.campaignId, c.id)));
    if (!g) throw notFound();
    const problem = joinProblem(g, now);
    if (problem) throw REFUSALS[problem]();
    const [mine] = await db
      .select({ id: groupBuyMembers.orderId })
      .from(groupBuyMembers)
      .where(
        and(
          eq(groupBuyMembers.groupId, g.id),
          eq(groupBuyMembers.buyerId, buyer.id),
          isNull(groupBuyMembers.releasedAt),
        ),
      );
    if (mine) throw new AppError(409, ERROR_CODES.groupBuyAlreadyJoined, 'You are in this group already');
  } else {
    if (c.status !== 'ACTIVE') throw ended();
    if (c.stockLeft < c.groupSize) throw soldOut();
  }
  return { skuId: String(c.skuId), unitMinor: c.groupPriceMinor };
}

/**
 * Submit, in the order's transaction: the order takes its slot. Starting a group sets aside a
 * group's units of the campaign stock; joining takes a slot with one conditional UPDATE (the row
 * lock makes racing buyers wait, and each re-checks `members < size` after it), so the last slot
 * goes to exactly one of them and the others are refused (their order is rolled back).
 */
export async function takeGroupSlot(
  tx: Tx,
  choice: GroupBuyChoice,
  orderId: bigint,
  buyerId: bigint,
  now: Date,
): Promise<bigint> {
  const campaignId = BigInt(choice.campaignId);
  let groupId: bigint;
  if (!choice.groupId) {
    const [c] = await tx
      .update(groupBuyCampaigns)
      .set({ stockLeft: sql`${groupBuyCampaigns.stockLeft} - ${groupBuyCampaigns.groupSize}` })
      .where(
        and(
          eq(groupBuyCampaigns.id, campaignId),
          eq(groupBuyCampaigns.status, 'ACTIVE'),
          sql`${groupBuyCampaigns.stockLeft} >= ${groupBuyCampaigns.groupSize}`,
        ),
      )
      .returning();
    if (!c) {
      const [was] = await tx.select().from(groupBuyCampaigns).where(eq(groupBuyCampaigns.id, campaignId));
      throw !was ? notFound() : was.status !== 'ACTIVE' ? ended() : soldOut();
    }
    const [g] = await tx
      .insert(groupBuyGroups)
      .values({
        campaignId,
        leaderId: buyerId,
        size: c.groupSize,
        members: 1,
        expiresAt: new Date(now.getTime() + c.hours * 3600_000),
        createdAt: now,
      })
      .returning({ id: groupBuyGroups.id });
    groupId = g!.id;
  } else {
    groupId = BigInt(choice.groupId);
    const [mine] = await tx
      .select({ id: groupBuyMembers.orderId })
      .from(groupBuyMembers)
      .where(
        and(
          eq(groupBuyMembers.groupId, groupId),
          eq(groupBuyMembers.buyerId, buyerId),
          isNull(groupBuyMembers.releasedAt),
        ),
      );
    if (mine) throw new AppError(409, ERROR_CODES.groupBuyAlreadyJoined, 'You are in this group already');
    const taken = await tx
      .update(groupBuyGroups)
      .set({ members: sql`${groupBuyGroups.members} + 1` })
      .where(
        and(
          eq(groupBuyGroups.id, groupId),
          eq(groupBuyGroups.campaignId, campaignId),
          eq(groupBuyGroups.status, 'OPEN'),
          gt(groupBuyGroups.expiresAt, now),
          sql`${groupBuyGroups.members} < ${groupBuyGroups.size}`,
        ),
      )
      .returning({ id: groupBuyGroups.id });
    if (!taken.length) {
      const [g] = await tx
        .select()
        .from(groupBuyGroups)
        .where(and(eq(groupBuyGroups.id, groupId), eq(groupBuyGroups.campaignId, campaignId)));
      if (!g) throw notFound();
      throw REFUSALS[joinProblem(g, now) ?? 'FULL']();
    }
  }
  await tx.insert(groupBuyMembers).values({ orderId, groupId, buyerId, createdAt: now });
  return groupId;
}

/** Orders closed unpaid (cancelled, pay deadline) give their slot back to a group still open. */
export async function releaseGroupSlots(tx: Tx, orderIds: bigint[], now: Date): Promise<void> {
  if (!orderIds.length) return;
  const released = await tx
    .update(groupBuyMembers)
    .set({ releasedAt: now })
    .where(
      and(
        inArray(groupBuyMembers.orderId, orderIds),
        isNull(groupBuyMembers.releasedAt),
        isNull(groupBuyMembers.paidAt),
      ),
    )
    .returning({ groupId: groupBuyMembers.groupId });
  for (const r of released)
    await tx
      .update(groupBuyGroups)
      .set({ members: sql`greatest(${groupBuyGroups.members} - 1, ${groupBuyGroups.paid})` })
      .where(and(eq(groupBuyGroups.id, r.groupId), eq(groupBuyGroups.status, 'OPEN')));
}

/**
 * Payment settled: each paid group order counts in its group; the payment of the last slot fills
 * the group, and from then all its orders may ship. A payment that arrives after the group failed
 * is refunded by the sweep, as the group's other orders are.
 */
export async function groupOrdersPaid(tx: Tx, orderIds: bigint[], now: Date): Promise<void> {
  if (!orderIds.length) return;
  const paid = await tx
    .update(groupBuyMembers)
    .set({ paidAt: now })
    .where(
      and(
        inArray(groupBuyMembers.orderId, orderIds),
        isNull(groupBuyMembers.paidAt),
        isNull(groupBuyMembers.releasedAt),
      ),
    )
    .returning({ groupId: groupBuyMembers.groupId });
  for (const r of paid) {
    const [g] = await tx
      .update(groupBuyGroups)
      .set({ paid: sql`${groupBuyGroups.paid} + 1` })
      .where(and(eq(groupBuyGroups.id, r.groupId), eq(groupBuyGroups.status, 'OPEN')))
      .returning();
    if (g && g.paid >= g.size) {
      const filled = await tx
        .update(groupBuyGroups)
        .set({ status: GROUP_EVENTS.FILL.to, filledAt: now })
        .where(and(eq(groupBuyGroups.id, g.id), inArray(groupBuyGroups.status, [...GROUP_EVENTS.FILL.from])))
        .returning({ id: groupBuyGroups.id });
      // Each member hears that its order ships, with the fill (once: only this update moves it).
      if (filled.length) await notifyGroupFilled(tx, g.id);
    }
  }
}

/** A group order waits for its group before it ships (the seller's shipping refuses it until then). */
export async function assertGroupShippable(tx: Tx | Db, orderId: bigint): Promise<void> {
  const [g] = await tx
    .select({ status: groupBuyGroups.status })
    .from(groupBuyMembers)
    .innerJoin(groupBuyGroups, eq(groupBuyGroups.id, groupBuyMembers.groupId))
    .where(eq(groupBuyMembers.orderId, orderId));
  if (g && g.status !== 'FILLED')
    throw new AppError(409, ERROR_CODES.groupBuyNotFilled, 'This group order ships once its group has filled');
}

/** SQL for "this order (trade_orders row) is not held by a group still forming", for the seller's to-ship list. */
export const notWaitingForGroup = sql`NOT EXISTS (SELECT 1 FROM group_buy_members gm JOIN group_buy_groups gg ON gg.id = gm.group_id WHERE gm.order_id = ${tradeOrders.id} AND gg.status <> 'FILLED')`;

export const GROUP_BUY_SWEEP_QUEUE = 'group-buy-expiry';

/**
 * The timed rule (pg-boss every minute): groups whose time ran out unfilled fail and give their
 * set-aside units back to the campaign; each of their orders then ends: an unpaid one closes
 * (stock back), a paid one is cancelled through after-sales, approved at once, and refunded by
 * the refund job (its stock back through the cancel). Safe to run again: each step moves only
 * what is still in its "from" status.
 */
export async function sweepExpiredGroups(
  db: Db,
  hooks: {
    /** Closes the unpaid contract; returns the orders it closed (none when another close came first). */
    closeUnpaid: (tx: Tx, contractId: bigint, now: Date) => Promise<bigint[]>;
    cancelPaid: (buyer: UserRow, orderId: bigint, now: Date) => Promise<bigint[]>;
  },
  now = new Date(),
): Promise<{ failed: number; closed: number; cancelled: number; refundIds: bigint[] }> {
  const done = { failed: 0, closed: 0, cancelled: 0, refundIds: [] as bigint[] };
  const due = await db
    .select({ id: groupBuyGroups.id })
    .from(groupBuyGroups)
    .where(and(inArray(groupBuyGroups.status, [...GROUP_EVENTS.EXPIRE.from]), lte(groupBuyGroups.expiresAt, now)))
    .limit(200);
  for (const d of due) {
    await db.transaction(async (tx) => {
      const [g] = await tx
        .update(groupBuyGroups)
        .set({ status: GROUP_EVENTS.EXPIRE.to, failedAt: now })
        .where(and(eq(groupBuyGroups.id, d.id), inArray(groupBuyGroups.status, [...GROUP_EVENTS.EXPIRE.from])))
        .returning();
      if (!g) return;
      done.failed += 1;
      await tx
        .update(groupBuyCampaigns)
        .set({ stockLeft: sql`least(${groupBuyCampaigns.stockLeft} + ${g.size}, ${groupBuyCampaigns.stock})` })
        .where(eq(groupBuyCampaigns.id, g.campaignId));
    });
  }
  // Orders of failed groups still standing (also a payment settled after its group failed).
  const standing = await db
    .select({ orderId: tradeOrders.id, contractId: tradeOrders.contractId, status: tradeOrders.status, buyer: users })
    .from(groupBuyMembers)
    .innerJoin(groupBuyGroups, eq(groupBuyGroups.id, groupBuyMembers.groupId))
    .innerJoin(tradeOrders, eq(tradeOrders.id, groupBuyMembers.orderId))
    .innerJoin(users, eq(users.id, tradeOrders.buyerId))
    .where(and(eq(groupBuyGroups.status, 'FAILED'), inArray(tradeOrders.status, ['PENDING_PAY', 'UN_DELIVERY'])))
    .limit(500);
  for (const o of standing) {
    if (o.status === 'PENDING_PAY') {
      await db.transaction(async (tx) => {
        const closed = await hooks.closeUnpaid(tx, o.contractId, now);
        // The member hears of it with the close (a replayed sweep finds the order closed already).
        if (closed.includes(o.orderId)) await notifyGroupMember(tx, o.orderId, 'failedClosed');
      });
      done.closed += 1;
    } else {
      done.refundIds.push(...(await hooks.cancelPaid(o.buyer, o.orderId, now)));
      done.cancelled += 1;
    }
  }
  return done;
}

/** Whether the order belongs to a group still forming. */
export async function inOpenGroup(tx: Tx | Db, orderId: bigint): Promise<boolean> {
  const [g] = await tx
    .select({ status: groupBuyGroups.status })
    .from(groupBuyMembers)
    .innerJoin(groupBuyGroups, eq(groupBuyGroups.id, groupBuyMembers.groupId))
    .where(eq(groupBuyMembers.orderId, orderId));
  return g?.status === 'OPEN';
}
