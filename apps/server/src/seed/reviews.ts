/**
 * Demo reviews, written through the real review service: the demo buyer has reviews with and
 * without the shop's reply, a follow-up and photos, and still has finished orders to review;
 * other shoppers' reviews give the demo items a rating.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { commentReplies, comments, shops, skus, tradeOrderLines, tradeOrders, users } from '../db/schema/index.js';
import { createReviews, reply } from '../modules/comment/service.js';
import type { SeededOrders } from './orders.js';

/** Demo reviews show the media route's drawings as the buyers' photos (no uploads in the demo data). */
const DEMO = { demoMedia: true };
const PHOTO = (label: string, hue: number) => ({
  url: `/media/demo/desk-${hue}-${label}.svg`,
  thumbUrl: `/media/demo/desk-${hue}-${label}.svg`,
});
/** What other shoppers wrote, by SKU code prefix (each reviewer takes the next one). */
const TEXTS: Record<string, [number, string][]> = {
  E7: [
    [5, 'Solid frame, quiet motors and it was up in 20 minutes. The memory buttons are great.'],
    [3, 'Good value, but one screw was missing; the shop sent it quickly.'],
    [4, 'Stable even at standing height. Assembly took two of us.'],
  ],
  C7: [
    [4, 'Very comfortable after a week. The armrests could go a little higher.'],
    [5, 'My back thanks me. The mesh stays cool all day.'],
  ],
  TRAY: [
    [5, 'Does exactly what it should. Cables are finally off the floor.'],
    [4, 'Sturdy tray; the screws for thick desktops are a bit short.'],
  ],
  LAMP: [
    [5, 'Warm light and the dimmer is smooth. Looks great on the desk.'],
    [4, 'Nice and bright. The base is a bit light.'],
    [5, 'Perfect for video calls, no glare on the screen.'],
  ],
};
const textFor = (skuCode: string, n: number) => {
  const list = TEXTS[Object.keys(TEXTS).find((k) => skuCode.startsWith(k)) ?? 'E7']!;
  return list[n % list.length]!;
};

export async function seedReviews(
  db: Db,
  ids: { buyer: bigint; reviewers: bigint[]; orders: SeededOrders },
): Promise<void> {
  const people = await db
    .select()
    .from(users)
    .where(inArray(users.id, [ids.buyer, ...ids.reviewers]));
  const who = (id: bigint) => people.find((p) => p.id === id)!;
  const sellerOf = async (shopId: bigint) => {
    const [s] = await db.select({ sellerId: shops.sellerId }).from(shops).where(eq(shops.id, shopId));
    return (await db.select().from(users).where(eq(users.id, s!.sellerId)))[0]!;
  };
  const linesOf = (orderId: bigint) =>
    db.select().from(tradeOrderLines).where(eq(tradeOrderLines.orderId, orderId)).orderBy(tradeOrderLines.id);
  let t = 0;
  /** Demo reviews of an order are dated some days after it was completed. */
  const backdate = async (orderId: bigint, days: number) => {
    const [o] = await db
      .select({ completedAt: tradeOrders.completedAt, createdAt: tradeOrders.createdAt })
      .from(tradeOrders)
      .where(eq(tradeOrders.id, orderId));
    const at = new Date((o!.completedAt ?? o!.createdAt).getTime() + days * 86400_000);
    const when = at.getTime() > Date.now() ? new Date(Date.now() - 3600_000) : at;
    await db.update(comments).set({ createdAt: when }).where(eq(comments.orderId, orderId));
    await db
      .update(commentReplies)
      .set({
        createdAt: new Date(when.getTime() + 86400_000 > Date.now() ? Date.now() - 60_000 : when.getTime() + 86400_000),
      })
      .where(
        inArray(
          commentReplies.commentId,
          db.select({ id: comments.id }).from(comments).where(eq(comments.orderId, orderId)),
        ),
      );
  };

  // Other shoppers review everything they bought; the shop answers some of them.
  for (const orderId of ids.orders.reviewerOrders) {
    const lines = (await linesOf(orderId)).filter((l) => l.lineGroupType !== 'DIY_CHILD');
    const [first] = await db
      .select({ buyerId: tradeOrders.buyerId })
      .from(tradeOrders)
      .where(eq(tradeOrders.id, orderId));
    const buyer = who(first!.buyerId);
    const codes = await db
      .select({ id: skus.id, code: skus.skuCode })
      .from(skus)
      .where(
        inArray(
          skus.id,
          lines.map((l) => l.skuId),
        ),
      );
    const made = await createReviews(
      db,
      buyer,
      lines.map((l) => {
        const [rate, content] = textFor(
          codes.find((c) => c.id === l.skuId)!.code,
          (t += 1) + ids.reviewers.indexOf(first!.buyerId),
        );
        return {
          postId: String(l.id),
          postTypeDict: 'ORDER_LINE' as const,
          rateDict: rate,
          content,
          ...(t % 3 === 0 ? { images: { files: [PHOTO('customer-photo', (t * 40) % 360)] } } : {}),
        };
      }),
      DEMO,
    );
    const [c] = await db
      .select()
      .from(comments)
      .where(eq(comments.id, BigInt(made[0]!.id)));
    if (t % 2 === 0)
      await reply(
        db,
        await sellerOf(c!.shopId),
        c!.id,
        'Thank you for your review! We are glad it works well for you.',
      );
    // Written a few days after the parcel arrived, not today.
    await backdate(orderId, 3 + (t % 5));
  }

  // The demo buyer: a reviewed tray with the shop's reply and a follow-up; an exchanged desk with photos and no reply yet.
  const buyer = who(ids.buyer);
  const [tray] = await linesOf(ids.orders.oldTray);
  const [trayReview] = await createReviews(
    db,
    buyer,
    [
      {
        postId: String(tray!.id),
        postTypeDict: 'ORDER_LINE',
        rateDict: 5,
        content: 'Holds every cable under my desk. Mounting took five minutes.',
      },
    ],
    DEMO,
  );
  const [trayRow] = await db
    .select()
    .from(comments)
    .where(eq(comments.id, BigInt(trayReview!.id)));
  await reply(db, await sellerOf(trayRow!.shopId), trayRow!.id, 'Thanks a lot! Tip: the tray also fits our E5 frames.');
  await backdate(ids.orders.oldTray, 4);
  await createReviews(
    db,
    buyer,
    [
      {
        postId: String(tray!.id),
        postTypeDict: 'ORDER_LINE',
        topId: trayReview!.id,
        parentId: null,
        content: 'A year later it still looks new.',
      },
    ],
    DEMO,
  );
  const [desk] = await linesOf(ids.orders.exchanged);
  await createReviews(
    db,
    buyer,
    [
      {
        postId: String(desk!.id),
        postTypeDict: 'ORDER_LINE',
        rateDict: 4,
        content: 'The white frame looks great. The exchange was easy, one star off for the wait.',
        images: { files: [PHOTO('white-desk', 20), PHOTO('desk-side', 200)] },
      },
    ],
    DEMO,
  );
}
