/**
 * Start, stop and crash of the real process: SIGTERM after load stops in order
 * within 10 s; SIGKILL during checkout load, then `npm start` again, recovers the orphaned
 * embedded PostgreSQL and finds every acknowledged order with consistent stock; start
 * problems end with a sentence saying what to do, never a stack trace or `undefined`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  embeddedUrl,
  freePort,
  HttpBuyer,
  isAlive,
  placeOrder,
  postmasterPid,
  startShopProcess,
  tempDataDir,
  type ShopProcess,
} from './shop-process.js';

const running: ShopProcess[] = [];
afterAll(() => {
  for (const s of running) if (s.proc.exitCode === null) s.proc.kill('SIGKILL');
});

describe('one shop process', () => {
  const dataDir = tempDataDir('life');
  let port = 0;
  let pgPort = 0;
  beforeAll(async () => {
    [port, pgPort] = [await freePort(), await freePort()];
  });

  it('SIGTERM after load: exits 0 within 10 s, with its PostgreSQL stopped', async () => {
    const env = { PORT: String(port), EMBEDDED_PG_PORT: String(pgPort), DATA_DIR: dataDir };
    const shop = await startShopProcess(env);
    running.push(shop);
    // Load from 40 connections that are still open when the signal comes.
    const load = autocannon({ url: `${shop.base}/api/catalog/items`, connections: 40, duration: 4 });
    await new Promise((r) => setTimeout(r, 2500));
    const pgPid = postmasterPid(dataDir);
    expect(pgPid).toBeGreaterThan(0);
    const t0 = Date.now();
    shop.proc.kill('SIGTERM');
    const code = await shop.exited;
    const took = Date.now() - t0;
    await load;
    expect(code, shop.output()).toBe(0);
    expect(took).toBeLessThan(10_000);
    expect(isAlive(pgPid!)).toBe(false);
  }, 60_000);

  it('SIGKILL during checkout load, start again: every acknowledged order is there and stock adds up', async () => {
    const env = { PORT: String(port), EMBEDDED_PG_PORT: String(pgPort), DATA_DIR: dataDir };
    const shop = await startShopProcess(env);
    running.push(shop);
    const db = new pg.Client({ connectionString: embeddedUrl(pgPort) });
    await db.connect();
    const sku = (
      await db.query<{ id: string; stock: string }>("SELECT id, stock FROM skus WHERE sku_code = 'E7-BLK-140'")
    ).rows[0]!;
    await db.query('UPDATE skus SET stock = 100000 WHERE id = $1', [sku.id]);
    const { max } = (await db.query<{ max: string | null }>('SELECT max(id) FROM trade_contracts')).rows[0]!;
    await db.end();

    // Eight buyers' tabs placing orders back to back; an order counts once the shop said 200.
    const acknowledged: string[] = [];
    const refusals = new Set<string>();
    let killed = false;
    const worker = async (w: number) => {
      const b = new HttpBuyer(shop.base);
      await b.login('buyer@demo.shop');
      for (let i = 0; !killed; i++) {
        try {
          const res = await placeOrder(b, sku.id, `crash-${w}-${i}`);
          if (res.ok) acknowledged.push(((await res.json()) as { id: string }).id);
          else refusals.add(`${res.status} ${(await res.text()).slice(0, 200)}`);
        } catch {
          /* the connection died with the server */
        }
      }
    };
    const workers = Array.from({ length: 8 }, (_, w) => worker(w));
    await new Promise((r) => setTimeout(r, 4000));
    const orphanPid = postmasterPid(dataDir)!;
    shop.proc.kill('SIGKILL');
    await shop.exited;
    killed = true;
    await Promise.all(workers);
    expect(acknowledged.length, [...refusals].join('\n')).toBeGreaterThan(5);
    // The embedded PostgreSQL outlives a SIGKILL of its parent: the next start must cope.
    expect(isAlive(orphanPid)).toBe(true);

    const again = await startShopProcess(env);
    running.push(again);
    expect(again.output()).toContain('left running by a previous run');
    const check = new pg.Client({ connectionString: embeddedUrl(pgPort) });
    await check.connect();
    const found = await check.query<{ id: string }>('SELECT id FROM trade_contracts WHERE id = ANY($1::bigint[])', [
      acknowledged,
    ]);
    expect(found.rows.map((r) => r.id).sort()).toEqual([...acknowledged].sort());
    // Stock moved exactly by the quantities of the orders that exist (none half-written).
    const sold = await check.query<{ qty: string | null }>(
      `SELECT sum(l.qty) AS qty FROM trade_order_lines l JOIN trade_orders o ON o.id = l.order_id
       WHERE l.sku_id = $1 AND o.contract_id > $2`,
      [sku.id, max ?? 0],
    );
    const now = await check.query<{ stock: string }>('SELECT stock FROM skus WHERE id = $1', [sku.id]);
    await check.end();
    expect(Number(now.rows[0]!.stock)).toBe(100000 - Number(sold.rows[0]!.qty ?? 0));
    expect(Number(sold.rows[0]!.qty)).toBeGreaterThanOrEqual(acknowledged.length);

    again.proc.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 120_000);
});

describe('start problems are sentences', () => {
  it('production with the published MOCKPAY secret refuses to start and says what to set', async () => {
    const shop = await startShopProcess(
      { NODE_ENV: 'production', PORT: String(await freePort()), DATA_DIR: tempDataDir('prod') },
      { expectStart: false },
    );
    expect(await shop.exited).toBe(1);
    expect(shop.output()).toContain('Cannot start the shop');
    expect(shop.output()).toMatch(/MOCKPAY_SECRET/);
    expect(shop.output()).not.toMatch(/\n\s+at /);
  });

  it.runIf(process.getuid?.() === 0)(
    'a data folder the postgres user cannot enter: a message saying what to do, not EACCES',
    async () => {
      const privateHome = fs.mkdtempSync(path.join(os.tmpdir(), 'mall-private-'));
      fs.chmodSync(privateHome, 0o700);
      const shop = await startShopProcess(
        {
          PORT: String(await freePort()),
          EMBEDDED_PG_PORT: String(await freePort()),
          DATA_DIR: path.join(privateHome, 'var'),
        },
        { expectStart: false },
      );
      expect(await shop.exited).toBe(1);
      expect(shop.output()).toContain('Cannot start the shop');
      expect(shop.output()).toContain(`cannot enter ${privateHome}`);
      expect(shop.output()).not.toContain('undefined');
      expect(shop.output()).not.toMatch(/\n\s+at /);
    },
    60_000,
  );
});
