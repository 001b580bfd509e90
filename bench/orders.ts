/**
 * Buyer order reads on the big data set (bench/orders-data.ts), for `npm run bench`: list page 1,
 * list of one tab (COMPLETE), page 100 and the last page, the per-tab counts and one detail, all
 * as the heavy buyer (5,000 orders), next to the session lookup as a baseline under the same
 * machine load. Also prints EXPLAIN (ANALYZE, BUFFERS) of the list and count queries exactly as
 * the server builds them (same drizzle conditions as listOrders / countOrders) with whether
 * trade_orders is read through the buyer indexes, and a short plan of every statement one
 * request of each scenario sends (recorded from the app's pool).
 */
import type { OrderListBody } from '@mall/contracts';
import type { Db } from '../apps/server/src/db/client.js';
import { countQuery, listQueries } from '../apps/server/src/modules/trade/service.js';
import { BENCH_PASSWORD, HEAVY_EMAIL, HEAVY_ORDERS, generateOrders, type OrdersData } from './orders-data.js';

export interface Scenario {
  name: string;
  path: string;
  headers: Record<string, string>;
  method?: 'POST';
  body?: string;
  setupRequest?: (r: any) => any;
  /** Each request its own Idempotency-Key: this prefix and a sequence number. */
  idempotencyKeyPrefix?: string;
  /** Requests go round these callers (their session cookie and body) instead of `headers.cookie` and `body`. */
  callers?: { cookie: string; body?: string }[];
}

const LIST = '/sapi/mall-order/web/order/pageTradeOrderForBuyer';
const COUNTS = '/sapi/mall-order/web/order/queryOrderQuantityForStatusBuyer';
const DETAIL = '/sapi/mall-order/web/order/libquerytradeorderdetailbyidforbuyer';
/** Deep page of the list: page 100 of 5 (OFFSET 495); and the heavy buyer's last page (OFFSET 4995). */
const DEEP_PAGE = 100;
const LAST_PAGE = HEAVY_ORDERS / 5;

export async function prepareOrdersBench(db: Db, base: string, opts: { templateContractId?: bigint } = {}) {
  const log = (m: string) => console.log(`[orders] ${m}`);
  const data: OrdersData = await generateOrders(db, { templateContractId: opts.templateContractId, log });

  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-mall-request': '1', origin: base },
    body: JSON.stringify({ email: HEAVY_EMAIL, password: BENCH_PASSWORD }),
  });
  if (!login.ok) throw new Error(`heavy buyer login failed: ${login.status} ${await login.text()}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const headers = { 'content-type': 'application/json', 'x-mall-request': '1', origin: base, cookie };
  const post = async <T>(path: string, body: unknown): Promise<T> => {
    const r = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (!r.ok) throw new Error(`${path} ${JSON.stringify(body)}: ${r.status} ${await r.text()}`);
    return r.json() as Promise<T>;
  };

  // The detail scenario reads the heavy buyer's newest delivered order (package, payment record).
  const {
    rows: [detailRow],
  } = await db.$client.query<{ id: string }>(
    `SELECT id FROM trade_orders WHERE buyer_id = $1 AND status = 'COMPLETE' ORDER BY created_at DESC, id DESC LIMIT 1`,
    [data.heavyBuyerId],
  );
  const detailId = detailRow!.id;

  // Sanity: the endpoints answer on this data what the data set says. Every SQL statement each
  // request sends is recorded, to explain them all afterwards.
  const sent = new Map<string, Sent[]>();
  const page1 = await recording(db, sent, 'list p1', () =>
    post<{ total: number; data: { id: string; tradeOrderLineList: unknown[] }[] }>(LIST, { pageNo: 1, pageSize: 5 }),
  );
  const complete = await recording(db, sent, 'list COMPLETE', () =>
    post<{ total: number }>(LIST, { pageNo: 1, pageSize: 5, searchStatus: 'COMPLETE' }),
  );
  const deep = await recording(db, sent, `list p${DEEP_PAGE}`, () =>
    post<{ total: number; data: unknown[] }>(LIST, { pageNo: DEEP_PAGE, pageSize: 5 }),
  );
  const last = await recording(db, sent, `list p${LAST_PAGE}`, () =>
    post<{ total: number; data: unknown[] }>(LIST, { pageNo: LAST_PAGE, pageSize: 5 }),
  );
  const counts = await recording(db, sent, 'counts', () =>
    post<{ displayOrderStatus: string; quantity: number }[]>(COUNTS, {}),
  );
  const detail = await recording(db, sent, 'detail', () =>
    post<{ id: string; tradeOrderLineList: unknown[]; packageCount: number }>(DETAIL, { id: detailId }),
  );
  if (
    page1.total !== HEAVY_ORDERS ||
    page1.data.length !== 5 ||
    deep.data.length !== 5 ||
    last.data.length !== 5 ||
    detail.id !== detailId
  ) {
    throw new Error(
      `unexpected answers: total ${page1.total}, page 1 ${page1.data.length} rows, page ${DEEP_PAGE} ${deep.data.length} rows, last page ${last.data.length} rows, detail ${detail.id}`,
    );
  }
  log(
    `heavy buyer ${data.heavyBuyerId}: list total ${page1.total} (COMPLETE ${complete.total}), lines on page 1 ${page1.data.map((o) => o.tradeOrderLineList.length).join('/')}, ` +
      `counts ${counts.map((c) => `${c.displayOrderStatus}=${c.quantity}`).join(' ')}, detail ${detailId}: ${detail.tradeOrderLineList.length} lines, ${detail.packageCount} package(s)`,
  );

  const scenarios: Scenario[] = [
    // Baseline under the same machine load: one indexed query per request (the session lookup).
    { name: 'GET /api/auth/session (heavy buyer)', path: '/api/auth/session', headers: { cookie } },
    {
      name: 'POST pageTradeOrderForBuyer (heavy, p1)',
      path: LIST,
      method: 'POST',
      headers,
      body: JSON.stringify({ pageNo: 1, pageSize: 5 }),
    },
    {
      name: 'POST pageTradeOrderForBuyer (COMPLETE)',
      path: LIST,
      method: 'POST',
      headers,
      body: JSON.stringify({ pageNo: 1, pageSize: 5, searchStatus: 'COMPLETE' }),
    },
    {
      name: `POST pageTradeOrderForBuyer (p${DEEP_PAGE})`,
      path: LIST,
      method: 'POST',
      headers,
      body: JSON.stringify({ pageNo: DEEP_PAGE, pageSize: 5 }),
    },
    {
      name: `POST pageTradeOrderForBuyer (p${LAST_PAGE}, last)`,
      path: LIST,
      method: 'POST',
      headers,
      body: JSON.stringify({ pageNo: LAST_PAGE, pageSize: 5 }),
    },
    { name: 'POST queryOrderQuantityForStatusBuyer', path: COUNTS, method: 'POST', headers, body: '{}' },
    {
      name: 'POST libquerytradeorderdetailbyidforbuyer',
      path: DETAIL,
      method: 'POST',
      headers,
      body: JSON.stringify({ id: detailId }),
    },
  ];
  return {
    data,
    scenarios,
    explain: async () => {
      await explainOrders(db, data.heavyBuyerId);
      await explainSent(db, sent);
    },
  };
}

interface Sent {
  text: string;
  values: unknown[];
}

/** Runs fn while recording every statement sent through the app's pool (the bench's db is the app's). */
async function recording<T>(db: Db, into: Map<string, Sent[]>, name: string, fn: () => Promise<T>): Promise<T> {
  const pool = db.$client as unknown as { query: (...args: unknown[]) => unknown };
  const original = pool.query;
  const list: Sent[] = [];
  pool.query = function (this: unknown, ...args: unknown[]) {
    const [a, b] = args as [string | { text: string; values?: unknown[] }, unknown];
    if (typeof a === 'string') list.push({ text: a, values: Array.isArray(b) ? b : [] });
    else if (a && typeof a === 'object' && 'text' in a)
      list.push({ text: a.text, values: a.values ?? (Array.isArray(b) ? b : []) });
    return original.apply(this, args);
  };
  try {
    return await fn();
  } finally {
    pool.query = original;
    into.set(name, list);
  }
}

/** Every statement of each recorded request: execution time and the scans it uses (a Seq Scan on a big table would show here). */
async function explainSent(db: Db, sent: Map<string, Sent[]>): Promise<void> {
  console.log('\nEvery statement of one request of each scenario (EXPLAIN ANALYZE: execution ms, scans):');
  for (const [name, list] of sent) {
    console.log(`  ${name}: ${list.length} statements`);
    for (const { text, values } of list) {
      const what = text
        .replace(/\s+/g, ' ')
        .replace(/select .*? from/i, 'select … from')
        .slice(0, 110);
      if (!/^\s*select/i.test(text)) {
        console.log(`    ${''.padStart(8)}  ${what} (not a read, not explained)`);
        continue;
      }
      const { rows } = await db.$client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE) ${text}`, values);
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      const scans = [
        ...new Set(
          plan.match(
            /(?:Seq Scan|Index Only Scan|Index Scan|Bitmap Index Scan)(?: Backward)? (?:using \w+ )?on \w+/g,
          ) ?? [],
        ),
      ];
      console.log(
        `    ${plan.match(/Execution Time: ([\d.]+) ms/)?.[1]?.padStart(8)} ms  ${what}\n${''.padStart(16)}${scans.join('; ')}`,
      );
    }
  }
}

/** The list and count queries of listOrders / countOrders for one buyer, as drizzle renders them. */
function queries(db: Db, buyerId: bigint) {
  const list = (body: OrderListBody) => {
    const q = listQueries(db, [buyerId], body);
    return { rows: q.rows.toSQL(), total: q.total.toSQL() };
  };
  const p1 = list({ pageNo: 1, pageSize: 5 });
  const done = list({ pageNo: 1, pageSize: 5, searchStatus: 'COMPLETE' });
  const deep = list({ pageNo: DEEP_PAGE, pageSize: 5 });
  const last = list({ pageNo: LAST_PAGE, pageSize: 5 });
  const tabs = countQuery(db, [buyerId], {}).toSQL();
  return [
    { name: 'list page 1 (ALL_ORDER)', q: p1.rows, index: 'trade_orders_buyer_created_idx' },
    { name: 'list total (ALL_ORDER)', q: p1.total, index: 'trade_orders_buyer_' },
    { name: 'list page 1 (COMPLETE)', q: done.rows, index: 'trade_orders_buyer_' },
    { name: 'list total (COMPLETE)', q: done.total, index: 'trade_orders_buyer_' },
    {
      name: `list page ${DEEP_PAGE} (OFFSET ${(DEEP_PAGE - 1) * 5})`,
      q: deep.rows,
      index: 'trade_orders_buyer_created_idx',
    },
    {
      name: `list page ${LAST_PAGE}, the last (OFFSET ${(LAST_PAGE - 1) * 5})`,
      q: last.rows,
      index: 'trade_orders_buyer_created_idx',
    },
    { name: 'counts per tab (queryOrderQuantityForStatusBuyer)', q: tabs, index: 'trade_orders_buyer_' },
  ];
}

export async function explainOrders(db: Db, buyerId: bigint): Promise<void> {
  console.log(
    `\nEXPLAIN (ANALYZE, BUFFERS) of the order reads for the heavy buyer (id ${buyerId}), SQL as the server sends it:`,
  );
  const verdicts: string[] = [];
  for (const { name, q, index } of queries(db, buyerId)) {
    const { rows } = await db.$client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${q.sql}`, q.params);
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    console.log(
      `\n-- ${name}\n-- ${q.sql}\n-- params ${JSON.stringify(q.params, (_, v) => (typeof v === 'bigint' ? String(v) : v))}\n${plan}`,
    );
    const seq = /Seq Scan on trade_orders/.test(plan);
    const used =
      plan.match(/(?:Index|Index Only|Bitmap Index) Scan(?: Backward)? (?:using|on) (trade_orders_\w+)/g) ?? [];
    const ok = !seq && used.some((u) => u.includes(index));
    const time = plan.match(/Execution Time: ([\d.]+) ms/)?.[1];
    const buffers = plan.match(/Buffers: shared hit=(\d+)(?: read=(\d+))?/);
    verdicts.push(
      `${ok ? 'buyer index    ' : 'NOT buyer index'}  ${name.padEnd(50)} ${String(time).padStart(8)} ms  ${String(Number(buffers?.[1] ?? 0) + Number(buffers?.[2] ?? 0)).padStart(6)} buffers  ` +
        `${[...new Set(used)].join(', ') || (seq ? 'Seq Scan on trade_orders' : '')}${/Sort Method: external/.test(plan) ? ' + sort spilled to disk' : ''}`,
    );
  }
  console.log(
    `\nPlans (does trade_orders go through trade_orders_buyer_created_idx / trade_orders_buyer_status_idx?):\n${verdicts.join('\n')}`,
  );
}
