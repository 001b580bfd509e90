/**
 * After-sales read model (SPEC §3 reverse order, §7 querypage, querybyordersku, querybyid):
 * rows turned into what the buyer (and the seller console) sees, operationList included.
 */
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  ERROR_CODES,
  type Currency,
  type ReverseDetail,
  type ReverseListBody,
  type ReversePage,
  type ReverseSummary,
} from '@mall/contracts';
import { isOpen, money, REVERSE_FINAL_STATUSES, reverseOperationList, type ReverseStatus } from '@mall/domain';
import type { Db } from '../../db/client.js';
import {
  carriers,
  refunds,
  reverseShipments,
  reverseTrackingEvents,
  reverseTradeOrderLines,
  reverseTradeOrders,
  shops,
  skus,
  tradeContracts,
  tradeOrderLines,
  tradeOrders,
} from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { likeEscape } from '../trade/read.js';

type Row = typeof reverseTradeOrders.$inferSelect;
type Snapshot = {
  itemName: string;
  skuName: string;
  image: string;
  attributes?: { attrKey: string; attrVal: string }[];
  unit?: string | null;
};
export const reverseNotFound = () =>
  new AppError(404, ERROR_CODES.reverseNotExist, 'This after-sales order does not exist');

const fmt = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 19);

/** Lines, shipments, refunds, shop names and orders of some reverse orders, in a few statements. */
async function relations(db: Db, rows: Row[]) {
  const ids = rows.map((r) => r.id);
  if (!ids.length) return null;
  const [lines, ships, refundRows, orders, shopRows] = await Promise.all([
    db
      .select({ rl: reverseTradeOrderLines, l: tradeOrderLines })
      .from(reverseTradeOrderLines)
      .innerJoin(tradeOrderLines, eq(tradeOrderLines.id, reverseTradeOrderLines.orderLineId))
      .where(inArray(reverseTradeOrderLines.reverseId, ids))
      .orderBy(reverseTradeOrderLines.id),
    db
      .select({ s: reverseShipments, c: carriers })
      .from(reverseShipments)
      .innerJoin(carriers, eq(carriers.id, reverseShipments.carrierId))
      .where(inArray(reverseShipments.reverseId, ids)),
    db.select().from(refunds).where(inArray(refunds.reverseId, ids)),
    db
      .select({ o: tradeOrders, contractCreatedAt: tradeContracts.createdAt })
      .from(tradeOrders)
      .innerJoin(tradeContracts, eq(tradeContracts.id, tradeOrders.contractId))
      .where(inArray(tradeOrders.id, [...new Set(rows.map((r) => r.orderId))])),
    db
      .select({ id: shops.id, name: shops.name })
      .from(shops)
      .where(inArray(shops.id, [...new Set(rows.map((r) => r.shopId))])),
  ]);
  const exchangeIds = lines.map((x) => x.rl.exchangeSkuId).filter((x): x is bigint => x !== null);
  const lineIds = lines.map((x) => x.l.id);
  const [exchangeSkus, gifts, events] = await Promise.all([
    exchangeIds.length ? db.select().from(skus).where(inArray(skus.id, exchangeIds)) : [],
    lineIds.length
      ? db
          .select()
          .from(tradeOrderLines)
          .where(and(inArray(tradeOrderLines.parentLineId, lineIds), eq(tradeOrderLines.lineGroupType, 'GIFT_CHILD')))
      : [],
    ships.length
      ? db
          .select()
          .from(reverseTrackingEvents)
          .where(
            inArray(
              reverseTrackingEvents.shipmentId,
              ships.map((s) => s.s.id),
            ),
          )
          .orderBy(desc(reverseTrackingEvents.happenedAt), desc(reverseTrackingEvents.id))
      : [],
  ]);
  const reissueIds = rows.map((r) => r.reissueOrderId).filter((x): x is bigint => x !== null);
  const reissues = reissueIds.length
    ? await db
        .select({ id: tradeOrders.id, code: tradeOrders.tradeOrderCode })
        .from(tradeOrders)
        .where(inArray(tradeOrders.id, reissueIds))
    : [];
  return { lines, ships, refundRows, orders, shopRows, exchangeSkus, gifts, events, reissues };
}
type Rel = NonNullable<Awaited<ReturnType<typeof relations>>>;

function summaryOf(r: Row, rel: Rel, viewerIsBuyer: boolean): ReverseSummary & { _rel: Rel } {
  const currency = r.currency as Currency;
  const order = rel.orders.find((x) => x.o.id === r.orderId)!;
  const lines = rel.lines.filter((x) => x.rl.reverseId === r.id);
  const ships = rel.ships.filter((x) => x.s.reverseId === r.id);
  const ops = reverseOperationList({
    type: r.type,
    status: r.status as ReverseStatus,
    viewerIsBuyer,
    hasLogistics: ships.length > 0,
    hasRejectReason: !!(r.auditRejectReason || r.qcRejectReason),
  });
  return {
    id: String(r.id),
    reverseTradeOrderCode: r.reverseTradeOrderCode,
    createdAt: r.createdAt.toISOString(),
    reverseTradeOrderType: r.type,
    reverseTradeOrderStatus: r.status as ReverseStatus,
    operationList: ops,
    shopId: String(r.shopId),
    shopName: rel.shopRows.find((s) => s.id === r.shopId)?.name ?? '',
    skuTotalCount: lines.reduce((s, x) => s + Number(x.rl.reverseQty), 0),
    applyRefundAmt: money(r.applyRefundAmtMinor, currency),
    actualRefundAmt: r.actualRefundAmtMinor === null ? null : money(r.actualRefundAmtMinor, currency),
    tradeOrder: {
      id: String(order.o.id),
      tradeOrderCode: order.o.tradeOrderCode,
      timeline: { orderedTime: order.o.createdAt.toISOString() },
    },
    reverseTradeOrderLineList: lines.map(({ rl, l }) => {
      const snap = l.snapshot as Snapshot;
      const ex = rl.exchangeSkuId ? rel.exchangeSkus.find((s) => s.id === rl.exchangeSkuId) : undefined;
      return {
        id: String(rl.id),
        reverseQty: String(Number(rl.reverseQty)),
        applyRefundAmt: money(rl.applyRefundAmtMinor, currency),
        sku: {
          id: String(l.skuId),
          name: snap.itemName,
          skuName: snap.skuName,
          image: snap.image,
          attributes: snap.attributes ?? [],
          unitName: snap.unit ?? null,
          salePrc: money(l.unitAmtMinor, currency),
        },
        derivativeSku: ex
          ? {
              id: String(ex.id),
              name: snap.itemName,
              skuName: ex.name,
              image: ex.image,
              attributes: ex.attributes,
              unitName: snap.unit ?? null,
              salePrc: money(l.unitAmtMinor, currency),
            }
          : null,
        tradeOrderLine: {
          id: String(l.id),
          tradeOrderLineBusinessType: 'NORMAL' as const,
          lineGroupTypeDict: l.lineGroupType,
        },
      };
    }),
    _rel: rel,
  };
}

/** The full detail (SPEC §2 detail page): summary plus notes, addresses, shipments, refund and the next deadline. */
export function detailOf(r: Row, rel: Rel, viewerIsBuyer: boolean): ReverseDetail {
  const { _rel, ...summary } = summaryOf(r, rel, viewerIsBuyer);
  void _rel;
  const currency = r.currency as Currency;
  const order = rel.orders.find((x) => x.o.id === r.orderId)!;
  const lines = rel.lines.filter((x) => x.rl.reverseId === r.id);
  const mine = rel.refundRows.filter((f) => f.reverseId === r.id);
  const refundStatus = !mine.length
    ? null
    : mine.some((f) => f.status === 'REFUND_PENDING')
      ? ('REFUND_PENDING' as const)
      : mine.some((f) => f.status === 'REFUND_FAIL')
        ? ('REFUND_FAIL' as const)
        : ('REFUND_DONE' as const);
  const deadlineKind =
    r.status === 'WAITING_FOR_AUDIT_BY_SELLER' || r.status === 'AS_APPLIED'
      ? ('AUTO_APPROVE' as const)
      : r.status === 'WAITING_FOR_BUYER_RETURN'
        ? ('AUTO_CLOSE' as const)
        : r.status === 'WAITING_FOR_BUYER_CONFIRMED'
          ? ('AUTO_CONFIRM' as const)
          : null;
  return {
    ...summary,
    tradeContract: { createdAt: order.contractCreatedAt.toISOString() },
    orderedTime: order.o.createdAt.toISOString(),
    reverseReason: r.reason as ReverseDetail['reverseReason'],
    reverseNotes: {
      reverseReason: r.reason as ReverseDetail['reverseReason'],
      reverseText: r.reverseText,
      auditRejectReason: r.auditRejectReason,
    },
    remarkList: [{ remark: r.reverseText, attachmentList: { files: (r.attachments ?? []).map((url) => ({ url })) } }],
    actualRefundShippingAmt:
      r.actualRefundShippingAmtMinor === null ? null : money(r.actualRefundShippingAmtMinor, currency),
    sellerConfirmRefundShippingAmt:
      r.sellerConfirmRefundShippingAmtMinor === null ? null : money(r.sellerConfirmRefundShippingAmtMinor, currency),
    changeToReturn: false,
    returnAddress: (r.returnAddress as ReverseDetail['returnAddress']) ?? null,
    seller: { id: String(r.sellerId ?? order.o.sellerId) },
    auditRejectReason: r.auditRejectReason,
    qcRejectReason: r.qcRejectReason,
    giftLineList: rel.gifts
      .filter((g) => lines.some((x) => x.l.id === g.parentLineId))
      .map((g) => {
        const main = lines.find((x) => x.l.id === g.parentLineId)!;
        const s = g.snapshot as Snapshot;
        return {
          name: s.itemName,
          image: s.image,
          qty: String(Math.round(((Number(g.qty) * Number(main.rl.reverseQty)) / Number(main.l.qty)) * 1000) / 1000),
        };
      }),
    fulfillmentProgressList: rel.ships
      .filter((x) => x.s.reverseId === r.id)
      .sort((a, b) => (a.s.direction < b.s.direction ? 1 : -1))
      .map(({ s, c }) => ({
        id: String(s.id),
        direction: s.direction,
        fulfillmentProgressStatus: 'SEND_DELIVERY' as const,
        serviceCode: s.serviceCode,
        fulfillmentServiceProvider: { id: String(c.id), entityName: c.entityName, code: c.code },
        logisticsList: rel.events
          .filter((e) => e.shipmentId === s.id)
          .map((e) => ({
            originTime: e.happenedAt.toISOString(),
            formatTime: fmt(e.happenedAt),
            context: e.context,
            areaName: e.areaName,
            operaterType: e.operaterType,
          })),
        createdAt: s.createdAt.toISOString(),
      })),
    refund: refundStatus
      ? {
          status: refundStatus,
          amount: money(
            mine.reduce((s, f) => s + f.amountMinor, 0n),
            currency,
          ),
          failedReason: mine.find((f) => f.failedReason)?.failedReason ?? null,
        }
      : null,
    deadline:
      deadlineKind && r.deadlineAt && isOpen(r.status as ReverseStatus)
        ? { at: r.deadlineAt.toISOString(), kind: deadlineKind }
        : null,
    reissueOrder: (() => {
      const o = r.reissueOrderId === null ? undefined : rel.reissues.find((x) => x.id === r.reissueOrderId);
      return o ? { id: String(o.id), tradeOrderCode: o.code } : null;
    })(),
  };
}

export async function detailsOf(db: Db, rows: Row[], viewerIsBuyer: boolean): Promise<ReverseDetail[]> {
  const rel = await relations(db, rows);
  return rel ? rows.map((r) => detailOf(r, rel, viewerIsBuyer)) : [];
}

function statusFilter(applied: ReverseListBody['applied']): SQL | undefined {
  if (!applied) return undefined;
  const finals = [...REVERSE_FINAL_STATUSES];
  if (applied === 'finished') return inArray(reverseTradeOrders.status, finals);
  if (applied === 'processing') return sql`${reverseTradeOrders.status} NOT IN ${sql.raw(`('${finals.join("','")}')`)}`;
  return eq(reverseTradeOrders.status, applied);
}

/** reverseorder/querypage: the buyer's own after-sales, newest first. */
export async function listReverse(db: Db, buyerId: bigint, body: ReverseListBody): Promise<ReversePage> {
  const pageNo = body.pageNo ?? 1;
  const pageSize = body.pageSize ?? 10;
  const where = and(
    eq(reverseTradeOrders.buyerId, buyerId),
    body.keyword ? sql`${reverseTradeOrders.reverseTradeOrderCode} LIKE ${`${likeEscape(body.keyword)}%`}` : undefined,
    statusFilter(body.applied),
    body.reverseOrderIds?.length ? inArray(reverseTradeOrders.id, body.reverseOrderIds.map(BigInt)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(reverseTradeOrders)
      .where(where)
      .orderBy(desc(reverseTradeOrders.createdAt), desc(reverseTradeOrders.id))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    db.select({ n: count() }).from(reverseTradeOrders).where(where),
  ]);
  const rel = await relations(db, rows);
  const data = rel
    ? rows.map((r) => {
        const { _rel, ...s } = summaryOf(r, rel, true);
        void _rel;
        return s;
      })
    : [];
  return { data, total: total!.n, pageNo, pageSize };
}

/** reverseorder/querybyordersku: the buyer's after-sales of one product of one order. */
export async function reverseByOrderSku(
  db: Db,
  buyerId: bigint,
  orderId: bigint,
  skuId: bigint,
): Promise<ReverseSummary[]> {
  const rows = await db
    .selectDistinct({ r: reverseTradeOrders })
    .from(reverseTradeOrders)
    .innerJoin(reverseTradeOrderLines, eq(reverseTradeOrderLines.reverseId, reverseTradeOrders.id))
    .innerJoin(tradeOrderLines, eq(tradeOrderLines.id, reverseTradeOrderLines.orderLineId))
    .where(
      and(
        eq(reverseTradeOrders.buyerId, buyerId),
        eq(reverseTradeOrders.orderId, orderId),
        eq(tradeOrderLines.skuId, skuId),
      ),
    )
    .orderBy(desc(reverseTradeOrders.id));
  const list = rows.map((x) => x.r);
  const rel = await relations(db, list);
  return rel
    ? list.map((r) => {
        const { _rel, ...s } = summaryOf(r, rel, true);
        void _rel;
        return s;
      })
    : [];
}

/** reverseorder/querybyid: only the buyer's own; anyone else gets 404. */
export async function reverseById(db: Db, buyerId: bigint, id: bigint): Promise<ReverseDetail> {
  const [r] = await db
    .select()
    .from(reverseTradeOrders)
    .where(and(eq(reverseTradeOrders.id, id), eq(reverseTradeOrders.buyerId, buyerId)));
  if (!r) throw reverseNotFound();
  return (await detailsOf(db, [r], true))[0]!;
}
