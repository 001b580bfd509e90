/**
 * Pages rendered on the server (apps/server/src/modules/web, apps/web/src/entry-server.tsx): what a
 * client without JavaScript gets (a plain HTTP GET, as curl would), and the page's policy.
 */
import { expect, test, type APIRequestContext } from './test';
import { DEMO_PASSWORD } from './helpers';

const CSRF = { 'x-mall-request': '1' };

/** The HTML a client without JavaScript gets, as text with tags removed, and the raw page. */
async function fetchPage(request: APIRequestContext, path: string) {
  const res = await request.get(path, { maxRedirects: 0 });
  const html = await res.text();
  const root = html.slice(html.indexOf('<div id="root">'));
  const text = root
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
  return { res, html, text };
}

async function logIn(request: APIRequestContext, email: string) {
  const res = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD }, headers: CSRF });
  expect(res.status(), await res.text()).toBe(200);
}

test('home lists the products with their prices in the HTML', async ({ request }) => {
  const { res, text } = await fetchPage(request, '/');
  expect(res.status()).toBe(200);
  const items = (await (await request.get('/api/catalog/items?pageSize=48')).json()) as {
    data: { itemName: string; price: { value: string } | null }[];
  };
  for (const item of items.data.slice(0, 6)) {
    expect(text).toContain(item.itemName);
    if (item.price) expect(text).toContain(`$${Number(item.price.value).toFixed(2)}`);
  }
});

test('an item page has its name, price and buy box in the HTML', async ({ request }) => {
  const { res, text, html } = await fetchPage(request, '/item/standing-desk-e7');
  expect(res.status()).toBe(200);
  expect(text).toContain('Standing Desk E7');
  expect(text).toContain('$498.99');
  expect(text).toContain('Add to cart');
  expect(text).toContain('View cart');
  expect(text).toContain('In stock');
  // Links are links before any script runs.
  expect(html).toMatch(/<a [^>]*href="\/cart"/);
});

test("the order list has the buyer's order numbers and statuses in the HTML", async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  await logIn(request, 'buyer@demo.shop');
  const page = (await (
    await request.post('/sapi/mall-order/web/order/pageTradeOrderForBuyer', {
      data: { pageNo: 1, pageSize: 5, searchStatus: 'ALL_ORDER', deviceSource: 'PC' },
      headers: CSRF,
    })
  ).json()) as { data: { tradeOrderCode: string }[] };
  expect(page.data.length).toBeGreaterThan(0);
  const { res, text } = await fetchPage(request, '/buyer/orders');
  expect(res.status()).toBe(200);
  for (const order of page.data) expect(text).toContain(order.tradeOrderCode);
  expect(text).toMatch(/Pending payment|To be shipped|To be received|Completed|Canceled/);
  await request.dispose();
});

test('an after-sales detail has its status banner in the HTML', async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  await logIn(request, 'buyer@demo.shop');
  const list = (await (
    await request.post('/sapi/mall-order/web/reverseorder/querypage', {
      data: { pageNo: 1, pageSize: 10 },
      headers: CSRF,
    })
  ).json()) as { data: { id: string; reverseTradeOrderCode: string }[] };
  const reverse = list.data[0]!;
  const detail = (await (
    await request.post('/sapi/mall-order/web/reverseorder/querybyid', { data: { id: reverse.id }, headers: CSRF })
  ).json()) as { reverseTradeOrderStatus: string };
  const { res, html, text } = await fetchPage(request, `/buyer/as/detail/${reverse.id}`);
  expect(res.status()).toBe(200);
  expect(html).toContain('data-testid="as-banner"');
  expect(text).toContain(reverse.reverseTradeOrderCode);
  expect(detail.reverseTradeOrderStatus).toBeTruthy();
  await request.dispose();
});

test('a page for registered buyers sends a guest to log in, with the way back', async ({ request }) => {
  const res = await request.get('/buyer/cards', { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers().location).toBe(`/login?target=${encodeURIComponent('/buyer/cards')}`);
});

test("inline scripts run only with the response's own nonce; what the browser starts from is JSON data", async ({
  request,
}) => {
  // The second is a guest's kept copy of the first (modules/web/page-cache.ts): it has its own nonce too.
  const first = await fetchPage(request, '/');
  const second = await fetchPage(request, '/');
  const nonceOf = (csp: string) => /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
  for (const { res, html } of [first, second]) {
    const csp = res.headers()['content-security-policy']!;
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    const nonce = nonceOf(csp);
    expect(nonce).toBeTruthy();
    // The page state (queries, texts, the router's data) is a JSON data block, which never runs.
    expect(html).toMatch(/<script type="application\/json" id="page-state">/);
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")([^>]*)>/g)];
    for (const [, attributes] of inline) expect(attributes).toContain(`nonce="${nonce}"`);
  }
  expect(nonceOf(second.res.headers()['content-security-policy']!)).not.toBe(
    nonceOf(first.res.headers()['content-security-policy']!),
  );
});

test("the page works in the browser: the server's HTML is hydrated and links navigate in place", async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => {
    (window as unknown as { marker: number }).marker = 1;
  });
  await page
    .getByRole('link', { name: /Standing Desk E7/ })
    .first()
    .click();
  await expect(page).toHaveURL('/item/standing-desk-e7');
  await expect(page.getByRole('heading', { name: 'Standing Desk E7' })).toBeVisible();
  // No new document: the router navigated.
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
});
