/**
 * Order texts and small display rules shared by the order screens (SPEC §2 Orders, §4 Order
 * display statuses, §9): tab and status labels, time filters, quantities with units, tax rate.
 */
import type { OrderLine, OrderSummary, OrderTab, OrderTimespan } from '@mall/contracts';
import { ORDER_STATUS_VALUES, ORDER_TIMESPANS } from '@mall/contracts/constants';
import { skuLabel } from '@mall/domain';

export type DisplayStatus = (typeof ORDER_STATUS_VALUES)[number];

/** Tabs of the desktop list, in order; CANCEL_ALL is the extra 'canceled' filter. */
export const LIST_TABS: readonly OrderTab[] = ['ALL_ORDER', 'PENDING_PAY', 'UN_DELIVERY', 'UN_RECEIVED', 'COMPLETE'];
export const CANCELED_FILTER: OrderTab = 'CANCEL_ALL';
export const ALL_FILTERS: readonly OrderTab[] = [...LIST_TABS, CANCELED_FILTER];
export const TIMESPANS: readonly OrderTimespan[] = ORDER_TIMESPANS;

/** i18n key of a list tab / filter. */
export const tabKey = (tab: OrderTab) => `orders.tab.${tab}`;
/** i18n key of a display status. */
export const statusKey = (s: DisplayStatus) => `orders.status.${s}`;

export const STATUS_COLOR: Record<DisplayStatus, string> = {
  PENDING_PAY: 'orange',
  PENDING_DEPOSIT: 'orange',
  PENDING_BALANCE: 'orange',
  UN_DELIVERY: 'blue',
  UN_RECEIVED: 'cyan',
  COMPLETE: 'green',
  CLOSED: 'gray',
  CANCELED: 'gray',
  CANCEL_ALL: 'gray',
  PROCESSING: 'yellow',
  UNDER_REVIEW: 'violet',
};

/** Weight items show their quantity with the unit ("1.5 kg"); others "× 2". */
export function isWeight(line: Pick<OrderLine, 'itemBusinessType'>): boolean {
  return line.itemBusinessType.toUpperCase() === 'WEIGHT';
}
export function lineQty(line: Pick<OrderLine, 'itemBusinessType' | 'tradeQty' | 'sku'>): string {
  return isWeight(line) ? `${line.tradeQty} ${line.sku.unitName ?? ''}`.trim() : `× ${line.tradeQty}`;
}
/** "Black / 140x70" plus attributes not already in the name (the shared rule of @mall/domain). */
export function skuText(line: Pick<OrderLine, 'sku'>): string {
  return skuLabel(line.sku.name, line.sku.attributes);
}

/** Tax rate as the spec shows it: taxRate × 100 %, e.g. 0.0725 -> "7.25" (one formatter with checkout). */
export { taxPercent } from '../../shared/format';

/** Statuses whose pay deadline counts down on the card and the detail. */
export const COUNTDOWN_STATUSES: readonly DisplayStatus[] = ['PENDING_PAY', 'PENDING_DEPOSIT'];

export const isCountdown = (o: Pick<OrderSummary, 'displayStatus' | 'payDeadlineMillis'>) =>
  COUNTDOWN_STATUSES.includes(o.displayStatus) && o.payDeadlineMillis !== null;

/** Remaining time as "2d 03:04:05" / "03:04:05". */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(total / 86400);
  const h = Math.floor((total % 86400) / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const hms = [h, m, s].map((n) => String(n).padStart(2, '0')).join(':');
  return d > 0 ? `${d}d ${hms}` : hms;
}

export const DATE_TIME = 'YYYY-MM-DD HH:mm';
export const DATE_TIME_S = 'YYYY-MM-DD HH:mm:ss';
