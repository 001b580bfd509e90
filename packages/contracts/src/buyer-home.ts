/**
 * User centre home (SPEC §2 /buyer/index): what the buyer has and what waits for them, read in
 * one call (GET /api/buyer/home). Order counts per status come from the orders page's own call.
 */
import { z } from 'zod';
import { Id, Money } from './schemas.js';

export const BuyerHome = z.object({
  nickname: z.string(),
  /** The buyer's member level on this site (null until levels exist for it). */
  level: z.object({ code: z.string(), name: z.string() }).nullable(),
  points: z.number().int(),
  /** Coupons the checkout would offer now (my coupons' available tab). */
  couponsAvailable: z.number().int(),
  superMember: z.object({ active: z.boolean(), endTime: z.string().nullable() }),
  latestOrder: z
    .object({
      id: Id,
      tradeOrderCode: z.string(),
      displayStatus: z.string(),
      createdAt: z.string(),
      needPayAmt: Money,
      itemName: z.string(),
      image: z.string(),
      lineCount: z.number().int(),
    })
    .nullable(),
  /** After-sales still open, and of those the ones waiting for the buyer (send back, confirm an exchange). */
  afterSalesOpen: z.number().int(),
  afterSalesForBuyer: z.number().int(),
  /** Finished orders with lines still to review. */
  reviewsToDo: z.number().int(),
});
export type BuyerHome = z.infer<typeof BuyerHome>;
