/**
 * After-sales texts and small display rules (SPEC §4 "After-sales statuses", §8): status, type
 * and reason labels, status colours, the translated error of an after-sales call, quantities.
 */
import type { TFunction } from 'i18next';
import type { ApplyLineView, ApplyType, ReverseReason, ReverseStatusValue, ReverseTypeValue } from '@mall/contracts';
import type { QuantityRule } from '@mall/domain';
import { compareQuantity, skuLabel as sharedSkuLabel } from '@mall/domain';
import { errorMessage } from '../../../shared/errors';

export const statusKey = (s: ReverseStatusValue) => `aftersales.status.${s}`;
export const typeKey = (s: ReverseTypeValue) => `aftersales.type.${s}`;
export const reasonKey = (r: ReverseReason) => `aftersales.reason.${r}`;

/** Colour of each status (badge tint and dot, banner); texts on them stay near-black for contrast. */
export const STATUS_COLOR: Record<ReverseStatusValue, string> = {
  AS_APPLIED: 'blue',
  WAITING_FOR_AUDIT_BY_SELLER: 'blue',
  WAITING_FOR_BUYER_RETURN: 'orange',
  WAITING_FOR_QC_DONE: 'indigo',
  WAITING_FOR_REFUND: 'violet',
  WAITING_FOR_SELLER_SHIP: 'cyan',
  WAITING_FOR_BUYER_CONFIRMED: 'orange',
  REFUND_PENDING: 'violet',
  REFUND_DONE: 'green',
  REVERSE_DONE: 'green',
  REVERSE_CANCELED: 'gray',
  REVERSE_CLOSE: 'gray',
  REFUND_FAIL: 'red',
};

/** Statuses that mean the application is over. */
export const FINISHED: readonly ReverseStatusValue[] = [
  'REFUND_DONE',
  'REVERSE_DONE',
  'REVERSE_CANCELED',
  'REVERSE_CLOSE',
];

/** Types that send goods back (a return address and the send-back step). */
export const RETURNS_GOODS: readonly ReverseTypeValue[] = ['SALE_RETURN', 'SALE_EXCHANGE', 'PURCHASE_RETURN'];

/** Order of the type choices in the dialog and the apply page. */
export const APPLY_TYPE_ORDER: readonly ApplyType[] = [
  'SALE_CANCEL_BEFORE_DELIVERY',
  'SALE_REFUND',
  'SALE_RETURN',
  'SALE_EXCHANGE',
  'PURCHASE_RETURN',
];

/** The translated message of an after-sales call's error (errors.AfterSales.* and the shared codes). */
export const aftersalesError = (t: TFunction, err: unknown): string => errorMessage(t, err);

export { isUnauthorized } from '../../../shared/errors';

/** The quantity a line offers for the type: what may be cancelled before delivery, or reversed. */
export const lineMax = (l: ApplyLineView, type: ApplyType | null) =>
  type === 'SALE_CANCEL_BEFORE_DELIVERY' ? l.canCancelQty : l.canReverseQty;
export const hasQty = (q: string) => Number(q) > 0;

/** Gifts and DIY parts travel with their main line and are never listed on their own. */
export const isListedGroup = (l: ApplyLineView) =>
  l.lineGroupTypeDict !== 'GIFT_CHILD' && l.lineGroupTypeDict !== 'DIY_CHILD';

/**
 * Stepper rule of a line: 1 to canReverseQty (SPEC §5). Weight items take decimals (half
 * steps: the apply answer carries no adjustStep); a weight line with less than 1 left starts
 * at what is left.
 */
export function lineRule(max: string, isWeight: boolean): QuantityRule {
  const decimals = isWeight ? Math.max(1, (max.split('.')[1] ?? '').replace(/0+$/, '').length) : 0;
  const min = compareQuantity(max, '1') < 0 ? max : '1';
  return { min, max, step: isWeight ? '0.5' : '1', decimals };
}

/** SKU name plus attributes not already in it. */
export function skuLabel(
  s: { skuName?: string; name?: string; attributes: { attrKey: string; attrVal: string }[] },
  nameKey: 'skuName' | 'name' = 'skuName',
): string {
  return sharedSkuLabel(nameKey === 'skuName' ? s.skuName : s.name, s.attributes);
}

/** Decimals of a currency's amounts (JPY none). */
export const currencyDecimals = (currency: string) => (currency === 'JPY' ? 0 : 2);
