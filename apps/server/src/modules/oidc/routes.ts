/**
 * Third-party sign-in over HTTP. The browser goes `GET /auth/oidc/<name>/start` -> provider ->
 * `GET /auth/oidc/<name>/callback`, and lands on its target (or on /login, or the bind page,
 * with `?oidcError=<code>`). The state travels in the URL and in an httpOnly cookie of this
 * browser and is single use server-side; PKCE and the nonce tie the code and ID token to it.
 * SPEC §7 list-bound and unbind are JSON calls under `/auth/mall/third-account/`.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as client from 'openid-client';
import {
  ERROR_CODES,
  ErrorBody,
  IDENTITY_PROVIDER,
  OIDC_ERROR_PARAM,
  OidcProviderList,
  OidcStartQuery,
  ThirdAccountList,
  UnbindThirdAccountBody,
  type ErrorCode,
} from '@mall/contracts';
import { safeRedirect } from '@mall/domain';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { isRegistered, requireRegistered } from '../../lib/session.js';
import { adoptTouristCart } from '../identity/service.js';
import { OidcClients, type OidcOptions } from './clients.js';
import {
  bindTo,
  createAuthState,
  identityFromTokens,
  listBound,
  signInWith,
  takeAuthState,
  unbind,
  AUTH_STATE_TTL_MS,
  type AuthState,
} from './service.js';

const tags = ['account'];
const STATE_COOKIE = 'mall_oidc_state';
const COOKIE_PATH = '/auth/oidc/';
const BIND_PAGE = '/buyer/account-security';

/** Where a failed sign-in lands: the bind page for a bind, else the login page (keeping the target). */
function errorLanding(code: ErrorCode, state: Pick<AuthState, 'mode' | 'target'> | null): string {
  if (state?.mode === 'bind') return withParam(state.target, OIDC_ERROR_PARAM, code);
  const target = state?.target && state.target !== '/buyer/index' ? `&target=${encodeURIComponent(state.target)}` : '';
  return `/login?${OIDC_ERROR_PARAM}=${encodeURIComponent(code)}${target}`;
}

function withParam(path: string, key: string, value: string): string {
  const u = new URL(path, 'http://x');
  u.searchParams.set(key, value);
  return u.pathname + u.search + u.hash;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

export function oidcRoutes(
  app: FastifyInstance,
  db: Db,
  opts: { oidc: OidcOptions; secureCookies: boolean },
): OidcClients {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const clients = new OidcClients(opts.oidc, app.log);
  const origin = new URL(opts.oidc.publicUrl).origin;
  const cookieOpts = { path: COOKIE_PATH, httpOnly: true, sameSite: 'lax' as const, secure: opts.secureCookies };

  r.get(
    '/auth/oidc/providers',
    {
      schema: {
        tags,
        summary: 'Third-party sign-in providers configured (OIDC_PROVIDERS): one button each on login and sign-up',
        response: { 200: OidcProviderList },
      },
    },
    async () => ({ providers: clients.list() }),
  );

  r.get(
    '/auth/oidc/:name/start',
    {
      schema: {
        tags,
        summary:
          'Start third-party sign-in (or, with mode=bind, binding to the logged-in account): redirects to the provider (authorization code + PKCE, state, nonce)',
        params: z.object({ name: z.string().max(64) }),
        querystring: OidcStartQuery,
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      const { name } = req.params;
      const { mode } = req.query;
      // Only paths of this shop: a crafted link cannot send the buyer elsewhere after sign-in.
      const target = safeRedirect(req.query.target, {
        origin,
        fallback: mode === 'bind' ? BIND_PAGE : '/buyer/index',
      }).url;
      const landing = { mode, target };
      if (!clients.get(name)) return reply.redirect(errorLanding(ERROR_CODES.oidcProviderUnknown, landing));
      if (mode === 'bind' && !isRegistered(req.caller))
        return reply.redirect(`/login?target=${encodeURIComponent(target)}`);
      let config: client.Configuration;
      try {
        config = await clients.configuration(name);
      } catch {
        return reply.redirect(errorLanding(ERROR_CODES.oidcProviderUnavailable, landing));
      }
      const userId = mode === 'bind' ? req.caller.user!.id : null;
      const { state, nonce, codeChallenge } = await createAuthState(db, { provider: name, mode, userId, target });
      reply.setCookie(STATE_COOKIE, state, { ...cookieOpts, maxAge: AUTH_STATE_TTL_MS / 1000 });
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: clients.redirectUri(name),
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return reply.redirect(url.href);
    },
  );

  r.get(
    '/auth/oidc/:name/callback',
    {
      schema: {
        tags,
        summary:
          'Provider redirect back: checks state (single use, this browser), exchanges the code, validates the ID token, then signs in, creates the account or binds',
        params: z.object({ name: z.string().max(64) }),
        querystring: z.record(z.string(), z.unknown()),
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      const { name } = req.params;
      const query = req.query;
      const state = typeof query.state === 'string' ? query.state : '';
      const cookieState = req.cookies[STATE_COOKIE] ?? '';
      reply.clearCookie(STATE_COOKIE, { path: COOKIE_PATH });
      const config = clients.get(name) ? await clients.configuration(name).catch(() => null) : null;
      // The state must be this browser's (cookie), known, unexpired and unused; it is consumed here either way.
      const saved = state && config ? await takeAuthState(db, name, state) : null;
      if (!config)
        return reply.redirect(
          errorLanding(
            clients.get(name) ? ERROR_CODES.oidcProviderUnavailable : ERROR_CODES.oidcProviderUnknown,
            saved,
          ),
        );
      if (!saved || !cookieState || !sameText(state, cookieState))
        return reply.redirect(errorLanding(ERROR_CODES.oidcStateInvalid, saved));
      if (saved.mode === 'bind' && req.caller.user?.id !== saved.userId)
        return reply.redirect(errorLanding(ERROR_CODES.oidcStateInvalid, saved));
      try {
        const rawQuery = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
        const tokens = await client.authorizationCodeGrant(config, clients.callbackUrl(name, rawQuery), {
          pkceCodeVerifier: saved.codeVerifier,
          expectedState: state,
          expectedNonce: saved.nonce,
          idTokenExpected: true,
        });
        const identity = await identityFromTokens(config, name, tokens);
        if (saved.mode === 'bind') {
          await bindTo(db, saved.userId!, identity);
          return reply.redirect(saved.target);
        }
        const user = await signInWith(db, identity);
        await enter(req, reply, user.id);
        return reply.redirect(saved.target);
      } catch (err) {
        if (err instanceof AppError) return reply.redirect(errorLanding(err.code, saved));
        // Name and message only: never the tokens or the provider's full response.
        const e = err as { name?: string; code?: string; message?: string; error?: string };
        req.log.warn(
          { provider: name, err: { name: e.name, code: e.code, error: e.error, message: e.message } },
          'OIDC sign-in failed',
        );
        const unreachable = e.name === 'TypeError' || e.name === 'TimeoutError' || e.name === 'AbortError';
        return reply.redirect(
          errorLanding(unreachable ? ERROR_CODES.oidcProviderUnavailable : ERROR_CODES.oidcSignInFailed, saved),
        );
      }
    },
  );

  /** Like the password login: a rotated session, and a guest's cart comes along. */
  async function enter(req: FastifyRequest, reply: FastifyReply, userId: bigint) {
    const touristId = req.caller.user?.userType === 'TOURIST' ? req.caller.user.id : null;
    await reply.startSession(userId);
    if (touristId) await adoptTouristCart(db, touristId, userId);
  }

  const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
  r.get(
    `/auth/${IDENTITY_PROVIDER}/third-account/list-bound`,
    {
      schema: {
        tags,
        summary:
          'Third-party sign-ins bound to my account (accountType = provider name) and the providers I can still bind',
        response: { 200: ThirdAccountList, ...errors },
      },
    },
    async (req) => listBound(db, requireRegistered(req), clients),
  );

  r.post(
    `/auth/${IDENTITY_PROVIDER}/third-account/unbind`,
    {
      schema: {
        tags,
        summary:
          'Unbind a third-party sign-in (refused with Account.lastSignInMethod when it is the only way left to sign in)',
        body: UnbindThirdAccountBody,
        response: { 200: ThirdAccountList, 400: ErrorBody, ...errors },
      },
    },
    async (req) => {
      const user = requireRegistered(req);
      await unbind(db, user.id, req.body.accountType);
      return listBound(db, user, clients);
    },
  );

  return clients;
}
