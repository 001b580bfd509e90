/**
 * Import duties and import taxes of cross-border orders (SPEC §4 trade type NORMAL_SALE_CBE,
 * §9 "CBE types per site"). A cross-border order is declared to customs at the price the buyer
 * pays for each line (after discounts); the duty is the site's rate for the line's customs
 * category times that value, and the import tax is the site's import tax rate times the customs
 * value (goods and shipping) plus the duty, as import VAT is reckoned. The domestic sales tax or
 * VAT does not apply on top: the import tax takes its place. All amounts in minor units.
 */
import type { CrossBorderRule } from '@mall/contracts';
import { applyRate, sumMinor } from './money.js';

/**
 * Customs category and HS heading of each catalog category. A catalog category not listed is
 * declared as 'general' with no heading of its own.
 */
export const CUSTOMS_CATEGORIES: Readonly<Record<string, { customsCategory: string; hsCode: string }>> = {
  tableware: { customsCategory: 'ceramics', hsCode: '6912.00' },
  lighting: { customsCategory: 'lighting', hsCode: '9405.40' },
  desks: { customsCategory: 'furniture', hsCode: '9403.30' },
  parts: { customsCategory: 'furniture', hsCode: '9403.90' },
  chairs: { customsCategory: 'furniture', hsCode: '9401.30' },
  pantry: { customsCategory: 'food', hsCode: '0901.21' },
  textiles: { customsCategory: 'textiles', hsCode: '6302.60' },
};
const GENERAL = { customsCategory: 'general', hsCode: '9999.00' };

export function customsCategoryOf(catalogCategory: string): { customsCategory: string; hsCode: string } {
  return CUSTOMS_CATEGORIES[catalogCategory] ?? GENERAL;
}

/** The duty rate of a customs category on a site: its own, else the site's default. */
export function dutyRateFor(rule: CrossBorderRule, customsCategory: string): string {
  return rule.dutyRates[customsCategory] ?? rule.defaultDutyRate;
}

export interface ImportLineIn {
  key: string;
  /** The catalog category of the line's item. */
  category: string;
  /** What the buyer pays for the line (minor units), its declared value. */
  valueMinor: bigint;
}

export interface ImportLineOut {
  key: string;
  customsCategory: string;
  hsCode: string;
  dutyRate: string;
  valueMinor: bigint;
  dutyMinor: bigint;
}

export interface ImportCharges {
  lines: ImportLineOut[];
  /** The goods' declared value (sum of the lines). */
  declaredValueMinor: bigint;
  dutyMinor: bigint;
  importTaxMinor: bigint;
}

/** Duties per line and the import tax of one cross-border order shipped into the site of `rule`. */
export function importCharges(rule: CrossBorderRule, lines: ImportLineIn[], shippingMinor: bigint): ImportCharges {
  const out = lines.map((l) => {
    const { customsCategory, hsCode } = customsCategoryOf(l.category);
    const dutyRate = dutyRateFor(rule, customsCategory);
    const valueMinor = l.valueMinor < 0n ? 0n : l.valueMinor;
    return { key: l.key, customsCategory, hsCode, dutyRate, valueMinor, dutyMinor: applyRate(valueMinor, dutyRate) };
  });
  const declaredValueMinor = sumMinor(out.map((l) => l.valueMinor));
  const dutyMinor = sumMinor(out.map((l) => l.dutyMinor));
  const taxBase = declaredValueMinor + (shippingMinor < 0n ? 0n : shippingMinor) + dutyMinor;
  return { lines: out, declaredValueMinor, dutyMinor, importTaxMinor: applyRate(taxBase, rule.importTaxRate) };
}
