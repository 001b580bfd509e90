import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ClosePaymentBody,
  ContractDetail,
  ContractRef,
  PayResultBody,
  CreditBalance,
  ERROR_CODES,
  MasterPendingList,
  ErrorBody,
  FirstPayBody,
  FirstPayResult,
  IdBody,
  PayChannelBody,
  PayChannelResult,
  PaymentStatus,
  PayResult,
} from '@mall/contracts';
import type { Db } from '../../db/client.js';
import { eq } from 'drizzle-orm';
import { tradeOrders } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { isRegistered } from '../../lib/session.js';
import type { FastifyRequest } from 'fastify';
import { settleFromProvider } from './settle.js';
import { payLaterRoutes } from './pay-later.js';
import { authorityRoutes } from './authority.js';
import {
  cancelFromProvider,
  closePaymentRecord,
  contractDetail,
  masterPending,
  paymentStatus,
  payResult,
  startPayment,
  submitToMaster,
} from './service.js';
import { creditBalance } from './providers/invoice-me.js';
import type { PaymentRegistry } from './providers/registry.js';
import type { PaymentEvents } from './webhooks.js';

const tags = ['payment'];
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };

/** Payments belong to the session's buyer (registered or tourist); nobody else's id is accepted. */
function buyerOf(req: FastifyRequest) {
  if (!req.caller.user) throw new AppError(404, ERROR_CODES.tradeContractNotExist, 'This order does not exist');
  return req.caller.user;
}

export function paymentRoutes(app: FastifyInstance, db: Db, registry: PaymentRegistry, events: PaymentEvents): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/sapi/mall-pay/payment/payChannel',
    {
      schema: {
        tags,
        summary: 'Payment channels for the site, in its configured order (guests: anonymous channels only)',
        body: PayChannelBody,
        response: { 200: PayChannelResult, 400: ErrorBody },
      },
    },
    async (req) =>
      registry.payChannels(req.caller.site, {
        tourist: req.caller.user?.userType !== 'REGISTERED',
        isPoint: req.body.isPoint === true,
        credit: await creditBalance(db, req.caller.user),
      }),
  );

  r.post(
    '/sapi/mall-pay/creditCustomer/accountBalance',
    {
      schema: {
        tags,
        summary: 'Available credit for payment terms (INVOICE_ME) of the enterprise account',
        body: z.strictObject({ site: z.string().max(3).optional() }),
        response: { 200: CreditBalance, ...errors },
      },
    },
    async (req) => {
      const credit = await creditBalance(db, req.caller.user);
      if (!credit) throw new AppError(403, ERROR_CODES.notEnterpriseUser, 'Payment terms are for enterprise accounts');
      return credit;
    },
  );

  r.post(
    '/sapi/mall-order/web/order/queryAndValidateTradeContractDetailById',
    {
      schema: {
        tags,
        summary: 'A contract of the caller with its trade orders and amount due',
        body: IdBody,
        response: { 200: ContractDetail, ...errors },
      },
    },
    async (req) => contractDetail(db, buyerOf(req), BigInt(req.body.id)),
  );

  r.post(
    '/sapi/mall-pay/payment/firstPay',
    {
      schema: {
        tags,
        summary:
          'Start paying a contract; returns the provider page to redirect to. 409 Payment.pending when an attempt is open.',
        body: FirstPayBody,
        response: { 200: FirstPayResult, ...errors },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (req) => {
      // A channel that is not configured, or not open to guests, is refused before anything is looked up.
      const offer = registry.offerOf(req.body.payChannel);
      if (!offer || (!offer.rules.anonymous && !isRegistered(req.caller)))
        throw new AppError(400, ERROR_CODES.channelUnavailable, 'This payment method is not available');
      return startPayment(db, registry, buyerOf(req), BigInt(req.body.contractId), {
        channel: req.body.payChannel,
        payMethod: req.body.payMethod,
        cardId: req.body.cardId,
        proofUrl: req.body.proofOfInvoiceUrl,
        language: req.caller.language,
        siteCode: req.caller.site.code,
      });
    },
  );

  r.post(
    '/api/payments/status-by-contract',
    {
      schema: {
        tags,
        summary:
          'Payment status by contract (payUniqueKey, paymentRecordStatus, paymentRecordId) for the repeat-payment guard',
        body: ContractRef,
        response: { 200: PaymentStatus, ...errors },
      },
    },
    async (req) => paymentStatus(db, buyerOf(req), BigInt(req.body.contractId)),
  );

  r.post(
    '/sapi/mall-order/web/order/secondaryPay',
    {
      schema: {
        tags,
        summary:
          "Pay an order again (secondary pay): the payment status of the order's contract for the repeat-payment guard",
        body: IdBody,
        response: { 200: PaymentStatus.extend({ contractId: z.string() }), ...errors },
      },
    },
    async (req) => {
      const payer = buyerOf(req);
      // The trade order only leads to its contract; ownership is checked on the contract.
      const [order] = await db
        .select({ contractId: tradeOrders.contractId })
        .from(tradeOrders)
        .where(eq(tradeOrders.id, BigInt(req.body.id)));
      if (!order) throw new AppError(404, ERROR_CODES.tradeContractNotExist, 'This order does not exist');
      return { ...(await paymentStatus(db, payer, order.contractId)), contractId: String(order.contractId) };
    },
  );

  r.post(
    '/sapi/mall-order/web/order/closePaymentRecordAfterConfirm',
    {
      schema: {
        tags,
        summary: 'Close a pending or failed payment attempt after the buyer confirmed paying again',
        body: ClosePaymentBody,
        response: { 200: z.object({ closed: z.boolean() }), ...errors },
      },
    },
    async (req) => {
      await closePaymentRecord(db, registry, buyerOf(req).id, req.body.payUniqueKey, BigInt(req.body.paymentRecordId));
      return { closed: true };
    },
  );

  r.post(
    '/sapi/mall-pay/payment/payResult',
    {
      schema: {
        tags,
        summary:
          'Result of the latest payment of a contract (polled every 3 s by the pay-result page); a pending attempt the provider has decided is settled first',
        body: PayResultBody,
        response: { 200: PayResult, ...errors },
      },
    },
    async (req) => {
      const payer = buyerOf(req);
      const contractId = BigInt(req.body.contractId);
      const result = await payResult(db, payer, contractId);
      if (result.status !== 'PAY_PENDING') return result;
      // Back from the provider's page before its webhook: the provider's decision, read at once.
      const settled = await settleFromProvider(
        db,
        registry,
        events,
        contractId,
        req.body.sessionResult ? { sessionResult: req.body.sessionResult } : undefined,
      );
      return settled === 'none' ? result : payResult(db, payer, contractId);
    },
  );

  r.get(
    '/api/payments/return/cancel',
    {
      schema: {
        tags,
        summary:
          "The provider's cancel return: stops the attempt at the provider, marks it failed ('cancelled') unless already decided, and sends the buyer to the result page",
        querystring: z.object({ paymentRecordId: z.string().regex(/^\d{1,18}$/), payUniqueKey: z.string().max(100) }),
      },
    },
    async (req, reply) => {
      const to = await cancelFromProvider(
        db,
        registry,
        (name, event) => events.applyDirect(name, event),
        buyerOf(req),
        BigInt(req.query.paymentRecordId),
        req.query.payUniqueKey,
      );
      return reply.redirect(to, 303);
    },
  );

  // SPEC §7 authority and adyenDetails (embedded widgets).
  authorityRoutes(app, db, registry, events);

  // SPEC §7 /api/payments/v1/sessions: the pay-later provider's client_token.
  payLaterRoutes(app, db, registry, events);

  r.post(
    '/api/payments/submit-to-master',
    {
      schema: {
        tags,
        summary: "Enterprise sub-account: 'Submit Master Account' hands the order to the main account for payment",
        body: ContractRef,
        response: {
          200: z.object({ contractId: z.string(), masterStatus: z.literal('PENDING') }),
          ...errors,
          403: ErrorBody,
        },
      },
    },
    async (req) =>
      submitToMaster(db, buyerOf(req), BigInt(req.body.contractId), {
        lang: req.caller.language,
        site: req.caller.site.code,
      }),
  );

  r.get(
    '/api/payments/master-pending',
    {
      schema: {
        tags,
        summary: 'Main account: sub-account orders waiting for its payment',
        response: { 200: MasterPendingList },
      },
    },
    async (req) => (req.caller.user ? masterPending(db, req.caller.user) : []),
  );

  // Webhooks are signed over the raw body, so this scope keeps the body as received. The browser
  // CSRF check does not apply: the provider's signature does.
  app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    // Braintree posts its webhooks as a form (bt_signature, bt_payload).
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    scope.post<{ Params: { provider: string } }>(
      '/api/payments/webhooks/:provider',
      {
        schema: {
          tags,
          summary:
            "A payment provider's webhook (its own signature scheme; each event stored once by its id and applied once; replays are acknowledged)",
          params: z.object({ provider: z.string().max(40) }),
        },
        config: { csrfExempt: true },
      },
      async (req, reply) => {
        const provider = registry.named(req.params.provider);
        const raw = typeof req.body === 'string' ? req.body : '';
        // A provider that is not configured has no secret to verify with: nothing sent to it is genuine.
        const hook = provider ? await provider.verifyWebhook(raw, req.headers) : null;
        if (!provider || !hook)
          return reply.code(400).send({ code: ERROR_CODES.badSignature, message: 'Invalid webhook signature' });
        return { received: true, outcome: await events.receive(provider.name, hook) };
      },
    );
  });
}
