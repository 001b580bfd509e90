/**
 * The enterprise credit ledger's only writer (DESIGN "one writer per ledger"). Payment terms
 * (INVOICE_ME) take credit and give it back through here; the seeds open balances through here;
 * nothing else changes `users.remaining_amt_minor` / `credit_amt_minor` of an enterprise account.
 *
 * The balance payment terms spend is the enterprise's remaining credit for a main account
 * (REMAINING) and the account's own credit amount for a sub-account (CREDIT). Each change is one
 * statement: the conditional UPDATE of the balance column and the INSERT of its ledger line (with
 * the balance after), so the column always equals the sum of its lines, a take can never overdraw
 * (`balance >= amount`), and concurrent takes serialise on the account's row.
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';

export type CreditBalanceKind = 'REMAINING' | 'CREDIT';

/** Which balance an account's payment terms spend. */
export const spentBalance = (isEnterpriseMain: boolean): CreditBalanceKind =>
  isEnterpriseMain ? 'REMAINING' : 'CREDIT';

/** What payment terms may still spend: the balance `spentBalance` names, read from the account's row. */
export const spendableMinor = (u: { isEnterpriseMain: boolean; remainingAmtMinor: bigint; creditAmtMinor: bigint }) =>
  spentBalance(u.isEnterpriseMain) === 'REMAINING' ? u.remainingAmtMinor : u.creditAmtMinor;

const column = (balance: CreditBalanceKind) =>
  balance === 'REMAINING' ? sql.raw('remaining_amt_minor') : sql.raw('credit_amt_minor');

interface Change {
  userId: bigint;
  balance: CreditBalanceKind;
  kind: 'TAKE' | 'GIVE_BACK' | 'ADJUST';
  /** Signed change of the balance. */
  amountMinor: bigint;
  paymentRecordId?: bigint;
  refundId?: bigint;
  note?: string;
  /** Refuse (write nothing) when the balance would go below zero. */
  mustCover: boolean;
}

/** One ledger line and the same change on the account's balance; false when nothing was written. */
async function write(db: Db | Tx, c: Change): Promise<boolean> {
  const col = column(c.balance);
  const cover = c.mustCover ? sql`AND ${col} + ${c.amountMinor}::bigint >= 0` : sql``;
  const rows = await db.execute<{ id: string }>(sql`
    WITH changed AS (
      UPDATE users SET ${col} = ${col} + ${c.amountMinor}::bigint
      WHERE id = ${c.userId}::bigint AND enterprise_id IS NOT NULL ${cover}
      RETURNING id, enterprise_id, ${col} AS balance_after
    )
    INSERT INTO enterprise_credit_ledger
      (user_id, enterprise_id, balance, kind, amount_minor, balance_after_minor, payment_record_id, refund_id, note)
    SELECT id, enterprise_id, ${c.balance}, ${c.kind}, ${c.amountMinor}::bigint, balance_after,
      ${c.paymentRecordId ?? null}::bigint, ${c.refundId ?? null}::bigint, ${c.note ?? null}
    FROM changed
    RETURNING id::text`);
  return rows.rows.length > 0;
}

/** Payment terms take `amountMinor` for a payment record; false when the balance does not cover it. */
export function takeCredit(
  db: Db | Tx,
  input: { userId: bigint; isEnterpriseMain: boolean; amountMinor: bigint; paymentRecordId: bigint },
): Promise<boolean> {
  return write(db, {
    userId: input.userId,
    balance: spentBalance(input.isEnterpriseMain),
    kind: 'TAKE',
    amountMinor: -input.amountMinor,
    paymentRecordId: input.paymentRecordId,
    mustCover: true,
  });
}

/** A refund of a payment-terms payment gives its amount back to the balance it was taken from. */
export function giveBackCredit(
  db: Db | Tx,
  input: { userId: bigint; isEnterpriseMain: boolean; amountMinor: bigint; refundId: bigint },
): Promise<boolean> {
  return write(db, {
    userId: input.userId,
    balance: spentBalance(input.isEnterpriseMain),
    kind: 'GIVE_BACK',
    amountMinor: input.amountMinor,
    refundId: input.refundId,
    mustCover: false,
  });
}

/** An operator's or the seed's change of a balance (granting credit, a correction), with why. */
export function adjustCredit(
  db: Db | Tx,
  input: { userId: bigint; balance: CreditBalanceKind; amountMinor: bigint; note: string },
): Promise<boolean> {
  return write(db, { ...input, kind: 'ADJUST', mustCover: true });
}
