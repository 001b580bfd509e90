import os from 'node:os';
import path from 'node:path';
import type { Http2Session } from 'node:http2';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '@mall/contracts';
import type { Db } from './db/client.js';
import { DEFAULT_MOCKPAY_SECRET } from './config.js';
import { registerErrorHandling } from './lib/errors.js';
import { registerSessions } from './lib/session.js';
import { serveWebApp } from './lib/static.js';
import { pageRenderer } from './modules/web/render.js';
import { registerRequestHygiene } from './lib/hygiene.js';
import { registerSecurityHeaders } from './lib/security.js';
import { postgresRateLimitStore } from './lib/rate-limit-store.js';
import { LocalStorage, type FileStorage } from './lib/storage.js';
import { opsRoutes } from './modules/ops/routes.js';
import { identityRoutes } from './modules/identity/routes.js';
import { catalogRoutes } from './modules/catalog/routes.js';
import { cartRoutes } from './modules/cart/routes.js';
import { enterpriseRoutes } from './modules/enterprise/routes.js';
import { mediaRoutes } from './modules/media/routes.js';
import { merchantRoutes } from './modules/merchant/routes.js';
import { operatorRoutes } from './modules/operator/routes.js';
import { riskRoutes } from './modules/risk/routes.js';
import { RiskScreening, type RiskOptions } from './modules/risk/service.js';
import { contentRoutes } from './modules/content/routes.js';
import { addressRoutes } from './modules/address/routes.js';
import { checkoutRoutes } from './modules/checkout/routes.js';
import { paymentRoutes } from './modules/payment/routes.js';
import { tradeRoutes } from './modules/trade/routes.js';
import { mergeRoutes } from './modules/merge/routes.js';
import { crossBorderRoutes } from './modules/cross-border/routes.js';
import { invoiceRoutes } from './modules/trade/invoice.js';
import { fulfillmentRoutes } from './modules/fulfillment/routes.js';
import { serviceCodeRoutes } from './modules/service-codes/routes.js';
import { groupBuyRoutes } from './modules/group-buy/routes.js';
import { cardRoutes } from './modules/card/routes.js';
import { mockpayRoutes } from './modules/mockpay/routes.js';
import { MOCKPAY_WEBHOOK_QUEUE, MockpayProvider } from './modules/mockpay/provider.js';
import { buildPaymentRegistry, providerOrigins, type PaymentsOptions } from './modules/payment/providers/index.js';
import { PaymentEvents } from './modules/payment/webhooks.js';
import type { PaymentRegistry } from './modules/payment/providers/registry.js';
import { Refunder } from './flows/refund.js';
import { vatInvoiceRoutes } from './modules/invoice/routes.js';
import { subscriptionRoutes } from './modules/subscription/routes.js';
import type { NewsletterProvider } from './modules/subscription/newsletter.js';
import { bulkRoutes } from './modules/bulk/routes.js';
import { reverseRoutes } from './modules/reverse/routes.js';
import { commentRoutes } from './modules/comment/routes.js';
import { membershipRoutes } from './modules/membership/routes.js';
import type { Jobs } from './lib/jobs.js';
import { uploadPolicyFromEnv, uploadRoutes, Uploads, type UploadPolicy } from './lib/uploads.js';
import { certificateRoutes } from './modules/certificate/routes.js';
import { configureCertificates } from './modules/certificate/service.js';
import { accountSettingsRoutes } from './modules/account/settings-routes.js';
import { Captcha } from './lib/captcha.js';
import { DevMailboxTransport, Outbox, type EmailTransport } from './lib/outbox.js';
import { DevSmsProvider, type SmsProvider } from './lib/sms.js';
import { accountRoutes } from './modules/account/routes.js';
import { configureCodes } from './modules/account/codes.js';
import { DEFAULT_CAPTCHA_HMAC_KEY, DEFAULT_CODE_HMAC_KEY, type AccountConfig } from './config.js';
import { paidServiceRoutes } from './modules/membership/paid-service-routes.js';
import { couponRoutes } from './modules/coupons/routes.js';
import { buyerHomeRoutes } from './modules/buyer-home/routes.js';
import { oidcRoutes } from './modules/oidc/routes.js';
import type { OidcOptions } from './modules/oidc/clients.js';

export interface AppOptions {
  db: Db;
  /** Built web app to serve at /; omitted in API tests. */
  webDistDir?: string;
  secureCookies?: boolean;
  logger?: boolean | { level: string };
  /** Trust X-Forwarded-For only behind a known proxy; otherwise clients could pick their own IP for rate limits. */
  trustProxy?: boolean | number | string;
  /** Serve HTTPS: HTTP/2, and HTTP/1.1 for clients without it (ALPN). */
  tls?: { cert: Buffer; key: Buffer };
  /** Benchmarks measure throughput, so they switch the per-IP limits off; everything else keeps them. */
  rateLimits?: boolean;
  /** Logins per minute per IP (default 10). */
  loginPerMinute?: number;
  /** Sign-ups per hour per IP (SIGNUP_RATE_LIMIT). */
  signupPerHour?: number;
  /** MOCKPAY signing secret, the URL its webhooks and redirects use to reach this app, and the on/off switch. */
  mockpay?: { secret: string; publicUrl: string; enabled?: boolean };
  /** Payment providers with real keys (Stripe, PayPal); each one configured is offered, the rest are not. */
  payments?: PaymentsOptions;
  /** Background jobs; without them (API tests) webhooks are delivered in-process. */
  jobs?: Jobs;
  /** Where uploaded files go: a storage (local folder or S3), or a local folder (default: a temp folder, for tests). */
  storage?: FileStorage;
  uploadsDir?: string;
  /** Upload quotas per account and IP, and how many images decode at once (default: uploadPolicyFromEnv's defaults). */
  uploads?: Partial<UploadPolicy>;
  /** NODE_ENV=production: HSTS, and the API docs only when apiDocs is set. */
  production?: boolean;
  /** API_DOCS=1 serves /docs in production too (always on otherwise). */
  apiDocs?: boolean;
  /** METRICS_TOKEN: bearer token /metrics asks for (open when unset). */
  metricsToken?: string;
  /** True once the server is shutting down: /readyz answers 503 so the load balancer drains it. */
  draining?: () => boolean;
  /** CERTIFICATE_KEY: encrypts certificate ID numbers (default: the development key). */
  certificateKey?: string;
  /** Captcha / code keys and the dev mailbox switch (defaults: development keys, easy captcha, mailbox on). */
  account?: Omit<AccountConfig, 'smtpUrl'>;
  /** Where email goes (SMTP via nodemailer); default: straight into dev_mailbox. */
  email?: EmailTransport;
  /** SMS provider; default: the dev provider (dev_mailbox). */
  sms?: SmsProvider;
  /** A newsletter provider's audience kept in step with the shop's own list (Mailchimp); none: the shop's list only. */
  newsletter?: NewsletterProvider;
  /** Third-party sign-in providers (OIDC_PROVIDERS) and the public URL their redirect URIs use; none when omitted. */
  oidc?: OidcOptions;
  /** Risk screening of new orders on sites with riskCheck: a provider instead of the rules, the hold threshold. */
  risk?: RiskOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    mockpay: MockpayProvider;
    refunder: Refunder;
    /** Provider webhooks stored once and applied once (the payment-event job calls process). */
    paymentEvents: PaymentEvents;
    /** The configured payment providers (registry by channel, provider name and card provider). */
    paymentProviders: PaymentRegistry;
    /** ALTCHA captcha: challenge() and verify/require(captcha, token) (lib/captcha.ts). */
    captcha: Captcha;
    /** Email / SMS outbox deliverer (lib/outbox.ts); enqueue with enqueueEmail / enqueueSms. */
    outbox: Outbox;
    /** Risk screening of placed orders (modules/risk). */
    risk: RiskScreening;
  }
}

/** The published development secret (refused in production, see config.ts). */
export const DEV_MOCKPAY_SECRET = DEFAULT_MOCKPAY_SECRET;

/**
 * A browser keeps its HTTP/2 session open, so stopping waited for the session timeout (72 s).
 * On close each session gets a GOAWAY: it takes no new requests and its open ones finish.
 * (Fastify's forceCloseConnections would do this too, but also destroy HTTP/1.1 sockets mid-request.)
 */
function closeHttp2SessionsOnClose(app: FastifyInstance): void {
  const sessions = new Set<Http2Session>();
  app.server.on('session', (session: Http2Session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  app.addHook('preClose', async () => {
    for (const session of sessions) session.close();
  });
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  // Fastify accepts a hop count or address list too; the cast only picks its overload.
  const serverOptions = {
    logger: opts.logger ?? false,
    bodyLimit: 1024 * 1024,
    trustProxy: (opts.trustProxy ?? false) as boolean,
  };
  // Over HTTP/2 a phone fetches a page's scripts side by side on one connection; HTTP/1.1 gives
  // it six, each waiting a round trip per file. Routes and hooks see the same request API either
  // way, hence the one instance type.
  const app = (opts.tls
    ? Fastify({ ...serverOptions, http2: true, https: { allowHTTP1: true, cert: opts.tls.cert, key: opts.tls.key } })
    : Fastify(serverOptions)) as unknown as FastifyInstance;
  if (opts.tls) closeHttp2SessionsOnClose(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  const production = opts.production ?? false;
  const mockpayConfig = opts.mockpay ?? { secret: DEV_MOCKPAY_SECRET, publicUrl: 'http://127.0.0.1' };
  await registerSecurityHeaders(app, {
    production,
    formTargets: [new URL(mockpayConfig.publicUrl).origin],
    ...providerOrigins(opts.payments),
  });
  registerRequestHygiene(app);
  opsRoutes(app, opts.db, {
    jobs: opts.jobs,
    metricsToken: opts.metricsToken,
    draining: opts.draining ?? (() => false),
  });

  await app.register(cookie);
  if (opts.rateLimits !== false)
    await app.register(rateLimit, {
      global: false,
      // Counted in PostgreSQL: a limit holds across every app server on this database.
      store: postgresRateLimitStore(opts.db),
      errorResponseBuilder: () => ({
        statusCode: 429,
        code: ERROR_CODES.tooManyRequests,
        message: 'Too many requests, please try again later',
      }),
    });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Mall buyer API',
        version: '0.1.0',
        description:
          'Buyer side of the mall. Errors are `{ code, message, details? }` with stable codes. State-changing calls need the `x-mall-request: 1` header.',
      },
    },
    transform: jsonSchemaTransform,
  });
  // The docs list every route and schema: handy in development, opt-in in production.
  if (!production || opts.apiDocs) await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });

  registerSessions(app, opts.db, { secureCookies: opts.secureCookies ?? false });
  const account = opts.account ?? {
    captchaHmacKey: DEFAULT_CAPTCHA_HMAC_KEY,
    codeHmacKey: DEFAULT_CODE_HMAC_KEY,
    captchaMaxNumber: 1000,
    devMailbox: !production,
  };
  configureCodes({ hmacKey: account.codeHmacKey, limits: account.codeSendLimits });
  app.decorate(
    'captcha',
    new Captcha(opts.db, { hmacKey: account.captchaHmacKey, maxNumber: account.captchaMaxNumber }),
  );
  const storage = opts.storage ?? new LocalStorage(opts.uploadsDir ?? path.join(os.tmpdir(), 'mall-uploads'));
  // The outbox reads email attachments (VAT invoices) from the storage.
  const sms = opts.sms ?? new DevSmsProvider(opts.db);
  const outbox = new Outbox(opts.db, {
    email: opts.email ?? new DevMailboxTransport(opts.db),
    sms,
    jobs: opts.jobs,
    storage,
  });
  await outbox.start();
  app.addHook('onClose', () => outbox.stop());
  app.decorate('outbox', outbox);
  accountRoutes(app, opts.db, { devMailbox: account.devMailbox });
  identityRoutes(app, opts.db, { loginPerMinute: opts.loginPerMinute, signupPerHour: opts.signupPerHour });
  catalogRoutes(app, opts.db);
  cartRoutes(app, opts.db);
  enterpriseRoutes(app, opts.db);
  merchantRoutes(app, opts.db);
  operatorRoutes(app, opts.db);
  app.decorate('risk', new RiskScreening(opts.db, opts.risk));
  riskRoutes(app, opts.db);
  contentRoutes(app, opts.db);
  addressRoutes(app, opts.db);
  checkoutRoutes(app, opts.db);

  // MOCKPAY delivers its signed webhooks through a retrying job, or in-process when there is none.
  const provider: MockpayProvider = new MockpayProvider(opts.db, mockpayConfig, (eventId) => {
    if (opts.jobs)
      void opts.jobs.send(MOCKPAY_WEBHOOK_QUEUE, { eventId }, { retryLimit: 20, retryDelay: 1, retryBackoff: true });
    else void deliverInProcess(eventId);
  });
  const deliverInProcess = async (eventId: string, attempt = 1): Promise<void> => {
    const signed = await provider.signedEvent(eventId);
    if (!signed || signed.delivered) return;
    const res = await app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/mockpay',
      payload: signed.body,
      headers: { 'content-type': 'application/json', 'mockpay-signature': signed.signature },
    });
    if (res.statusCode === 200) await provider.markDelivered(eventId, attempt);
    else if (attempt < 5) setTimeout(() => void deliverInProcess(eventId, attempt + 1), 200 * attempt);
  };
  // Every payment channel behind one interface; refunds are carried out by the refund job through it.
  const registry = buildPaymentRegistry(opts.db, { mockpay: provider.enabled ? provider : null, ...opts.payments });
  const refunder = new Refunder(opts.db, registry, opts.jobs);
  app.decorate('refunder', refunder);
  const paymentEvents = new PaymentEvents(opts.db, registry, refunder, opts.jobs);
  app.decorate('paymentEvents', paymentEvents);
  app.decorate('paymentProviders', registry);
  paymentRoutes(app, opts.db, registry, paymentEvents);
  tradeRoutes(app, opts.db, opts.jobs);
  mergeRoutes(app, opts.db);
  crossBorderRoutes(app, opts.db);
  invoiceRoutes(app, opts.db);
  vatInvoiceRoutes(app, opts.db, storage);
  bulkRoutes(app, opts.db, { publicUrl: mockpayConfig.publicUrl });
  subscriptionRoutes(app, opts.db, { publicUrl: mockpayConfig.publicUrl, sms, newsletter: opts.newsletter });
  fulfillmentRoutes(app, opts.db, opts.jobs);
  serviceCodeRoutes(app, opts.db);
  groupBuyRoutes(app, opts.db);
  cardRoutes(app, opts.db, registry, paymentEvents);
  const uploads = new Uploads(opts.db, storage, { ...uploadPolicyFromEnv(), ...opts.uploads });
  await uploadRoutes(app, uploads);
  reverseRoutes(app, opts.db, { refunder, jobs: opts.jobs });
  await commentRoutes(app, opts.db, uploads);
  membershipRoutes(app, opts.db);
  if (opts.certificateKey) configureCertificates({ key: opts.certificateKey });
  certificateRoutes(app, opts.db);
  accountSettingsRoutes(app, opts.db, storage);
  paidServiceRoutes(app, opts.db);
  couponRoutes(app, opts.db);
  buyerHomeRoutes(app, opts.db);
  // MOCKPAY=off: the hosted pay page and card form are gone with the channel.
  if (provider.enabled) mockpayRoutes(app, provider);
  app.decorate('mockpay', provider);
  mediaRoutes(app);
  // Discovery starts now in the background; an unreachable issuer is logged and retried on use.
  oidcRoutes(app, opts.db, {
    oidc: opts.oidc ?? { providers: [], publicUrl: mockpayConfig.publicUrl },
    secureCookies: opts.secureCookies ?? false,
  }).warmUp();

  // Pages: rendered by React on the server for the caller (modules/web/render.ts).
  await serveWebApp(app, opts.webDistDir, pageRenderer({ db: opts.db, dist: opts.webDistDir ?? '', csp: app.pageCsp }));
  return app;
}
