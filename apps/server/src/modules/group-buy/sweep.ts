/**
 * The group-buy sweep with the order flows it ends orders through: an unpaid order's contract
 * closes (closeUnpaidContract: stock, points, coupons and the slot back); a paid one is cancelled
 * through after-sales (cancelAfterPay) and approved at once (audit), whose approval returns the
 * stock and writes the refunds the refund job carries out.
 */
import { REVERSE_INITIAL_STATUS } from '@mall/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { reverseTradeOrders } from '../../db/schema/index.js';
import { cancelAfterPay } from '../../flows/apply-reverse.js';
import { audit } from '../reverse/service.js';
import { closeUnpaidContract } from '../trade/transitions.js';
import { sweepExpiredGroups } from './service.js';

/** The after-sales text of a cancel made because the group did not fill. */
export const GROUP_FAILED_TEXT = 'The group-buy group did not fill in time; the order is canceled and refunded.';

export function runGroupBuySweep(db: Db, now = new Date()) {
  return sweepExpiredGroups(
    db,
    {
      closeUnpaid: (tx, contractId, at) => closeUnpaidContract(tx, contractId, 'PAY_DEADLINE_PASSED', at),
      cancelPaid: async (buyer, orderId, at) => {
        const rev = await cancelAfterPay(db, buyer, orderId);
        // The buyer's after-sales says why: not the buyer's cancel, the group's time ran out.
        await db
          .update(reverseTradeOrders)
          .set({ reason: 'OTHER', reverseText: GROUP_FAILED_TEXT })
          .where(eq(reverseTradeOrders.id, BigInt(rev.reverseTradeOrderId)));
        // An earlier sweep's cancel already approved: its refunds are on their way.
        if (rev.reverseTradeOrderStatus !== REVERSE_INITIAL_STATUS) return [];
        return (await audit(db, null, BigInt(rev.reverseTradeOrderId), { approve: true }, at)).refundIds;
      },
    },
    now,
  );
}
