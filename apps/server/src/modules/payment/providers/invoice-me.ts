/**
 * INVOICE_ME: payment terms on enterprise credit (SPEC §5 "Payment-terms credit", §6). Its
 * "provider" is the shop's own credit books: the main account spends the enterprise's remaining
 * credit, a sub-account its own credit amount, through the credit ledger (modules/enterprise/credit-ledger.ts).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { ERROR_CODES, type CreditBalance, type Currency } from '@mall/contracts';
import { money } from '@mall/domain';
import type { Db } from '../../../db/client.js';
import { enterprises, paymentRecords, refunds, users } from '../../../db/schema/index.js';
import { AppError } from '../../../lib/errors.js';
import { ownUploads } from '../../../lib/uploads.js';
import { giveBackCredit, spendableMinor, takeCredit } from '../../enterprise/credit-ledger.js';
import type {
  AdmitInput,
  ChannelOffer,
  PaymentProvider,
  ProviderEvent,
  RefundAnswer,
  RefundInput,
  StartInput,
} from './types.js';

export const CREDIT_LIMIT_MESSAGE =
  'Your order amount exceeds the current available credit limit for payment terms. Please choose another payment method';

export const INVOICE_ME_OFFER: ChannelOffer = {
  channelName: 'INVOICE_ME',
  configMap: { terms: 'NET30' },
  redirectHosts: [],
  paymentMethods: [{ type: 'invoice', name: 'Invoice (payment terms)' }],
  rules: {
    anonymous: false,
    payLater: false,
    enterpriseCredit: true,
    currencies: 'ANY',
    savedCards: false,
    needsDevice: null,
  },
};

type UserRow = typeof users.$inferSelect;

/** Credit for payment terms of an enabled enterprise account; null for everyone else. */
export async function creditBalance(db: Db, user: UserRow | null): Promise<CreditBalance | null> {
  if (!user?.enterpriseId || user.userType !== 'REGISTERED' || user.enterpriseStatus !== 'ENABLED') return null;
  const [e] = await db.select().from(enterprises).where(eq(enterprises.id, user.enterpriseId));
  if (!e) return null;
  const available = spendableMinor(user);
  return {
    availableCreditAmt: money(available, e.currency as Currency),
    needPi: user.needPi,
    isMain: user.isEnterpriseMain,
  };
}

export class InvoiceMeProvider implements PaymentProvider {
  readonly name = 'invoice-me';
  readonly channels = [INVOICE_ME_OFFER];
  constructor(private db: Db) {}

  /** Only registered enterprise accounts with enough credit, in the order's currency, with a proof when they need one. */
  async admit(input: AdmitInput): Promise<void> {
    const unavailable = new AppError(400, ERROR_CODES.channelUnavailable, 'This payment method is not available');
    if (input.payer.userType !== 'REGISTERED') throw unavailable;
    const [user] = await this.db.select().from(users).where(eq(users.id, input.payer.id));
    const credit = await creditBalance(this.db, user ?? null);
    if (!credit || credit.availableCreditAmt.currency !== input.currency) throw unavailable;
    const available = spendableMinor(user!);
    if (available < input.amountMinor) throw new AppError(409, ERROR_CODES.creditLimitExceeded, CREDIT_LIMIT_MESSAGE);
    if (credit.needPi && !input.proofUrl)
      throw new AppError(400, ERROR_CODES.proofRequired, 'Please upload the proof of invoice');
    if (input.proofUrl && !(await ownUploads(this.db, input.payer.id, [input.proofUrl])).has(input.proofUrl)) {
      throw new AppError(
        400,
        ERROR_CODES.proofNotFound,
        'This proof of invoice was not uploaded, please add it again',
        { url: input.proofUrl },
      );
    }
  }

  /**
   * Takes the credit at once. The payment record is claimed with its terms id in the same
   * transaction, so a retried start never takes the credit twice and a crash leaves either both or
   * neither; the conditional update means two orders can never overdraw the credit.
   */
  async start(input: StartInput) {
    const providerPaymentId = `terms_${input.merchantReference}`;
    await this.db.transaction(async (tx) => {
      const claimed = await tx
        .update(paymentRecords)
        .set({ providerPaymentId })
        .where(and(eq(paymentRecords.id, BigInt(input.merchantReference)), isNull(paymentRecords.providerPaymentId)))
        .returning({ id: paymentRecords.id });
      if (!claimed.length) return;
      const taken = await takeCredit(tx, {
        userId: input.payer.id,
        isEnterpriseMain: input.payer.isEnterpriseMain,
        amountMinor: input.amountMinor,
        paymentRecordId: claimed[0]!.id,
      });
      if (!taken) throw new AppError(409, ERROR_CODES.creditLimitExceeded, CREDIT_LIMIT_MESSAGE);
    });
    return {
      providerPaymentId,
      redirectUrl: input.returnPath,
      events: this.paid(input.merchantReference, providerPaymentId, input.amountMinor, input.currency),
    };
  }

  /** The credit was taken exactly when the record carries its terms id (see start). */
  async confirm(providerPaymentId: string): Promise<ProviderEvent[]> {
    const [r] = await this.db
      .select()
      .from(paymentRecords)
      .where(eq(paymentRecords.providerPaymentId, providerPaymentId));
    return r ? this.paid(String(r.id), providerPaymentId, r.amountMinor, r.currency) : [];
  }

  /** Payment terms send no webhooks: nothing posted to its route is genuine. */
  async verifyWebhook() {
    return null;
  }

  /** Nothing to void: the credit is taken only when the payment succeeds. */
  async cancel() {}

  /** Gives the credit back to the account that used it, once per idempotency key. */
  async refund(input: RefundInput): Promise<RefundAnswer> {
    const providerRefundId = `credit_${input.idempotencyKey}`;
    await this.db.transaction(async (tx) => {
      // The refund row is claimed by its key first: a second call finds it claimed and gives nothing twice.
      const claimed = await tx
        .update(refunds)
        .set({ providerRefundId })
        .where(and(eq(refunds.idempotencyKey, input.idempotencyKey), isNull(refunds.providerRefundId)))
        .returning({ id: refunds.id });
      if (!claimed.length) return;
      const [payer] = await tx.select().from(users).where(eq(users.id, input.payerId));
      if (!payer) return;
      await giveBackCredit(tx, {
        userId: payer.id,
        isEnterpriseMain: payer.isEnterpriseMain,
        amountMinor: input.amountMinor,
        refundId: claimed[0]!.id,
      });
    });
    return { status: 'succeeded', providerRefundId };
  }

  private paid(
    merchantReference: string,
    providerPaymentId: string,
    amountMinor: bigint,
    currency: string,
  ): ProviderEvent[] {
    return [
      { type: 'payment.succeeded', providerPaymentId, merchantReference, amountMinor: String(amountMinor), currency },
    ];
  }
}
