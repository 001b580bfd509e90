/**
 * The super member as a benefit source of the member benefits (benefits.ts BENEFIT_SOURCES):
 * while the service is in force, the level's discount plus the super member's extra discount,
 * and free shipping. Imported only by benefits.ts (which it reads the level from).
 */
import { addDiscountRates } from '@mall/domain';
import { levelOf, type BenefitSource } from './benefits.js';
import { paidServiceBenefit } from './paid-service.js';

export const paidServiceSource: BenefitSource = {
  kind: 'PAID_SERVICE',
  async load(db, buyerId, site) {
    const b = await paidServiceBenefit(db, buyerId);
    if (!b) return null;
    // Benefits merge to the best of each source, so "extra" means on top of the level's own rate.
    const { level } = await levelOf(db, buyerId, site.code);
    return { discountRate: addDiscountRates(level?.discountRate ?? '0', b.discountRate), pointsMultiplier: '1', freeShippingMinor: b.freeShippingMinor };
  },
};
