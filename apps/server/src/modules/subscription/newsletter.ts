/**
 * Where the newsletter is sent from, when it is not the shop itself: a provider's audience kept
 * in step with the shop's own list. The shop's list (marketing_consents, with its double opt-in
 * and consent log) stays the record; the provider is told when an address becomes subscribed or
 * unsubscribed, after the shop's transaction has committed.
 *
 * Mailchimp (Marketing API 3.0, audiences): a small typed client over fetch. The official
 * `@mailchimp/mailchimp_marketing` package is one global client whose host is always
 * `https://<dc>.api.mailchimp.com`, so it could not be pointed at a local emulator in tests;
 * the two calls the shop needs are one PUT each.
 */
import crypto from 'node:crypto';

export interface NewsletterMember {
  email: string;
  name?: string | null;
  language: string;
  status: 'subscribed' | 'unsubscribed';
}

export interface NewsletterProvider {
  readonly name: string;
  /** Adds or updates the member; throws when the provider cannot be reached or refuses (the caller logs it). */
  upsert(member: NewsletterMember): Promise<void>;
}

export interface MailchimpConfig {
  apiKey: string;
  /** The audience ("list") id. */
  listId: string;
  /** https://<dc>.api.mailchimp.com/3.0 from the key's data centre suffix, or a local emulator. */
  apiBase?: string;
}

/** Mailchimp's member id: the MD5 of the lowercased address. */
export const subscriberHash = (email: string) => crypto.createHash('md5').update(email.toLowerCase()).digest('hex');

export class MailchimpAudience implements NewsletterProvider {
  readonly name = 'mailchimp';
  private readonly base: string;
  constructor(private readonly config: MailchimpConfig) {
    const dc = /-([a-z]+\d+)$/.exec(config.apiKey)?.[1];
    if (!config.apiBase && !dc)
      throw new Error('MAILCHIMP_API_KEY must end with its data centre (…-us21), or set MAILCHIMP_API_BASE');
    this.base = (config.apiBase ?? `https://${dc}.api.mailchimp.com/3.0`).replace(/\/$/, '');
  }

  async upsert(m: NewsletterMember): Promise<void> {
    const url = `${this.base}/lists/${encodeURIComponent(this.config.listId)}/members/${subscriberHash(m.email)}`;
    const res = await fetch(url, {
      method: 'PUT',
      headers: {
        authorization: `Basic ${Buffer.from(`shop:${this.config.apiKey}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      // The shop confirmed the address itself (double opt-in), so a new member starts subscribed.
      body: JSON.stringify({
        email_address: m.email,
        status_if_new: m.status,
        status: m.status,
        language: m.language,
        ...(m.name && { merge_fields: { FNAME: m.name } }),
      }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) {
      const problem = (await res.json().catch(() => null)) as { title?: string; detail?: string } | null;
      throw new Error(`Mailchimp answered ${res.status}: ${problem?.title ?? ''} ${problem?.detail ?? ''}`.trim());
    }
  }
}

/** MAILCHIMP_API_KEY and MAILCHIMP_LIST_ID (both, or neither), MAILCHIMP_API_BASE optional. */
export function newsletterFromEnv(env: NodeJS.ProcessEnv): NewsletterProvider | undefined {
  const { MAILCHIMP_API_KEY: apiKey, MAILCHIMP_LIST_ID: listId, MAILCHIMP_API_BASE: apiBase } = env;
  if (!apiKey && !listId) return undefined;
  if (!apiKey || !listId) throw new Error('Newsletter: set both MAILCHIMP_API_KEY and MAILCHIMP_LIST_ID, or neither');
  return new MailchimpAudience({ apiKey, listId, ...(apiBase && { apiBase }) });
}
