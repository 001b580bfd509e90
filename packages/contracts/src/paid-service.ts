/**
 * Super member (SPEC §2 member header links, §7 Membership): a paid service bought through the
 * real checkout as a service item, monthly or yearly. Payloads are not shown in the spec; these
 * are the shapes of `bbc_item_RenderItemByPaidServicePeriodCodeFunc` and
 * `customer_QueryOnePaidServiceBOBuiltInFunc`.
 */
import { z } from 'zod';
import { PAID_SERVICE_PERIOD_CODES } from './constants.js';
import { Id, Money, SiteCodeSchema } from './schemas.js';

export { PAID_SERVICE_PERIOD_CODES } from './constants.js';
export const PaidServicePeriodCode = z.enum(PAID_SERVICE_PERIOD_CODES);
export type PaidServicePeriodCode = z.infer<typeof PaidServicePeriodCode>;

export const PAID_SERVICE_STATUSES = ['ACTIVE', 'EXPIRED', 'ENDED_BY_REFUND'] as const;
export type PaidServiceStatus = (typeof PAID_SERVICE_STATUSES)[number];

/** What a super member gets while the service is active (on every site). */
export const SUPER_MEMBER_BENEFITS = {
  /** Extra member discount on goods, on top of the level's: "0.05" = 5 % off. */
  discountRate: '0.05',
  /** Shipping is free from this amount of a shop's goods (0: always). */
  freeShippingMinor: 0n,
} as const;

export const RenderPaidServiceItemBody = z
  .array(z.strictObject({ periodCode: PaidServicePeriodCode, site: SiteCodeSchema.optional() }))
  .length(1);
export const PaidServiceItem = z.object({
  itemId: Id,
  skuId: Id,
  itemName: z.string(),
  skuName: z.string(),
  image: z.string(),
  periodCode: PaidServicePeriodCode,
  periodMonths: z.number().int(),
  price: Money,
  site: SiteCodeSchema,
});
export type PaidServiceItem = z.infer<typeof PaidServiceItem>;

export const QueryPaidServiceBody = z.array(z.strictObject({ site: SiteCodeSchema.optional() })).max(1);
export const PaidService = z.object({
  /** NONE: never bought. */
  status: z.enum([...PAID_SERVICE_STATUSES, 'NONE']),
  active: z.boolean(),
  periodCode: PaidServicePeriodCode.nullable(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  benefits: z.object({ discountPercent: z.number(), freeShipping: z.boolean() }),
});
export type PaidService = z.infer<typeof PaidService>;
