/**
 * Two app servers on one PostgreSQL, as behind a load balancer: an order placed
 * on one is paid through the other (MOCKPAY's webhook, sent by whichever server's job runs it,
 * reaches the second), one login rate limit holds across both, and an image uploaded on one is
 * served by the other from the S3-compatible store (s3rver here).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import {
  embeddedUrl,
  freePort,
  HttpBuyer,
  placeOrder,
  startShopProcess,
  tempDataDir,
  type ShopProcess,
} from './shop-process.js';

let a: ShopProcess;
let b: ShopProcess;
let s3: { close(): Promise<void> };
const LOGIN_LIMIT = 6;

beforeAll(async () => {
  const s3Port = await freePort();
  const s3Dir = tempDataDir('s3');
  s3 = new S3rver({
    port: s3Port,
    address: '127.0.0.1',
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: 'mall' }],
  });
  await (s3 as unknown as { run(): Promise<unknown> }).run();
  const [portA, portB, pgPort] = [await freePort(), await freePort(), await freePort()];
  const shared = {
    STORAGE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_BUCKET: 'mall',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    LOGIN_RATE_LIMIT: String(LOGIN_LIMIT),
    MOCKPAY_SECRET: 'two-servers-secret',
    // MOCKPAY reaches "the shop" at server B: the webhook lands on the server that did not take the order.
    PUBLIC_URL: `http://127.0.0.1:${portB}`,
  };
  a = await startShopProcess({
    ...shared,
    PORT: String(portA),
    EMBEDDED_PG_PORT: String(pgPort),
    DATA_DIR: tempDataDir('a'),
  });
  b = await startShopProcess({
    ...shared,
    PORT: String(portB),
    DATA_DIR: tempDataDir('b'),
    DATABASE_URL: embeddedUrl(pgPort),
  });
}, 180_000);

afterAll(async () => {
  // B first: A owns the embedded database.
  for (const s of [b, a])
    if (s && s.proc.exitCode === null) {
      s.proc.kill('SIGTERM');
      await s.exited;
    }
  await s3?.close();
});

describe('two servers, one database', () => {
  it('an order placed on A is paid through B: the webhook job reaches B and A sees the order paid', async () => {
    const onA = new HttpBuyer(a.base);
    await onA.login('buyer@demo.shop');
    const sku = (
      (await (await fetch(`${a.base}/api/catalog/items/standing-desk-e7`)).json()) as {
        skus: { id: string; skuCode: string }[];
      }
    ).skus.find((s) => s.skuCode === 'E7-BLK-140')!.id;
    const placed = await placeOrder(onA, sku, `two-servers-${Date.now()}`);
    expect(placed.status, await placed.clone().text()).toBe(200);
    const contractId = ((await placed.json()) as { id: string }).id;
    const start = await onA.post('/sapi/mall-pay/payment/firstPay', {
      contractId,
      payChannel: 'MOCKPAY',
      payMethod: 'card',
    });
    expect(start.status).toBe(200);
    const { redirectUrl } = (await start.json()) as { redirectUrl: string };
    // The payer approves on the provider's page, served here by B.
    const approve = await fetch(b.base + redirectUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=approve&card=4242424242424242&exp=12%2F30',
    });
    expect(approve.status).toBe(303);
    let status = '';
    for (let i = 0; i < 100 && status !== 'PAY_SUCCESS'; i++) {
      await new Promise((r) => setTimeout(r, 200));
      status = (
        (await (await onA.post('/api/payments/status-by-contract', { contractId })).json()) as {
          paymentRecordStatus: string;
        }
      ).paymentRecordStatus;
    }
    expect(status).toBe('PAY_SUCCESS');
  }, 60_000);

  it('an image uploaded on A is served by B (S3-compatible storage)', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#3b5bdb' } })
      .png()
      .toBuffer();
    const onA = new HttpBuyer(a.base);
    await onA.login('anna@demo.shop');
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'tiny.png');
    const cookie = (onA as unknown as { cookie: string }).cookie;
    const up = await fetch(`${a.base}/api/uploads`, {
      method: 'POST',
      body: form,
      headers: { 'x-mall-request': '1', cookie },
    });
    expect(up.status, await up.clone().text()).toBe(200);
    const { url } = (await up.json()) as { url: string };
    const fromB = await fetch(b.base + url);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/png');
    // Stored re-encoded (metadata dropped): the same pixels, not the same bytes.
    expect(
      (
        await sharp(Buffer.from(await fromB.arrayBuffer()))
          .raw()
          .toBuffer()
      ).equals(await sharp(png).raw().toBuffer()),
    ).toBe(true);
  });
  it('one login limit for both servers: attempts alternate between A and B and the limit still holds', async () => {
    const answers: { server: string; status: number }[] = [];
    for (let i = 0; i < LOGIN_LIMIT + 4; i++) {
      const server = i % 2 === 0 ? a : b;
      const res = await new HttpBuyer(server.base).post('/api/auth/login', {
        email: `nobody${i}@example.com`,
        password: 'wrong-password',
      });
      answers.push({ server: server === a ? 'A' : 'B', status: res.status });
    }
    // Two logins already happened on A in the tests above; in-memory limits would allow 2 x 6.
    const allowed = answers.filter((x) => x.status !== 429);
    expect(allowed.length).toBe(LOGIN_LIMIT - 2);
    expect(answers.filter((x) => x.status === 429).map((x) => x.server)).toEqual(expect.arrayContaining(['A', 'B']));
  });
});
