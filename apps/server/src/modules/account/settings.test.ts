/**
 * Account settings: certificates, enterprise notice emails, profile,
 * bind / change email and phone, delete account, invitation code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { ID_NUMBER_RULES, INVITATION_REWARD_POINTS, NOTICE_EMAIL_MAX } from '@mall/contracts';
import {
  addresses,
  cards,
  outboxMessages,
  paymentRecords,
  sessions,
  userCertificates,
  users,
  verificationCodes,
} from '../../db/schema/index.js';
import { browser, createTestApp, login, type Browser, type TestApp } from '../../../test/helpers.js';
import { codeIn, mailbox, nextMessage, solvedCaptcha } from '../../../test/account-helpers.js';
import { freshIp, loadFixtures, type Fixtures } from '../../../test/checkout-fixtures.js';
import { orderKit } from '../../../test/order-fixtures.js';
import { pointBalance } from '../points/ledger.js';

let t: TestApp;
let f: Fixtures;
beforeAll(async () => {
  t = await createTestApp();
  f = await loadFixtures(t.db);
});
afterAll(async () => {
  await t?.close();
});
const kit = orderKit(() => ({ t, f }));

const P = '/auth/mall';
const CREATE = '/api/trantor/flow/bbc_trade_CreateUserCertificateFlow';
const EDIT = '/api/trantor/flow/bbc_trade_EditUserCertificateFlow';
const DETAIL = '/api/trantor/flow/bbc_trade_QueryUserCertificateDetailByIdFlow';
const N = '/sapi/mall-enterprise/enterprise/notice';

/** Lets the 60 s resend rule pass, as if a minute had gone by. */
const ageCode = (destination: string) =>
  t.db
    .update(verificationCodes)
    .set({ sentAt: sql`now() - interval '61 seconds'` })
    .where(eq(verificationCodes.destination, destination));
const userRow = async (id: bigint) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
async function codeFor(
  b: Browser,
  url: string,
  body: Record<string, unknown>,
  to: string,
  method: 'post' | 'put' = 'post',
) {
  const before = (await mailbox(t.app, to)).length;
  const res = await b.request(method === 'post' ? 'POST' : 'PUT', url, body);
  expect(res.statusCode, res.body).toBe(200);
  return codeIn(await nextMessage(t.app, to, before));
}

describe('certificates', () => {
  it('saved encrypted, answered masked, editable, and the checkout preview carries it', async () => {
    const { b, id } = await kit.signup('cert');
    const created = await b.post(CREATE, [{ name: 'Ada Lovelace', certificateNumber: '123-45-6789' }]);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ name: 'Ada Lovelace', certificateNumber: '*****6789', site: 'US' });
    const [row] = await t.db.select().from(userCertificates).where(eq(userCertificates.buyerId, id));
    expect(row!.numberCipher).not.toContain('123456789');
    expect(Buffer.from(row!.numberCipher, 'base64').toString('latin1')).not.toContain('123456789');
    expect(JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? String(v) : v))).not.toContain('123456789');

    const certId = created.json().id;
    const detail = await b.post(DETAIL, [{ id: certId }]);
    expect(detail.json()).toMatchObject({ id: certId, certificateNumber: '*****6789' });
    const edited = await b.post(EDIT, [{ id: certId, name: 'Ada King', certificateNumber: '078-05-1120' }]);
    expect(edited.json()).toMatchObject({ name: 'Ada King', certificateNumber: '*****1120' });

    const preview = await b.post(
      '/api/checkout/preview',
      { previewTradeContractLineReqTOList: [{ skuId: f.sku['LAMP-BAR'], qty: '1' }], couponIds: [] },
      { remoteAddress: freshIp() },
    );
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      certificateStatus: 1,
      userCertificate: { id: certId, name: 'Ada King', certificateNumber: '*****1120' },
    });
    const none = await (
      await kit.signup('nocert')
    ).b.post(
      '/api/checkout/preview',
      { previewTradeContractLineReqTOList: [{ skuId: f.sku['LAMP-BAR'], qty: '1' }], couponIds: [] },
      { remoteAddress: freshIp() },
    );
    expect(none.json()).toMatchObject({ certificateStatus: 0, userCertificate: null });
  });

  it("name and number required; the number must fit the buyer's site's ID", async () => {
    const { b } = await kit.signup('certbad');
    expect((await b.post(CREATE, [{ name: ' ', certificateNumber: '123-45-6789' }])).json().code).toBe(
      'Certificate.nameRequired',
    );
    expect((await b.post(CREATE, [{ name: 'Ada', certificateNumber: '' }])).json().code).toBe(
      'Certificate.numberRequired',
    );
    const bad = await b.post(CREATE, [{ name: 'Ada', certificateNumber: '12345' }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('Certificate.numberInvalid');
    // A valid Spanish DNI is no US number; on the ES site it is, and a wrong check letter is not.
    expect((await b.post(CREATE, [{ name: 'Ada', certificateNumber: ID_NUMBER_RULES.ES.example }])).json().code).toBe(
      'Certificate.numberInvalid',
    );
    await b.post('/api/preferences', { site: 'ES' });
    expect((await b.post(CREATE, [{ name: 'Ada', certificateNumber: '12345678Z' }])).statusCode).toBe(200);
    expect((await b.post(CREATE, [{ name: 'Ada', certificateNumber: '12345678A' }])).json().code).toBe(
      'Certificate.numberInvalid',
    );
    await b.post('/api/preferences', { site: 'NL' });
    expect((await b.post(CREATE, [{ name: 'Ada', certificateNumber: '111222333' }])).statusCode).toBe(200);
    expect((await b.post(CREATE, [{ name: 'Ada', certificateNumber: '111222334' }])).json().code).toBe(
      'Certificate.numberInvalid',
    );
  });

  it("another buyer's certificate id answers 'does not exist'; tourists need to log in", async () => {
    const { b } = await kit.signup('owner');
    const id = (await b.post(CREATE, [{ name: 'Ada', certificateNumber: '123-45-6789' }])).json().id;
    const other = await kit.signup('other');
    expect((await other.b.post(DETAIL, [{ id }])).statusCode).toBe(404);
    const edit = await other.b.post(EDIT, [{ id, name: 'Mallory', certificateNumber: '078-05-1120' }]);
    expect(edit.json().code).toBe('Certificate.notExist');
    expect((await b.post(DETAIL, [{ id }])).json().name).toBe('Ada');
    expect((await browser(t.app).post(CREATE, [{ name: 'A', certificateNumber: '123-45-6789' }])).statusCode).toBe(401);
  });
});

describe('enterprise notice emails', () => {
  it('main account: add, change, remove; no duplicates; the 11th is refused', async () => {
    const main = await login(t.app, 'main@demo.shop');
    const a = await main.post(`${N}/createEnterpriseEmailNotice`, { email: 'Finance@Acme.example' });
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json().email).toBe('finance@acme.example');
    expect((await main.post(`${N}/createEnterpriseEmailNotice`, { email: 'finance@acme.example' })).json().code).toBe(
      'Enterprise.noticeEmailDuplicate',
    );
    expect((await main.post(`${N}/createEnterpriseEmailNotice`, { email: 'not-an-email' })).statusCode).toBe(400);
    const changed = await main.post(`${N}/updateEnterpriseEmailNotice`, { id: a.json().id, email: 'ap@acme.example' });
    expect(changed.json().email).toBe('ap@acme.example');
    for (let i = 1; i < NOTICE_EMAIL_MAX; i++)
      expect((await main.post(`${N}/createEnterpriseEmailNotice`, { email: `n${i}@acme.example` })).statusCode).toBe(
        200,
      );
    const eleventh = await main.post(`${N}/createEnterpriseEmailNotice`, { email: 'n11@acme.example' });
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().code).toBe('Enterprise.noticeEmailLimit');
    const list = (await main.post(`${N}/queryEnterpriseNoticeEmailList`, {})).json();
    expect(list.data).toHaveLength(NOTICE_EMAIL_MAX);
    const dup = await main.post(`${N}/updateEnterpriseEmailNotice`, { id: list.data[1].id, email: 'ap@acme.example' });
    expect(dup.json().code).toBe('Enterprise.noticeEmailDuplicate');
    for (const e of list.data.slice(1))
      expect((await main.post(`${N}/deleteEnterpriseEmailNotice`, { id: e.id })).statusCode).toBe(200);
    expect(
      (await main.post(`${N}/queryEnterpriseNoticeEmailList`, {})).json().data.map((e: { email: string }) => e.email),
    ).toEqual(['ap@acme.example']);
  });

  it("a sub-account or a plain buyer cannot manage them, and cannot touch the main account's by id", async () => {
    const main = await login(t.app, 'main@demo.shop');
    const list = (await main.post(`${N}/queryEnterpriseNoticeEmailList`, {})).json();
    const sub = await login(t.app, 'sub1@demo.shop');
    expect((await sub.post(`${N}/queryEnterpriseNoticeEmailList`, {})).json().code).toBe('Enterprise.notMainAccount');
    expect((await sub.post(`${N}/createEnterpriseEmailNotice`, { email: 'x@acme.example' })).statusCode).toBe(403);
    expect((await sub.post(`${N}/deleteEnterpriseEmailNotice`, { id: list.data[0].id })).statusCode).toBe(403);
    const buyer = await login(t.app, 'buyer@demo.shop');
    expect((await buyer.post(`${N}/createEnterpriseEmailNotice`, { email: 'x@acme.example' })).json().code).toBe(
      'Enterprise.notEnterpriseUser',
    );
    expect((await main.post(`${N}/queryEnterpriseNoticeEmailList`, {})).json().data).toHaveLength(list.data.length);
  });

  it('a sub-account submitting to the main account emails the main account and every notice email', async () => {
    const main = await login(t.app, 'main@demo.shop');
    await main.post(`${N}/createEnterpriseEmailNotice`, { email: 'payables@acme.example' });
    const sub = await login(t.app, 'sub1@demo.shop');
    const { contractId } = await kit.place({ b: sub, email: 'sub1@demo.shop' }, [['LAMP-BAR', '1']]);
    const submitted = await sub.post('/api/payments/submit-to-master', { contractId });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const toMain = await nextMessage(t.app, 'main@demo.shop', 0);
    expect(toMain.subject).toContain('waiting for your payment');
    const toNotice = await nextMessage(t.app, 'payables@acme.example', 0);
    expect(toNotice.text).toContain('Acme Purchasing');
    // Submitting again changes nothing and sends nothing.
    await sub.post('/api/payments/submit-to-master', { contractId });
    const queued = await t.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.destination, 'payables@acme.example'),
          eq(outboxMessages.template, 'enterprise.orderSubmitted'),
        ),
      );
    expect(queued).toHaveLength(1);
  });
});

describe('profile and invitation code', () => {
  it("user-info: read, update, and it is always the caller's own", async () => {
    const { b, email } = await kit.signup('prof');
    const first = (await b.get(`${P}/user/user-info`)).json();
    expect(first).toMatchObject({ email, firstName: '', gender: null, invitedFilled: false });
    expect(first.invitationCode).toMatch(/^[A-Z2-9]{8}$/);
    const upd = await b.request('PUT', `${P}/user/user-info`, {
      nickname: 'Ada',
      firstName: 'Ada',
      lastName: 'Lovelace',
      gender: 'FEMALE',
      birthday: '1990-12-10',
      language: 'de',
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json()).toMatchObject({
      nickname: 'Ada',
      firstName: 'Ada',
      lastName: 'Lovelace',
      gender: 'FEMALE',
      birthday: '1990-12-10',
      language: 'de',
      invitationCode: first.invitationCode,
    });
    expect(
      (await b.request('PUT', `${P}/user/user-info`, { nickname: 'Ada', birthday: '2990-01-01' })).statusCode,
    ).toBe(400);
    // An id in the body is not accepted (strict body), and nothing else's profile changes.
    expect((await b.request('PUT', `${P}/user/user-info`, { nickname: 'X', id: '1' })).statusCode).toBe(400);
    expect((await browser(t.app).get(`${P}/user/user-info`)).statusCode).toBe(401);
  });

  it("fillInTheInvitationCodeFlow: once, not one's own, unknown refused; both get points", async () => {
    const inviter = await kit.signup('inviter');
    const invitee = await kit.signup('invitee');
    const code = (await inviter.b.get(`${P}/user/user-info`)).json().invitationCode;
    const F = '/sapi/mall-customer/customer/fillInTheInvitationCodeFlow';
    expect((await inviter.b.post(F, { invitationCode: code })).json().code).toBe('Invitation.ownCode');
    expect((await invitee.b.post(F, { invitationCode: 'ZZZZZZZZ' })).json().code).toBe('Invitation.codeUnknown');
    const before = [await pointBalance(t.db, inviter.id), await pointBalance(t.db, invitee.id)];
    const ok = await invitee.b.post(F, { invitationCode: code.toLowerCase() });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ filled: true, rewardPoints: INVITATION_REWARD_POINTS.invitee });
    const again = await invitee.b.post(F, { invitationCode: code });
    expect(again.json().code).toBe('Invitation.alreadyFilled');
    expect(await pointBalance(t.db, invitee.id)).toBe(before[1]! + INVITATION_REWARD_POINTS.invitee);
    expect(await pointBalance(t.db, inviter.id)).toBe(before[0]! + INVITATION_REWARD_POINTS.inviter);
    expect((await invitee.b.get(`${P}/user/user-info`)).json().invitedFilled).toBe(true);
  });
});

describe('bind and change email and phone', () => {
  it('bind a phone with an SMS code; a wrong or reused code is refused; a taken number is refused', async () => {
    const { b, id } = await kit.signup('phone');
    const to = '+4915112345678';
    const wrong = await b.post('/api/user/web/mobile/bind', {
      mobile: '151 12345678',
      mobilePrefix: '+49',
      smsCode: '000000',
    });
    expect(wrong.json().code).toBe('Account.codeInvalid');
    const code = await codeFor(
      b,
      '/api/user/web/mobile/bind/send-sms-code',
      { mobile: '151 12345678', mobilePrefix: '+49' },
      to,
    );
    const bad = await b.post('/api/user/web/mobile/bind', {
      mobile: '15112345678',
      mobilePrefix: '49',
      smsCode: code === '111111' ? '222222' : '111111',
    });
    expect(bad.json().code).toBe('Account.codeInvalid');
    const ok = await b.post('/api/user/web/mobile/bind', { mobile: '15112345678', mobilePrefix: '49', smsCode: code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ email: expect.any(String), mobile: '15112345678', mobilePrefix: '49' });
    expect((await userRow(id)).phone).toBe('15112345678');
    // Already bound: bind refused (change it instead); the code is used up anyway.
    expect(
      (await b.post('/api/user/web/mobile/bind', { mobile: '15112345678', mobilePrefix: '49', smsCode: code })).json()
        .code,
    ).toBe('Account.mobileAlreadyBound');
    const other = await kit.signup('phone2');
    const taken = await other.b.post('/api/user/web/mobile/bind/send-sms-code', {
      mobile: '15112345678',
      mobilePrefix: '49',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('Account.mobileTaken');
    expect(taken.body).not.toContain('phone-');
  });

  it("a code sent for one account does not bind another account's phone", async () => {
    const a = await kit.signup('codeA');
    const b = await kit.signup('codeB');
    const code = await codeFor(
      a.b,
      '/api/user/web/mobile/bind/send-sms-code',
      { mobile: '6123456789', mobilePrefix: '31' },
      '+316123456789',
    );
    const stolen = await b.b.post('/api/user/web/mobile/bind', {
      mobile: '6123456789',
      mobilePrefix: '31',
      smsCode: code,
    });
    expect(stolen.json().code).toBe('Account.codeInvalid');
    expect((await userRow(b.id)).phone).toBeNull();
  });

  it("change email: code to the new address plus the old address's code or the password; expired codes refused", async () => {
    const { b, id, email } = await kit.signup('mail');
    const next = `new-${email}`;
    const newCode = await codeFor(b, `${P}/captcha/email/reset-send-email-code`, { target: 'new', email: next }, next);
    // Neither old code nor password: refused.
    expect((await b.post(`${P}/user/reset-email`, { email: next, emailCode: newCode })).json().code).toBe(
      'Account.oldVerificationRequired',
    );
    expect(
      (await b.post(`${P}/user/reset-email`, { email: next, emailCode: newCode, password: 'wrong-password' })).json()
        .code,
    ).toBe('Account.passwordIncorrect');
    const oldCode = await codeFor(b, `${P}/captcha/email/reset-send-email-code`, { target: 'old' }, email);
    expect((await b.post(`${P}/user/reset/check-email-code`, { emailCode: oldCode })).json()).toEqual({ valid: true });
    // The new address's code expired meanwhile: refused.
    await t.db
      .update(verificationCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verificationCodes.destination, next));
    expect((await b.post(`${P}/user/reset-email`, { email: next, emailCode: newCode, oldCode })).json().code).toBe(
      'Account.codeExpired',
    );
    await ageCode(next);
    const fresh = await codeFor(b, `${P}/captcha/email/reset-send-email-code`, { target: 'new', email: next }, next);
    const ok = await b.post(`${P}/user/reset-email`, { email: next, emailCode: fresh, oldCode });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await userRow(id)).email).toBe(next);
    // The old address no longer signs in; the new one does.
    expect((await browser(t.app).post('/api/auth/login', { email, password: 'password123' })).statusCode).toBe(401);
    expect((await browser(t.app).post('/api/auth/login', { email: next, password: 'password123' })).statusCode).toBe(
      200,
    );
  });

  it('change to an email another account uses is refused; change phone with the password', async () => {
    const { b, id } = await kit.signup('mail2');
    const taken = await b.post(`${P}/captcha/email/reset-send-email-code`, { target: 'new', email: 'buyer@demo.shop' });
    expect(taken.json().code).toBe('Auth.emailTaken');
    expect((await b.post('/api/user/web/mobile/reset/send-sms', { target: 'old' })).json().code).toBe(
      'Account.noMobileToChange',
    );
    const c1 = await codeFor(
      b,
      '/api/user/web/mobile/bind/send-sms-code',
      { mobile: '7700900123', mobilePrefix: '44' },
      '+447700900123',
    );
    await b.post('/api/user/web/mobile/bind', { mobile: '7700900123', mobilePrefix: '44', smsCode: c1 });
    const c2 = await codeFor(
      b,
      '/api/user/web/mobile/reset/send-sms',
      { target: 'new', mobile: '7700900456', mobilePrefix: '44' },
      '+447700900456',
    );
    const ok = await b.post('/api/user/web/mobile/change', {
      mobile: '7700900456',
      mobilePrefix: '44',
      smsCode: c2,
      password: 'password123',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await userRow(id)).phone).toBe('7700900456');
  });
});

describe('delete account', () => {
  async function destroyCode(b: Browser, email: string) {
    return codeFor(b, `${P}/captcha/destroy-send-email-code`, { email, ...(await solvedCaptcha(t.app)) }, email);
  }

  it('ends sessions, erases personal data, keeps orders for the seller under "Deleted user", frees the email', async () => {
    const buyer = await kit.signup('leaver');
    const otherDevice = await login(t.app, buyer.email, 'password123');
    const { orderIds } = await kit.place(buyer, [['LAMP-BAR', '1']]);
    const orderCode = (await kit.orderRow(orderIds[0]!)).tradeOrderCode;
    await buyer.b.post(CREATE, [{ name: 'Leaver', certificateNumber: '123-45-6789' }]);
    await t.db
      .insert(cards)
      .values({
        buyerId: buyer.id,
        payCenterToken: 'pm_test_leaver',
        tailNumber: '4242',
        status: 'ACTIVE',
        isSave: true,
        isDefault: true,
        holder: {},
        clientSecret: 'x',
        setupId: 'seti_leaver',
      } as never);

    // Without the captcha, or for another address: no code.
    expect(
      (
        await buyer.b.post(`${P}/captcha/destroy-send-email-code`, { email: buyer.email, captcha: 'x', token: 'y' })
      ).json().code,
    ).toBe('Account.captchaInvalid');
    expect(
      (
        await buyer.b.post(`${P}/captcha/destroy-send-email-code`, {
          email: 'buyer@demo.shop',
          ...(await solvedCaptcha(t.app)),
        })
      ).json().code,
    ).toBe('Account.destroyNotOwnAddress');
    const code = await destroyCode(buyer.b, buyer.email);
    expect(
      (
        await buyer.b.request('PUT', `${P}/user/user-destroy`, {
          email: buyer.email,
          emailCode: code === '123456' ? '654321' : '123456',
        })
      ).json().code,
    ).toBe('Account.codeInvalid');
    const done = await buyer.b.request('PUT', `${P}/user/user-destroy`, { email: buyer.email, emailCode: code });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ destroyed: true });

    expect((await buyer.b.get('/api/auth/session')).json().userType).toBe('TOURIST');
    expect((await otherDevice.get('/api/auth/session')).json().userType).toBe('TOURIST');
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, buyer.id))).toHaveLength(0);
    const row = await userRow(buyer.id);
    expect(row).toMatchObject({ email: null, phone: null, passwordHash: null, nickname: 'Deleted user' });
    expect(await t.db.select().from(addresses).where(eq(addresses.buyerId, buyer.id))).toHaveLength(0);
    expect(await t.db.select().from(userCertificates).where(eq(userCertificates.buyerId, buyer.id))).toHaveLength(0);
    expect(await t.db.select().from(cards).where(eq(cards.buyerId, buyer.id))).toHaveLength(0);
    // The code is used up: a replay finds nothing to delete (and no session).
    expect(
      (await buyer.b.request('PUT', `${P}/user/user-destroy`, { email: buyer.email, emailCode: code })).statusCode,
    ).toBe(401);

    // The lamp is sold by the Nordic Home shop.
    const seller = await login(t.app, 'seller2@demo.shop');
    const page = (await seller.post('/api/merchant/orders', { status: 'ALL', keyword: orderCode })).json();
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({ tradeOrderCode: orderCode, buyerName: 'Deleted user' });
    expect(page.data[0].shipTo).toContain('Deleted user');
    expect(JSON.stringify(page.data[0])).not.toContain('leaver');

    const again = await browser(t.app).post('/api/auth/signup', { email: buyer.email, password: 'password456' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().user.id).not.toBe(String(buyer.id));
  });

  it('refused while an after-sales is open or a payment is charging', async () => {
    const demo = await login(t.app, 'buyer@demo.shop');
    const open = await demo.post(`${P}/captcha/destroy-send-email-code`, {
      email: 'buyer@demo.shop',
      ...(await solvedCaptcha(t.app)),
    });
    expect(open.statusCode).toBe(409);
    expect(open.json().code).toBe('Account.destroyAfterSalesOpen');
    expect(
      (await demo.request('PUT', `${P}/user/user-destroy`, { email: 'buyer@demo.shop', emailCode: '123456' })).json()
        .code,
    ).toBe('Account.destroyAfterSalesOpen');

    const payer = await kit.signup('payer');
    const { contractId } = await kit.place(payer, [['LAMP-BAR', '1']]);
    const started = await payer.b.post(
      '/sapi/mall-pay/payment/firstPay',
      { contractId, payChannel: 'MOCKPAY' },
      { remoteAddress: freshIp() },
    );
    expect(started.statusCode, started.body).toBe(200);
    expect((await t.db.select().from(paymentRecords).where(eq(paymentRecords.buyerId, payer.id)))[0]!.status).toBe(
      'PAY_PENDING',
    );
    const charging = await payer.b.post(`${P}/captcha/destroy-send-email-code`, {
      email: payer.email,
      ...(await solvedCaptcha(t.app)),
    });
    expect(charging.json().code).toBe('Account.destroyPaymentPending');
    expect((await userRow(payer.id)).email).toBe(payer.email);
  });
});
