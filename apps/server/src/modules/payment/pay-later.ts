/**
 * SPEC §7 "Payment": POST /api/payments/v1/sessions {type} returns the pay-later provider's
 * client_token (Klarna's Payments session) for the browser's widget. The session belongs to a
 * payment attempt the caller started (firstPay with the pay-later channel), so a caller only ever
 * gets the token of its own attempt: its latest pending one, of the given contract when named.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ERROR_CODES,
  ErrorBody,
  PayLaterAuthorizationBody,
  PayLaterSession,
  PayLaterSessionBody,
  PayResult,
} from '@mall/contracts';
import type { Db } from '../../db/client.js';
import { paymentRecords } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { contractOf, payResult } from './service.js';
import { settleFromProvider } from './settle.js';
import type { PaymentRegistry } from './providers/registry.js';
import type { PaymentEvents } from './webhooks.js';

export function payLaterRoutes(app: FastifyInstance, db: Db, registry: PaymentRegistry, events: PaymentEvents): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/payments/v1/sessions',
    {
      schema: {
        tags: ['payment'],
        summary:
          "The pay-later provider's session of the caller's started attempt (Klarna: client_token for Klarna.Payments.init)",
        body: PayLaterSessionBody,
        response: { 200: PayLaterSession, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (req) => {
      const payer = req.caller.user;
      if (!payer) throw new AppError(404, ERROR_CODES.notFound, 'No pay-later payment has been started');
      const type = req.body.type;
      const channels = registry.providers
        .filter(
          (p) =>
            p.payLaterSession &&
            (p.name === type.toLowerCase() || p.channels.some((c) => c.channelName === type.toUpperCase())),
        )
        .flatMap((p) => p.channels.filter((c) => c.rules.payLater).map((c) => c.channelName));
      if (!channels.length)
        throw new AppError(400, ERROR_CODES.channelUnavailable, 'This payment method is not available');
      const contractId = req.body.contractId ? (await contractOf(db, payer, BigInt(req.body.contractId))).id : null;
      const [record] = await db
        .select()
        .from(paymentRecords)
        .where(
          and(
            eq(paymentRecords.buyerId, payer.id),
            eq(paymentRecords.status, 'PAY_PENDING'),
            inArray(paymentRecords.channel, channels),
            contractId ? eq(paymentRecords.contractId, contractId) : undefined,
          ),
        )
        .orderBy(desc(paymentRecords.id))
        .limit(1);
      const provider = record && registry.forChannel(record.channel);
      if (!record?.providerPaymentId || !provider?.payLaterSession)
        throw new AppError(404, ERROR_CODES.notFound, 'No pay-later payment has been started');
      const s = await provider.payLaterSession(record.providerPaymentId);
      return {
        client_token: s.clientToken,
        session_id: s.sessionId,
        paymentRecordId: String(record.id),
        payment_method_categories: s.categories,
      };
    },
  );

  /**
   * The widget finished: Klarna.Payments.authorize gave the browser an authorization_token for
   * the caller's pending attempt of this contract. The provider places the order with it (Klarna
   * checks the token against the attempt's session and amount) and captures; the answer is the
   * pay result, as the result page's poll would read it.
   */
  r.post(
    '/api/payments/v1/authorizations',
    {
      schema: {
        tags: ['payment'],
        summary:
          "Klarna's widget authorised the caller's pending pay-later attempt: the order is placed with its authorization_token; answers the pay result",
        body: PayLaterAuthorizationBody,
        response: { 200: PayResult, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => {
      const payer = req.caller.user;
      if (!payer) throw new AppError(404, ERROR_CODES.tradeContractNotExist, 'This order does not exist');
      const contract = await contractOf(db, payer, BigInt(req.body.contractId));
      const [latest] = await db
        .select()
        .from(paymentRecords)
        .where(eq(paymentRecords.contractId, contract.id))
        .orderBy(desc(paymentRecords.id))
        .limit(1);
      const provider = latest && registry.forChannel(latest.channel);
      if (!latest || latest.status !== 'PAY_PENDING' || latest.buyerId !== payer.id || !provider?.payLaterSession) {
        throw new AppError(404, ERROR_CODES.notFound, 'No pay-later payment is waiting for this authorization');
      }
      await settleFromProvider(db, registry, events, contract.id, {
        authorization_token: req.body.authorization_token,
      });
      return payResult(db, payer, contract.id);
    },
  );
}
