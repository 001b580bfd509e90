/**
 * Uploads: an image is refused from its header when it declares too many pixels,
 * refused when it does not decode, stored re-encoded (EXIF and GPS gone), capped in size per
 * purpose, counted against an hourly quota per account and per IP (429 + Retry-After), and
 * decoded a bounded number at a time (503 + Retry-After past the places in flight).
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { UPLOAD_LIMITS, UPLOAD_MAX_PIXELS } from '@mall/contracts';
import { uploads } from '../db/schema/index.js';
import { type Browser, createTestApp, login, type TestApp } from '../../test/helpers.js';
import { UploadGate } from './uploads.js';
import { uploadQuotaCounter } from './upload-quota.js';

const MB = 1024 * 1024;

function multipart(content: Buffer, name = 'photo.png', type = 'image/png') {
  const boundary = `----mall${crypto.randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    payload: payload as unknown as string,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const send = (b: Browser, url: string, content: Buffer, opts: { name?: string; remoteAddress?: string } = {}) =>
  b.request('POST', url, undefined, {
    ...multipart(content, opts.name),
    ...(opts.remoteAddress && { remoteAddress: opts.remoteAddress }),
  });

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .png({ compressionLevel: 9 })
    .toBuffer();
/** Noise does not compress: a PNG of about `bytes` bytes. */
const noise = (bytes: number) => {
  const side = Math.ceil(Math.sqrt(bytes / 3));
  return sharp(crypto.randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();
};

/** A 24-bit BMP, bottom-up, rows padded to 4 bytes; `rows` top to bottom, pixels as [r, g, b]. */
function bmp24(rows: [number, number, number][][]): Buffer {
  const width = rows[0]!.length;
  const height = rows.length;
  const stride = Math.ceil((width * 3) / 4) * 4;
  const b = Buffer.alloc(54 + stride * height);
  b.write('BM', 0, 'latin1');
  b.writeUInt32LE(b.length, 2);
  b.writeUInt32LE(54, 10);
  b.writeUInt32LE(40, 14);
  b.writeInt32LE(width, 18);
  b.writeInt32LE(height, 22);
  b.writeUInt16LE(1, 26);
  b.writeUInt16LE(24, 28);
  b.writeUInt32LE(stride * height, 34);
  rows.forEach((row, y) =>
    row.forEach(([r, g, bl], x) => {
      const at = 54 + (height - 1 - y) * stride + x * 3;
      b[at] = bl;
      b[at + 1] = g;
      b[at + 2] = r;
    }),
  );
  return b;
}

let t: TestApp;
let buyer: Browser;
let anna: Browser;

beforeAll(async () => {
  t = await createTestApp();
  buyer = await login(t.app, 'buyer@demo.shop');
  anna = await login(t.app, 'anna@demo.shop');
});
afterAll(async () => {
  await t?.close();
});

const rowsOf = (url: string) => t.db.select().from(uploads).where(eq(uploads.url, url));

describe('what an upload must be', () => {
  it('a 156 KB PNG declaring 7000 x 7000 pixels is refused from its header, at once, on both endpoints', async () => {
    const bomb = await solid(7000, 7000);
    expect(bomb.length).toBeLessThan(200 * 1024);
    for (const url of ['/api/uploads/review-images', '/api/uploads', '/api/uploads?purpose=evidence']) {
      const started = performance.now();
      const res = await send(buyer, url, bomb);
      const ms = performance.now() - started;
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json()).toMatchObject({
        code: 'Upload.imageTooLarge',
        details: { width: 7000, height: 7000, maxPixels: UPLOAD_MAX_PIXELS },
      });
      // Decoding it took 4.7 s of CPU; the header is read in milliseconds.
      expect(ms).toBeLessThan(1500);
    }
    expect(await t.db.select().from(uploads)).toEqual([]);
  });

  it('a file that starts like an image but does not decode is refused; text is not an image', async () => {
    const png = await solid(300, 200);
    const jpeg = await sharp(png).jpeg().toBuffer();
    // Fixed filler, not random bytes: random ones can spell a header declaring a huge image (refused as too large instead).
    const filler = (byte: number) => Buffer.alloc(4000, byte);
    const cases: [Buffer, string][] = [
      [Buffer.concat([png.subarray(0, 8), filler(0x5a)]), 'Upload.imageUnreadable'],
      [Buffer.concat([jpeg.subarray(0, 3), filler(0x5a)]), 'Upload.imageUnreadable'],
      [Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBPVP8 '), filler(0)]), 'Upload.imageUnreadable'],
      [Buffer.concat([Buffer.from('BM'), filler(0)]), 'Upload.imageUnreadable'],
      [png.subarray(0, Math.floor(png.length / 2)), 'Upload.imageUnreadable'],
      [Buffer.from('just some text pretending to be an image'), 'Upload.fileType'],
    ];
    for (const url of ['/api/uploads', '/api/uploads/review-images']) {
      for (const [content, code] of cases) {
        const res = await send(buyer, url, content);
        expect(res.statusCode, `${url} ${code} ${res.body}`).toBe(400);
        expect(res.json().code).toBe(code);
      }
    }
    expect(await t.db.select().from(uploads)).toEqual([]);
  });

  it('an accepted JPEG is stored re-encoded: its EXIF, GPS position included, is gone', async () => {
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3b5bdb' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneCo', Copyright: 'Buyer' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '48/1 51/1 2964/100',
          GPSLongitudeRef: 'E',
          GPSLongitude: '2/1 17/1 4020/100',
        },
      })
      .toBuffer();
    const before = await sharp(photo).metadata();
    // The GPS IFD pointer (tag 0x8825) is in the original's EXIF.
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const evidence = await send(buyer, '/api/uploads?purpose=evidence', photo, { name: 'photo.jpg' });
    expect(evidence.statusCode, evidence.body).toBe(200);
    const { url } = evidence.json<{ url: string }>();
    expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.jpg$/);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.headers['content-type']).toBe('image/jpeg');
    const after = await sharp(served.rawPayload).metadata();
    expect([after.format, after.width, after.height, after.exif, after.icc]).toEqual([
      'jpeg',
      640,
      480,
      undefined,
      undefined,
    ]);
    expect(served.rawPayload.includes(Buffer.from('PhoneCo'))).toBe(false);
    expect(await rowsOf(url)).toMatchObject([{ purpose: 'evidence', bytes: photo.length, width: 640, height: 480 }]);

    const review = await send(buyer, '/api/uploads/review-images', photo, { name: 'photo.jpg' });
    expect(review.statusCode, review.body).toBe(200);
    for (const u of [review.json().url, review.json().thumbUrl]) {
      const m = await sharp((await t.app.inject({ method: 'GET', url: u })).rawPayload).metadata();
      expect([m.format, m.exif]).toEqual(['webp', undefined]);
    }
  });

  it('a 24-bit BMP (rows padded) is decoded and stored as PNG with the same pixels', async () => {
    const rows: [number, number, number][][] = [
      [
        [255, 0, 0],
        [0, 255, 0],
        [0, 0, 255],
      ],
      [
        [10, 20, 30],
        [40, 50, 60],
        [70, 80, 90],
      ],
    ];
    const res = await send(buyer, '/api/uploads', bmp24(rows), { name: 'scan.bmp' });
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json<{ url: string }>();
    expect(url).toMatch(/\.png$/);
    const { data, info } = await sharp((await t.app.inject({ method: 'GET', url })).rawPayload)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([3, 2, 3]);
    expect([...data]).toEqual(rows.flat(2));
  });

  it('each purpose has its size cap: evidence 1 MB, proof of invoice and review photos 10 MB', async () => {
    const justOver1 = await noise(MB + 20_000);
    expect(justOver1.length).toBeGreaterThan(UPLOAD_LIMITS.evidence.maxBytes);
    const evidence = await send(anna, '/api/uploads?purpose=evidence', justOver1);
    expect(evidence.statusCode, evidence.body).toBe(413);
    expect(evidence.json()).toMatchObject({ code: 'AfterSales.evidenceTooLarge', details: { maxBytes: MB } });
    // The same file is a fine proof of invoice.
    expect((await send(anna, '/api/uploads?purpose=invoice', justOver1)).statusCode).toBe(200);

    const over10 = Buffer.concat([await solid(10, 10), Buffer.alloc(10 * MB)]);
    for (const url of ['/api/uploads', '/api/uploads?purpose=invoice', '/api/uploads/review-images']) {
      const res = await send(anna, url, over10);
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json()).toMatchObject({ code: 'Upload.fileTooLarge', message: 'File size cannot exceed 10M' });
    }
    // Announced larger than the cap: refused before the body is read.
    const announced = await send(anna, '/api/uploads', Buffer.concat([await solid(10, 10), Buffer.alloc(12 * MB)]));
    expect([announced.statusCode, announced.json().code]).toEqual([413, 'Upload.fileTooLarge']);
    expect((await send(anna, '/api/uploads?purpose=other', justOver1)).statusCode).toBe(400);
  });
});

describe('quotas and the gate', () => {
  let q: TestApp;
  beforeAll(async () => {
    q = await createTestApp({
      uploads: {
        quota: { accountFiles: 3, accountBytes: 10 * MB, ipFiles: 5, ipBytes: 100 * MB },
        decoders: 1,
        maxInFlight: 2,
        maxInFlightPerAccount: 1,
      },
    });
  });
  afterAll(async () => {
    await q?.close();
  });

  it("past the account's files per hour: 429 with Retry-After; another account from the same IP until the IP's quota", async () => {
    const ip = '10.49.2.1';
    const one = await login(q.app, 'buyer@demo.shop');
    const png = await solid(40, 40);
    for (let i = 0; i < 3; i++)
      expect((await send(one, '/api/uploads', png, { remoteAddress: ip })).statusCode).toBe(200);
    const refused = await send(one, '/api/uploads/review-images', png, { remoteAddress: ip });
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().code).toBe('Common.tooManyRequests');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // The quota lives in PostgreSQL, where every app server counts.
    const [row] = (
      await q.db.$client.query<{ files: number }>(`SELECT files FROM upload_quota_windows WHERE key = $1`, [`ip:${ip}`])
    ).rows;
    expect(row!.files).toBe(4);
    // Asked again, this server knows the answer without reading the body.
    expect((await send(one, '/api/uploads', png, { remoteAddress: ip })).statusCode).toBe(429);

    const two = await login(q.app, 'anna@demo.shop');
    expect((await send(two, '/api/uploads', png, { remoteAddress: ip })).statusCode).toBe(200);
    const byIp = await send(two, '/api/uploads', png, { remoteAddress: ip });
    expect(byIp.statusCode).toBe(429);
    expect(Number(byIp.headers['retry-after'])).toBeGreaterThan(0);
    // From another address the second account still has its own quota.
    expect((await send(two, '/api/uploads', png, { remoteAddress: '10.49.2.2' })).statusCode).toBe(200);
  });

  it("bytes count too: past the account's bytes per hour, 429", async () => {
    const three = await login(q.app, 'sub1@demo.shop');
    const big = await noise(4 * MB);
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push((await send(three, '/api/uploads', big, { remoteAddress: '10.49.3.1' })).statusCode);
    expect(answers).toEqual([200, 200, 429]);
  });

  it('20 uploads counted at once: exactly the quota passes (one upsert per upload, no read-then-write race)', async () => {
    const counter = uploadQuotaCounter(q.db, {
      accountFiles: 5,
      accountBytes: 100 * MB,
      ipFiles: 1000,
      ipBytes: 1000 * MB,
    });
    const answers = await Promise.all(Array.from({ length: 20 }, () => counter.count(424242n, '10.49.9.9', 1000)));
    expect(answers.filter((a) => a === null)).toHaveLength(5);
    expect(answers.filter((a) => a !== null && a > 3500)).toHaveLength(15);
    expect(counter.full(424242n, '10.49.9.9')).toBeGreaterThan(3500);
    expect(counter.full(424243n, '10.49.9.8')).toBeNull();
  });

  it('past the places in flight, 503 Upload.busy with Retry-After; the others are served', async () => {
    const accounts = await Promise.all(
      ['seller@demo.shop', 'seller2@demo.shop', 'services@demo.shop', 'main@demo.shop'].map((e) => login(q.app, e)),
    );
    const browsers = accounts;
    const heavy = await solid(4000, 4000);
    const answers = await Promise.all(
      browsers.map((b, i) => send(b, '/api/uploads', heavy, { remoteAddress: `10.49.4.${i + 1}` })),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toContain(200);
    expect(codes).toContain(503);
    for (const r of answers.filter((a) => a.statusCode === 503)) {
      expect(r.json().code).toBe('Upload.busy');
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    // One account gets its share of the places (here one), whatever is free.
    const same = await Promise.all(
      [0, 1].map(() => send(browsers[0]!, '/api/uploads', heavy, { remoteAddress: '10.49.4.9' })),
    );
    expect(same.map((r) => r.statusCode).sort()).toEqual([200, 503]);
  });
});

describe('UploadGate', () => {
  it('never decodes more than its decoders at once, in arrival order', async () => {
    const gate = new UploadGate(2, 100);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        gate.decode(async () => {
          running++;
          most = Math.max(most, running);
          order.push(i);
          await new Promise((r) => setTimeout(r, 5));
          running--;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('gives out its places in flight until they are taken (an account its share), and takes each back once', () => {
    const gate = new UploadGate(1, 3, 2);
    const a = gate.enter('1');
    const b = gate.enter('1');
    expect([!!a, !!b, gate.enter('1')]).toEqual([true, true, null]);
    const c = gate.enter('2');
    expect([!!c, gate.enter('3')]).toEqual([true, null]);
    a!();
    a!();
    expect(gate.enter('1')).not.toBeNull();
    expect(gate.enter('3')).toBeNull();
  });
});
