import type { Sku } from '@mall/contracts';

/** The quantity rule of a SKU for the quantity stepper (item page and cart). */
export const skuRule = (s: Sku) => ({ min: s.minQty, max: s.maxQty, step: s.adjustStep, decimals: s.qtyDecimals });
