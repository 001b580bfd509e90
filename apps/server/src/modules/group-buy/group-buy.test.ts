/**
 * Group-buy end to end on real Postgres (SPEC §1 group-buy orders; §3 isInGroup; §4
 * inviteToJoinGroup): the seller's campaign, groups started and joined through the normal checkout
 * and payment at the group price, shipping held until the group fills, the last slot taken exactly
 * once by racing buyers, and a group whose time ran out cancelled and refunded with its stock back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, like } from 'drizzle-orm';
import { IDENTITY_PROVIDER } from '@mall/contracts';
import {
  carriers,
  devMailbox,
  groupBuyCampaigns,
  groupBuyGroups,
  outboxMessages,
  reverseTradeOrders,
  skus,
  tradeOrders,
  userProfiles,
} from '../../db/schema/index.js';
import { type Browser, type TestApp, createTestApp, login } from '../../../test/helpers.js';
import {
  loadFixtures,
  stockOf,
  submit,
  submitBodyFor,
  usAddress,
  type Fixtures,
} from '../../../test/checkout-fixtures.js';
import { expectError, orderKit, upsTrackingNumber, waitFor, type Buyer } from '../../../test/order-fixtures.js';
import { GROUP_BUY_NOTICE_TEMPLATE } from './notify.js';
import { GROUP_FAILED_TEXT, runGroupBuySweep } from './sweep.js';

let t: TestApp;
let f: Fixtures;
let seller: Browser;
let carrierId: string;
const { signup, place, pay, topLines } = orderKit(() => ({ t, f }));

beforeAll(async () => {
  t = await createTestApp({ signupPerHour: 1000 });
  f = await loadFixtures(t.db);
  seller = await login(t.app, 'seller@demo.shop');
  carrierId = String((await t.db.select().from(carriers).where(eq(carriers.code, 'UPS')))[0]!.id);
});
afterAll(async () => {
  await t?.close();
});

const DETAIL = '/sapi/mall-order/web/order/libquerytradeorderdetailbyidforbuyer';
const LIST = '/sapi/mall-order/web/order/pageTradeOrderForBuyer';
const detail = async (b: Browser, id: string) => {
  const res = await b.post(DETAIL, { id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const createCampaign = (b: Browser, body: Record<string, unknown>) =>
  b.post('/api/merchant/group-buy/campaigns', { skuId: f.sku['TRAY-STEEL'], groupPrice: '29.00', ...body });
async function campaign(groupSize: number, stock = 30): Promise<string> {
  const res = await createCampaign(seller, { groupSize, hours: 24, stock });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}
const startGroup = (x: Buyer, campaignId: string) =>
  place(x, [['TRAY-STEEL', '1']], { orderSource: 'BUY_NOW', groupBuy: { campaignId } });
const joinGroup = (x: Buyer, campaignId: string, groupId: string) =>
  place(x, [['TRAY-STEEL', '1']], { orderSource: 'BUY_NOW', groupBuy: { campaignId, groupId } });
const ship = async (id: string) => {
  const lines = await topLines(id);
  return seller.post(`/api/merchant/orders/${id}/packages`, {
    carrierId,
    serviceCode: upsTrackingNumber(),
    lines: lines.map((l) => ({ tradeOrderLineId: String(l.id), qty: String(Number(l.qty)) })),
  });
};
const toShip = async () => {
  const res = await seller.post('/api/merchant/orders', { status: 'TO_SHIP', pageSize: 50 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((o: { id: string }) => o.id) as string[];
};

/**
 * The group-buy notices queued for these recipients, oldest first: [recipient, language] (the
 * payload is emptied once a message went out; what it said is read from the delivered mail).
 */
const noticesTo = async (...emails: string[]) =>
  (
    await t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.template, GROUP_BUY_NOTICE_TEMPLATE), inArray(outboxMessages.destination, emails)))
      .orderBy(asc(outboxMessages.id))
  ).map((m) => [m.destination, m.language]);
/** The delivered email to `email` about order `code` (subject without the shop's suffix, and text), once it has arrived. */
const mailTo = async (email: string, code: string) => {
  const ms = await waitFor(
    () =>
      t.db
        .select()
        .from(devMailbox)
        .where(and(eq(devMailbox.toAddress, email), like(devMailbox.subject, `%${code}%`))),
    (rows) => rows.length > 0,
    `the email to ${email}`,
  );
  expect(ms).toHaveLength(1);
  return { subject: ms[0]!.subject.replace(/ – Mall$/, ''), text: ms[0]!.textBody };
};
/** The buyer's chosen language (its profile row is made by the first read). */
async function chooseLanguage(x: Buyer, language: string) {
  expect((await x.b.get(`/auth/${IDENTITY_PROVIDER}/user/user-info`)).statusCode).toBe(200);
  await t.db.update(userProfiles).set({ language }).where(eq(userProfiles.userId, x.id));
}
const codeOf = async (id: string) =>
  (
    await t.db
      .select()
      .from(tradeOrders)
      .where(eq(tradeOrders.id, BigInt(id)))
  )[0]!.tradeOrderCode;

describe('the seller', () => {
  it('creates a campaign on its SKU and lists it; refusals have their codes', async () => {
    const res = await createCampaign(seller, { groupSize: 3, hours: 12, stock: 9 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      groupPrice: { value: '29.00', currency: 'USD' },
      listPrice: { value: '38.99', currency: 'USD' },
      groupSize: 3,
      hours: 12,
      stock: 9,
      stockLeft: 9,
      status: 'ACTIVE',
      groups: { open: 0, filled: 0, failed: 0 },
    });
    // The form's choices: the shop's own SKUs with their price, not another shop's, not services.
    const options = await seller.get('/api/merchant/group-buy/skus');
    expect(options.statusCode, options.body).toBe(200);
    const ids = options.json().map((o: { skuId: string }) => o.skuId);
    expect(ids).toContain(f.sku['TRAY-STEEL']);
    expect(ids).not.toContain(f.sku['LAMP-BAR']);
    expect(ids).not.toContain(f.sku['SRV-ASSEMBLY']);
    const list = await seller.get('/api/merchant/group-buy/campaigns');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((c: { id: string }) => c.id)).toContain(res.json().id);

    // Not below the regular price, a group of one, less stock than a group.
    expectError(
      await createCampaign(seller, { groupPrice: '38.99', groupSize: 2, hours: 1, stock: 2 }),
      400,
      'Common.invalidRequest',
    );
    expectError(await createCampaign(seller, { groupSize: 1, hours: 1, stock: 2 }), 400, 'Common.invalidRequest');
    expectError(await createCampaign(seller, { groupSize: 5, hours: 1, stock: 4 }), 400, 'Common.invalidRequest');
    expectError(
      await createCampaign(seller, { skuId: f.sku['LAMP-BAR'], groupSize: 2, hours: 1, stock: 2 }),
      404,
      'Catalog.skuNotFound',
    );
    const buyer = await signup('notseller');
    expectError(await createCampaign(buyer.b, { groupSize: 2, hours: 1, stock: 2 }), 403, 'Merchant.notSeller');
  });
});

describe('a group that fills', () => {
  let campaignId: string;
  let leader: Buyer;
  let leaderOrder: string;
  let groupId: string;

  beforeAll(async () => {
    campaignId = await campaign(2);
  });

  it('the starter pays the group price; its order is in the group, offers the invite and does not ship', async () => {
    leader = await signup('leader');
    const p = await submitBodyFor(leader.b, {
      orderSource: 'BUY_NOW',
      previewTradeContractLineReqTOList: [{ skuId: f.sku['TRAY-STEEL'], qty: '1' }],
      selectedAddress: usAddress(f, { email: leader.email }),
      preCalShippingList: [{ shopId: f.shop.flexi, shippingMethodId: f.method.flexi.STANDARD }],
      couponIds: [],
      groupBuy: { campaignId },
    });
    const placed = await submit(leader.b, { ...p, notifyInfo: { notifyType: 'email', contactInfo: leader.email } });
    expect(placed.statusCode, placed.body).toBe(200);
    leaderOrder = placed.json().tradeOrderIdList[0];
    const [line] = await topLines(leaderOrder);
    expect(line!.unitAmtMinor).toBe(2900n);

    const unpaid = await detail(leader.b, leaderOrder);
    expect(unpaid.isInGroup).toBe(true);
    expect(unpaid.operationList).not.toContain('inviteToJoinGroup');
    await pay(leader.b, placed.json().id);

    const d = await detail(leader.b, leaderOrder);
    expect(d.isInGroup).toBe(true);
    expect(d.groupBuy).toMatchObject({ status: 'OPEN', size: 2, members: 1, slotsLeft: 1 });
    expect(d.operationList).toContain('inviteToJoinGroup');
    expect(d.operationCodes).toContain('INVITE_TO_JOIN_GROUP');
    expect(d.operationList).not.toContain('buyerCancelAfterPay');
    groupId = d.groupBuy.groupId;
    // The list shows the same.
    const list = await leader.b.post(LIST, {});
    expect(list.statusCode, list.body).toBe(200);
    const entry = list.json().data.find((o: { id: string }) => o.id === leaderOrder);
    expect(entry).toMatchObject({ isInGroup: true, groupBuy: { slotsLeft: 1 } });
    expect(entry.operationList).toContain('inviteToJoinGroup');

    // Not shippable, not in the seller's list to ship, not cancellable by hand while the group forms.
    expectError(await ship(leaderOrder), 409, 'GroupBuy.notFilled');
    expect(await toShip()).not.toContain(leaderOrder);
    expectError(
      await leader.b.post('/api/trantor/flow/trade_InitiateReverseTradeOrderForCancelFlow', [
        { tradeOrder: { id: leaderOrder } },
      ]),
      409,
      'Trade.operationNotAllowed',
    );
  });

  it('the item page and the share page show the group with its slot left', async () => {
    const [c] = await t.db
      .select()
      .from(groupBuyCampaigns)
      .where(eq(groupBuyCampaigns.id, BigInt(campaignId)));
    expect(c!.stockLeft).toBe(28);
    const page = await (await signup('visitor')).b.get(`/api/group-buy/groups/${groupId}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      campaign: { id: campaignId, groupPrice: { value: '29.00' } },
      group: { id: groupId, status: 'OPEN', slotsLeft: 1, joined: false },
    });
    const mine = await leader.b.get(`/api/group-buy/groups/${groupId}`);
    expect(mine.json().group.joined).toBe(true);
    expectError(await leader.b.get('/api/group-buy/groups/999999999'), 404, 'GroupBuy.notFound');
    // The item page offers the campaign and this group to join.
    const [sku] = await t.db
      .select()
      .from(skus)
      .where(eq(skus.id, BigInt(f.sku['TRAY-STEEL'])));
    const offer = await (await signup('browser')).b.get(`/api/group-buy/items/${sku!.itemId}`);
    expect(offer.statusCode, offer.body).toBe(200);
    expect(offer.json().offer.campaign).toMatchObject({ id: campaignId, groupSize: 2 });
    expect(offer.json().offer.groups.map((g: { id: string }) => g.id)).toContain(groupId);
  });

  it('the starter cannot join its own group again', async () => {
    const res = await leader.b.post(
      '/api/checkout/preview',
      {
        orderSource: 'BUY_NOW',
        previewTradeContractLineReqTOList: [{ skuId: f.sku['TRAY-STEEL'], qty: '1' }],
        groupBuy: { campaignId, groupId },
      },
      {},
    );
    expectError(res, 409, 'GroupBuy.alreadyJoined');
  });

  it('a group order is one unit of the campaign SKU', async () => {
    const x = await signup('twounits');
    const res = await x.b.post('/api/checkout/preview', {
      orderSource: 'BUY_NOW',
      previewTradeContractLineReqTOList: [{ skuId: f.sku['TRAY-STEEL'], qty: '2' }],
      groupBuy: { campaignId, groupId },
    });
    expectError(res, 400, 'GroupBuy.oneUnit');
  });

  it('the last member pays: the group fills and both orders may ship at once', async () => {
    const joiner = await signup('joiner');
    // The starter reads the shop in German; the joiner keeps its site's language (US: English).
    await chooseLanguage(leader, 'de');
    const placed = await joinGroup(joiner, campaignId, groupId);
    expect(await noticesTo(leader.email, joiner.email)).toEqual([]);
    await pay(joiner.b, placed.contractId);
    const [g] = await t.db
      .select()
      .from(groupBuyGroups)
      .where(eq(groupBuyGroups.id, BigInt(groupId)));
    expect(g).toMatchObject({ status: 'FILLED', members: 2, paid: 2 });
    for (const [b, id] of [
      [leader.b, leaderOrder],
      [joiner.b, placed.orderIds[0]!],
    ] as const) {
      const d = await detail(b, id);
      expect(d.groupBuy).toMatchObject({ status: 'FILLED', slotsLeft: 0 });
      expect(d.operationList).not.toContain('inviteToJoinGroup');
      expect(d.operationList).toContain('buyerCancelAfterPay');
    }
    // Each member is told once, with the fill, in its language.
    const [leaderCode, joinerCode] = [await codeOf(leaderOrder), await codeOf(placed.orderIds[0]!)];
    expect(await noticesTo(leader.email, joiner.email)).toEqual([
      [leader.email, 'de'],
      [joiner.email, 'en'],
    ]);
    const de = await mailTo(leader.email, leaderCode);
    expect(de.subject).toBe(`Ihre Gruppe ist vollständig: Bestellung ${leaderCode} wird versandt`);
    expect(de.text).toContain('Gruppenkaufs bei FlexiDesk');
    const en = await mailTo(joiner.email, joinerCode);
    expect(en.subject).toBe(`Your group is complete: order ${joinerCode} will ship`);
    expect(en.text).toContain('Your order ' + joinerCode + ' at the group price is now prepared for shipping.');
    const list = await toShip();
    expect(list).toContain(leaderOrder);
    expect(list).toContain(placed.orderIds[0]);
    const shipped = await ship(leaderOrder);
    expect(shipped.statusCode, shipped.body).toBe(200);

    // A full group refuses the next buyer, with a clear message.
    // Shipping tells nobody again.
    expect(await noticesTo(leader.email, joiner.email)).toHaveLength(2);
    const late = await signup('late');
    const res = await late.b.post('/api/checkout/preview', {
      orderSource: 'BUY_NOW',
      previewTradeContractLineReqTOList: [{ skuId: f.sku['TRAY-STEEL'], qty: '1' }],
      groupBuy: { campaignId, groupId },
    });
    expect(expectError(res, 409, 'GroupBuy.full').message).toMatch(/full/);
  });
});

describe('racing for the last slot', () => {
  it('50 buyers submit at once: exactly one takes the slot, the others are refused', async () => {
    const campaignId = await campaign(2);
    const leader = await signup('raceleader');
    const started = await startGroup(leader, campaignId);
    await pay(leader.b, started.contractId);
    const groupId = (await detail(leader.b, started.orderIds[0]!)).groupBuy.groupId as string;
    const stockBefore = Number(await stockOf(t.db, f.sku['TRAY-STEEL']));

    const buyers = await Promise.all(Array.from({ length: 50 }, (_, i) => signup(`racer${i}`)));
    const bodies = await Promise.all(
      buyers.map((x) =>
        submitBodyFor(
          x.b,
          {
            orderSource: 'BUY_NOW',
            previewTradeContractLineReqTOList: [{ skuId: f.sku['TRAY-STEEL'], qty: '1' }],
            selectedAddress: usAddress(f, { email: x.email }),
            preCalShippingList: [{ shopId: f.shop.flexi, shippingMethodId: f.method.flexi.STANDARD }],
            couponIds: [],
            groupBuy: { campaignId, groupId },
          },
          { notifyInfo: { notifyType: 'email', contactInfo: x.email } },
        ),
      ),
    );
    const results = await Promise.all(buyers.map((x, i) => submit(x.b, bodies[i]!)));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json().code).toBe('GroupBuy.full');
    }
    const [g] = await t.db
      .select()
      .from(groupBuyGroups)
      .where(eq(groupBuyGroups.id, BigInt(groupId)));
    expect(g).toMatchObject({ members: 2, status: 'OPEN' });
    // The refused orders were rolled back: one unit left the shelf.
    expect(Number(await stockOf(t.db, f.sku['TRAY-STEEL']))).toBe(stockBefore - 1);
    const winner = buyers[results.indexOf(ok[0]!)]!;
    await pay(winner.b, ok[0]!.json().id);
    const [filled] = await t.db
      .select()
      .from(groupBuyGroups)
      .where(eq(groupBuyGroups.id, BigInt(groupId)));
    expect(filled).toMatchObject({ status: 'FILLED', paid: 2 });
  });
});

describe('a group whose time runs out', () => {
  it('fails: paid orders are cancelled and refunded, unpaid ones close, stock comes back; joining is refused', async () => {
    const campaignId = await campaign(3, 6);
    const stock0 = Number(await stockOf(t.db, f.sku['TRAY-STEEL']));
    const leader = await signup('expleader');
    const started = await startGroup(leader, campaignId);
    await pay(leader.b, started.contractId);
    const leaderOrder = started.orderIds[0]!;
    const groupId = (await detail(leader.b, leaderOrder)).groupBuy.groupId as string;
    const member = await signup('expmember');
    await chooseLanguage(member, 'fr');
    const unpaid = await joinGroup(member, campaignId, groupId);
    expect(Number(await stockOf(t.db, f.sku['TRAY-STEEL']))).toBe(stock0 - 2);
    let [c] = await t.db
      .select()
      .from(groupBuyCampaigns)
      .where(eq(groupBuyCampaigns.id, BigInt(campaignId)));
    expect(c!.stockLeft).toBe(3);

    // The time limit passes.
    await t.db
      .update(groupBuyGroups)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(groupBuyGroups.id, BigInt(groupId)));
    const late = await signup('explate');
    expectError(
      await late.b.post('/api/checkout/preview', {
        orderSource: 'BUY_NOW',
        previewTradeContractLineReqTOList: [{ skuId: f.sku['TRAY-STEEL'], qty: '1' }],
        groupBuy: { campaignId, groupId },
      }),
      409,
      'GroupBuy.expired',
    );

    const done = await runGroupBuySweep(t.db);
    expect(done).toMatchObject({ failed: 1, closed: 1, cancelled: 1 });
    // Each member is told with its order's cancel or close, in its language: the paid one that it
    // is refunded, the unpaid one that nothing was charged.
    const [leaderCode, memberCode] = [await codeOf(leaderOrder), await codeOf(unpaid.orderIds[0]!)];
    const told = [
      [leader.email, 'en'],
      [member.email, 'fr'],
    ].sort();
    expect((await noticesTo(leader.email, member.email)).sort()).toEqual(told);
    const en = await mailTo(leader.email, leaderCode);
    expect(en.subject).toBe(`Your group did not fill: order ${leaderCode} is canceled`);
    expect(en.text).toContain('is canceled and what you paid is refunded to your payment method.');
    const fr = await mailTo(member.email, memberCode);
    expect(fr.subject).toBe(`Votre groupe n'a pas été complété : la commande ${memberCode} est clôturée`);
    expect(fr.text).toContain("rien n'a été débité");
    // A sweep run again before the refund has gone through tells nobody twice.
    await runGroupBuySweep(t.db);
    expect((await noticesTo(leader.email, member.email)).sort()).toEqual(told);
    expect(done.refundIds.length).toBeGreaterThan(0);
    t.app.refunder.dispatch(done.refundIds);
    await waitFor(
      () =>
        t.db
          .select()
          .from(tradeOrders)
          .where(eq(tradeOrders.id, BigInt(leaderOrder))),
      ([o]) => o?.status === 'CANCEL_ALL',
      'the paid order refunded',
    );
    // Its after-sales says why it was cancelled.
    const [rev] = await t.db
      .select()
      .from(reverseTradeOrders)
      .where(eq(reverseTradeOrders.orderId, BigInt(leaderOrder)));
    expect(rev).toMatchObject({ type: 'SALE_CANCEL_AFTER_PAID', reason: 'OTHER', reverseText: GROUP_FAILED_TEXT });
    const [closed] = await t.db
      .select()
      .from(tradeOrders)
      .where(eq(tradeOrders.id, BigInt(unpaid.orderIds[0]!)));
    expect(closed!.status).toBe('CLOSED');
    const d = await detail(leader.b, leaderOrder);
    expect(d.groupBuy).toMatchObject({ status: 'FAILED', slotsLeft: 0 });
    expect(d.operationList).not.toContain('inviteToJoinGroup');
    // Both units back on the shelf, the group's units back in the campaign.
    expect(Number(await stockOf(t.db, f.sku['TRAY-STEEL']))).toBe(stock0);
    [c] = await t.db
      .select()
      .from(groupBuyCampaigns)
      .where(eq(groupBuyCampaigns.id, BigInt(campaignId)));
    expect(c!.stockLeft).toBe(6);
    // Running again changes nothing and sends nothing.
    expect(await runGroupBuySweep(t.db)).toMatchObject({ failed: 0, closed: 0, cancelled: 0 });
    expect((await noticesTo(leader.email, member.email)).sort()).toEqual(told);
  });

  it('a campaign without stock for a group refuses to start one', async () => {
    const campaignId = await campaign(2, 2);
    const a = await signup('soldout-a');
    await startGroup(a, campaignId);
    const b = await signup('soldout-b');
    const res = await b.b.post('/api/checkout/preview', {
      orderSource: 'BUY_NOW',
      previewTradeContractLineReqTOList: [{ skuId: f.sku['TRAY-STEEL'], qty: '1' }],
      groupBuy: { campaignId },
    });
    expectError(res, 409, 'GroupBuy.soldOut');
  });
});
