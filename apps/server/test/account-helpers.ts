/**
 * Helpers for account-security tests: solve the ALTCHA captcha like the widget does, and read
 * codes from the dev mailbox (delivery runs after commit, so they poll briefly).
 */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FastifyInstance } from 'fastify';

/** Fetches a challenge and solves it: `{ captcha, token }` as the §7 calls take them. */
export async function solvedCaptcha(app: FastifyInstance): Promise<{ captcha: string; token: string }> {
  const res = await app.inject({ method: 'GET', url: '/api/captcha/challenge' });
  if (res.statusCode !== 200) throw new Error(`challenge: ${res.statusCode} ${res.body}`);
  return solve(res.json<Challenge>());
}

export async function solve(challenge: Challenge): Promise<{ captcha: string; token: string }> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  const captcha = Buffer.from(
    JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
  ).toString('base64');
  return { captcha, token: challenge.parameters.nonce };
}

export interface MailboxMessage {
  id: string;
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: string;
}

/** Messages to an address, newest first. */
export async function mailbox(app: FastifyInstance, to: string): Promise<MailboxMessage[]> {
  const res = await app.inject({ method: 'GET', url: '/api/dev/mailbox', query: { to } });
  if (res.statusCode !== 200) throw new Error(`mailbox: ${res.statusCode} ${res.body}`);
  return res.json().messages;
}

/** Waits for the count of messages to `to` to exceed `after` and returns the newest. */
export async function nextMessage(
  app: FastifyInstance,
  to: string,
  after: number,
  timeoutMs = 5000,
): Promise<MailboxMessage> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const list = await mailbox(app, to);
    if (list.length > after) return list[0]!;
    if (Date.now() > until) throw new Error(`no new message to ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The 6-digit code of a code message. */
export function codeIn(m: MailboxMessage): string {
  const match = /\b(\d{6})\b/.exec(m.text);
  if (!match) throw new Error(`no code in ${m.text}`);
  return match[1]!;
}
