/**
 * DIY bundles (SPEC §1 DIY bundle orders; §3 Order line DIY_MAIN / DIY_CHILD): a bundle is
 * sold as its main SKU with every child part included. This is the one price rule for a
 * bundle, used by the catalog card, the item page headline, the cart, the checkout preview
 * and submit (so the order) and the demo orders:
 *
 *   bundle unit price = main SKU price + sum over parts of (part price x part quantity)
 *
 * each part amount rounded half up to the minor unit, like any line amount.
 */
import { lineAmount, money, toMinor, type MoneyValue } from './money.js';

export interface BundlePart {
  unitMinor: bigint;
  /** Units of the part in one bundle ("1"). */
  qty: string;
}

/** Price of one bundle in minor units; without parts it is the main SKU's price. */
export function bundleUnitMinor(mainMinor: bigint, parts: readonly BundlePart[]): bigint {
  return parts.reduce((a, p) => a + lineAmount(p.unitMinor, p.qty), mainMinor);
}

/** The same rule on wire amounts, for callers holding DTOs (item page, cart line children). */
export function bundleUnitPrice(
  main: MoneyValue,
  parts: readonly { sku: { salePrc: MoneyValue }; qty: string }[],
): MoneyValue {
  const minor = bundleUnitMinor(
    toMinor(main.value, main.currency),
    parts.map((p) => ({ unitMinor: toMinor(p.sku.salePrc.value, main.currency), qty: p.qty })),
  );
  return money(minor, main.currency);
}
