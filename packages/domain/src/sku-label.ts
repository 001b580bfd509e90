/**
 * How a SKU is named next to its item (cart, checkout, orders, after-sales, reviews): the SKU
 * name plus only those attributes the name does not already say, so "Black / 140x70" with
 * Color Black and Size 140x70 cm reads "Black / 140x70", not "Black / 140x70 · Black / 140x70 cm".
 * An attribute counts as said when the name contains its value, ignoring case and a trailing
 * unit ("140x70 cm" is in "Black / 140x70").
 */
export interface SkuAttribute {
  attrKey: string;
  attrVal: string;
}

const UNIT = /\s*(mm|cm|m|in|kg|g|lb|oz|ml|l|pcs?)\.?$/i;
const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();

const WORD = /[a-z0-9]/;
/** `v` occurs in `n` as whole words ("l" is not in "black"). */
function containsWords(n: string, v: string): boolean {
  for (let i = n.indexOf(v); i >= 0; i = n.indexOf(v, i + 1)) {
    const before = i === 0 ? '' : n[i - 1]!;
    const after = n[i + v.length] ?? '';
    if (!(WORD.test(before) && WORD.test(v[0]!)) && !(WORD.test(after) && WORD.test(v[v.length - 1]!))) return true;
  }
  return false;
}

export function attributeInName(name: string, value: string): boolean {
  const n = norm(name);
  const v = norm(value);
  if (!v) return true;
  if (containsWords(n, v)) return true;
  const bare = v.replace(UNIT, '');
  return bare.length > 0 && bare !== v && containsWords(n, bare);
}

export function skuLabel(name: string | null | undefined, attributes: readonly SkuAttribute[] = []): string {
  const base = name?.trim() ?? '';
  const extra = attributes
    .filter((a) => !attributeInName(base, a.attrVal))
    .map((a) => (base ? `${a.attrKey}: ${a.attrVal}` : a.attrVal));
  return [base, ...extra].filter(Boolean).join(' · ');
}
