/**
 * The super member as a benefit source of the member benefits (benefits.ts BENEFIT_SOURCES):
 * while the service is in force, the level's discount plus the super member's extra discount,
 * and free shipping. Imported only by benefits.ts (whose member facts it decides from).
 */
import { addDiscountRates } from '@mall/domain';
import type { BenefitSource } from './benefits.js';
import { paidServiceBenefit } from './paid-service.js';

export const paidServiceSource: BenefitSource = {
  kind: 'PAID_SERVICE',
  from({ paidService, level }, now) {
    const b = paidServiceBenefit(paidService, now);
    if (!b) return null;
    // Benefits merge to the best of each source, so "extra" means on top of the level's own rate.
    return {
      discountRate: addDiscountRates(level?.discountRate ?? '0', b.discountRate),
      pointsMultiplier: '1',
      freeShippingMinor: b.freeShippingMinor,
    };
  },
};
