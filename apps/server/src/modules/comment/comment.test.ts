/**
 * Reviews through app.inject on real Postgres (SPEC §5 review rules, §7 review calls): only the
 * buyer of a line in a finished order reviews it, once (also under 10 concurrent calls); one
 * follow-up per review; strangers read nothing; a seller replies once and only to its own shop's
 * reviews; images are resized by sharp; the item page shows published reviews with short names.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { carriers, comments, tradeOrders } from '../../db/schema/index.js';
import { Browser, login, type TestApp, createTestApp } from '../../../test/helpers.js';
import { loadFixtures, type Fixtures } from '../../../test/checkout-fixtures.js';
import { expectError, orderKit, type Buyer, upsTrackingNumber } from '../../../test/order-fixtures.js';

let t: TestApp;
let f: Fixtures;
let carrierId: string;
let seller: Browser;
let seller2: Browser;
const { signup, place, pay, topLines, statusOf } = orderKit(() => ({ t, f }));

beforeAll(async () => {
  t = await createTestApp();
  f = await loadFixtures(t.db);
  const [c] = await t.db.select().from(carriers).where(eq(carriers.code, 'UPS'));
  carrierId = String(c!.id);
  seller = await login(t.app, 'seller@demo.shop');
  seller2 = await login(t.app, 'seller2@demo.shop');
});
afterAll(async () => {
  await t?.close();
});

const create = (b: Browser, list: object[]) =>
  b.post('/api/trantor/flow/bbc_content_BatchCreateCommonCommentFlow', list);
const mine = (b: Browser, q: object = {}) =>
  b.post('/api/trantor/flow/bbc_content_PageCommonComment4CFlow', [q]).then((r) => r.json());
const toReview = (b: Browser, commentStatus = 'unComment') =>
  b.post('/api/trantor/flow/bbc_trade_PageTradeOrderForBuyerIdFlow', [{ commentStatus }]).then((r) => r.json());
const orderDetail = (b: Browser, id: string) =>
  b.post('/sapi/mall-order/web/order/libquerytradeorderdetailbyidforbuyer', { id }).then((r) => r.json());
const first = (postId: string | bigint, extra: object = {}) => ({
  postId: String(postId),
  postTypeDict: 'ORDER_LINE',
  rateDict: 5,
  content: 'Great',
  topId: -1,
  ...extra,
});

/** A finished (received) order of `buyer`; returns its id. */
async function finishedOrder(buyer: Buyer, items: [Parameters<typeof place>[1][number][0], string][]): Promise<string> {
  const placed = await place(buyer, items);
  await pay(buyer.b, placed.contractId);
  const id = placed.orderIds[0]!;
  const lines = await topLines(id);
  const ship = await seller.post(`/api/merchant/orders/${id}/packages`, {
    carrierId,
    serviceCode: upsTrackingNumber(),
    lines: lines.map((l) => ({ tradeOrderLineId: String(l.id), qty: String(Number(l.qty)) })),
  });
  expect(ship.statusCode, ship.body).toBe(200);
  const pkgs = (await buyer.b.post('/sapi/mall-order/web/order/listPackage', { id })).json().shipments;
  for (const p of pkgs)
    expect((await buyer.b.post('/sapi/mall-order/web/order/signForDelivery', { id: p.id })).statusCode).toBe(200);
  expect(await statusOf(id)).toBe('COMPLETE');
  return id;
}

async function uploadImage(b: Browser, width = 2000, height = 1500): Promise<{ url: string; thumbUrl: string }> {
  const png = await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .png()
    .toBuffer();
  const boundary = `----b${crypto.randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await b.request('POST', '/api/uploads/review-images', undefined, {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: payload as unknown as string,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('writing reviews', () => {
  let x: Buyer;
  let orderId: string;
  let lines: string[];
  beforeAll(async () => {
    x = await signup('reviewer');
    orderId = await finishedOrder(x, [
      ['E7-BLK-140', '1'],
      ['TRAY-STEEL', '1'],
    ]);
    lines = (await topLines(orderId)).map((l) => String(l.id));
  });

  it('each §5 rule is refused with its code and nothing is written', async () => {
    expectError(await create(x.b, [first(lines[0]!, { rateDict: undefined })]), 400, 'Review.rateRequired');
    expectError(await create(x.b, [first(lines[0]!, { rateDict: 6 })]), 400, 'Review.rateRequired');
    expectError(await create(x.b, [first(lines[0]!, { content: '  ' })]), 400, 'Review.contentRequired');
    expectError(await create(x.b, [first(lines[0]!, { content: 'x'.repeat(301) })]), 400, 'Review.contentTooLong');
    const seven = Array.from({ length: 7 }, () => ({ url: `/uploads/reviews/${crypto.randomUUID()}-d.webp` }));
    expectError(await create(x.b, [first(lines[0]!, { images: { files: seven } })]), 400, 'Common.invalidRequest');
    expectError(
      await create(x.b, [
        first(lines[0]!, { images: { files: [{ url: `/uploads/reviews/${crypto.randomUUID()}-d.webp` }] } }),
      ]),
      400,
      'Review.imageNotFound',
    );
    // A batch with one bad review writes none of them.
    expectError(await create(x.b, [first(lines[0]!), first(lines[1]!, { rateDict: 0 })]), 400, 'Review.rateRequired');
    expect(
      await t.db
        .select()
        .from(comments)
        .where(eq(comments.orderId, BigInt(orderId))),
    ).toEqual([]);
  });

  it("photos are the buyer's own review uploads: another buyer's, a demo drawing or an unknown file is refused", async () => {
    const stranger = await signup('photo-owner');
    const theirs = await uploadImage(stranger.b, 200, 150);
    // An after-sales evidence upload of the same buyer is no review photo either.
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#e03131' } })
      .png()
      .toBuffer();
    const boundary = `----b${crypto.randomBytes(6).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const evidence = await x.b.request('POST', '/api/uploads?purpose=evidence', undefined, {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: payload as unknown as string,
    });
    expect(evidence.statusCode, evidence.body).toBe(200);
    for (const url of [
      theirs.url,
      '/media/demo/desk-20-white-desk.svg',
      `/uploads/reviews/${crypto.randomUUID()}-d.webp`,
    ]) {
      const res = await create(x.b, [first(lines[0]!, { images: { files: [{ url, thumbUrl: url }] } })]);
      expectError(res, 400, 'Review.imageNotFound');
      expect(res.json().details).toMatchObject({ url });
    }
    // Not even shaped like a review photo: the schema refuses it.
    expectError(
      await create(x.b, [first(lines[0]!, { images: { files: [{ url: evidence.json().url }] } })]),
      400,
      'Common.invalidRequest',
    );
    expect(
      await t.db
        .select()
        .from(comments)
        .where(eq(comments.orderId, BigInt(orderId))),
    ).toEqual([]);
  });

  it('two lines in one call with resized images; the order becomes EVALUATED and comment leaves its operations', async () => {
    expect((await orderDetail(x.b, orderId)).operationList).toContain('comment');
    expect((await toReview(x.b)).data.map((o: { id: string }) => o.id)).toContain(orderId);
    const img = await uploadImage(x.b);
    const [display, thumb] = await Promise.all(
      [img.url, img.thumbUrl].map(async (u) => {
        const res = await t.app.inject({ method: 'GET', url: u });
        expect(res.headers['cache-control']).toContain('immutable');
        return sharp(res.rawPayload).metadata();
      }),
    );
    expect([display!.format, display!.width, display!.height]).toEqual(['webp', 1280, 960]);
    expect([thumb!.width, thumb!.height]).toEqual([240, 240]);
    const res = await create(x.b, [
      first(lines[0]!, { rateDict: 4, content: 'Sturdy <b>desk</b>', images: { files: [img] } }),
      first(lines[1]!, { rateDict: 5 }),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json().map((r: { id: string }) => r.id);
    const d = await orderDetail(x.b, orderId);
    expect(d.tradeOrderCommentStatus).toBe('EVALUATED');
    expect(d.operationList).not.toContain('comment');
    expect((await toReview(x.b)).data.map((o: { id: string }) => o.id)).not.toContain(orderId);
    const page = await mine(x.b, { qCommentBO: { id: ids[0] } });
    expect(page.total).toBe(1);
    expect(page.data[0].comment).toMatchObject({
      rateDict: 4,
      content: 'Sturdy <b>desk</b>',
      topId: null,
      images: { files: [img] },
      postId: lines[0],
      replyComment: { data: [] },
    });
  });

  it('a second review of a line is refused, also when 10 arrive at once', async () => {
    expectError(await create(x.b, [first(lines[0]!)]), 409, 'Review.alreadyReviewed');
    const y = await signup('racer');
    const id = await finishedOrder(y, [['TRAY-STEEL', '1']]);
    const [line] = (await topLines(id)).map((l) => String(l.id));
    const results = await Promise.all(Array.from({ length: 10 }, () => create(y.b, [first(line!)])));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((z) => z.statusCode !== 200)) expectError(r, 409, 'Review.alreadyReviewed');
    expect(
      await t.db
        .select()
        .from(comments)
        .where(and(eq(comments.orderLineId, BigInt(line!)), isNull(comments.topId))),
    ).toHaveLength(1);
  });

  it('a line not bought, of another buyer, or of an unfinished order cannot be reviewed', async () => {
    const other = await signup('nosy');
    expectError(await create(other.b, [first(lines[0]!)]), 404, 'Review.lineNotBought');
    const placed = await place(other, [['TRAY-STEEL', '1']]);
    await pay(other.b, placed.contractId);
    const [line] = await topLines(placed.orderIds[0]!);
    expectError(await create(other.b, [first(line!.id)]), 409, 'Review.orderNotFinished');
  });

  it('one follow-up per review, only by its author; strangers read nothing', async () => {
    const [r] = (await mine(x.b)).data.filter((d: { comment: { postId: string } }) => d.comment.postId === lines[1]);
    const id = r.comment.id as string;
    const follow = {
      postId: lines[1],
      postTypeDict: 'ORDER_LINE',
      content: 'Still great after a month',
      topId: id,
      parentId: -1,
    };
    const stranger = await signup('stranger');
    expectError(await create(stranger.b, [follow]), 404, 'Review.lineNotBought');
    expect((await mine(stranger.b, { qCommentBO: { id } })).total).toBe(0);
    expectError(await create(x.b, [{ ...follow, topId: '999999999' }]), 404, 'Review.notExist');
    const ok = await create(x.b, [follow]);
    expect(ok.statusCode, ok.body).toBe(200);
    expectError(await create(x.b, [follow]), 409, 'Review.followUpExists');
    const after = await mine(x.b, { qCommentBO: { id } });
    expect(after.data[0].reviewComments).toEqual([
      expect.objectContaining({ content: 'Still great after a month', rateDict: null, topId: id }),
    ]);
  });
});

describe('the seller and the item page', () => {
  it('the shop replies once and the buyer sees it; another shop cannot; reports never hide a review by themselves', async () => {
    const x = await signup('replied');
    const orderId = await finishedOrder(x, [['TRAY-STEEL', '1']]);
    const [line] = await topLines(orderId);
    const [made] = (await create(x.b, [first(line!.id, { rateDict: 2, content: 'Bent corner' })])).json();
    const list = (await seller.post('/api/merchant/comments', { star: 2, notReplied: true })).json();
    expect(list.data.map((r: { id: string }) => r.id)).toContain(made.id);
    expectError(
      await seller2.post(`/api/merchant/comments/${made.id}/reply`, { content: 'Not mine' }),
      404,
      'Review.notExist',
    );
    expectError(
      await x.b.post(`/api/merchant/comments/${made.id}/reply`, { content: 'Me' }),
      403,
      'Merchant.notSeller',
    );
    expect(
      (await seller.post(`/api/merchant/comments/${made.id}/reply`, { content: 'Sorry! A new one is on its way.' }))
        .statusCode,
    ).toBe(200);
    expectError(
      await seller.post(`/api/merchant/comments/${made.id}/reply`, { content: 'Again' }),
      409,
      'Review.alreadyReplied',
    );
    expect((await mine(x.b, { qCommentBO: { id: made.id } })).data[0].replyComment.data).toEqual([
      expect.objectContaining({ content: 'Sorry! A new one is on its way.' }),
    ]);
    expect((await seller.post(`/api/merchant/comments/${made.id}/report`, { reason: 'Abusive' })).statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(comments)
      .where(eq(comments.id, BigInt(made.id)));
    expect(row!.status).toBe('PUBLISHED');
    const notReplied = (await seller.post('/api/merchant/comments', { notReplied: true })).json();
    expect(notReplied.data.map((r: { id: string }) => r.id)).not.toContain(made.id);
  });

  it('the item page: average, count per star, newest first, names shortened', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/catalog/items/cable-tray/reviews' });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r.count).toBe(r.perStar.reduce((s: number, n: number) => s + n, 0));
    expect(r.count).toBeGreaterThan(0);
    const avg = r.perStar.reduce((s: number, n: number, i: number) => s + n * (i + 1), 0) / r.count;
    expect(r.average).toBe(Math.round(avg * 10) / 10);
    for (const c of r.data) expect(c.commentator.name).toMatch(/^.\*\*\*.?$/);
    const times = r.data.map((c: { createdAt: string }) => c.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const twoStar = (await t.app.inject({ method: 'GET', url: '/api/catalog/items/cable-tray/reviews?star=2' })).json();
    for (const c of twoStar.data) expect(c.rateDict).toBe(2);
  });
});

void tradeOrders;
