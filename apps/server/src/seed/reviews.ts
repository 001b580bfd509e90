/**
 * Demo reviews, written through the real review service: the demo buyer has reviews with and
 * without the shop's reply, a follow-up and photos, and still has finished orders to review;
 * other shoppers' reviews give the demo items a rating.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { comments, shops, tradeOrderLines, tradeOrders, users } from '../db/schema/index.js';
import { createReviews, reply } from '../modules/comment/service.js';
import type { SeededOrders } from './orders.js';

const PHOTO = (label: string, hue: number) => ({ url: `/media/demo/desk-${hue}-${label}.svg`, thumbUrl: `/media/demo/desk-${hue}-${label}.svg` });
const TEXTS: [number, string][] = [
  [5, 'Solid frame, quiet motors and it was up in 20 minutes. The memory buttons are great.'],
  [4, 'Very comfortable after a week. The armrests could go a little higher.'],
  [5, 'Does exactly what it should. Cables are finally off the floor.'],
  [3, 'Good value, but one screw was missing; the shop sent it quickly.'],
  [5, 'Warm light and the dimmer is smooth. Looks great on the desk.'],
  [4, 'Nice and bright. The base is a bit light.'],
];

export async function seedReviews(db: Db, ids: { buyer: bigint; reviewers: bigint[]; orders: SeededOrders }): Promise<void> {
  const people = await db.select().from(users).where(inArray(users.id, [ids.buyer, ...ids.reviewers]));
  const who = (id: bigint) => people.find((p) => p.id === id)!;
  const sellerOf = async (shopId: bigint) => {
    const [s] = await db.select({ sellerId: shops.sellerId }).from(shops).where(eq(shops.id, shopId));
    return (await db.select().from(users).where(eq(users.id, s!.sellerId)))[0]!;
  };
  const linesOf = (orderId: bigint) => db.select().from(tradeOrderLines).where(eq(tradeOrderLines.orderId, orderId)).orderBy(tradeOrderLines.id);
  let t = 0;

  // Other shoppers review everything they bought; the shop answers some of them.
  for (const orderId of ids.orders.reviewerOrders) {
    const lines = (await linesOf(orderId)).filter((l) => l.lineGroupType !== 'DIY_CHILD');
    const [first] = await db.select({ buyerId: tradeOrders.buyerId }).from(tradeOrders).where(eq(tradeOrders.id, orderId));
    const buyer = who(first!.buyerId);
    const made = await createReviews(db, buyer, lines.map((l) => {
      const [rate, content] = TEXTS[(t += 1) % TEXTS.length]!;
      return { postId: String(l.id), postTypeDict: 'ORDER_LINE' as const, rateDict: rate, content, ...(t % 3 === 0 ? { images: { files: [PHOTO('customer-photo', (t * 40) % 360)] } } : {}) };
    }), '/nonexistent');
    const [c] = await db.select().from(comments).where(eq(comments.id, BigInt(made[0]!.id)));
    if (t % 2 === 0) await reply(db, await sellerOf(c!.shopId), c!.id, 'Thank you for your review! We are glad it works well for you.');
  }

  // The demo buyer: a reviewed tray with the shop's reply and a follow-up; an exchanged desk with photos and no reply yet.
  const buyer = who(ids.buyer);
  const [tray] = await linesOf(ids.orders.oldTray);
  const [trayReview] = await createReviews(db, buyer, [{ postId: String(tray!.id), postTypeDict: 'ORDER_LINE', rateDict: 5, content: 'Holds every cable under my desk. Mounting took five minutes.' }], '/nonexistent');
  const [trayRow] = await db.select().from(comments).where(eq(comments.id, BigInt(trayReview!.id)));
  await reply(db, await sellerOf(trayRow!.shopId), trayRow!.id, 'Thanks a lot! Tip: the tray also fits our E5 frames.');
  await createReviews(db, buyer, [{ postId: String(tray!.id), postTypeDict: 'ORDER_LINE', topId: trayReview!.id, parentId: null, content: 'A year later it still looks new.' }], '/nonexistent');
  const [desk] = await linesOf(ids.orders.exchanged);
  await createReviews(db, buyer, [{
    postId: String(desk!.id), postTypeDict: 'ORDER_LINE', rateDict: 4, content: 'The white frame looks great. The exchange was easy, one star off for the wait.',
    images: { files: [PHOTO('white-desk', 20), PHOTO('desk-side', 200)] },
  }], '/nonexistent');
}
