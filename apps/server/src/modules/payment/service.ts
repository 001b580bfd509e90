/**
 * Payments of trade contracts (SPEC §4 "Payment start", "Payment polling"). The shop keeps one
 * payment record per attempt; the provider's signed webhook decides the outcome.
 */
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  ERROR_CODES,
  MASTER_PAY_DAYS,
  type ContractDetail,
  type ContractOrder,
  type Currency,
  type PaymentDeclineReason,
  type PaymentStatus,
  type PayResult,
} from '@mall/contracts';
import { money } from '@mall/domain';
import type { Db, Tx } from '../../db/client.js';
import {
  cards,
  paymentRecords,
  shops,
  tradeContracts,
  tradeOrderLines,
  tradeOrders,
  users,
} from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { movePaymentRecords } from './records.js';
import type { PaymentRegistry } from './providers/registry.js';
import type { ProviderEvent } from './providers/types.js';
import { notifyMainAccount } from '../enterprise/notice.js';
import { refundNotCaptured } from '../../flows/refund.js';
import { moveOrders, onOrdersPaid } from '../trade/transitions.js';
import { moveContract, moveMasterStatus, movePresaleStage } from '../trade/contract-moves.js';
import { earnPoints } from '../points/ledger.js';
import { addGrowth } from '../membership/growth.js';
import { checkBeforeStart, isMerged, lockMembers, membersOf } from '../merge/rules.js';
import { refuseUnderReview } from '../risk/service.js';

type ContractRow = typeof tradeContracts.$inferSelect;
type Stage = 'FULL' | 'DEPOSIT' | 'BALANCE';
/** What the next payment of a contract pays: all of it, or a presale's deposit or balance. */
export function stageOf(c: ContractRow): { stage: Stage; amountMinor: bigint } {
  if (c.presaleStage === 'DEPOSIT') return { stage: 'DEPOSIT', amountMinor: c.depositMinor ?? 0n };
  if (c.presaleStage === 'BALANCE')
    return { stage: 'BALANCE', amountMinor: c.needPayAmtMinor - (c.depositMinor ?? 0n) };
  return { stage: 'FULL', amountMinor: c.needPayAmtMinor };
}

/** SPEC §4: the balance is payable only inside its window; before it, a hint says when payment begins. */
function checkBalanceWindow(c: ContractRow, now = new Date()): void {
  if (c.presaleStage !== 'BALANCE') return;
  if (c.balanceStartAt && now < c.balanceStartAt) {
    throw new AppError(
      409,
      ERROR_CODES.balanceNotStarted,
      `Balance payment begins at ${c.balanceStartAt.toISOString()}`,
      { balancePaymentStartTime: c.balanceStartAt.toISOString() },
    );
  }
  if (c.balanceEndAt && now > c.balanceEndAt)
    throw new AppError(409, ERROR_CODES.contractNotPayable, 'The balance payment window has closed');
}

/** A stage paid: a deposit opens the balance stage; anything else completes the contract. */
async function markStagePaid(tx: Tx, c: ContractRow, stage: Stage, channel: string, now: Date): Promise<void> {
  if (stage !== 'DEPOSIT') return markContractPaid(tx, c, channel, now);
  await movePresaleStage(tx, c.id, 'PAY_DEPOSIT', { payDeadline: c.balanceEndAt });
  await moveOrders(tx, { contractId: c.id }, 'PAY_DEPOSIT', { depositPaidAt: now, payDeadline: c.balanceEndAt });
}

/** A merged contract paid: every member is paid as if paid alone (its orders, points, growth); the merged one itself holds nothing else. */
async function markMergedPaid(
  tx: Tx,
  merged: ContractRow,
  members: ContractRow[],
  channel: string,
  now: Date,
): Promise<void> {
  await moveContract(tx, merged.id, 'PAY');
  for (const m of members) await markContractPaid(tx, m, channel, now);
}

/** A contract fully paid, by any channel: its orders wait for shipping and the buyer earns the points. */
async function markContractPaid(tx: Tx, c: ContractRow, channel: string, now: Date): Promise<void> {
  // A contract handed to the main account is paid by it too (master status PAID, same statement).
  await moveContract(tx, c.id, 'PAY');
  await moveOrders(tx, { contractId: c.id }, 'PAY', {
    paidAt: now,
    paidAmtMinor: sql`${tradeOrders.needPayAmtMinor}` as never,
    payDeadline: null,
  });
  await onOrdersPaid(tx, c.id, channel, now);
  await earnPoints(tx, { buyerId: c.buyerId, points: c.earnPoints, tradeContractId: c.id, at: now });
  // Growth: the money paid counts toward the buyer's level on the contract's site.
  await addGrowth(tx, { buyerId: c.buyerId, site: c.site, amountMinor: c.needPayAmtMinor });
}

export type Payer = Pick<typeof users.$inferSelect, 'id' | 'enterpriseId' | 'isEnterpriseMain' | 'userType'>;

/**
 * The contract if the caller may pay it: its own buyer, or the enterprise main account once a
 * sub-account submitted it for payment. Anyone else gets "does not exist".
 */
export async function contractOf(db: Db, payer: Payer, id: bigint): Promise<ContractRow> {
  const [c] = await db.select().from(tradeContracts).where(eq(tradeContracts.id, id));
  if (c && c.buyerId === payer.id) return c;
  if (c && c.masterStatus && payer.isEnterpriseMain && payer.enterpriseId) {
    const [owner] = await db.select({ enterpriseId: users.enterpriseId }).from(users).where(eq(users.id, c.buyerId));
    if (owner?.enterpriseId === payer.enterpriseId) return c;
  }
  throw new AppError(404, ERROR_CODES.tradeContractNotExist, 'This order does not exist');
}

/** SPEC §5: a sub-account may pay itself only up to its order amount limit. */
async function checkOwnLimit(db: Db, payer: Payer, c: ContractRow): Promise<void> {
  if (!payer.enterpriseId || payer.isEnterpriseMain) return;
  const [u] = await db.select().from(users).where(eq(users.id, payer.id));
  if (u && u.orderAmtMinor < c.needPayAmtMinor) {
    throw new AppError(
      403,
      ERROR_CODES.orderLimitExceeded,
      'This order is above your order limit; submit it to the main account',
    );
  }
}

/** Sub-account: hand the order to the main account, which then pays it. */
export async function submitToMaster(
  db: Db,
  payer: Payer,
  contractId: bigint,
  notice: { lang: string; site: string } = { lang: 'en', site: 'US' },
) {
  if (!payer.enterpriseId || payer.isEnterpriseMain)
    throw new AppError(
      403,
      ERROR_CODES.notEnterpriseUser,
      'Only enterprise sub-accounts submit orders to the main account',
    );
  const c = await contractOf(db, payer, contractId);
  if (c.status !== 'PENDING_PAY')
    throw new AppError(
      409,
      c.status === 'PAID' ? ERROR_CODES.alreadyPaid : ERROR_CODES.contractNotPayable,
      'This order can no longer be paid',
    );
  const open = await db
    .select({ id: paymentRecords.id })
    .from(paymentRecords)
    .where(and(eq(paymentRecords.contractId, c.id), eq(paymentRecords.status, 'PAY_PENDING')));
  if (open.length)
    throw new AppError(
      409,
      ERROR_CODES.paymentPending,
      'You have already started a payment, please wait for the result',
    );
  // The main account gets MASTER_PAY_DAYS to pay, instead of the buyer's 30 minutes.
  const deadline = new Date(Date.now() + MASTER_PAY_DAYS * 86400_000);
  await db.transaction(async (tx) => {
    const moved = await moveMasterStatus(tx, c.id, 'SUBMIT_TO_MASTER', {
      masterSubmittedAt: new Date(),
      payDeadline: deadline,
    });
    if (moved)
      await tx
        .update(tradeOrders)
        .set({ payDeadline: deadline })
        .where(and(eq(tradeOrders.contractId, c.id), eq(tradeOrders.status, 'PENDING_PAY')));
    // SPEC §7 "Email to main account notification": queued with the submit, only the first time.
    if (moved) {
      const [sub] = await tx.select({ nickname: users.nickname }).from(users).where(eq(users.id, payer.id));
      const codes = await tx
        .select({ code: tradeOrders.tradeOrderCode })
        .from(tradeOrders)
        .where(eq(tradeOrders.contractId, c.id))
        .orderBy(tradeOrders.id);
      const amount = money(c.needPayAmtMinor, c.currency as Currency);
      await notifyMainAccount(tx, {
        enterpriseId: payer.enterpriseId!,
        subName: sub?.nickname ?? '',
        orderCodes: codes.map((o) => o.code),
        amount: `${amount.currency} ${amount.value}`,
        ...notice,
      });
    }
  });
  return { contractId: String(c.id), masterStatus: 'PENDING' as const };
}

/** Main account: sub-account orders waiting for it to pay. */
export async function masterPending(db: Db, payer: Payer) {
  if (!payer.enterpriseId || !payer.isEnterpriseMain) return [];
  const rows = await db
    .select({ c: tradeContracts, subName: users.nickname })
    .from(tradeContracts)
    .innerJoin(users, eq(users.id, tradeContracts.buyerId))
    .where(
      and(
        eq(users.enterpriseId, payer.enterpriseId),
        eq(tradeContracts.masterStatus, 'PENDING'),
        eq(tradeContracts.status, 'PENDING_PAY'),
      ),
    )
    .orderBy(desc(tradeContracts.id));
  // The main account knows the orders by their numbers, not by the internal contract id.
  const codes = rows.length
    ? await db
        .select({ contractId: tradeOrders.contractId, code: tradeOrders.tradeOrderCode })
        .from(tradeOrders)
        .where(
          inArray(
            tradeOrders.contractId,
            rows.map(({ c }) => c.id),
          ),
        )
        .orderBy(tradeOrders.id)
    : [];
  return rows.map(({ c, subName }) => ({
    contractId: String(c.id),
    buyerName: subName,
    needPayAmt: money(c.needPayAmtMinor, c.currency as Currency),
    submittedAt: (c.masterSubmittedAt ?? c.createdAt).toISOString(),
    tradeOrderCodes: codes.filter((o) => o.contractId === c.id).map((o) => o.code),
  }));
}

/** Lines named in an order's short summary on the pay pages. */
const SUMMARY_LINES = 3;

/**
 * The contract's orders with their real numbers and a short summary (first lines, line count):
 * what the pay pages show instead of the internal contract id.
 */
async function contractOrders(db: Db, c: ContractRow): Promise<ContractOrder[]> {
  const orders = await db
    .select({ o: tradeOrders, shopName: shops.name })
    .from(tradeOrders)
    .innerJoin(shops, eq(shops.id, tradeOrders.shopId))
    .where(isMerged(c) ? inArray(tradeOrders.contractId, membersOf(db, c.id)) : eq(tradeOrders.contractId, c.id))
    .orderBy(tradeOrders.id);
  if (!orders.length) return [];
  // DIY parts and gifts belong to their main line; the summary names what the buyer chose.
  const lines = await db
    .select({ orderId: tradeOrderLines.orderId, qty: tradeOrderLines.qty, snapshot: tradeOrderLines.snapshot })
    .from(tradeOrderLines)
    .where(
      and(
        inArray(
          tradeOrderLines.orderId,
          orders.map(({ o }) => o.id),
        ),
        inArray(tradeOrderLines.lineGroupType, ['NORMAL', 'DIY_MAIN']),
      ),
    )
    .orderBy(tradeOrderLines.id);
  const cur = c.currency as Currency;
  return orders.map(({ o, shopName }) => {
    const own = lines.filter((l) => l.orderId === o.id);
    return {
      id: String(o.id),
      tradeOrderCode: o.tradeOrderCode,
      shopName,
      needPayAmt: money(o.needPayAmtMinor, cur),
      status: o.status,
      tradeOrderType: o.tradeOrderType,
      lines: own.slice(0, SUMMARY_LINES).map((l) => {
        const snap = l.snapshot as { itemName?: string; skuName?: string; image?: string; unit?: string };
        return {
          itemName: snap.itemName ?? '',
          skuName: snap.skuName ?? '',
          qty: String(Number(l.qty)),
          unit: snap.unit ?? null,
          image: snap.image ?? '',
        };
      }),
      lineCount: own.length,
    };
  });
}

/** The email given at checkout (guests always type one), for the buyer only, not for a main account paying for it. */
const checkoutEmail = (c: ContractRow, payer: Payer) =>
  c.buyerId === payer.id ? ((c.selectedAddress as { email?: string } | null)?.email ?? null) : null;

export async function contractDetail(db: Db, payer: Payer, id: bigint): Promise<ContractDetail> {
  const c = await contractOf(db, payer, id);
  const cur = c.currency as Currency;
  return {
    id: String(c.id),
    status: c.status,
    needPayAmt: money(c.needPayAmtMinor, cur),
    payUniqueKey: c.payUniqueKey,
    paymentOrderId: c.paymentOrderId,
    payDeadlineMillis: c.payDeadline ? c.payDeadline.getTime() : null,
    buyerId: String(c.buyerId),
    isPoint: c.redeemPoints > 0,
    tradeOrderList: await contractOrders(db, c),
    email: checkoutEmail(c, payer),
    masterStatus: c.masterStatus,
    stageAmt: money(stageOf(c).amountMinor, cur),
    presale:
      c.depositMinor === null || !c.balanceStartAt || !c.balanceEndAt
        ? null
        : {
            stage: c.status === 'PAID' ? ('PAID' as const) : (c.presaleStage ?? 'DEPOSIT'),
            deposit: money(c.depositMinor, cur),
            balance: money(c.needPayAmtMinor - c.depositMinor, cur),
            balancePaymentStartTime: c.balanceStartAt.toISOString(),
            balancePaymentEndTime: c.balanceEndAt.toISOString(),
          },
  };
}

async function latestRecord(db: Db, contractId: bigint) {
  const [r] = await db
    .select()
    .from(paymentRecords)
    .where(eq(paymentRecords.contractId, contractId))
    .orderBy(desc(paymentRecords.id))
    .limit(1);
  return r ?? null;
}

export async function paymentStatus(db: Db, payer: Payer, contractId: bigint): Promise<PaymentStatus> {
  const c = await contractOf(db, payer, contractId);
  // The guard looks at the stage now due: a paid presale deposit does not make the balance paid.
  const [r] = await db
    .select()
    .from(paymentRecords)
    .where(and(eq(paymentRecords.contractId, c.id), eq(paymentRecords.stage, stageOf(c).stage)))
    .orderBy(desc(paymentRecords.id))
    .limit(1);
  return {
    payUniqueKey: c.payUniqueKey,
    paymentRecordStatus: c.status === 'PAID' ? 'PAY_SUCCESS' : (r?.status ?? 'NONE'),
    paymentRecordId: r ? String(r.id) : null,
  };
}

export async function payResult(db: Db, payer: Payer, contractId: bigint): Promise<PayResult> {
  const c = await contractOf(db, payer, contractId);
  const r = await latestRecord(db, c.id);
  const status = c.status === 'PAID' ? 'PAY_SUCCESS' : (r?.status ?? 'NONE');
  return {
    contractId: String(c.id),
    status,
    failedReason: status === 'PAY_FAILED' ? (r?.failedReason ?? 'declined') : null,
    paymentRecordId: r ? String(r.id) : null,
    needPayAmt: money(c.needPayAmtMinor, c.currency as Currency),
    tradeOrderList: await contractOrders(db, c),
    email: checkoutEmail(c, payer),
  };
}

export interface PayRequest {
  channel: string;
  payMethod?: string;
  cardId?: string;
  /** INVOICE_ME: the uploaded proof of invoice, when the account needs one. */
  proofUrl?: string;
  language: string;
  siteCode: string;
}

/**
 * Starts a payment (firstPay) with any channel. One open attempt per contract at a time: a
 * pending one must be closed by the buyer first (the repeat-payment guard), and a paid contract
 * is never paid again. The record is written first, the provider is called after the commit
 * (never inside a transaction), and what the provider decided at once is applied like a webhook.
 */
export async function startPayment(
  db: Db,
  registry: PaymentRegistry,
  payer: Payer,
  contractId: bigint,
  pay: PayRequest,
) {
  const c = await contractOf(db, payer, contractId);
  if (c.status === 'PAID') throw new AppError(409, ERROR_CODES.alreadyPaid, 'This order has already been paid');
  if (c.status !== 'PENDING_PAY' || (c.payDeadline && c.payDeadline.getTime() < Date.now())) {
    throw new AppError(409, ERROR_CODES.contractNotPayable, 'This order can no longer be paid');
  }
  const provider = registry.forChannel(pay.channel);
  if (!provider) throw new AppError(400, ERROR_CODES.channelUnavailable, 'This payment method is not available');
  await checkOwnLimit(db, payer, c);
  checkBalanceWindow(c);
  // A merged contract's orders must all still be payable; no order is in two open attempts.
  await checkBeforeStart(db, c);
  // An order held by risk screening waits for the operator's approval.
  await refuseUnderReview(db, c.id);
  const { stage, amountMinor } = stageOf(c);
  const currency = c.currency as Currency;
  await provider.admit?.({ payer, amountMinor, currency, proofUrl: pay.proofUrl });
  let savedCard: { token: string; customerRef: string | null } | undefined;
  if (pay.payMethod === 'savedCard') {
    if (!pay.cardId) throw new AppError(400, ERROR_CODES.selectCard, 'Please select payment card');
    const [card] = await db
      .select()
      .from(cards)
      .where(
        and(
          eq(cards.id, BigInt(pay.cardId)),
          eq(cards.buyerId, payer.id),
          eq(cards.status, 'ACTIVE'),
          eq(cards.provider, provider.name),
        ),
      );
    if (!card?.payCenterToken) throw new AppError(404, ERROR_CODES.cardNotFound, 'This card does not exist');
    savedCard = { token: card.payCenterToken, customerRef: card.customerRef };
  }
  const record = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`pay:${c.id}`}))`);
    const open = await tx
      .select()
      .from(paymentRecords)
      .where(and(eq(paymentRecords.contractId, c.id), inArray(paymentRecords.status, ['PAY_PENDING', 'PAY_SUCCESS'])));
    if (open.some((r) => r.status === 'PAY_SUCCESS' && r.stage === stage))
      throw new AppError(409, ERROR_CODES.alreadyPaid, 'This order has already been paid');
    const pending = open.find((r) => r.status === 'PAY_PENDING');
    if (pending)
      throw new AppError(
        409,
        ERROR_CODES.paymentPending,
        'You have already started a payment, please wait for the result',
        { paymentRecordId: String(pending.id) },
      );
    const [r] = await tx
      .insert(paymentRecords)
      .values({
        contractId: c.id,
        buyerId: payer.id,
        channel: pay.channel,
        payMethod: pay.payMethod ?? null,
        status: 'PAY_PENDING',
        stage,
        amountMinor,
        currency: c.currency,
        proofUrl: pay.proofUrl ?? null,
      })
      .returning();
    return r!;
  });
  const returnPath = `/buyer/pay-result?contractId=${c.id}&buyerId=${c.buyerId}&paymentOrderId=${c.paymentOrderId}&totalAmt=${money(amountMinor, currency).value}`;
  let started;
  try {
    started = await provider.start({
      channel: pay.channel,
      payMethod: pay.payMethod,
      merchantReference: String(record.id),
      amountMinor,
      currency,
      returnPath,
      cancelPath: `/api/payments/return/cancel?paymentRecordId=${record.id}&payUniqueKey=${encodeURIComponent(c.payUniqueKey)}`,
      payer: { id: payer.id, email: checkoutEmail(c, payer), isEnterpriseMain: payer.isEnterpriseMain },
      savedCard,
      language: pay.language,
      siteCode: pay.siteCode,
      idempotencyKey: `pay-${record.id}`,
    });
  } catch (err) {
    // The provider refused or could not be reached: this attempt is over, the buyer may try again.
    await movePaymentRecords(db, eq(paymentRecords.id, record.id), 'DECLINE', {
      failedReason: err instanceof AppError ? err.code : 'provider_unavailable',
    });
    throw err;
  }
  await db
    .update(paymentRecords)
    .set({ providerPaymentId: started.providerPaymentId, updatedAt: new Date() })
    .where(
      and(
        eq(paymentRecords.id, record.id),
        sql`${paymentRecords.providerPaymentId} IS DISTINCT FROM ${started.providerPaymentId}`,
      ),
    );
  for (const event of started.events ?? [])
    await db.transaction((tx) => applyPaymentEvent(tx, provider.name, registry, event));
  // The provider decided at once (payment terms, a saved card): paid by these events, or by its
  // webhook that overtook them, sends the buyer straight to the success page.
  const [now] = started.events?.length
    ? await db.select({ status: paymentRecords.status }).from(paymentRecords).where(eq(paymentRecords.id, record.id))
    : [];
  const paidNow = now?.status === 'PAY_SUCCESS';
  return {
    redirectInfo: null,
    needConfirm: false,
    channelToken: started.providerPaymentId,
    channel: pay.channel,
    paymentRecordId: String(record.id),
    // Paid at once (payment terms): straight to the success page.
    redirectUrl: paidNow
      ? `/buyer/pay-result?status=success&contractId=${c.id}&buyerId=${c.buyerId}`
      : started.redirectUrl,
    ...(started.clientSession && { clientSession: started.clientSession }),
  };
}

/** The buyer confirmed "pay again": the old attempt is closed and can no longer capture. */
export async function closePaymentRecord(
  db: Db,
  registry: PaymentRegistry,
  buyerId: bigint,
  payUniqueKey: string,
  recordId: bigint,
) {
  const [r] = await db
    .select({ r: paymentRecords, c: tradeContracts })
    .from(paymentRecords)
    .innerJoin(tradeContracts, eq(tradeContracts.id, paymentRecords.contractId))
    .where(
      and(
        eq(paymentRecords.id, recordId),
        eq(paymentRecords.buyerId, buyerId),
        eq(tradeContracts.payUniqueKey, payUniqueKey),
      ),
    );
  if (!r) throw new AppError(404, ERROR_CODES.notFound, 'This payment does not exist');
  const closed = await movePaymentRecords(db, eq(paymentRecords.id, recordId), 'CLOSE');
  if (!closed.length)
    throw new AppError(409, ERROR_CODES.paymentRecordNotClosable, 'This payment can no longer be closed');
  if (r.r.providerPaymentId) await registry.forChannel(r.r.channel)?.cancel(r.r.providerPaymentId);
}

export type EventOutcome = 'applied' | 'ignored';

/**
 * The payment record an event is about, always of that provider: by the provider's payment id;
 * by the shop's reference only while the record has no provider id yet (a provider that decides
 * during start, before the shop stored its id). An event about another object of the provider
 * (a Checkout Session's PaymentIntent) matches nothing and is acknowledged.
 */
async function recordOf(
  tx: Tx,
  providerName: string,
  registry: PaymentRegistry,
  e: { providerPaymentId: string; merchantReference?: string },
) {
  let [r] = await tx.select().from(paymentRecords).where(eq(paymentRecords.providerPaymentId, e.providerPaymentId));
  if (!r && e.merchantReference && /^\d{1,18}$/.test(e.merchantReference)) {
    [r] = await tx
      .select()
      .from(paymentRecords)
      .where(and(eq(paymentRecords.id, BigInt(e.merchantReference)), isNull(paymentRecords.providerPaymentId)));
  }
  return r && registry.forChannel(r.channel)?.name === providerName ? r : undefined;
}

/**
 * Applies one provider decision about a payment (from a webhook, a return or a start). An
 * approval captures only a pending record of the stage now due; if the contract is already
 * paid (another attempt won) or the attempt was closed, the money is not kept and is refunded.
 * Returns 'ignored' when nothing changed, or when a refund was left to carry out.
 */
export async function applyPaymentEvent(
  tx: Tx,
  providerName: string,
  registry: PaymentRegistry,
  event: ProviderEvent,
): Promise<EventOutcome> {
  if (event.type !== 'payment.succeeded' && event.type !== 'payment.failed') return 'ignored';
  const record = await recordOf(tx, providerName, registry, event);
  if (!record) return 'ignored';
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`pay:${record.contractId}`}))`);
  if (event.type === 'payment.failed') {
    const moved = await movePaymentRecords(tx, eq(paymentRecords.id, record.id), 'DECLINE', {
      failedReason: event.reason || ('declined' satisfies PaymentDeclineReason),
    });
    return moved.length ? 'applied' : 'ignored';
  }
  if (BigInt(event.amountMinor) !== record.amountMinor || event.currency.toUpperCase() !== record.currency) {
    await movePaymentRecords(tx, eq(paymentRecords.id, record.id), 'DECLINE', {
      failedReason: 'amount_mismatch' satisfies PaymentDeclineReason,
    });
    return 'applied';
  }
  const [contract] = await tx.select().from(tradeContracts).where(eq(tradeContracts.id, record.contractId));
  const now = new Date();
  // Only a still-pending attempt captures. `record` was read before the lock and closing an attempt
  // does not take it, so the status is checked by the update itself.
  // A presale attempt captures only the stage it was started for.
  // A merged payment captures only if every member is still unpaid and open: all of them or none.
  const members = isMerged(contract!) ? await lockMembers(tx, contract!.id) : null;
  const captured =
    contract!.status === 'PENDING_PAY' &&
    record.stage === stageOf(contract!).stage &&
    (members ?? []).every((m) => m.status === 'PENDING_PAY')
      ? await movePaymentRecords(
          tx,
          eq(paymentRecords.id, record.id),
          'CAPTURE',
          record.providerPaymentId ? {} : { providerPaymentId: event.providerPaymentId },
        )
      : [];
  if (!captured.length) {
    // A closed attempt or an already paid order: the money is not kept. An attempt that already
    // succeeded stays as it is; any other approved charge is refunded by the refund job.
    const notKept = await movePaymentRecords(tx, eq(paymentRecords.id, record.id), 'NOT_CAPTURED', {
      failedReason: 'not captured: order already paid or attempt closed',
    });
    if (notKept.length) await refundNotCaptured(tx, record, BigInt(event.amountMinor));
    return 'ignored';
  }
  if (members) await markMergedPaid(tx, contract!, members, record.channel, now);
  else await markStagePaid(tx, contract!, record.stage, record.channel, now);
  return 'applied';
}

/** A saved card becomes usable: token and tail from the provider; the first card is the default. */
export async function applySetupEvent(tx: Tx, providerName: string, event: ProviderEvent): Promise<EventOutcome> {
  if (event.type !== 'setup.succeeded' && event.type !== 'setup.failed') return 'ignored';
  if (!/^\d{1,18}$/.test(event.cardId)) return 'ignored';
  const [card] = await tx
    .select()
    .from(cards)
    .where(and(eq(cards.setupId, event.setupId), eq(cards.id, BigInt(event.cardId)), eq(cards.provider, providerName)));
  if (!card || card.status !== 'SETUP_PENDING') return 'ignored';
  if (event.type === 'setup.failed') {
    await tx
      .update(cards)
      .set({ status: 'FAILED' })
      .where(and(eq(cards.id, card.id), eq(cards.status, 'SETUP_PENDING')));
    return 'applied';
  }
  // Two setups of one buyer finishing together must not both see "no default yet".
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`card-default:${card.buyerId}`}))`);
  const [other] = await tx
    .select({ id: cards.id })
    .from(cards)
    .where(and(eq(cards.buyerId, card.buyerId), eq(cards.status, 'ACTIVE'), eq(cards.isDefault, true)));
  const moved = await tx
    .update(cards)
    .set({
      status: 'ACTIVE',
      payCenterToken: event.token,
      tailNumber: event.cardTail ?? null,
      bankNetName: event.brand ?? null,
      isDefault: !other && card.isSave,
    })
    .where(and(eq(cards.id, card.id), eq(cards.status, 'SETUP_PENDING')))
    .returning({ id: cards.id });
  return moved.length ? 'applied' : 'ignored';
}

/**
 * The buyer chose "cancel" on the provider's page and is back: what the provider decided is
 * applied, the attempt is stopped at the provider and, unless it was decided, fails as 'cancelled', so the result page
 * says so at once and "pay again" is offered (rather than waiting for the provider's page to
 * expire). The contract's payUniqueKey in the return URL keeps another site from cancelling a
 * buyer's payment by linking here. Returns the pay-result path to go to.
 */
export async function cancelFromProvider(
  db: Db,
  registry: PaymentRegistry,
  apply: (providerName: string, event: ProviderEvent) => Promise<unknown>,
  payer: Payer,
  recordId: bigint,
  payUniqueKey: string,
): Promise<string> {
  const [r] = await db
    .select({ r: paymentRecords, c: tradeContracts })
    .from(paymentRecords)
    .innerJoin(tradeContracts, eq(tradeContracts.id, paymentRecords.contractId))
    .where(and(eq(paymentRecords.id, recordId), eq(tradeContracts.payUniqueKey, payUniqueKey)));
  if (!r) throw new AppError(404, ERROR_CODES.notFound, 'This payment does not exist');
  await contractOf(db, payer, r.c.id);
  const provider = registry.forChannel(r.r.channel);
  if (r.r.status === 'PAY_PENDING' && provider && r.r.providerPaymentId) {
    const id = r.r.providerPaymentId;
    const applyDecided = async () => {
      for (const event of await provider.confirm(id)) {
        if (event.type === 'payment.succeeded' || event.type === 'payment.failed') await apply(provider.name, event);
      }
    };
    // What the provider decided before the buyer left (a declined card keeps its reason), then
    // its page is closed so nothing can be paid on it any more, and what it decided meanwhile.
    await applyDecided();
    await provider.cancel(id);
    await applyDecided();
    await movePaymentRecords(db, eq(paymentRecords.id, r.r.id), 'DECLINE', { failedReason: 'cancelled' });
  }
  return `/buyer/pay-result?contractId=${r.c.id}&buyerId=${r.c.buyerId}&paymentOrderId=${r.c.paymentOrderId}&totalAmt=${money(r.r.amountMinor, r.r.currency as Currency).value}`;
}
