/**
 * The only writer of a trade contract's `status`, `presale_stage` and `master_status`: each move is
 * an event of its table in packages/domain (contract-state.ts), made as
 * `UPDATE ... WHERE <column> IN (from)`, so a move that already happened (a replayed webhook, two
 * racing requests) changes nothing and returns false.
 */
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  CONTRACT_EVENTS,
  MASTER_EVENTS,
  PRESALE_STAGE_EVENTS,
  type ContractEvent,
  type MasterEvent,
  type MasterStatus,
  type PresaleStageEvent,
} from '@mall/domain';
import type { Db, Tx } from '../../db/client.js';
import { tradeContracts } from '../../db/schema/index.js';

type ContractSet = Omit<Partial<typeof tradeContracts.$inferInsert>, 'status' | 'presaleStage' | 'masterStatus'>;

async function update(db: Db | Tx, contractId: bigint, set: Record<string, unknown>, where: SQL | undefined) {
  const rows = await db
    .update(tradeContracts)
    .set(set)
    .where(and(eq(tradeContracts.id, contractId), where))
    .returning({ id: tradeContracts.id });
  return rows.length > 0;
}

/**
 * The contract's status moves by `event`. Paying a contract handed to the main account also moves
 * its master status (MASTER_PAY) in the same statement.
 */
export function moveContract(db: Db | Tx, contractId: bigint, event: ContractEvent, set: ContractSet = {}) {
  const t = CONTRACT_EVENTS[event];
  const master = MASTER_EVENTS.MASTER_PAY;
  const masterPaid =
    event === 'PAY'
      ? {
          masterStatus: sql`CASE WHEN ${tradeContracts.masterStatus} IN (${sql.join(
            master.from.map((s) => sql`${s}`),
            sql`, `,
          )}) THEN ${master.to} ELSE ${tradeContracts.masterStatus} END`,
        }
      : {};
  return update(db, contractId, { ...set, ...masterPaid, status: t.to }, inArray(tradeContracts.status, [...t.from]));
}

/** A presale contract's stage moves by `event` (its deposit paid). */
export function movePresaleStage(db: Db | Tx, contractId: bigint, event: PresaleStageEvent, set: ContractSet = {}) {
  const t = PRESALE_STAGE_EVENTS[event];
  return update(db, contractId, { ...set, presaleStage: t.to }, inArray(tradeContracts.presaleStage, [...t.from]));
}

/** A sub-account's contract is handed to the main account (NONE is the column's NULL). */
export function moveMasterStatus(db: Db | Tx, contractId: bigint, event: MasterEvent, set: ContractSet = {}) {
  const t = MASTER_EVENTS[event];
  const all: readonly MasterStatus[] = t.from;
  const from = all.filter((s): s is Exclude<MasterStatus, 'NONE'> => s !== 'NONE');
  const fromNone = all.includes('NONE');
  const where = fromNone
    ? from.length
      ? sql`(${tradeContracts.masterStatus} IS NULL OR ${inArray(tradeContracts.masterStatus, from)})`
      : isNull(tradeContracts.masterStatus)
    : inArray(tradeContracts.masterStatus, from);
  return update(db, contractId, { ...set, masterStatus: t.to }, where);
}
