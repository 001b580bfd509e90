import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, LoginBody, PreferencesBody, SITES, SessionInfo, SignupBody } from '@mall/contracts';
import type { Db } from '../../db/client.js';
import { LANG_COOKIE, SITE_COOKIE } from '../../lib/session.js';
import { compiledSerializer } from '../../lib/compiled-response.js';
import { adoptTouristCart, login, sessionInfo, signup } from './service.js';

const tags = ['identity'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody, 429: ErrorBody };

export function identityRoutes(
  app: FastifyInstance,
  db: Db,
  opts: { loginPerMinute?: number; signupPerHour?: number } = {},
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** New session for the account (rotated id); a guest's cart comes along. */
  async function enterAs(req: FastifyRequest, reply: FastifyReply, userId: bigint) {
    const touristId = req.caller.user?.userType === 'TOURIST' ? req.caller.user.id : null;
    await reply.startSession(userId);
    if (touristId) await adoptTouristCart(db, touristId, userId);
    return sessionInfo(db, req.caller);
  }

  r.get(
    '/api/auth/session',
    {
      // Every page load asks this: a compiled serializer instead of zod encoding (lib/compiled-response.ts).
      serializerCompiler: compiledSerializer,
      schema: {
        tags,
        summary: 'Who is calling: registered user or tourist, site, language, enterprise info',
        response: { 200: SessionInfo },
      },
      config: { sessionSummary: true },
    },
    async (req) => sessionInfo(db, req.caller),
  );

  r.post(
    '/api/auth/signup',
    {
      schema: {
        tags,
        summary: 'Create a buyer account and log in',
        body: SignupBody,
        response: { 200: SessionInfo, ...errors },
      },
      config: { rateLimit: { max: opts.signupPerHour ?? 20, timeWindow: '1 hour' } },
    },
    async (req, reply) => {
      const user = await signup(db, req.body);
      return enterAs(req, reply, user.id);
    },
  );

  r.post(
    '/api/auth/login',
    {
      schema: {
        tags,
        summary:
          'Log in with email and password (rate-limited per IP; past the per-account failure limit it answers 403 Auth.captchaRequired and needs captcha + token, see /api/captcha/challenge)',
        body: LoginBody,
        response: { 200: SessionInfo, ...errors },
      },
      config: { rateLimit: { max: opts.loginPerMinute ?? 10, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      const user = await login(db, req.body, {
        captcha: app.captcha,
        lang: req.caller.language,
        site: req.caller.site.code,
      });
      return enterAs(req, reply, user.id);
    },
  );

  r.post(
    '/api/auth/logout',
    {
      schema: { tags, summary: 'End the session', response: { 200: SessionInfo } },
    },
    async (req, reply) => {
      await reply.endSession();
      return sessionInfo(db, req.caller);
    },
  );

  r.post(
    '/api/preferences',
    {
      schema: {
        tags: ['site'],
        summary: 'Choose the country site and/or language (kept in cookies)',
        body: PreferencesBody,
        response: { 200: SessionInfo, 400: ErrorBody },
      },
    },
    async (req, reply) => {
      const { site, language } = req.body;
      const cookie = { path: '/', sameSite: 'lax' as const, maxAge: 365 * 86400 };
      if (site) {
        reply.setCookie(SITE_COOKIE, site, cookie);
        req.caller = { ...req.caller, site: SITES[site] };
      }
      if (language) {
        reply.setCookie(LANG_COOKIE, language, cookie);
        req.caller = { ...req.caller, language };
      } else if (site) {
        // A new site brings its own language unless the buyer picks one.
        reply.setCookie(LANG_COOKIE, req.caller.site.defaultLanguage, cookie);
        req.caller = { ...req.caller, language: req.caller.site.defaultLanguage };
      }
      return sessionInfo(db, req.caller);
    },
  );

  r.get(
    '/api/sites',
    {
      schema: {
        tags: ['site'],
        summary: 'The site table (currency, locale, tax display, postal patterns, policy routes, feature flags)',
        response: { 200: z.array(z.any()) },
      },
    },
    async () => Object.values(SITES),
  );
}
