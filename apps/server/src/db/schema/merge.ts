import { bigint, index, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { tradeContracts } from './checkout.js';

/**
 * Merged payment (SPEC §4 MERGE_PAY): a contract of trade type MERGED has no orders of its own;
 * it stands for the unpaid contracts listed here, and its one payment pays them all. The merged
 * contract goes through the usual payment path unchanged (records, lock, repeat guard, webhooks,
 * pay result), while each member keeps its own orders, numbers and after-sales.
 */
export const contractMerges = pgTable(
  'contract_merges',
  {
    mergeContractId: bigint('merge_contract_id', { mode: 'bigint' })
      .notNull()
      .references(() => tradeContracts.id),
    contractId: bigint('contract_id', { mode: 'bigint' })
      .notNull()
      .references(() => tradeContracts.id),
  },
  (t) => [
    primaryKey({ columns: [t.mergeContractId, t.contractId] }),
    index('contract_merges_contract_idx').on(t.contractId),
  ],
);
