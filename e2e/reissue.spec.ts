import { expect, test, type Page } from './test';
import { choose, logIn } from './helpers';

// Reissue and purchase return (SPEC §4 REVERSE_REISSUE business type, PURCHASE_RETURN):
// - the demo return waiting for the seller's check: the seller accepts the goods and settles it by
//   reissuing them; the buyer follows the link to a reissue order with nothing to pay and no
//   payment or invoice information;
// - the demo return already settled by a reissue, read on a phone;
// - the demo BULK order, shipped, returned as a purchase return under its quote (part of one: the API test).

const CSRF = { 'x-mall-request': '1' };
interface Rev {
  id: string;
  reverseTradeOrderCode: string;
  reverseTradeOrderStatus: string;
  reverseTradeOrderType: string;
  tradeOrder: { id: string; tradeOrderCode: string };
}

async function myReverses(page: Page): Promise<Rev[]> {
  const res = await page.request.post('/sapi/mall-order/web/reverseorder/querypage', {
    data: { pageSize: 50 },
    headers: CSRF,
  });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).data;
}
async function asBuyer(page: Page) {
  await logIn(page, 'buyer@demo.shop');
  await expect(page).not.toHaveURL(/\/login/);
}
/** The seller console in a second browser context. */
async function sellerContext(page: Page) {
  const ctx = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin, viewport: { width: 1280, height: 900 } });
  const seller = await ctx.newPage();
  await logIn(seller, 'seller@demo.shop');
  await expect(seller.getByRole('banner').getByRole('button', { name: 'Log out' })).toBeVisible();
  return { seller, close: () => ctx.close() };
}

test('the seller settles a checked return by reissuing the goods; the buyer sees a reissue order with nothing to pay', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await asBuyer(page);
  const r = (await myReverses(page)).find(
    (x) => x.reverseTradeOrderStatus === 'WAITING_FOR_QC_DONE' && x.reverseTradeOrderType === 'SALE_RETURN',
  )!;
  expect(r, 'the demo return waiting for the check').toBeTruthy();
  const code = r.reverseTradeOrderCode;

  const s = await sellerContext(page);
  await s.seller.goto(`/merchant-console/after-sales?status=ALL&keyword=${code}`);
  const card = s.seller.getByTestId('seller-reverse').filter({ hasText: code });
  await expect(card).toHaveCount(1);
  // Not offered before the goods are checked.
  await expect(card.getByTestId('as-reissue')).toHaveCount(0);
  await card.getByRole('button', { name: `Accept the returned goods of ${code}` }).click();
  await s.seller.getByTestId('decision-confirm').click();
  await expect(card.getByTestId('as-refund')).toBeVisible();
  await card.getByRole('button', { name: `Send the goods of ${code} again instead of refunding` }).click();
  const dialog = s.seller.getByRole('dialog', { name: `Reissue the goods of ${code}?` });
  await expect(dialog).toContainText('at no charge');
  await dialog.getByRole('button', { name: 'Make reissue order' }).click();
  await expect(s.seller.getByText(`Reissue order made for ${code}`)).toBeVisible();
  await expect(card.getByTestId('reverse-status')).toHaveText(/completed|done/i);
  const link = card.getByTestId('reissue-order');
  await expect(link).toContainText('Reissue order');
  await expect(card.getByTestId('as-reissue')).toHaveCount(0);
  await expect(card.getByTestId('as-refund')).toHaveCount(0);
  await s.seller.screenshot({ path: '/tmp/reissue-seller-1280.png', fullPage: true });
  // The reissue order waits among the orders to ship.
  const orderCode = ((await link.textContent()) ?? '').replace(/\D/g, '');
  await link.getByRole('link').click();
  await expect(s.seller).toHaveURL(/\/merchant-console\/orders/);
  const reissueOrder = s.seller.getByTestId('seller-order').filter({ hasText: orderCode });
  await expect(reissueOrder.getByTestId('reissue-badge')).toHaveText('Reissue');
  await expect(reissueOrder.getByTestId('reissue-of')).toContainText(code);
  await expect(reissueOrder.getByTestId('order-status')).toHaveText('To be shipped');
  await s.close();

  // The buyer: the after-sales says it was settled by a reissue and links the order.
  await page.goto(`/buyer/as/detail/${r.id}`);
  const reissue = page.getByTestId('as-reissue');
  await expect(reissue).toContainText('Settled by reissue');
  await expect(page.getByTestId('as-refund')).toHaveCount(0);
  await reissue.getByRole('link', { name: `View reissue order ${orderCode}` }).click();
  await expect(page).toHaveURL(/\/buyer\/order\/detail\/\d+/);
  await expect(page.getByTestId('detail-code')).toContainText(orderCode);
  await expect(page.getByTestId('reissue-of')).toContainText(`after-sales ${code}: nothing to pay`);
  await expect(page.getByTestId('payment-info')).toHaveCount(0);
  await expect(page.getByTestId('invoice-status')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/reissue-order-1280.png', fullPage: true });
  // And back to its after-sales.
  await page
    .getByTestId('reissue-of')
    .getByRole('link', { name: `View after-sales ${code}` })
    .click();
  await expect(page).toHaveURL(`/buyer/as/detail/${r.id}`);
});

test("an enterprise returns its shipped bulk order as a purchase return on its quote's terms", async ({ page }) => {
  test.setTimeout(120_000);
  await asBuyer(page);
  const requests = (await (await page.request.get('/api/bulk-requests')).json()) as {
    id: string;
    status: string;
    order: { id: string } | null;
  }[];
  const accepted = requests.find((x) => x.order)!;
  const orderId = accepted.order!.id;
  // The quote states its return terms (the demo quote keeps the default 30 days).
  await page.goto(`/order-process/${accepted.id}`);
  await expect(page.getByTestId('return-days')).toHaveText('Returns at the quoted prices within 30 days of receipt');

  const s = await sellerContext(page);
  // The seller sets them in the quote form: whole days only.
  const quoted = requests.find((x) => x.status === 'QUOTED')!;
  await s.seller.goto(`/merchant-console/bulk-requests/${quoted.id}`);
  const days = s.seller.getByTestId('quote-return-days');
  await expect(days).toHaveValue('30');
  await days.fill('two weeks');
  await s.seller.getByTestId('quote-send').click();
  await expect(s.seller.getByText('Enter whole days from 0 to 365')).toBeVisible();
  // The seller ships the demo bulk order (through the API the console uses).
  const carriers = await (
    await s.seller.request.post('/api/trantor/flow/flexispot_md_QueryCarrierFlow', { data: [], headers: CSRF })
  ).json();
  const ups = (carriers as { id: string; code: string }[]).find((c) => c.code === 'UPS')!;
  const detail = await (
    await page.request.post('/sapi/mall-order/web/order/libquerytradeorderdetailbyidforbuyer', {
      data: { id: orderId },
      headers: CSRF,
    })
  ).json();
  const lines = (detail.tradeOrderLineList as { id: string; tradeQty: string }[]).map((l) => ({
    tradeOrderLineId: l.id,
    qty: l.tradeQty,
  }));
  const shipped = await s.seller.request.post(`/api/merchant/orders/${orderId}/packages`, {
    data: { carrierId: ups.id, serviceCode: `1ZBULK${String(Date.now()).slice(-8)}0000`, lines },
    headers: CSRF,
  });
  expect(shipped.ok(), await shipped.text()).toBeTruthy();
  await s.close();

  await page.goto(`/buyer/order/detail/${orderId}`);
  await page.getByRole('button', { name: 'Apply for after-sales' }).click();
  const dialog = page.getByTestId('apply-dialog');
  await expect(dialog.getByTestId('apply-type-PURCHASE_RETURN')).toBeVisible();
  await expect(dialog.getByTestId('apply-type-SALE_RETURN')).toHaveCount(0);
  await expect(dialog.getByTestId('apply-type-SALE_EXCHANGE')).toHaveCount(0);
  await expect(dialog).toContainText('refunded at the quoted prices');
  await dialog.getByTestId('apply-type-PURCHASE_RETURN').click();
  await dialog.getByRole('checkbox').first().check();
  await dialog.getByTestId('apply-next').click();
  await expect(page).toHaveURL(/\/buyer\/as-apply\?.*asType=PURCHASE_RETURN/);
  const form = page.getByTestId('apply-page');
  await choose(page, form, 'After-sales reason', 'No longer needed');
  await form.getByTestId('refund-amount').fill('100');
  await form.getByTestId('notes').fill('One pack is surplus to the project.');
  await page.getByTestId('apply-submit').click();
  await expect(page.getByText('Your application has been submitted')).toBeVisible();
  const mine = (await myReverses(page)).find(
    (x) => x.tradeOrder.id === orderId && x.reverseTradeOrderType === 'PURCHASE_RETURN',
  )!;
  expect(mine).toBeTruthy();
  await page.goto(`/buyer/as/detail/${mine.id}`);
  await expect(page.getByTestId('as-detail')).toContainText('Purchase return');
  await expect(page.getByTestId('as-banner')).toContainText('Waiting for seller review');
  await page.screenshot({ path: '/tmp/purchase-return-1280.png', fullPage: true });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a return settled by a reissue, and its reissue order without payment or invoice, on a phone', async ({
    page,
  }) => {
    await asBuyer(page);
    const r = (await myReverses(page)).find(
      (x) => x.reverseTradeOrderStatus === 'REVERSE_DONE' && x.reverseTradeOrderType === 'SALE_RETURN',
    )!;
    expect(r, 'the demo return settled by a reissue').toBeTruthy();
    await page.goto(`/buyer/as/detail/${r.id}`);
    const reissue = page.getByTestId('as-reissue');
    await expect(reissue).toContainText('The seller is sending the goods again in a new order');
    await page.screenshot({ path: '/tmp/reissue-as-390.png', fullPage: true });
    await reissue.getByRole('link').click();
    await expect(page.getByTestId('reissue-of')).toContainText(r.reverseTradeOrderCode);
    await expect(page.getByTestId('payment-info')).toHaveCount(0);
    await expect(page.getByTestId('invoice-status')).toHaveCount(0);
    // Nothing overflows the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: '/tmp/reissue-order-390.png', fullPage: true });
  });
});
