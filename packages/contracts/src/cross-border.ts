/** Cross-border orders (NORMAL_SALE_CBE): the customs declaration kept with each such order. */
import { z } from 'zod';
import { Id, Money } from './schemas.js';

export const CustomsDeclaration = z.object({
  orderId: Id,
  originCountry: z.string(),
  /** The goods at the price paid, as declared. */
  declaredValue: Money,
  shippingAmt: Money,
  dutyAmt: Money,
  importTaxAmt: Money,
  /** The buyer's real-name certificate the order was declared with (number masked). */
  certificate: z.object({ id: Id.nullable(), name: z.string(), certificateNumber: z.string() }).nullable(),
  lines: z.array(
    z.object({
      skuId: Id,
      itemName: z.string(),
      qty: z.string(),
      hsCode: z.string(),
      customsCategory: z.string(),
      declaredValue: Money,
      dutyRate: z.string(),
      dutyAmt: Money,
    }),
  ),
  createdAt: z.string(),
});
export type CustomsDeclaration = z.infer<typeof CustomsDeclaration>;
