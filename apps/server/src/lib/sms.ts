/**
 * SMS delivery behind one interface. The outbox (lib/outbox.ts) renders the text and calls
 * `send`; a provider throws to have the message retried.
 *
 * - `dev` (default): the message lands in dev_mailbox and shows on /dev/mailbox.
 * - `http`: a JSON POST `{ to, text }` to SMS_HTTP_URL with `Authorization: Bearer SMS_HTTP_TOKEN`,
 *   for a gateway or a small adapter in front of one.
 * A real gateway SDK (Twilio, Vonage, ...) plugs in as another class implementing SmsProvider,
 * chosen in `smsProviderFromEnv`.
 */
import type { Db } from '../db/client.js';
import { devMailbox } from '../db/schema/index.js';

export interface SmsProvider {
  /** `to` is "+<country prefix><digits>". */
  send(to: string, text: string): Promise<void>;
}

export class DevSmsProvider implements SmsProvider {
  constructor(private readonly db: Db) {}
  async send(to: string, text: string): Promise<void> {
    await this.db.insert(devMailbox).values({ channel: 'sms', toAddress: to, fromAddress: 'SMS', subject: text.slice(0, 60), textBody: text });
  }
}

export class HttpSmsProvider implements SmsProvider {
  constructor(private readonly url: string, private readonly token: string | undefined) {}
  async send(to: string, text: string): Promise<void> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.token && { authorization: `Bearer ${this.token}` }) },
      body: JSON.stringify({ to, text }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
  }
}

/** SMS_PROVIDER=dev (default) | http (SMS_HTTP_URL, SMS_HTTP_TOKEN). */
export function smsProviderFromEnv(env: NodeJS.ProcessEnv, db: Db): SmsProvider {
  const kind = (env.SMS_PROVIDER ?? 'dev').toLowerCase();
  if (kind === 'http') {
    if (!env.SMS_HTTP_URL) throw new Error('SMS_PROVIDER=http needs SMS_HTTP_URL');
    return new HttpSmsProvider(env.SMS_HTTP_URL, env.SMS_HTTP_TOKEN);
  }
  if (kind !== 'dev') throw new Error(`unknown SMS_PROVIDER ${kind} (dev or http)`);
  return new DevSmsProvider(db);
}
