/**
 * The group-buy sweep with the order flows it ends orders through: an unpaid order's contract
 * closes (closeUnpaidContract: stock, points, coupons and the slot back); a paid one is cancelled
 * through after-sales (cancelAfterPay) and approved at once (audit), whose approval returns the
 * stock and writes the refunds the refund job carries out.
 */
import { REVERSE_INITIAL_STATUS } from '@mall/domain';
import type { Db } from '../../db/client.js';
import { cancelAfterPay } from '../../flows/apply-reverse.js';
import { audit } from '../reverse/service.js';
import { closeUnpaidContract } from '../trade/transitions.js';
import { sweepExpiredGroups } from './service.js';

export function runGroupBuySweep(db: Db, now = new Date()) {
  return sweepExpiredGroups(
    db,
    {
      closeUnpaid: (tx, contractId, at) => closeUnpaidContract(tx, contractId, 'PAY_DEADLINE_PASSED', at),
      cancelPaid: async (buyer, orderId, at) => {
        const rev = await cancelAfterPay(db, buyer, orderId);
        // An earlier sweep's cancel already approved: its refunds are on their way.
        if (rev.reverseTradeOrderStatus !== REVERSE_INITIAL_STATUS) return [];
        return (await audit(db, null, BigInt(rev.reverseTradeOrderId), { approve: true }, at)).refundIds;
      },
    },
    now,
  );
}
