/**
 * SPEC §7 subscription calls (paths not shown in the spec, chosen under /api/subscription), the
 * confirm and unsubscribe links, RFC 8058's one-click unsubscribe, and the SMS provider's
 * inbound route for STOP and HELP replies.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EmailSubscribeBody,
  ErrorBody,
  SmsSubscribeBody,
  SubscriptionCheckBody,
  SubscriptionCheckResult,
  SubscriptionLinkResult,
  SubscriptionResult,
  SubscriptionTokenBody,
} from '@mall/contracts';
import type { Db } from '../../db/client.js';
import type { SmsProvider } from '../../lib/sms.js';
import {
  checkSubscription,
  confirmByToken,
  inboundSms,
  subscribeEmail,
  subscribeSms,
  unsubscribeByToken,
  type ConsentContext,
  type NewsletterSync,
} from './service.js';
import type { NewsletterProvider } from './newsletter.js';

const tags = ['subscription'];
const errors = { 400: ErrorBody, 404: ErrorBody, 429: ErrorBody };

export function subscriptionRoutes(
  app: FastifyInstance,
  db: Db,
  opts: { publicUrl: string; sms: SmsProvider; newsletter?: NewsletterProvider },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The provider's audience follows the shop's list; when it cannot be told, that is logged (SPEC §8) and the answer stands.
  const syncOf =
    (req: FastifyRequest): NewsletterSync =>
    (member) => {
      opts.newsletter
        ?.upsert(member)
        .catch((err: unknown) =>
          req.log.warn({ err, provider: opts.newsletter?.name }, 'newsletter provider not updated'),
        );
    };
  const ctxOf = (req: FastifyRequest): ConsentContext => ({
    site: req.caller.site,
    language: req.caller.language,
    ip: req.ip,
    userId: req.caller.user?.id ?? null,
    publicUrl: opts.publicUrl,
  });
  // Each call can send a message to the address given: a few per minute per IP.
  const limited = { rateLimit: { max: 10, timeWindow: '1 minute' } };

  r.post(
    '/api/subscription/check',
    {
      schema: {
        tags,
        summary: 'Whether an email or mobile number is subscribed on this site (value)',
        body: SubscriptionCheckBody,
        response: { 200: SubscriptionCheckResult, ...errors },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (req) => checkSubscription(db, req.caller.site, req.body),
  );

  r.post(
    '/api/subscription/email',
    {
      schema: {
        tags,
        summary:
          'Subscribe by email (double opt-in: PENDING until the emailed link is followed) or unsubscribe; source CHECK_OUT_NOW at checkout',
        body: EmailSubscribeBody,
        response: { 200: SubscriptionResult, ...errors },
      },
      config: limited,
    },
    async (req) => subscribeEmail(db, ctxOf(req), req.body, syncOf(req)),
  );

  r.post(
    '/api/subscription/sms',
    {
      schema: {
        tags,
        summary: 'Subscribe a US mobile number to texts (the welcome text says how to STOP) or unsubscribe it',
        body: SmsSubscribeBody,
        response: { 200: SubscriptionResult, ...errors },
      },
      config: limited,
    },
    async (req) => subscribeSms(db, ctxOf(req), req.body),
  );

  r.post(
    '/api/subscription/confirm',
    {
      schema: {
        tags,
        summary: "The confirmation email's link: the subscription becomes active",
        body: SubscriptionTokenBody,
        response: { 200: SubscriptionLinkResult, ...errors },
      },
      config: limited,
    },
    async (req) => confirmByToken(db, req.body.token, req.ip, syncOf(req)),
  );

  r.post(
    '/api/subscription/unsubscribe',
    {
      schema: {
        tags,
        summary: 'The unsubscribe page: no more marketing messages to this address',
        body: SubscriptionTokenBody,
        response: { 200: SubscriptionLinkResult, ...errors },
      },
      config: limited,
    },
    async (req) => unsubscribeByToken(db, req.body.token, req.ip, 'UNSUBSCRIBE_PAGE', syncOf(req)),
  );

  // RFC 8058: the mail client POSTs the form "List-Unsubscribe=One-Click" to the List-Unsubscribe URL, without cookies.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/subscription/one-click',
      {
        schema: {
          tags,
          summary: "A mail client's one-click unsubscribe (RFC 8058), from the List-Unsubscribe header",
          querystring: SubscriptionTokenBody,
          response: { 200: z.object({ status: z.string() }), ...errors },
        },
        config: { rateLimit: { max: 30, timeWindow: '1 minute' }, csrfExempt: true },
      },
      async (req) => ({
        status: (await unsubscribeByToken(db, req.query.token, req.ip, 'ONE_CLICK', syncOf(req))).status,
      }),
    );
  });

  r.post(
    '/api/sms/inbound',
    {
      schema: {
        tags,
        summary:
          "The SMS provider's callback for a received text: STOP (and its synonyms) unsubscribes the number, HELP answers",
      },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' }, csrfExempt: true },
    },
    async (req, reply) => {
      const message = opts.sms.parseInbound(req.headers, req.body);
      if (!message)
        return reply
          .code(401)
          .send({ code: 'Common.unauthorized', message: 'Not a genuine message from the SMS provider' });
      return { handled: await inboundSms(db, message.from, message.text) };
    },
  );
}
