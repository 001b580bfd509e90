/**
 * The configured OpenID Connect providers of third-party sign-in, each discovered once
 * (lazily: the shop starts even when an issuer is down, and a failed discovery is tried again
 * on the next sign-in). Only loopback issuers may use plain http (local test providers).
 */
import * as client from 'openid-client';
import type { OidcProviderInfo } from '@mall/contracts';
import type { OidcProviderConfig } from '../../config.js';

export interface OidcOptions {
  providers: OidcProviderConfig[];
  /** The shop's public origin: redirect URIs are `${publicUrl}/auth/oidc/<name>/callback`. */
  publicUrl: string;
}

type Log = { info(msg: string): void; warn(msg: string): void };

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
/** Discovery and token calls give up after this long, so a hanging issuer does not hold a buyer's request. */
const TIMEOUT_S = 10;

export class OidcClients {
  private readonly byName: Map<string, OidcProviderConfig>;
  private readonly discovered = new Map<string, Promise<client.Configuration>>();

  constructor(
    private readonly opts: OidcOptions,
    private readonly log: Log,
  ) {
    this.byName = new Map(opts.providers.map((p) => [p.name, p]));
  }

  list(): OidcProviderInfo[] {
    return this.opts.providers.map((p) => ({ name: p.name, label: p.label }));
  }

  get(name: string): OidcProviderConfig | undefined {
    return this.byName.get(name);
  }

  redirectUri(name: string): string {
    return `${this.opts.publicUrl.replace(/\/$/, '')}/auth/oidc/${name}/callback`;
  }

  /** The callback URL as the provider sent the browser to it (the shop's public origin, not the Host header). */
  callbackUrl(name: string, rawQuery: string): URL {
    return new URL(`${this.redirectUri(name)}${rawQuery ? `?${rawQuery}` : ''}`);
  }

  /** Starts discovery of every provider in the background; failures are logged, not fatal. */
  warmUp(): void {
    for (const p of this.opts.providers) this.configuration(p.name).catch(() => undefined);
  }

  /** The provider's discovered configuration; rejects (and forgets the failure) when the issuer is unreachable. */
  configuration(name: string): Promise<client.Configuration> {
    const known = this.discovered.get(name);
    if (known) return known;
    const p = this.byName.get(name);
    if (!p) return Promise.reject(new Error(`unknown OIDC provider ${name}`));
    const issuer = new URL(p.issuer);
    const insecure = issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname);
    const auth = p.clientSecret ? client.ClientSecretBasic(p.clientSecret) : client.None();
    const pending = client
      .discovery(issuer, p.clientId, undefined, auth, {
        timeout: TIMEOUT_S,
        ...(insecure && { execute: [client.allowInsecureRequests] }),
      })
      .then(
        (config) => {
          this.log.info(`OIDC provider "${name}": discovered ${p.issuer}`);
          return config;
        },
        (err: unknown) => {
          this.discovered.delete(name);
          this.log.warn(
            `OIDC provider "${name}": issuer ${p.issuer} unreachable (${(err as Error).message}); its sign-in button answers "unavailable" until it is reachable`,
          );
          throw err;
        },
      );
    this.discovered.set(name, pending);
    return pending;
  }
}
