/**
 * Account security calls of SPEC §7 (codes, password reset by email and SMS, change password),
 * the captcha challenge and the dev mailbox. `{provider}` in the spec's paths is the shop's
 * own identity provider, IDENTITY_PROVIDER = 'mall'.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { desc, eq } from 'drizzle-orm';
import {
  ChangePasswordBody,
  DevMailboxList,
  ErrorBody,
  IDENTITY_PROVIDER,
  OkResult,
  ResetByTokenBody,
  ResetCheckSmsCodeBody,
  ResetEmailCodeVerifyBody,
  ResetSendEmailCodeBody,
  ResetSendSmsBody,
  ResetTokenResult,
  SendCodeResult,
  phoneDestination,
} from '@mall/contracts';
import type { Db } from '../../db/client.js';
import { devMailbox } from '../../db/schema/index.js';
import { requireRegistered } from '../../lib/session.js';
import {
  changePassword,
  issueResetToken,
  resetByToken,
  sendResetEmailCode,
  sendResetSmsCode,
  type RequestContext,
} from './password.js';

const tags = ['account'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody };
const P = `/auth/${IDENTITY_PROVIDER}`;
const CAPTCHA_NOTE =
  ' `captcha` = the ALTCHA payload of the solved widget, `token` = the challenge id (its parameters.nonce) from GET /api/captcha/challenge; single use, 5 minutes.';

const ctxOf = (req: FastifyRequest): RequestContext => ({
  ip: req.ip,
  lang: req.caller.language,
  site: req.caller.site.code,
});

export function accountRoutes(app: FastifyInstance, db: Db, opts: { devMailbox: boolean }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Code calls also have a per-IP route limit on top of the per-destination and per-IP hourly caps.
  const codeLimit = { rateLimit: { max: 10, timeWindow: '1 minute' } };

  r.get(
    '/api/captcha/challenge',
    {
      schema: {
        tags,
        summary:
          'A new ALTCHA proof-of-work challenge (signed, expires in 5 minutes); the widget fetches and solves it',
        response: { 200: z.any() },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return app.captcha.challenge();
    },
  );

  // ---------- password reset by email ----------
  r.post(
    `${P}/captcha/password/reset-send-email-code`,
    {
      schema: {
        tags,
        summary: `Send a password reset code to the email (same answer whether or not it is registered).${CAPTCHA_NOTE}`,
        body: ResetSendEmailCodeBody,
        response: { 200: SendCodeResult, ...errors },
      },
      config: codeLimit,
    },
    async (req) => {
      await app.captcha.require(req.body.captcha, req.body.token);
      return sendResetEmailCode(db, req.body.email, ctxOf(req));
    },
  );

  r.post(
    `${P}/password/reset-email-code-verify`,
    {
      schema: {
        tags,
        summary: 'Check the emailed reset code (5 tries, 10 minutes, single use) -> a reset token valid 15 minutes',
        body: ResetEmailCodeVerifyBody,
        response: { 200: ResetTokenResult, ...errors },
      },
      config: codeLimit,
    },
    async (req) => issueResetToken(db, req.body.email, req.body.code),
  );

  r.post(
    `${P}/password/reset-by-verify-token`,
    {
      schema: {
        tags,
        summary: 'Set a new password with the reset token; every session of the account is signed out',
        body: ResetByTokenBody,
        response: { 200: OkResult, ...errors },
      },
      config: codeLimit,
    },
    async (req) => {
      await resetByToken(db, req.body.token, req.body.password, ctxOf(req));
      return { ok: true as const };
    },
  );

  // ---------- password reset by SMS ----------
  r.post(
    '/api/user/web/password/send-sms',
    {
      schema: {
        tags,
        summary: `Send a password reset code by SMS to the phone bound to an account (same answer for an unknown number).${CAPTCHA_NOTE}`,
        body: ResetSendSmsBody,
        response: { 200: SendCodeResult, ...errors },
      },
      config: codeLimit,
    },
    async (req) => {
      await app.captcha.require(req.body.captcha, req.body.token);
      return sendResetSmsCode(db, req.body.mobilePrefix, req.body.mobile, ctxOf(req));
    },
  );

  r.post(
    '/api/user/web/mobile/reset/check-sms-code',
    {
      schema: {
        tags,
        summary: 'Check the SMS reset code -> a reset token valid 15 minutes',
        body: ResetCheckSmsCodeBody,
        response: { 200: ResetTokenResult, ...errors },
      },
      config: codeLimit,
    },
    async (req) => issueResetToken(db, phoneDestination(req.body.mobilePrefix, req.body.mobile), req.body.code),
  );

  r.post(
    '/api/user/web/mobile/reset',
    {
      schema: {
        tags,
        summary: 'Set a new password with the token from check-sms-code; every session of the account is signed out',
        body: ResetByTokenBody,
        response: { 200: OkResult, ...errors },
      },
      config: codeLimit,
    },
    async (req) => {
      await resetByToken(db, req.body.token, req.body.password, ctxOf(req));
      return { ok: true as const };
    },
  );

  // ---------- change password ----------
  r.put(
    `${P}/user/change-password`,
    {
      schema: {
        tags,
        summary:
          'Change the password (current one required); other sessions are signed out, this one stays; a notice is emailed',
        body: ChangePasswordBody,
        response: { 200: OkResult, ...errors },
      },
      config: codeLimit,
    },
    async (req) => {
      const user = requireRegistered(req);
      await changePassword(db, user, req.caller.sessionId, req.body.oldPassword, req.body.newPassword, ctxOf(req));
      return { ok: true as const };
    },
  );

  // ---------- dev mailbox (off in production unless DEV_MAILBOX=1) ----------
  if (opts.devMailbox) {
    r.get(
      '/api/dev/mailbox',
      {
        schema: {
          tags: ['dev'],
          summary: 'Development only: mail and SMS the shop sent, newest first (filter by `to`)',
          querystring: z.strictObject({
            to: z.string().max(200).optional(),
            limit: z.coerce.number().int().min(1).max(200).default(50),
          }),
          response: { 200: DevMailboxList },
        },
      },
      async (req) => {
        const to = req.query.to?.trim().toLowerCase();
        const rows = await db
          .select()
          .from(devMailbox)
          .where(to ? eq(devMailbox.toAddress, to) : undefined)
          .orderBy(desc(devMailbox.id))
          .limit(req.query.limit);
        return {
          messages: rows.map((m) => ({
            id: String(m.id),
            channel: m.channel,
            to: m.toAddress,
            from: m.fromAddress,
            subject: m.subject,
            text: m.textBody,
            html: m.htmlBody,
            createdAt: m.createdAt.toISOString(),
          })),
        };
      },
    );
  }
}
