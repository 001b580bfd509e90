/**
 * Order data set for `npm run bench` (issue: the buyer order list on a big data set).
 *
 * 1,000 registered buyers (bench-heavy@bench.local plus bench-0001..0999@bench.local, all with
 * the password BENCH_PASSWORD), 100,000 trade orders with 3 lines each: the heavy buyer has
 * 5,000 of them, the other 95,000 are spread evenly over the other 999 buyers. One contract per
 * order, statuses spread like a live shop (most COMPLETE, some CLOSED / CANCELED, a few open
 * ones among the recent orders), created over the last 2 years, USD, both seeded shops, lines
 * from the seeded SKUs with the snapshot checkout writes. Shipped orders have a package (with
 * its lines and tracking events), paid ones a payment record.
 *
 * Set-based SQL only (INSERT ... SELECT over generate_series), in one transaction, so it takes
 * seconds. Rows are inserted in created_at order, as a live shop would have written them, so a
 * buyer's orders are scattered over the table instead of sitting in one block. Idempotent: an
 * app_meta marker ('bench-orders') makes a second run skip. VACUUM (ANALYZE) afterwards, as
 * autovacuum would have done on a table that size (index-only counts need the visibility map).
 *
 * Needs a migrated and seeded database (shops, SKUs, shipping methods) with at least one trade
 * contract, whose address / payload / preview JSON every generated contract copies (a real
 * submitted one is preferred, so rows have the size real ones have).
 *
 * Standalone: `node --import tsx bench/orders-data.ts postgres://.../some_bench_db`
 * (never point it at the demo database).
 */
import { pathToFileURL } from 'node:url';
import { SITES } from '@mall/contracts';
import type { Db } from '../apps/server/src/db/client.js';
import { hashPassword } from '../apps/server/src/modules/identity/service.js';

export const BENCH_PASSWORD = 'bench1234';
export const HEAVY_EMAIL = 'bench-heavy@bench.local';
export const BUYERS = 1000;
/** BENCH_ORDERS / BENCH_HEAVY: the size of the data set (e.g. 1000000 / 50000 for the big one). */
export const HEAVY_ORDERS = Number(process.env.BENCH_HEAVY ?? 5000);
export const TOTAL_ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
export const LINES_PER_ORDER = 3;
const MARKER = 'bench-orders';

export interface OrdersData {
  skipped: boolean;
  /** Seconds for the inserts (one transaction) and for VACUUM (ANALYZE) + CHECKPOINT; 0 when skipped. */
  insertSeconds: number;
  vacuumSeconds: number;
  heavyBuyerId: bigint;
  counts: Record<string, number>;
}

const TABLES = [
  'users',
  'order_status_counts',
  'trade_contracts',
  'trade_orders',
  'trade_order_lines',
  'shipment_packages',
  'shipment_package_lines',
  'tracking_events',
  'payment_records',
];

export async function generateOrders(
  db: Db,
  opts: { templateContractId?: bigint; log?: (m: string) => void } = {},
): Promise<OrdersData> {
  const log = opts.log ?? (() => {});
  const client = await db.$client.connect();
  const heavyId = async () =>
    BigInt((await client.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [HEAVY_EMAIL])).rows[0]!.id);
  const countAll = async () => {
    const { rows } = await client.query<{ t: string; n: string }>(
      TABLES.map((t) => `SELECT '${t}' AS t, count(*) AS n FROM ${t}`).join(' UNION ALL '),
    );
    return Object.fromEntries(rows.map((r) => [r.t, Number(r.n)]));
  };
  try {
    const { rowCount: done } = await client.query('SELECT 1 FROM app_meta WHERE key = $1', [MARKER]);
    if (done) {
      log(`order data set already there (app_meta '${MARKER}'), skipped`);
      return {
        skipped: true,
        insertSeconds: 0,
        vacuumSeconds: 0,
        heavyBuyerId: await heavyId(),
        counts: await countAll(),
      };
    }
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    const su =
      (await client.query<{ s: boolean }>('SELECT rolsuper AS s FROM pg_roles WHERE rolname = current_user')).rows[0]
        ?.s ?? false;
    const t0 = performance.now();
    let templateId = '';
    const steps: string[] = [];
    const q = async (text: string, values?: unknown[]) => {
      const t = performance.now();
      const r = await client.query(text, values);
      const ms = performance.now() - t;
      if (ms > 100) steps.push(`${text.trim().replace(/\s+/g, ' ').slice(0, 60)}… ${(ms / 1000).toFixed(1)} s`);
      return r;
    };
    await q('BEGIN');
    try {
      // Deterministic data: the same statuses, dates and quantities on every run.
      await q('SELECT setseed(0.42)');
      // The rows reference each other by construction (every id comes from a join on rows just
      // inserted), so the per-row foreign-key triggers are skipped for this transaction
      // (superuser only, as the bench's embedded Postgres is): they were most of the time.
      if (su) await q('SET LOCAL session_replication_role = replica');

      // Template JSON of the generated contracts: a real submitted contract if there is one.
      const tpl = await q(
        `SELECT id FROM trade_contracts ${opts.templateContractId ? 'WHERE id = $1' : ''} ORDER BY (preview ? 'seeded'), id DESC LIMIT 1`,
        opts.templateContractId ? [opts.templateContractId] : [],
      );
      if (!tpl.rowCount)
        throw new Error(
          'bench/orders-data: no trade contract to copy address/payload/preview from; submit one order first',
        );
      templateId = tpl.rows[0].id as string;

      await q(
        `INSERT INTO users (email, password_hash, nickname, user_type, created_at)
        SELECT CASE WHEN g = 0 THEN $1 ELSE 'bench-' || lpad(g::text, 4, '0') || '@bench.local' END, $2,
               CASE WHEN g = 0 THEN 'Bench Heavy' ELSE 'Bench ' || g END, 'REGISTERED', now() - interval '3 years'
        FROM generate_series(0, $3::int - 1) g`,
        [HEAVY_EMAIL, passwordHash, BUYERS],
      );
      await q(
        `CREATE TEMP TABLE bench_buyers ON COMMIT DROP AS
        SELECT id, email, CASE WHEN email = $1 THEN 0 ELSE substring(email FROM '^bench-(\\d+)@')::int END AS n
        FROM users WHERE email LIKE 'bench-%@bench.local'`,
        [HEAVY_EMAIL],
      );

      // Seeded shops with their standard delivery, and the plain SKUs each sells (USD price).
      await q(`CREATE TEMP TABLE bench_skus ON COMMIT DROP AS
        SELECT i.shop_id, s.id AS sku_id, i.id AS item_id, i.business_type, p.amount_minor AS unit_minor,
               row_number() OVER w - 1 AS rk, count(*) OVER (PARTITION BY i.shop_id) AS cnt,
               jsonb_build_object('itemName', i.item_name, 'skuName', s.name, 'image', s.image, 'attributes', s.attributes,
                                  'urlKey', i.url_key, 'unit', s.marketing_unit, 'businessType', i.business_type) AS snapshot
        FROM skus s JOIN items i ON i.id = s.item_id JOIN sku_prices p ON p.sku_id = s.id AND p.currency = 'USD'
        WHERE i.business_type IN ('NORMAL', 'WEIGHT') AND i.listed AND NOT i.is_exceed AND p.amount_minor > 0
        WINDOW w AS (PARTITION BY i.shop_id ORDER BY s.id)`);
      await q(`CREATE TEMP TABLE bench_shops ON COMMIT DROP AS
        SELECT row_number() OVER (ORDER BY sh.id) - 1 AS rk, sh.id AS shop_id, sh.seller_id, m.id AS method_id, m.code AS method_code,
               COALESCE((m.amounts->>'USD')::bigint, 0) AS ship_minor, (m.free_over->>'USD')::bigint AS free_over
        FROM shops sh JOIN shipping_methods m ON m.shop_id = sh.id AND m.code = 'STANDARD'
        WHERE EXISTS (SELECT 1 FROM bench_skus k WHERE k.shop_id = sh.id)`);
      const shopCount = Number((await q('SELECT count(*) AS n FROM bench_shops')).rows[0].n);
      if (!shopCount)
        throw new Error(
          'bench/orders-data: no seeded shop with a STANDARD shipping method and plain SKUs; seed the database first',
        );

      // One row per order: buyer, status, date, shop. Open orders are recent; finished ones span 2 years.
      await q(
        `CREATE TEMP TABLE bench_plan ON COMMIT DROP AS
        WITH g AS (
          SELECT seq, CASE WHEN seq <= $1 THEN 0 ELSE 1 + (seq - $1 - 1) % ($3::int - 1) END AS buyer_n,
                 random() AS r_status, random() AS r_age, random() AS r_shop, random() AS r_extra
          FROM generate_series(1, $2::int) seq
        ), s AS (
          SELECT g.*, CASE WHEN r_status < 0.02 THEN 'PENDING_PAY' WHEN r_status < 0.06 THEN 'UN_DELIVERY' WHEN r_status < 0.10 THEN 'UN_RECEIVED'
                           WHEN r_status < 0.80 THEN 'COMPLETE' WHEN r_status < 0.90 THEN 'CLOSED' ELSE 'CANCELED' END AS status
          FROM g
        )
        SELECT s.seq, b.id AS buyer_id, b.email, s.status, s.r_extra,
               now() - CASE s.status WHEN 'PENDING_PAY' THEN r_age * interval '25 minutes' WHEN 'UN_DELIVERY' THEN r_age * interval '5 days'
                                     WHEN 'UN_RECEIVED' THEN interval '2 days' + r_age * interval '8 days'
                                     ELSE interval '10 days' + r_age * interval '720 days' END AS created_at,
               LEAST(CASE WHEN r_shop < 0.75 THEN 0 ELSE 1 END, $4::int - 1) AS shop_rk
        FROM s JOIN bench_buyers b ON b.n = s.buyer_n`,
        [HEAVY_ORDERS, TOTAL_ORDERS, BUYERS, shopCount],
      );

      // Three lines per order from the shop's SKUs (kg steps for weighed goods).
      await q(
        `CREATE TEMP TABLE bench_lines ON COMMIT DROP AS
        SELECT p.seq, k, sk.sku_id, sk.item_id, sk.unit_minor, sk.snapshot, x.qty, round(sk.unit_minor * x.qty)::bigint AS amt
        FROM bench_plan p JOIN bench_shops sh ON sh.rk = p.shop_rk
        CROSS JOIN generate_series(0, $1::int - 1) k
        JOIN bench_skus sk ON sk.shop_id = sh.shop_id AND sk.rk = (p.seq + k) % sk.cnt
        CROSS JOIN LATERAL (SELECT (CASE WHEN sk.business_type = 'WEIGHT' THEN 0.5 * (1 + floor(random() * 6))
                                         ELSE 1 + floor(random() * 3) END)::numeric(12, 3) AS qty) x`,
        [LINES_PER_ORDER],
      );
      await q(
        `CREATE TEMP TABLE bench_totals ON COMMIT DROP AS
        SELECT p.*, sh.shop_id, sh.seller_id, sh.method_id, sh.method_code, t.sku_amt,
               CASE WHEN sh.free_over IS NOT NULL AND t.sku_amt >= sh.free_over THEN 0 ELSE sh.ship_minor END AS ship,
               round(t.sku_amt * $1::numeric)::bigint AS tax,
               p.status IN ('UN_DELIVERY', 'UN_RECEIVED', 'COMPLETE') AS paid
        FROM bench_plan p JOIN bench_shops sh ON sh.rk = p.shop_rk
        JOIN (SELECT seq, sum(amt)::bigint AS sku_amt FROM bench_lines GROUP BY seq) t USING (seq)`,
        [SITES.US.taxRate],
      );
      await q('CREATE TEMP TABLE bench_map (seq int PRIMARY KEY, contract_id bigint, order_id bigint) ON COMMIT DROP');
      await q('ANALYZE bench_plan; ANALYZE bench_lines; ANALYZE bench_totals');

      await q(
        `WITH ins AS (
          INSERT INTO trade_contracts (buyer_id, idempotency_key, site, currency, trade_type, status, sku_amt_minor, discount_amt_minor, shipping_amt_minor,
            tax_amt_minor, points_discount_minor, need_pay_amt_minor, used_points, redeem_points, earn_points, is_free_trade, pay_unique_key, payment_order_id,
            pay_deadline, selected_address, billing_address, payload, preview, created_at)
          SELECT t.buyer_id, 'bench-' || t.seq, 'US', 'USD', 'NORMAL_SALE_B2C',
                 CASE WHEN t.paid THEN 'PAID' WHEN t.status = 'PENDING_PAY' THEN 'PENDING_PAY' ELSE 'CLOSED' END,
                 t.sku_amt, 0, t.ship, t.tax, 0, t.sku_amt + t.ship + t.tax, 0, 0, ceil(t.sku_amt / 100.0)::int, false,
                 gen_random_uuid()::text, 'POB' || lpad(t.seq::text, 8, '0'), t.created_at + interval '30 minutes',
                 tpl.selected_address, tpl.billing_address, jsonb_set(tpl.payload, '{notifyInfo,contactInfo}', to_jsonb(t.email)), tpl.preview, t.created_at
          FROM bench_totals t CROSS JOIN (SELECT * FROM trade_contracts WHERE id = $1) tpl
          ORDER BY t.created_at
          RETURNING id, idempotency_key)
        INSERT INTO bench_map (seq, contract_id) SELECT substring(idempotency_key FROM 7)::int, id FROM ins`,
        [templateId],
      );
      await q('ANALYZE bench_map');

      await q(`WITH ins AS (
          INSERT INTO trade_orders (trade_order_code, contract_id, buyer_id, shop_id, seller_id, status, trade_type, currency, sku_amt_minor, discount_amt_minor,
            shipping_amt_minor, tax_amt_minor, need_pay_amt_minor, paid_amt_minor, shipping_method_id, shipping_method_code, pay_deadline, paid_at, pay_channel,
            receipt_deadline, comment_status, closed_at, completed_at, created_at)
          SELECT to_char(t.created_at AT TIME ZONE 'UTC', 'YYYYMMDD') || lpad(m.contract_id::text, 8, '0') || '1', m.contract_id, t.buyer_id, t.shop_id, t.seller_id,
                 t.status, 'NORMAL_SALE_B2C', 'USD', t.sku_amt, 0, t.ship, t.tax, t.sku_amt + t.ship + t.tax,
                 CASE WHEN t.paid THEN t.sku_amt + t.ship + t.tax ELSE 0 END, t.method_id, t.method_code, t.created_at + interval '30 minutes',
                 CASE WHEN t.paid THEN t.created_at + interval '4 minutes' END, CASE WHEN t.paid THEN 'MOCKPAY' END,
                 CASE WHEN t.status = 'UN_RECEIVED' THEN t.created_at + interval '15 days' END,
                 CASE WHEN t.status = 'COMPLETE' AND t.r_extra < 0.3 THEN 'EVALUATED' ELSE 'NOT_EVALUATED' END,
                 CASE t.status WHEN 'CLOSED' THEN t.created_at + interval '30 minutes' WHEN 'CANCELED' THEN t.created_at + t.r_extra * interval '25 minutes' END,
                 CASE WHEN t.status = 'COMPLETE' THEN t.created_at + interval '6 days' END, t.created_at
          FROM bench_totals t JOIN bench_map m USING (seq)
          ORDER BY t.created_at
          RETURNING id, contract_id)
        UPDATE bench_map SET order_id = ins.id FROM ins WHERE bench_map.contract_id = ins.contract_id`);
      await q('ANALYZE bench_map');

      await q(`INSERT INTO trade_order_lines (order_id, sku_id, item_id, line_group_type, qty, unit_amt_minor, sku_amt_minor, discount_amt_minor,
                 need_pay_amt_minor, points, snapshot, delivered_qty)
        SELECT m.order_id, l.sku_id, l.item_id, 'NORMAL', l.qty, l.unit_minor, l.amt, 0, l.amt, 0, l.snapshot,
               CASE WHEN t.status IN ('UN_RECEIVED', 'COMPLETE') THEN l.qty ELSE 0 END
        FROM bench_lines l JOIN bench_map m USING (seq) JOIN bench_totals t USING (seq)
        ORDER BY t.created_at, l.k`);

      // Shipped orders: one package with every line; delivered ones signed (buyer or auto-confirm).
      await q(
        `INSERT INTO carriers (code, entity_name) VALUES ('UPS', 'UPS'), ('FEDEX', 'FedEx'), ('USPS', 'USPS') ON CONFLICT (code) DO NOTHING`,
      );
      await q(`WITH c AS (SELECT array_agg(id ORDER BY id) AS ids FROM carriers WHERE code IN ('UPS', 'FEDEX', 'USPS')),
        ins AS (
          INSERT INTO shipment_packages (order_id, status, carrier_id, service_code, signed_by, signed_at, created_at)
          SELECT m.order_id, CASE WHEN t.status = 'COMPLETE' THEN 'SIGN_IN' ELSE 'SEND_DELIVERY' END, c.ids[1 + t.seq % 3],
                 '1ZBENCH' || lpad(t.seq::text, 10, '0'),
                 CASE WHEN t.status = 'COMPLETE' THEN CASE WHEN t.r_extra < 0.7 THEN 'BUYER' ELSE 'AUTO' END END,
                 CASE WHEN t.status = 'COMPLETE' THEN t.created_at + interval '5 days' END, t.created_at + interval '1 day'
          FROM bench_totals t JOIN bench_map m USING (seq) CROSS JOIN c
          WHERE t.status IN ('UN_RECEIVED', 'COMPLETE')
          ORDER BY t.created_at
          RETURNING id, order_id, status, created_at, signed_at)
        , ev AS (
          INSERT INTO tracking_events (package_id, context, area_name, operater_type, happened_at)
          SELECT ins.id, e.context, e.area, 'SELLER', COALESCE(CASE WHEN e.delivered THEN ins.signed_at END, ins.created_at + e.after)
          FROM ins CROSS JOIN (VALUES ('The seller handed the parcel to the carrier', 'San Francisco, CA', interval '0', false),
                                      ('Arrived at sorting center', 'Reno, NV', interval '30 hours', false),
                                      ('Delivered', 'Destination', interval '0', true)) e(context, area, after, delivered)
          WHERE NOT e.delivered OR ins.status = 'SIGN_IN')
        INSERT INTO shipment_package_lines (package_id, order_line_id, qty)
        SELECT ins.id, l.id, l.qty FROM ins JOIN trade_order_lines l ON l.order_id = ins.order_id`);

      await q(`INSERT INTO payment_records (contract_id, buyer_id, channel, pay_method, status, stage, amount_minor, currency, created_at, updated_at)
        SELECT m.contract_id, t.buyer_id, 'MOCKPAY', 'card', 'PAY_SUCCESS', 'FULL', t.sku_amt + t.ship + t.tax, 'USD',
               t.created_at + interval '4 minutes', t.created_at + interval '4 minutes'
        FROM bench_totals t JOIN bench_map m USING (seq) WHERE t.paid ORDER BY t.created_at`);

      // The kept tab counts (order_status_counts): its triggers did not run under replica mode.
      await q(`INSERT INTO order_status_counts (buyer_id, display_status, quantity)
        SELECT buyer_id, order_display_status(status, trade_type, pay_channel), count(*)::int FROM trade_orders
        WHERE buyer_id IN (SELECT id FROM bench_buyers) GROUP BY 1, 2
        ON CONFLICT (buyer_id, display_status) DO UPDATE SET quantity = EXCLUDED.quantity`);

      await q('INSERT INTO app_meta (key, value) VALUES ($1, $2)', [
        MARKER,
        JSON.stringify({
          at: new Date().toISOString(),
          buyers: BUYERS,
          orders: TOTAL_ORDERS,
          heavyOrders: HEAVY_ORDERS,
          template: templateId,
        }),
      ]);
      await q('COMMIT');
    } catch (e) {
      await q('ROLLBACK');
      throw e;
    }
    const t1 = performance.now();
    for (const t of TABLES) await client.query(`VACUUM (ANALYZE) ${t}`);
    // Write the load's dirty pages out now rather than during the measurements that follow.
    if (su) await client.query('CHECKPOINT');
    const t2 = performance.now();
    const counts = await countAll();
    const {
      rows: [size],
    } = await client.query<{ sizes: string; row: string }>(`
      SELECT string_agg(t || ' ' || pg_size_pretty(pg_total_relation_size(t::regclass)), ', ') AS sizes,
             (SELECT round(avg(pg_column_size(c.*))) FROM trade_contracts c WHERE idempotency_key LIKE 'bench-%' AND id % 100 = 0)::text AS row
      FROM unnest(ARRAY['trade_contracts', 'trade_orders', 'trade_order_lines']) t`);
    for (const st of steps) log(`  ${st}`);
    log(
      `on disk: ${size!.sizes}; generated contract rows ~${size!.row} bytes each (address/payload/preview copied from contract ${templateId})`,
    );
    log(
      `generated in ${((t1 - t0) / 1000).toFixed(1)} s (+ VACUUM ANALYZE, CHECKPOINT ${((t2 - t1) / 1000).toFixed(1)} s): ${JSON.stringify(counts)}`,
    );
    return {
      skipped: false,
      insertSeconds: (t1 - t0) / 1000,
      vacuumSeconds: (t2 - t1) / 1000,
      heavyBuyerId: await heavyId(),
      counts,
    };
  } finally {
    client.release();
  }
}

// Standalone: generate into the database given on the command line.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const url = process.argv[2];
  if (!url) {
    console.error('usage: node --import tsx bench/orders-data.ts <postgres url of a migrated, seeded bench database>');
    process.exit(2);
  }
  const { createDb } = await import('../apps/server/src/db/client.js');
  const db = createDb(url, 2);
  try {
    await generateOrders(db, { log: (m) => console.log(m) });
  } finally {
    await db.$client.end();
  }
}
