/**
 * Subscriptions on real Postgres through the shop's routes: email double opt-in with the
 * confirmation email (and its RFC 8058 headers) caught from the outbox, the one-click and page
 * unsubscribes, SMS consent on the US site with the welcome text and a STOP reply, the site flags,
 * and the consent log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq } from 'drizzle-orm';
import { CONSENT_TEXTS } from '@mall/contracts';
import { devMailbox, marketingConsentEvents, marketingConsents } from '../../db/schema/index.js';
import type { EmailMessage, EmailTransport } from '../../lib/outbox.js';
import { browser, createTestApp, login, type TestApp } from '../../../test/helpers.js';
import { expectError, waitFor } from '../../../test/order-fixtures.js';

let t: TestApp;
const sent: EmailMessage[] = [];
const capture: EmailTransport = {
  send: async (m) => {
    sent.push(m);
  },
};

beforeAll(async () => {
  t = await createTestApp({
    email: capture,
    mockpay: { secret: 'x'.repeat(32), publicUrl: 'https://shop.example.test' },
  });
});
afterAll(async () => {
  await t?.close();
});

const mailTo = (to: string) =>
  waitFor(
    async () => sent.filter((m) => m.to === to),
    (ms) => ms.length > 0,
    `mail to ${to}`,
  );
const tokenIn = (m: EmailMessage, page: 'confirm' | 'unsubscribe') =>
  new RegExp(`/subscription/${page}\\?token=([\\w-]+)`).exec(m.text)![1]!;
const consent = async (channel: 'EMAIL' | 'SMS', address: string, site = 'US') =>
  (
    await t.db
      .select()
      .from(marketingConsents)
      .where(
        and(
          eq(marketingConsents.channel, channel),
          eq(marketingConsents.address, address),
          eq(marketingConsents.site, site),
        ),
      )
  )[0];
const eventsOf = async (id: bigint) =>
  t.db
    .select()
    .from(marketingConsentEvents)
    .where(eq(marketingConsentEvents.consentId, id))
    .orderBy(asc(marketingConsentEvents.id));
const smsTo = (to: string) =>
  t.db
    .select()
    .from(devMailbox)
    .where(and(eq(devMailbox.channel, 'sms'), eq(devMailbox.toAddress, to)))
    .orderBy(desc(devMailbox.id));

describe('email: double opt-in', () => {
  it('subscribing at checkout sends one confirmation with a one-click unsubscribe; only its link activates the subscription; the consent is logged with the text shown and the IP', async () => {
    const b = browser(t.app, { remoteAddress: '198.51.100.7' });
    const email = 'Nora.News@Example.com';
    expect((await b.post('/api/subscription/check', { email })).json()).toEqual({ value: false });
    const res = await b.post('/api/subscription/email', {
      email,
      name: 'Nora',
      source: 'CHECK_OUT_NOW',
      subscribe: true,
      country: 'US',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'PENDING' });
    // Asked again at once (a second checkout): still one email.
    expect(
      (await b.post('/api/subscription/email', { email, source: 'CHECK_OUT_NOW', subscribe: true })).json(),
    ).toEqual({ status: 'PENDING' });
    const [mail, ...more] = await mailTo('nora.news@example.com');
    expect(more).toHaveLength(0);
    expect(mail!.subject).toMatch(/^Please confirm your newsletter subscription/);
    const token = tokenIn(mail!, 'confirm');
    expect(mail!.headers).toEqual({
      'List-Unsubscribe': `<https://shop.example.test/api/subscription/one-click?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(tokenIn(mail!, 'unsubscribe')).toBe(token);
    expect((await b.post('/api/subscription/check', { email })).json()).toEqual({ value: true });

    const row = (await consent('EMAIL', 'nora.news@example.com'))!;
    expect(row).toMatchObject({ status: 'PENDING', name: 'Nora', country: 'US' });
    expectError(await b.post('/api/subscription/confirm', { token: 'x'.repeat(32) }), 404, 'Subscription.linkInvalid');
    const confirmed = await browser(t.app).post('/api/subscription/confirm', { token });
    expect(confirmed.json()).toEqual({ status: 'SUBSCRIBED', channel: 'EMAIL', address: 'no•••@example.com' });
    expect((await consent('EMAIL', 'nora.news@example.com'))!.status).toBe('SUBSCRIBED');
    const log = await eventsOf(row.id);
    expect(log.map((e) => [e.action, e.source])).toEqual([
      ['SUBSCRIBE', 'CHECK_OUT_NOW'],
      ['SUBSCRIBE', 'CHECK_OUT_NOW'],
      ['CONFIRM', 'EMAIL_LINK'],
    ]);
    expect(log[0]).toMatchObject({ ip: '198.51.100.7', language: 'en', textShown: CONSENT_TEXTS.EMAIL });
  });

  it("a mail client's one-click POST (RFC 8058, no cookies, no CSRF header) unsubscribes; an old confirm link does not revive it", async () => {
    const b = browser(t.app);
    await b.post('/api/subscription/email', { email: 'oneclick@example.com', source: 'FOOTER', subscribe: true });
    const token = tokenIn((await mailTo('oneclick@example.com'))[0]!, 'confirm');
    await b.post('/api/subscription/confirm', { token });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/subscription/one-click?token=${token}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await consent('EMAIL', 'oneclick@example.com'))!.status).toBe('UNSUBSCRIBED');
    expect((await b.post('/api/subscription/confirm', { token })).json()).toMatchObject({ status: 'UNSUBSCRIBED' });
    expect((await b.post('/api/subscription/check', { email: 'oneclick@example.com' })).json()).toEqual({
      value: false,
    });
    // The unsubscribe page's button says the same, again.
    expect((await b.post('/api/subscription/unsubscribe', { token })).json()).toMatchObject({ status: 'UNSUBSCRIBED' });
    expect((await eventsOf((await consent('EMAIL', 'oneclick@example.com'))!.id)).map((e) => e.action)).toEqual([
      'SUBSCRIBE',
      'CONFIRM',
      'UNSUBSCRIBE',
    ]);
  });

  it('subscribe false withdraws; a malformed email is refused', async () => {
    const b = browser(t.app);
    await b.post('/api/subscription/email', { email: 'changed.mind@example.com', source: 'ACCOUNT', subscribe: true });
    expect(
      (
        await b.post('/api/subscription/email', {
          email: 'changed.mind@example.com',
          source: 'ACCOUNT',
          subscribe: false,
        })
      ).json(),
    ).toEqual({ status: 'UNSUBSCRIBED' });
    expectError(
      await b.post('/api/subscription/email', { email: 'not-an-email', source: 'CHECK_OUT_NOW', subscribe: true }),
      400,
      'Common.invalidRequest',
    );
  });
});

/** An SMS subscription asked for on another site (only the US site offers texts). */
async function smsOnSite(site: string) {
  const b = await login(t.app, 'buyer@demo.shop');
  expect((await b.post('/api/preferences', { site })).statusCode).toBe(200);
  return b.post('/api/subscription/sms', { mobile: '+1 415 555 0100', subscrible: true, source: 'CHECK_OUT_NOW' });
}

describe('SMS on the US site', () => {
  it('consent at checkout: subscribed at once with the welcome text (STOP and HELP); a STOP reply unsubscribes the number and is answered once', async () => {
    const b = browser(t.app, { remoteAddress: '198.51.100.9' });
    const res = await b.post('/api/subscription/sms', {
      email: 'sam@example.com',
      mobile: '(415) 555-0142',
      subscrible: true,
      source: 'CHECK_OUT_NOW',
      country: 'US',
      sendPhoneMessage: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'SUBSCRIBED' });
    expect((await b.post('/api/subscription/check', { mobile: '+1 415 555 0142' })).json()).toEqual({ value: true });
    const welcome = await waitFor(
      () => smsTo('+14155550142'),
      (ms) => ms.length === 1,
      'welcome text',
    );
    expect(welcome[0]!.textBody).toMatch(/Reply HELP for help, STOP to cancel/);
    const row = (await consent('SMS', '+14155550142'))!;
    expect((await eventsOf(row.id))[0]).toMatchObject({
      action: 'SUBSCRIBE',
      ip: '198.51.100.9',
      textShown: CONSENT_TEXTS.SMS,
    });

    // The reply comes from the SMS provider's callback, not a browser.
    const stop = await t.app.inject({
      method: 'POST',
      url: '/api/sms/inbound',
      payload: { from: '+14155550142', text: ' stop ' },
    });
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.json()).toEqual({ handled: 'stopped' });
    expect((await consent('SMS', '+14155550142'))!.status).toBe('UNSUBSCRIBED');
    const texts = await waitFor(
      () => smsTo('+14155550142'),
      (ms) => ms.length === 2,
      'stop confirmation',
    );
    expect(texts[0]!.textBody).toMatch(/you are unsubscribed/);
    expect((await eventsOf(row.id)).map((e) => [e.action, e.source])).toEqual([
      ['SUBSCRIBE', 'CHECK_OUT_NOW'],
      ['STOP', 'SMS_REPLY'],
    ]);
    expect((await b.post('/api/subscription/check', { mobile: '4155550142' })).json()).toEqual({ value: false });
    // Other words are not commands.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/sms/inbound',
          payload: { from: '+14155550142', text: 'Thanks!' },
        })
      ).json(),
    ).toEqual({ handled: 'ignored' });
  });

  it('a number that is not a US mobile is refused with the mobile format code; the DE site does not offer texts', async () => {
    const b = browser(t.app);
    expectError(
      await b.post('/api/subscription/sms', { mobile: '+44 20 7946 0000', subscrible: true, source: 'CHECK_OUT_NOW' }),
      400,
      'Account.mobileFormat',
    );
    expectError(await smsOnSite('DE'), 400, 'Subscription.notOffered');
  });
});
