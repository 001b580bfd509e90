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
import crypto from 'node:crypto';
import type { Db } from '../db/client.js';
import { devMailbox } from '../db/schema/index.js';

/** A text the provider received from a phone (a STOP or HELP reply). */
export interface InboundSms {
  from: string;
  text: string;
}

export interface SmsProvider {
  /** `to` is "+<country prefix><digits>". */
  send(to: string, text: string): Promise<void>;
  /**
   * The provider's inbound-message callback (POST /api/sms/inbound), verified in the provider's
   * own way; null when it is not genuine or not a message.
   */
  parseInbound(headers: Record<string, string | string[] | undefined>, body: unknown): InboundSms | null;
}

const inboundOf = (body: unknown): InboundSms | null => {
  const b = body as { from?: unknown; text?: unknown } | null;
  return b && typeof b.from === 'string' && typeof b.text === 'string' && b.from.length <= 32 && b.text.length <= 1600
    ? { from: b.from, text: b.text }
    : null;
};

export class DevSmsProvider implements SmsProvider {
  constructor(private readonly db: Db) {}
  async send(to: string, text: string): Promise<void> {
    await this.db
      .insert(devMailbox)
      .values({ channel: 'sms', toAddress: to, fromAddress: 'SMS', subject: text.slice(0, 60), textBody: text });
  }
  /** Development: a reply is posted as `{ from, text }` (there is no phone network to sign it). */
  parseInbound(_headers: Record<string, string | string[] | undefined>, body: unknown): InboundSms | null {
    return inboundOf(body);
  }
}

export class HttpSmsProvider implements SmsProvider {
  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
  ) {}
  async send(to: string, text: string): Promise<void> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.token && { authorization: `Bearer ${this.token}` }) },
      body: JSON.stringify({ to, text }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
  }
  /** The gateway posts replies as `{ from, text }` with the same bearer token the shop sends it. */
  parseInbound(headers: Record<string, string | string[] | undefined>, body: unknown): InboundSms | null {
    if (this.token) {
      const given = Buffer.from(String(headers.authorization ?? ''));
      const expected = Buffer.from(`Bearer ${this.token}`);
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
    }
    return inboundOf(body);
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
