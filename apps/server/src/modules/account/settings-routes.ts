/**
 * Account settings calls of SPEC §7 beyond passwords: profile (user-info), enterprise notice
 * emails, bind / change email and phone, delete account (user-destroy) and the invitation code.
 * `{provider}` is IDENTITY_PROVIDER ('mall'). Every call works on the session's own account;
 * no id in a body chooses whose.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AccountContact,
  BindEmailBody,
  BindEmailSendBody,
  BindMobileBody,
  BindMobileSendBody,
  ChangeEmailBody,
  ChangeEmailSendBody,
  ChangeMobileBody,
  ChangeMobileSendBody,
  CheckEmailCodeBody,
  CodeChecked,
  DestroyBody,
  Destroyed,
  DestroySendEmailBody,
  DestroySendSmsBody,
  ErrorBody,
  FillInvitationBody,
  IDENTITY_PROVIDER,
  InvitationFilled,
  NoticeEmail,
  NoticeEmailCreateBody,
  NoticeEmailDeleteBody,
  NoticeEmailList,
  NoticeEmailQueryBody,
  NoticeEmailUpdateBody,
  Profile,
  ProfileBody,
  SendCodeResult,
} from '@mall/contracts';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireRegistered, type UserRow } from '../../lib/session.js';
import type { FileStorage } from '../../lib/storage.js';
import { createNoticeEmail, deleteNoticeEmail, listNoticeEmails, updateNoticeEmail } from '../enterprise/notice.js';
import {
  bindEmail,
  bindMobile,
  changeEmail,
  changeMobile,
  checkOldEmailCode,
  sendBindEmailCode,
  sendBindMobileCode,
  sendChangeEmailCode,
  sendChangeMobileCode,
} from './contact.js';
import { destroyAccount, sendDestroyEmailCode, sendDestroySmsCode } from './destroy.js';
import type { RequestContext } from './password.js';
import { fillInvitationCode, getProfile, updateProfile } from './profile.js';

const tags = ['account settings'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };
const P = `/auth/${IDENTITY_PROVIDER}`;
const ctxOf = (req: FastifyRequest): RequestContext => ({
  ip: req.ip,
  lang: req.caller.language,
  site: req.caller.site.code,
});
const contact = (u: UserRow) => ({ email: u.email, mobile: u.phone, mobilePrefix: u.phonePrefix });

export function accountSettingsRoutes(app: FastifyInstance, db: Db, storage: FileStorage): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const codeLimit = { rateLimit: { max: 10, timeWindow: '1 minute' } };

  // ---------- profile ----------
  r.get(
    `${P}/user/user-info`,
    {
      schema: {
        tags,
        summary: "The caller's profile: contact, names, gender, birthday, language, its invitation code",
        response: { 200: Profile, ...errors },
      },
    },
    async (req) => getProfile(db, requireRegistered(req)),
  );

  r.put(
    `${P}/user/user-info`,
    {
      schema: {
        tags,
        summary: "Update the caller's profile (nickname, first/last names, gender, birthday, language)",
        body: ProfileBody,
        response: { 200: Profile, ...errors },
      },
    },
    async (req) => updateProfile(db, requireRegistered(req), req.body),
  );

  // ---------- enterprise notice emails (main account) ----------
  const N = '/sapi/mall-enterprise/enterprise/notice';
  r.post(
    `${N}/queryEnterpriseNoticeEmailList`,
    {
      schema: {
        tags,
        summary: "The enterprise's notice emails (main account only)",
        body: NoticeEmailQueryBody,
        response: { 200: NoticeEmailList, ...errors },
      },
    },
    async (req) => listNoticeEmails(db, requireRegistered(req)),
  );
  r.post(
    `${N}/createEnterpriseEmailNotice`,
    {
      schema: {
        tags,
        summary: 'Add a notice email (main account only; valid, no duplicates, at most 10)',
        body: NoticeEmailCreateBody,
        response: { 200: NoticeEmail, ...errors },
      },
    },
    async (req) => createNoticeEmail(db, requireRegistered(req), req.body.email),
  );
  r.post(
    `${N}/updateEnterpriseEmailNotice`,
    {
      schema: {
        tags,
        summary: 'Change a notice email (main account only)',
        body: NoticeEmailUpdateBody,
        response: { 200: NoticeEmail, ...errors },
      },
    },
    async (req) => updateNoticeEmail(db, requireRegistered(req), req.body.id, req.body.email),
  );
  r.post(
    `${N}/deleteEnterpriseEmailNotice`,
    {
      schema: {
        tags,
        summary: 'Remove a notice email (main account only)',
        body: NoticeEmailDeleteBody,
        response: { 200: z.object({ deleted: z.literal(true) }), ...errors },
      },
    },
    async (req) => deleteNoticeEmail(db, requireRegistered(req), req.body.id),
  );

  // ---------- bind email / phone (accounts without one) ----------
  r.post(
    `${P}/captcha/bind/send-email-code`,
    {
      schema: {
        tags,
        summary: 'Bind email, step 1: a code to the new email (accounts without an email)',
        body: BindEmailSendBody,
        response: { 200: SendCodeResult, ...errors },
      },
      config: codeLimit,
    },
    async (req) => sendBindEmailCode(db, requireRegistered(req), req.body.email, ctxOf(req)),
  );
  r.post(
    '/api/user/web/email/bind',
    {
      schema: {
        tags,
        summary: 'Bind email, step 2: the email and its code',
        body: BindEmailBody,
        response: { 200: AccountContact, ...errors },
      },
    },
    async (req) => contact(await bindEmail(db, requireRegistered(req), req.body.email, req.body.emailCode)),
  );
  r.post(
    '/api/user/web/mobile/bind/send-sms-code',
    {
      schema: {
        tags,
        summary: 'Bind phone, step 1: a code by SMS to the new number (accounts without a phone)',
        body: BindMobileSendBody,
        response: { 200: SendCodeResult, ...errors },
      },
      config: codeLimit,
    },
    async (req) => sendBindMobileCode(db, requireRegistered(req), req.body.mobilePrefix, req.body.mobile, ctxOf(req)),
  );
  r.post(
    '/api/user/web/mobile/bind',
    {
      schema: {
        tags,
        summary: 'Bind phone, step 2: the number and its SMS code',
        body: BindMobileBody,
        response: { 200: AccountContact, ...errors },
      },
    },
    async (req) =>
      contact(await bindMobile(db, requireRegistered(req), req.body.mobilePrefix, req.body.mobile, req.body.smsCode)),
  );

  // ---------- change email / phone ----------
  r.post(
    `${P}/captcha/email/reset-send-email-code`,
    {
      schema: {
        tags,
        summary: 'Change email: a code to the current email (target old) or to the new one (target new, with email)',
        body: ChangeEmailSendBody,
        response: { 200: SendCodeResult, ...errors },
      },
      config: codeLimit,
    },
    async (req) => sendChangeEmailCode(db, requireRegistered(req), req.body, ctxOf(req)),
  );
  r.post(
    `${P}/user/reset/check-email-code`,
    {
      schema: {
        tags,
        summary:
          "Change email: check the current email's code before the next step (the code stays usable for reset-email)",
        body: CheckEmailCodeBody,
        response: { 200: CodeChecked, ...errors },
      },
    },
    async (req) => checkOldEmailCode(db, requireRegistered(req), req.body.emailCode),
  );
  r.post(
    `${P}/user/reset-email`,
    {
      schema: {
        tags,
        summary: "Change email: the new email with its code, plus the current email's code (oldCode) or the password",
        body: ChangeEmailBody,
        response: { 200: AccountContact, ...errors },
      },
    },
    async (req) => contact(await changeEmail(db, requireRegistered(req), req.body)),
  );
  r.post(
    '/api/user/web/mobile/reset/send-sms',
    {
      schema: {
        tags,
        summary:
          'Change phone: a code by SMS to the current number (target old) or to the new one (target new, with mobile and mobilePrefix)',
        body: ChangeMobileSendBody,
        response: { 200: SendCodeResult, ...errors },
      },
      config: codeLimit,
    },
    async (req) => sendChangeMobileCode(db, requireRegistered(req), req.body, ctxOf(req)),
  );
  r.post(
    '/api/user/web/mobile/change',
    {
      schema: {
        tags,
        summary:
          "Change phone (path not shown in the spec): the new number with its code, plus the current number's code (oldCode) or the password",
        body: ChangeMobileBody,
        response: { 200: AccountContact, ...errors },
      },
    },
    async (req) => contact(await changeMobile(db, requireRegistered(req), req.body)),
  );

  // ---------- delete account ----------
  r.post(
    `${P}/captcha/destroy-send-email-code`,
    {
      schema: {
        tags,
        summary: "Delete account, step 1: captcha, then a code to the account's own email",
        body: DestroySendEmailBody,
        response: { 200: SendCodeResult, ...errors },
      },
      config: codeLimit,
    },
    async (req) => {
      const user = requireRegistered(req);
      await app.captcha.require(req.body.captcha, req.body.token);
      return sendDestroyEmailCode(db, user, req.body.email, ctxOf(req));
    },
  );
  r.post(
    '/api/user/web/destroy-send-sms-code',
    {
      schema: {
        tags,
        summary: "Delete account, step 1 by SMS: captcha, then a code to the account's own phone",
        body: DestroySendSmsBody,
        response: { 200: SendCodeResult, ...errors },
      },
      config: codeLimit,
    },
    async (req) => {
      const user = requireRegistered(req);
      await app.captcha.require(req.body.captcha, req.body.token);
      return sendDestroySmsCode(db, user, req.body.prefix, req.body.mobile, ctxOf(req));
    },
  );
  r.put(
    `${P}/user/user-destroy`,
    {
      schema: {
        tags,
        summary:
          'Delete the account (email + emailCode, or mobile + prefix + smsCode); refused while a payment is charging, an after-sales is open or a paid order has not shipped. Personal data is erased or pseudonymised (docs/privacy.md)',
        body: DestroyBody,
        response: { 200: Destroyed, ...errors },
      },
    },
    async (req, reply) => {
      const result = await destroyAccount(db, requireRegistered(req), req.body, {
        detach: async (card) => {
          await app.paymentProviders.named(card.provider)?.detachCard?.(card.token);
        },
        storage,
        warn: (o, m) => req.log.warn(o, m),
      });
      await reply.endSession();
      return result;
    },
  );

  // ---------- invitation code ----------
  r.post(
    '/sapi/mall-customer/customer/fillInTheInvitationCodeFlow',
    {
      schema: {
        tags,
        summary: "Enter a friend's invitation code (once per account, not one's own); both get points",
        body: FillInvitationBody,
        response: { 200: InvitationFilled, ...errors },
      },
    },
    async (req) => fillInvitationCode(db, requireRegistered(req), req.body.invitationCode),
  );
}
