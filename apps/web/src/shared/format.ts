import { formatMoney, type MoneyValue } from '@mall/domain';
import { useSite } from './session';

/** Money formatter bound to the current site's locale. */
export function useMoney() {
  const site = useSite();
  return (m: MoneyValue) => formatMoney(m, site.locale);
}

/** Quantity with its unit for weight items ("1.5 kg"), plain number otherwise. */
export function formatQty(qty: string, unit: string, decimals: number): string {
  return decimals > 0 ? `${qty} ${unit}` : qty;
}
