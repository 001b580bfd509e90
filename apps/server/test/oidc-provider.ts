/**
 * A real OpenID Provider (`oidc-provider`) on loopback for tests of third-party sign-in: one
 * confidential client (client_secret_basic) whose redirect URI is the shop's callback, and
 * accounts with verified emails. There is no login form: the interaction signs in whichever
 * account `loginAs` picked (the consent is granted by loadExistingGrant), so a sign-in runs the
 * full code flow (authorize -> interaction -> code -> token with PKCE -> ID token) unattended.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

export interface TestAccount {
  sub: string;
  email: string;
  name: string;
  emailVerified?: boolean;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account the next sign-in at this provider authenticates as. */
  loginAs(account: TestAccount): void;
  close(): Promise<void>;
}

/**
 * `control`: also answer `GET /_test/login-as?sub=&email=&name=` (browser tests pick the next
 * account from outside the process). `clientSecret` defaults to a fixed test value.
 */
export async function startOidcProvider(opts: {
  redirectUris: string[];
  port?: number;
  host?: string;
  account?: TestAccount;
  control?: boolean;
  clientSecret?: string;
}): Promise<TestOidcProvider> {
  const host = opts.host ?? '127.0.0.1';
  const clientId = 'mall-shop';
  const clientSecret = opts.clientSecret ?? 'test-client-secret-0123456789abcdef';
  const accounts = new Map<string, TestAccount>();
  let current: TestAccount = opts.account ?? {
    sub: 'test-user-1',
    email: 'oidc-user@example.test',
    name: 'OIDC Test User',
  };
  accounts.set(current.sub, current);

  // The issuer needs the port, so the server listens before the provider exists.
  let handler: http.RequestListener = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://${host === '127.0.0.1' ? '127.0.0.1' : host}:${port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    async findAccount(_ctx: KoaContextWithOIDC, sub: string) {
      const a = accounts.get(sub);
      if (!a) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ sub, email: a.email, email_verified: a.emailVerified ?? true, name: a.name }),
      };
    },
    interactions: {
      url: (_ctx: KoaContextWithOIDC, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    // Consent is implied (a first-party test client): the grant covers what the shop asks for.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ['oidc-test-cookie-key'] },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AuthorizationCode: 60, AccessToken: 600, IdToken: 600 },
  });
  const callback = provider.callback();
  handler = (req, res) => {
    if (opts.control && req.url?.startsWith('/_test/login-as?')) {
      const q = new URL(req.url, issuer).searchParams;
      const sub = q.get('sub');
      const email = q.get('email');
      if (!sub || !email) {
        res.statusCode = 400;
        res.end('sub and email required');
        return;
      }
      current = { sub, email, name: q.get('name') ?? sub };
      accounts.set(sub, current);
      res.end('ok');
      return;
    }
    if (req.url?.startsWith('/interaction/')) {
      // The "login page": the chosen account signs in at once.
      provider
        .interactionFinished(req, res, { login: { accountId: current.sub } }, { mergeWithLastSubmission: false })
        .catch((err: Error) => {
          res.statusCode = 500;
          res.end(err.message);
        });
      return;
    }
    void callback(req, res);
  };

  return {
    issuer,
    clientId,
    clientSecret,
    loginAs(account) {
      accounts.set(account.sub, account);
      current = account;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
