/**
 * The newsletter provider follows the shop's list: a confirmed subscription becomes a subscribed
 * member of the Mailchimp audience (emulator), an unsubscribe an unsubscribed one; nothing is sent
 * while the address waits for its confirmation, and an unreachable provider changes nothing for
 * the buyer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailMessage, EmailTransport } from '../../lib/outbox.js';
import { browser, createTestApp, type TestApp } from '../../../test/helpers.js';
import { waitFor } from '../../../test/order-fixtures.js';
import { startMailchimpEmulator, type MailchimpEmulator } from '../../../test/emulators/mailchimp/emulator.js';
import { MailchimpAudience, newsletterFromEnv } from './newsletter.js';

const KEY = '0123456789abcdef0123456789abcdef-us21';
let t: TestApp;
let mailchimp: MailchimpEmulator;
const sent: EmailMessage[] = [];
const capture: EmailTransport = {
  send: async (m) => {
    sent.push(m);
  },
};

beforeAll(async () => {
  mailchimp = await startMailchimpEmulator({ apiKey: KEY, listId: 'a1b2c3d4e5' });
  t = await createTestApp({
    email: capture,
    newsletter: new MailchimpAudience({ apiKey: KEY, listId: 'a1b2c3d4e5', apiBase: mailchimp.url }),
  });
});
afterAll(async () => {
  await t?.close();
  await mailchimp?.close();
});

const tokenFor = async (to: string) => {
  const [mail] = await waitFor(
    async () => sent.filter((m) => m.to === to),
    (ms) => ms.length > 0,
    `mail to ${to}`,
  );
  return /\/subscription\/confirm\?token=([\w-]+)/.exec(mail!.text)![1]!;
};

describe('Mailchimp audience', () => {
  it('subscribed in the audience only once confirmed; unsubscribed there when the person unsubscribes', async () => {
    const b = browser(t.app);
    await b.post('/api/subscription/email', {
      email: 'Mia@Example.com',
      name: 'Mia',
      source: 'CHECK_OUT_NOW',
      subscribe: true,
    });
    const token = await tokenFor('mia@example.com');
    expect(mailchimp.member('mia@example.com')).toBeUndefined();
    await b.post('/api/subscription/confirm', { token });
    const member = await waitFor(
      async () => mailchimp.member('mia@example.com'),
      (m) => m?.status === 'subscribed',
      'member subscribed',
    );
    expect(member).toMatchObject({ email_address: 'mia@example.com', language: 'en', merge_fields: { FNAME: 'Mia' } });
    await b.post('/api/subscription/unsubscribe', { token });
    await waitFor(
      async () => mailchimp.member('mia@example.com'),
      (m) => m?.status === 'unsubscribed',
      'member unsubscribed',
    );
  });

  it('Mailchimp unreachable: the confirmation still works for the person (the failure is logged)', async () => {
    const b = browser(t.app);
    await b.post('/api/subscription/email', { email: 'down@example.com', source: 'FOOTER', subscribe: true });
    const token = await tokenFor('down@example.com');
    mailchimp.failNext(503);
    const calls = mailchimp.calls;
    expect((await b.post('/api/subscription/confirm', { token })).json()).toMatchObject({ status: 'SUBSCRIBED' });
    await waitFor(
      async () => mailchimp.calls,
      (n) => n > calls,
      'the call to Mailchimp',
    );
    expect(mailchimp.member('down@example.com')).toBeUndefined();
  });

  it('configuration: both keys or neither; the key names its data centre; a wrong key is refused by Mailchimp', async () => {
    expect(newsletterFromEnv({})).toBeUndefined();
    expect(() => newsletterFromEnv({ MAILCHIMP_API_KEY: KEY })).toThrow(/MAILCHIMP_LIST_ID/);
    expect(() => new MailchimpAudience({ apiKey: 'no-dc', listId: 'x' })).toThrow(/data centre/);
    const wrong = new MailchimpAudience({ apiKey: 'wrong-us21', listId: 'a1b2c3d4e5', apiBase: mailchimp.url });
    await expect(wrong.upsert({ email: 'x@example.com', language: 'en', status: 'subscribed' })).rejects.toThrow(
      /401: API Key Invalid/,
    );
  });
});
