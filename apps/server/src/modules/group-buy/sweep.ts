/**
 * The group-buy sweep with the order flows it ends orders through: an unpaid order's contract
 * closes (closeUnpaidContract: stock, points, coupons and the slot back); a paid one is cancelled
 * through after-sales (cancelAfterPay) and approved at once (audit), whose approval returns the
 * stock and writes the refunds the refund job carries out. Each member is emailed with its
 * order's close or cancel (notify.ts).
 */
import { REVERSE_INITIAL_STATUS } from '@mall/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { reverseTradeOrders } from '../../db/schema/index.js';
import { cancelAfterPay } from '../../flows/apply-reverse.js';
import { audit } from '../reverse/service.js';
import { closeUnpaidContract } from '../trade/transitions.js';
import { notifyGroupMember } from './notify.js';
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
        // The buyer's after-sales says why: not the buyer's cancel, the group's time ran out. The
        // member is told in the same transaction, once: a replayed sweep finds the cancel marked.
        await db.transaction(async (tx) => {
          const marked = await tx
            .update(reverseTradeOrders)
            .set({ reason: 'OTHER', reverseText: GROUP_FAILED_TEXT })
            .where(
              and(
                eq(reverseTradeOrders.id, BigInt(rev.reverseTradeOrderId)),
                sql`${reverseTradeOrders.reverseText} IS DISTINCT FROM ${GROUP_FAILED_TEXT}`,
              ),
            )
            .returning({ id: reverseTradeOrders.id });
          if (marked.length) await notifyGroupMember(tx, orderId, 'failedRefunded');
        });
        // An earlier sweep's cancel already approved: its refunds are on their way.
        if (rev.reverseTradeOrderStatus !== REVERSE_INITIAL_STATUS) return [];
        return (await audit(db, null, BigInt(rev.reverseTradeOrderId), { approve: true }, at)).refundIds;
      },
    },
    now,
  );
}
