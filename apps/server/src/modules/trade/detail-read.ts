/**
 * The buyer's order detail in ONE named prepared statement: the order, the contract
 * fields it shows (never its 12 KB preview), the facts its operations need, every line with its
 * service codes, the payment records, the orders paid together and the refunds, as JSON columns.
 * Builds the same answer as detailOf (read.ts) through buildDetail.
 */
import type { Language, OrderDetail } from '@mall/contracts';
import type { Db } from '../../db/client.js';
import { buildDetail, type DetailContract, type DetailExtras, type DetailOrder, type Related } from './read.js';
import {
  LIST_ORDER_COLUMNS,
  ORDER_FACTS,
  addRelated,
  emptyRelated,
  epochMs,
  linesJson,
  listOrderOf,
  type ListOrderRow,
  type OrderFactsRow,
} from './list-page.js';
import type { OrderScope } from './scope.js';

const DETAIL = {
  name: 'order_detail',
  // $1 order id, $2 the buyers the viewer may see, $3 the viewer's language (the shipping method's name in it).
  text: `SELECT ${LIST_ORDER_COLUMNS}, ${ORDER_FACTS},
  o.sku_amt_minor, o.shipping_amt_minor, o.discount_amt_minor, o.points_discount_minor, o.tax_amt_minor, o.tax_rate, o.remark, o.pick_up_store_snapshot,
  c.site, c.payload, c.selected_address, c.billing_address, c.payment_order_id, c.need_pay_amt_minor AS contract_need_pay_minor, c.earn_points,
  (SELECT coalesce(nullif(m.texts -> $3::text ->> 'name', ''), m.name) FROM shipping_methods m WHERE m.id = o.shipping_method_id) AS method_name,
  ${linesJson(null)} AS lines,
  (SELECT json_agg(json_build_object('id', k.id::text, 'orderLineId', k.order_line_id::text, 'couponCode', k.coupon_code, 'couponsPassword', k.coupons_password,
      'usedStatus', k.used_status, 'usedAt', ${epochMs('k.used_at')}) ORDER BY k.id)
    FROM trade_order_line_coupons k JOIN trade_order_lines l ON l.id = k.order_line_id WHERE l.order_id = o.id) AS coupons,
  (SELECT json_agg(json_build_object('status', r.status, 'channel', r.channel, 'stage', r.stage, 'amountMinor', r.amount_minor::text, 'currency', r.currency,
      'createdAt', ${epochMs('r.created_at')}) ORDER BY r.id)
    FROM payment_records r WHERE r.contract_id = o.contract_id
      OR (r.status = 'PAY_SUCCESS' AND r.contract_id IN (SELECT m.merge_contract_id FROM contract_merges m WHERE m.contract_id = o.contract_id))) AS records,
  (SELECT json_agg(json_build_object('id', s.id::text, 'code', s.trade_order_code, 'needPay', s.need_pay_amt_minor::text) ORDER BY s.id)
    FROM trade_orders s WHERE s.contract_id = o.contract_id) AS siblings,
  (SELECT json_agg(json_build_object('status', f.status, 'reason', f.reason, 'channel', f.channel, 'amountMinor', f.amount_minor::text, 'currency', f.currency,
      'createdAt', ${epochMs('f.created_at')}) ORDER BY f.id)
    FROM refunds f LEFT JOIN reverse_trade_orders v ON v.id = f.reverse_id
    WHERE f.contract_id = o.contract_id AND (f.reason = 'NOT_CAPTURED' OR v.order_id = o.id)) AS refunds
FROM trade_orders o JOIN trade_contracts c ON c.id = o.contract_id
WHERE o.id = $1 AND o.buyer_id = ANY($2::bigint[])`,
};

/** Money JSON of DETAIL (records, refunds): amounts as strings, times as epoch milliseconds. */
type MoneyJson = { amountMinor: string; currency: string; createdAt: number; status: string; channel: string };
type Refund = DetailExtras['refunds'][number];

/** A row of DETAIL as pg returns it (bigint columns as strings, see ListOrderRow). */
type DetailRow = ListOrderRow &
  OrderFactsRow & {
    sku_amt_minor: string;
    shipping_amt_minor: string;
    discount_amt_minor: string;
    points_discount_minor: string;
    tax_amt_minor: string;
    tax_rate: DetailOrder['taxRate'];
    remark: DetailOrder['remark'];
    pick_up_store_snapshot: DetailOrder['pickUpStoreSnapshot'];
    site: DetailContract['site'];
    payload: DetailContract['payload'];
    selected_address: DetailContract['selectedAddress'];
    billing_address: DetailContract['billingAddress'];
    payment_order_id: DetailContract['paymentOrderId'];
    contract_need_pay_minor: string;
    earn_points: DetailContract['earnPoints'];
    method_name: string | null;
    coupons:
      | {
          id: string;
          orderLineId: string;
          couponCode: string;
          couponsPassword: string;
          usedStatus: Related['coupons'][number]['usedStatus'];
          usedAt: number | null;
        }[]
      | null;
    records: (MoneyJson & { stage: string })[] | null;
    siblings: { id: string; code: string; needPay: string }[] | null;
    refunds: (MoneyJson & { status: Refund['status']; reason: Refund['reason'] })[] | null;
  };

/** The order if the viewer may see it (else null), with every section of the detail. */
export async function orderDetailRead(
  db: Db,
  scope: OrderScope,
  id: bigint,
  lang: Language,
): Promise<(OrderDetail & { tradeOrderCode: string }) | null> {
  const {
    rows: [r],
  } = await db.$client.query<DetailRow>({
    ...DETAIL,
    values: [String(id), [...scope.buyers.keys()].map(String), lang],
  });
  if (!r) return null;
  const { o: listed, c: listedContract } = listOrderOf(r);
  const o: DetailOrder = {
    ...listed,
    skuAmtMinor: BigInt(r.sku_amt_minor),
    shippingAmtMinor: BigInt(r.shipping_amt_minor),
    discountAmtMinor: BigInt(r.discount_amt_minor),
    pointsDiscountMinor: BigInt(r.points_discount_minor),
    taxAmtMinor: BigInt(r.tax_amt_minor),
    taxRate: r.tax_rate,
    remark: r.remark,
    pickUpStoreSnapshot: r.pick_up_store_snapshot,
  };
  const c = {
    ...listedContract,
    site: r.site,
    payload: r.payload,
    selectedAddress: r.selected_address,
    billingAddress: r.billing_address,
    paymentOrderId: r.payment_order_id,
    needPayAmtMinor: BigInt(r.contract_need_pay_minor),
    earnPoints: r.earn_points,
  };
  const rel = emptyRelated();
  addRelated(rel, o, r);
  rel.coupons = (r.coupons ?? []).map((k) => ({
    id: BigInt(k.id),
    orderLineId: BigInt(k.orderLineId),
    couponCode: k.couponCode,
    couponsPassword: k.couponsPassword,
    usedStatus: k.usedStatus,
    usedAt: k.usedAt === null ? null : new Date(k.usedAt),
    usedBy: null,
    refundedAt: null,
  }));
  return buildDetail(o, c, scope, rel, {
    methodName: r.method_name,
    records: (r.records ?? []).map((x) => ({
      ...x,
      amountMinor: BigInt(x.amountMinor),
      createdAt: new Date(x.createdAt),
    })),
    siblings: (r.siblings ?? []).map((x) => ({
      id: BigInt(x.id),
      code: x.code,
      needPay: BigInt(x.needPay),
    })),
    refunds: (r.refunds ?? []).map((x) => ({
      ...x,
      amountMinor: BigInt(x.amountMinor),
      createdAt: new Date(x.createdAt),
    })),
  });
}
