/**
 * SPEC §7 Payment calls for embedded widgets:
 *
 * - POST /sapi/mall-pay/payment/authority: what the widget needs before paying. ADYEN_PC: a
 *   Drop-in session (sessionData, sessionId, clientKey, enviroment) for the amount given, 100
 *   minor units when none (§9); BRAINTREE: a client token. A channel whose provider is not
 *   configured, or that has no such step, is "not offered".
 * - POST /sapi/mall-pay/payment/adyenDetails: finishes a Drop-in payment that needed a redirect
 *   or 3-D Secure (Adyen's /payments/details) and applies Adyen's decision to the payment record
 *   exactly as a return or a notification would; answers the pay result.
 *
 * - POST /api/payments/braintree/nonce: Braintree's hosted fields tokenized the card; the nonce
 *   pays the caller's pending BRAINTREE attempt of the contract (the sale is made once) and the
 *   answer is the pay result.
 *
 * The payment record is the one Adyen names in its answer (merchantReference), never an id from
 * the browser, and it must belong to the caller (or be payable by them, as firstPay checks).
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq } from 'drizzle-orm';
import {
  AdyenDetailsBody,
  AuthorityBody,
  BraintreeNonceBody,
  AuthorityResult,
  CURRENCIES,
  DEFAULT_AUTHORITY_AMOUNT_MINOR,
  ERROR_CODES,
  ErrorBody,
  PayResult,
  type Currency,
} from '@mall/contracts';
import { toMinor } from '@mall/domain';
import type { Db } from '../../db/client.js';
import { paymentRecords, webhookEvents } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { isRegistered } from '../../lib/session.js';
import { contractOf, payResult } from './service.js';
import { settleFromProvider } from './settle.js';
import type { PaymentRegistry } from './providers/registry.js';
import type { PaymentEvents } from './webhooks.js';

const tags = ['payment'];
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody, 503: ErrorBody };

function callerOf(req: FastifyRequest) {
  if (!req.caller.user)
    throw new AppError(401, ERROR_CODES.unauthorized, 'Please sign in or continue as a guest first');
  return req.caller.user;
}

const notOffered = () => new AppError(400, ERROR_CODES.channelUnavailable, 'This payment method is not offered');

/** The amount asked for, in minor units of `currency`: `amount` (minor), else tradeAmt (major), else 100 (§9). */
function authorityAmount(body: AuthorityBody, currency: Currency): bigint {
  if (body.amount !== undefined) return BigInt(body.amount);
  if (body.tradeAmt) {
    try {
      return toMinor(body.tradeAmt.value, currency);
    } catch {
      throw new AppError(400, ERROR_CODES.invalidRequest, `Invalid amount for ${currency}`);
    }
  }
  return BigInt(DEFAULT_AUTHORITY_AMOUNT_MINOR);
}

export function authorityRoutes(app: FastifyInstance, db: Db, registry: PaymentRegistry, events: PaymentEvents): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/sapi/mall-pay/payment/authority',
    {
      schema: {
        tags,
        summary:
          "An embedded widget's start: ADYEN_PC a Drop-in session (amount default 100 minor units), BRAINTREE a client token; 400 when the channel is not offered",
        body: AuthorityBody,
        response: { 200: AuthorityResult, ...errors },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (req) => {
      const user = callerOf(req);
      const offer = registry.offerOf(req.body.channel);
      const provider = registry.forChannel(req.body.channel);
      if (!offer || !provider?.authority || (!offer.rules.anonymous && !isRegistered(req.caller))) throw notOffered();
      const site = req.caller.site;
      const asked = req.body.tradeAmt?.type?.toUpperCase();
      const currency: Currency =
        asked && (CURRENCIES as readonly string[]).includes(asked) ? (asked as Currency) : site.currency;
      if (offer.rules.currencies !== 'ANY' && !offer.rules.currencies.includes(currency)) throw notOffered();
      const amountMinor = authorityAmount(req.body, currency);
      if (amountMinor <= 0n)
        throw new AppError(400, ERROR_CODES.channelUnavailable, 'This amount cannot be authorised');
      const answer = await provider.authority({
        channel: req.body.channel,
        amountMinor,
        currency,
        countryCode: req.body.countryCode,
        language: req.caller.language,
        siteCode: site.code,
        reference: `authority-${user.id}-${crypto.randomUUID()}`,
        returnPath: `/buyer/pay-result?channel=${req.body.channel}`,
      });
      return { redirectInfo: answer.redirectInfo ?? null, channelToken: answer.channelToken ?? null };
    },
  );

  r.post(
    '/api/payments/braintree/nonce',
    {
      schema: {
        tags,
        summary:
          "Braintree's hosted fields tokenized the card: the nonce pays the caller's pending BRAINTREE attempt of the contract (one sale per attempt); answers the pay result",
        body: BraintreeNonceBody,
        response: { 200: PayResult, ...errors },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (req) => {
      const payer = callerOf(req);
      const contract = await contractOf(db, payer, BigInt(req.body.contractId));
      const [latest] = await db
        .select()
        .from(paymentRecords)
        .where(eq(paymentRecords.contractId, contract.id))
        .orderBy(desc(paymentRecords.id))
        .limit(1);
      // Only the caller's own attempt, started with firstPay on a channel of Braintree's hosted fields.
      if (
        !latest ||
        latest.buyerId !== payer.id ||
        registry.offerOf(latest.channel)?.configMap.hostedFields !== 'braintree'
      ) {
        throw new AppError(404, ERROR_CODES.notFound, 'No card payment is waiting for this order');
      }
      // A repeated post (double click, retry) after the attempt was decided answers its result: no second sale.
      if (latest.status !== 'PAY_PENDING') return payResult(db, payer, contract.id);
      try {
        await settleFromProvider(db, registry, events, contract.id, {
          nonce: req.body.paymentMethodNonce,
          ...(req.body.deviceData ? { deviceData: req.body.deviceData } : {}),
        });
      } catch (e) {
        if (e instanceof AppError) throw e;
        // Braintree out of reach: the attempt stays pending (the poll finds a sale made meanwhile).
        throw new AppError(
          503,
          ERROR_CODES.channelUnavailable,
          'The payment service cannot be reached, please try again later',
        );
      }
      return payResult(db, payer, contract.id);
    },
  );

  r.post(
    '/sapi/mall-pay/payment/adyenDetails',
    {
      schema: {
        tags,
        summary:
          "Finishes an Adyen Drop-in payment that needed a redirect or 3-D Secure (the Drop-in's details, site); applies Adyen's decision and returns the pay result",
        body: AdyenDetailsBody,
        response: { 200: PayResult, ...errors },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (req) => {
      const payer = callerOf(req);
      const provider = registry.named('adyen');
      if (!provider?.paymentDetails) throw notOffered();
      const { merchantReference, events: decided } = await provider.paymentDetails({
        details: req.body.details,
        paymentData: req.body.paymentData,
      });
      const missing = () => new AppError(404, ERROR_CODES.notFound, 'This payment does not exist');
      if (!merchantReference || !/^\d{1,18}$/.test(merchantReference)) throw missing();
      const [record] = await db
        .select()
        .from(paymentRecords)
        .where(eq(paymentRecords.id, BigInt(merchantReference)));
      if (!record || registry.forChannel(record.channel)?.name !== provider.name) throw missing();
      // Someone else's payment is "does not exist" (contractOf), like every payment call.
      await contractOf(db, payer, record.contractId);
      for (const event of decided) {
        if (event.type !== 'payment.succeeded' && event.type !== 'payment.failed') continue;
        // Adyen names the payment by its pspReference; the shop's record knows it by its session.
        const outcome = await events.applyDirect(provider.name, {
          ...event,
          providerPaymentId: record.providerPaymentId ?? event.providerPaymentId,
        });
        // Adyen's notification of the same decision came at the same moment and is stored: the
        // answer waits until it is applied (process() takes the event's row lock; applied once).
        if (outcome === 'ignored' && event.eventId) {
          const [stored] = await db
            .select({ id: webhookEvents.id })
            .from(webhookEvents)
            .where(and(eq(webhookEvents.provider, provider.name), eq(webhookEvents.eventId, event.eventId)));
          if (stored) await events.process(stored.id);
        }
      }
      return payResult(db, payer, record.contractId);
    },
  );
}
