// The local OpenID Provider of the browser tests (playwright.config.ts starts it next to the shop):
// oidc-provider on loopback whose client is the shop at E2E_SHOP_URL; tests pick the account
// that signs in next with GET /_test/login-as?sub=&email=&name=.
import { startOidcProvider } from '../apps/server/test/oidc-provider.js';

const port = Number(process.env.OIDC_E2E_PORT);
const shop = process.env.E2E_SHOP_URL!;
const op = await startOidcProvider({
  port,
  host: '127.0.0.1',
  control: true,
  clientSecret: process.env.OIDC_E2E_CLIENT_SECRET,
  redirectUris: [`${shop}/auth/oidc/local/callback`],
});
console.log(`Local OpenID Provider at ${op.issuer} (client ${op.clientId})`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void op.close().then(() => process.exit(0)));
