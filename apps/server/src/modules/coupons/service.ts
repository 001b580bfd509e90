/**
 * My coupons (SPEC §2 /buyer/my-coupons): the buyer's owner coupons by tab, from the same rows
 * and the same rules the checkout preview uses (modules/checkout/preview.ts), so the available
 * tab lists what checkout offers, the used tab what an order used, the expired tab the rest.
 */
import { and, asc, desc, eq, gt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { MyCoupon, MyCouponPage, MyCouponTab, PageMyCouponsBody, Site } from '@mall/contracts';
import { PageMyCouponsBody as Body } from '@mall/contracts';
import type { Db } from '../../db/client.js';
import { couponCampaigns, ownerCoupons, shops } from '../../db/schema/index.js';
import { couponDto } from '../checkout/preview.js';

/** The site can price it: percent coupons everywhere, amount coupons where they have an amount in the site's currency. */
const inCurrency = (site: Site) =>
  or(eq(couponCampaigns.type, 'DISCOUNT_COUPON'), sql`${couponCampaigns.amounts} ? ${site.currency}`)!;

/** Each tab's condition; available = what buildPreview offers (not used, started, not ended). */
function tabWhere(tab: MyCouponTab, now: Date): SQL {
  if (tab === 'USED') return eq(ownerCoupons.status, 'USED');
  if (tab === 'EXPIRED') return and(eq(ownerCoupons.status, 'NOT_USED'), lte(couponCampaigns.endTime, now))!;
  return and(
    eq(ownerCoupons.status, 'NOT_USED'),
    lte(couponCampaigns.startTime, now),
    gt(couponCampaigns.endTime, now),
  )!;
}

/** Expiring soonest first; used ones by when they were used; expired ones latest first. */
const ORDER: Record<MyCouponTab, SQL[]> = {
  AVAILABLE: [asc(couponCampaigns.endTime), asc(ownerCoupons.id)],
  USED: [sql`${ownerCoupons.usedAt} DESC NULLS LAST`, desc(ownerCoupons.id)],
  EXPIRED: [desc(couponCampaigns.endTime), desc(ownerCoupons.id)],
};

export async function pageMyCoupons(
  db: Db,
  buyerId: bigint,
  site: Site,
  input: PageMyCouponsBody,
  now = new Date(),
): Promise<MyCouponPage> {
  const q = Body.parse(input);
  const mine = and(eq(ownerCoupons.buyerId, buyerId), inCurrency(site));
  // The page, and every tab's count in one pass (three FILTERs).
  const [rows, [counts]] = await Promise.all([
    db
      .select({ oc: ownerCoupons, c: couponCampaigns, shopName: shops.name })
      .from(ownerCoupons)
      .innerJoin(couponCampaigns, eq(couponCampaigns.id, ownerCoupons.campaignId))
      .leftJoin(shops, eq(shops.id, couponCampaigns.shopId))
      .where(and(mine, tabWhere(q.tab, now)))
      .orderBy(...ORDER[q.tab])
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db
      .select({
        AVAILABLE: sql<number>`count(*) FILTER (WHERE ${tabWhere('AVAILABLE', now)})::int`,
        USED: sql<number>`count(*) FILTER (WHERE ${tabWhere('USED', now)})::int`,
        EXPIRED: sql<number>`count(*) FILTER (WHERE ${tabWhere('EXPIRED', now)})::int`,
      })
      .from(ownerCoupons)
      .innerJoin(couponCampaigns, eq(couponCampaigns.id, ownerCoupons.campaignId))
      .where(mine),
  ]);
  const data: MyCoupon[] = rows.map(({ oc, c, shopName }) => {
    const { selected: _s, usable: _u, ...dto } = couponDto(c, oc.id, site.currency, false, true);
    return { ...dto, status: q.tab, usedTime: oc.usedAt?.toISOString() ?? null, shopName };
  });
  return { data, total: counts![q.tab], pageNo: q.pageNo, pageSize: q.pageSize, counts: counts! };
}
