import { useTranslation } from 'react-i18next';
import { formatMoney, type MoneyValue } from '@mall/domain';
import { useSite } from './session';

/** Date and time in the interface language ("Dec 3, 2026, 6:00 AM"); none: a dash. */
export function useDateTime() {
  const { i18n } = useTranslation();
  return (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
      : '—';
}

/** Money formatter bound to the current site's locale. */
export function useMoney() {
  const site = useSite();
  return (m: MoneyValue) => formatMoney(m, site.locale);
}

/** Quantity with its unit for weight items ("1.5 kg"), plain number otherwise. */
export function formatQty(qty: string, unit: string, decimals: number): string {
  return decimals > 0 ? `${qty} ${unit}` : qty;
}

/** A tax rate as the spec shows it: rate × 100 %, e.g. 0.0725 -> "7.25", 0.06875 -> "6.875", 0.04 -> "4". */
export function taxPercent(rate: number): string {
  return (Math.round(rate * 100000) / 1000).toFixed(3).replace(/\.?0+$/, '');
}
