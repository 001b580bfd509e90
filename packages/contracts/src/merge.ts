/** Merged payment and merged cancel of several unpaid orders (SPEC §4 MERGE_PAY, MERGE_CANCEL). */
import { z } from 'zod';
import { MERGE_MAX_ORDERS } from './constants.js';
import { Id } from './schemas.js';

/** The selected orders; every order of their checkouts goes with them (a checkout's orders are paid and cancelled together). */
export const MergeOrdersBody = z.strictObject({ tradeOrderIds: z.array(Id).min(2).max(MERGE_MAX_ORDERS) });
export type MergeOrdersBody = z.infer<typeof MergeOrdersBody>;
export const MergeCancelResult = z.object({ closedOrderIds: z.array(Id) });
export type MergeCancelResult = z.infer<typeof MergeCancelResult>;
