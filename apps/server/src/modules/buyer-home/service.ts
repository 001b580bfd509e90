/**
 * User centre home (SPEC §2 /buyer/index): level, points, coupons, super member, the latest order,
 * after-sales and reviews waiting, read by ONE named prepared statement (scalar subqueries on
 * the buyer's indexes), like the session summary and the item list on the hot path.
 */
import { REVERSE_FINAL_STATUSES, displayStatus, money, paidServiceInForce, type OrderStatus } from '@mall/domain';
import type { BuyerHome, Currency, PaidServiceStatus, Site } from '@mall/contracts';
import type { Db } from '../../db/client.js';

/** Statuses in which an after-sales waits for the buyer: send the goods back, confirm the replacement. */
const FOR_BUYER = ['WAITING_FOR_BUYER_RETURN', 'WAITING_FOR_BUYER_CONFIRMED'];

// $1 buyer, $2 now, $3 site currency, $4 final after-sales statuses, $5 after-sales waiting for the buyer, $6 site.
const HOME_SQL = `
  SELECT u.nickname,
    -- The points ledger's balance row (modules/points/ledger.ts keeps it with every line).
    coalesce((SELECT pb.balance FROM point_balances pb WHERE pb.buyer_id = u.id), 0) AS points,
    -- The level as levelForGrowth picks it: the highest whose threshold the site's growth reaches.
    (SELECT json_build_object('code', ml.code, 'name', ml.name) FROM member_levels ml
      WHERE ml.site = $6 AND ml.threshold_minor <= coalesce((SELECT mg.growth_minor FROM member_growth mg WHERE mg.buyer_id = u.id AND mg.site = $6), 0)
      ORDER BY ml.rank DESC LIMIT 1) AS level,
    -- The checkout's offer and my coupons' available tab: not used, started, not ended, priced in this currency.
    (SELECT count(*)::int FROM owner_coupons oc JOIN coupon_campaigns cc ON cc.id = oc.campaign_id
      WHERE oc.buyer_id = u.id AND oc.status = 'NOT_USED' AND cc.start_time <= $2 AND cc.end_time > $2
        AND (cc.type = 'DISCOUNT_COUPON' OR cc.amounts ? $3::text)) AS coupons,
    (SELECT json_build_object('status', ps.status, 'endAt', ps.end_at) FROM paid_services ps WHERE ps.buyer_id = u.id) AS service,
    (SELECT json_build_object('id', o.id::text, 'code', o.trade_order_code, 'status', o.status, 'tradeType', o.trade_type, 'payChannel', o.pay_channel,
        'createdAt', o.created_at, 'needPay', o.need_pay_amt_minor::text, 'currency', o.currency,
        'itemName', first.snapshot ->> 'itemName', 'image', first.snapshot ->> 'image',
        'lineCount', (SELECT count(*) FROM trade_order_lines l WHERE l.order_id = o.id AND l.parent_line_id IS NULL))
      FROM trade_orders o
      LEFT JOIN LATERAL (SELECT l.snapshot FROM trade_order_lines l WHERE l.order_id = o.id ORDER BY l.id LIMIT 1) first ON true
      WHERE o.buyer_id = u.id ORDER BY o.created_at DESC, o.id DESC LIMIT 1) AS latest,
    (SELECT count(*)::int FROM reverse_trade_orders r WHERE r.buyer_id = u.id AND r.status <> ALL($4::text[])) AS after_sales_open,
    (SELECT count(*)::int FROM reverse_trade_orders r WHERE r.buyer_id = u.id AND r.status = ANY($5::text[])) AS after_sales_for_buyer,
    -- As the reviews page's 'to review' count (modules/comment/service.ts pageOrdersToReview).
    (SELECT count(*)::int FROM trade_orders o WHERE o.buyer_id = u.id AND o.status = 'COMPLETE' AND o.trade_type <> 'NORMAL_POINT_REDEEM'
      AND o.comment_status = 'NOT_EVALUATED') AS reviews_to_do
  FROM users u WHERE u.id = $1`;

interface HomeRow {
  nickname: string;
  points: number;
  coupons: number;
  level: { code: string; name: string } | null;
  after_sales_open: number;
  after_sales_for_buyer: number;
  reviews_to_do: number;
  service: { status: PaidServiceStatus; endAt: string } | null;
  latest: {
    id: string;
    code: string;
    status: OrderStatus;
    tradeType: string;
    payChannel: string | null;
    createdAt: string;
    needPay: string;
    currency: Currency;
    itemName: string | null;
    image: string | null;
    lineCount: number;
  } | null;
}

export async function buyerHome(db: Db, buyerId: bigint, site: Site, now = new Date()): Promise<BuyerHome> {
  const {
    rows: [r],
  } = await db.$client.query<HomeRow>({
    name: 'buyer_home',
    text: HOME_SQL,
    values: [String(buyerId), now, site.currency, REVERSE_FINAL_STATUSES, FOR_BUYER, site.code],
  });
  const s = r!.service;
  const l = r!.latest;
  return {
    nickname: r!.nickname,
    level: r!.level,
    points: r!.points,
    couponsAvailable: r!.coupons,
    superMember: {
      active: !!s && paidServiceInForce({ status: s.status, endAt: new Date(s.endAt) }, now),
      endTime: s ? new Date(s.endAt).toISOString() : null,
    },
    latestOrder: l
      ? {
          id: l.id,
          tradeOrderCode: l.code,
          displayStatus: displayStatus({ status: l.status, tradeType: l.tradeType, payChannel: l.payChannel }),
          createdAt: new Date(l.createdAt).toISOString(),
          needPayAmt: money(BigInt(l.needPay), l.currency),
          itemName: l.itemName ?? '',
          image: l.image ?? '',
          lineCount: Number(l.lineCount),
        }
      : null,
    afterSalesOpen: r!.after_sales_open,
    afterSalesForBuyer: r!.after_sales_for_buyer,
    reviewsToDo: r!.reviews_to_do,
  };
}
