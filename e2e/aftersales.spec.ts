import { expect, test, type Page } from './test';
import { choose, logIn } from './helpers';

// After-sales, buyer and seller (SPEC §2 "After-sales", §4, §5). The demo buyer has after-sales in
// every status (seed/after-sales.ts); each test takes a different one, so they can run in parallel:
// - a return the buyer withdrew (its line is free again): a new return with a photo, approved,
//   sent back, checked and refunded through the seller console;
// - the partly shipped order: cancel the rest before delivery (mobile), approved by the seller;
// - the exchange whose replacement shipped: logistics, then confirmed receipt (mobile);
// - the return waiting to be sent back: the mobile send-back page with its carrier bottom sheet;
// - the one rejected at audit: the reason is shown; the one waiting for audit: withdrawn after a confirm.

const CSRF = { 'x-mall-request': '1' };
interface Rev {
  id: string;
  reverseTradeOrderCode: string;
  reverseTradeOrderStatus: string;
  reverseTradeOrderType: string;
  tradeOrder: { id: string; tradeOrderCode: string };
}

/** The demo buyer's after-sales (read through the API the list page uses). */
async function myReverses(page: Page, applied?: string): Promise<Rev[]> {
  const res = await page.request.post('/sapi/mall-order/web/reverseorder/querypage', {
    data: { pageSize: 50, ...(applied ? { applied } : {}) },
    headers: CSRF,
  });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).data;
}
const one = async (page: Page, status: string, type?: string) => {
  const r = (await myReverses(page)).find(
    (x) => x.reverseTradeOrderStatus === status && (!type || x.reverseTradeOrderType === type),
  );
  expect(r, `a demo after-sales in ${status}`).toBeTruthy();
  return r!;
};
const banner = (page: Page) => page.getByTestId('as-banner');
/** Logs in as the demo buyer and waits until the login page has let go (desktop and mobile top bars differ). */
async function asBuyer(page: Page) {
  await logIn(page, 'buyer@demo.shop');
  await expect(page).not.toHaveURL(/\/login/);
}

/** The seller console in a second browser context, on the after-sales page, searching one request. */
async function sellerCard(page: Page, code: string) {
  const ctx = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin, viewport: { width: 1280, height: 900 } });
  const seller = await ctx.newPage();
  await logIn(seller, 'seller@demo.shop');
  await expect(seller.getByRole('banner').getByRole('button', { name: 'Log out' })).toBeVisible();
  const open = async () => {
    await seller.goto(`/merchant-console/after-sales?status=ALL&keyword=${code}`);
    const card = seller.getByTestId('seller-reverse').filter({ hasText: code });
    await expect(card).toHaveCount(1);
    return card;
  };
  return { seller, open, close: () => ctx.close() };
}

test('return with a photo: seller approves, buyer sends back, seller checks and refunds', async ({ page }) => {
  // Two people (buyer and seller) through five steps and an asynchronous refund: longer than one page's test.
  test.setTimeout(150_000);
  await asBuyer(page);
  const withdrawn = await one(page, 'REVERSE_CANCELED');
  await page.goto(`/buyer/order/detail/${withdrawn.tradeOrder.id}`);
  await page.getByRole('button', { name: 'Apply for after-sales' }).click();
  const dialog = page.getByTestId('apply-dialog');
  await dialog.getByTestId('apply-type-SALE_RETURN').click();
  await dialog.getByRole('checkbox').first().check();
  await dialog.getByTestId('apply-next').click();
  await expect(page).toHaveURL(/\/buyer\/as-apply\?.*asType=SALE_RETURN/);

  // Nothing chosen yet: the submit says what is missing, at its field.
  const form = page.getByTestId('apply-page');
  await expect(form.getByTestId('refund-amount')).toBeVisible();
  await page.getByTestId('apply-submit').click();
  await expect(page.getByText('Please select the after-sales reason').first()).toBeVisible();

  // An amount above the most that may be refunded is flagged and kept as typed; the form stays.
  await choose(page, form, 'After-sales reason', 'Arrived damaged');
  await form.getByTestId('refund-amount').fill('99999');
  await form.getByTestId('notes').click();
  await expect(form.getByTestId('refund-amount')).toHaveValue('99999');
  await page.getByTestId('apply-submit').click();
  await expect(form.getByText(/The refund amount cannot exceed/).first()).toBeVisible();
  await expect(page).toHaveURL(/\/buyer\/as-apply/);
  await form.getByTestId('refund-amount').fill('20');
  await form.getByTestId('notes').fill('The tray arrived bent at one corner.');
  // One evidence photo (a real PNG), counted n/6.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  await page.locator('input[type=file]').setInputFiles({ name: 'bent.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByTestId('evidence-counter')).toHaveText('1/6');
  await expect(page.getByTestId('evidence-item')).toHaveCount(1);
  await page.getByTestId('apply-submit').click();
  await expect(page.getByText('Your application has been submitted')).toBeVisible();
  await expect(page).toHaveURL(`/buyer/order/detail/${withdrawn.tradeOrder.id}`);

  const mine = (await myReverses(page, 'processing')).find((r) => r.tradeOrder.id === withdrawn.tradeOrder.id)!;
  expect(mine.reverseTradeOrderType).toBe('SALE_RETURN');
  await page.goto(`/buyer/as/detail/${mine.id}`);
  await expect(banner(page)).toContainText('Waiting for seller review');
  await expect(page.getByTestId('as-countdown')).toHaveAttribute('data-kind', 'AUTO_APPROVE');

  const s = await sellerCard(page, mine.reverseTradeOrderCode);
  let card = await s.open();
  await card.getByRole('button', { name: `Approve after-sale ${mine.reverseTradeOrderCode}` }).click();
  await s.seller.getByTestId('decision-confirm').click();
  await expect(card.getByTestId('reverse-status')).toHaveText(/send back/i);

  // The buyer sees it at once and sends the goods back (desktop: a dialog).
  await page.reload();
  await expect(banner(page)).toContainText('Please send the after-sales goods back to the seller as soon as possible');
  await expect(page.getByTestId('return-address')).toContainText('500 Howard St');
  await page.getByTestId('as-operations').getByRole('button', { name: 'Send back items' }).click();
  const sendBack = page.getByRole('dialog', { name: 'Send back items' });
  await choose(page, sendBack, 'Logistics company', 'UPS');
  await sendBack.getByRole('textbox', { name: 'Tracking number' }).fill('1Z-BAD');
  await sendBack.getByTestId('send-back-submit').click();
  await expect(sendBack.getByText('Please enter a correct tracking number')).toBeVisible();
  // A DHL waybill number is not a UPS one (the carrier's format, the server's schema).
  await sendBack.getByRole('textbox', { name: 'Tracking number' }).fill('1234567890');
  await sendBack.getByTestId('send-back-submit').click();
  await expect(sendBack.getByText('This is not a UPS tracking number (for example 1Z999AA10123456784)')).toBeVisible();
  const tracking = `1ZE2E${String(Date.now()).slice(-8)}00000`;
  await sendBack.getByRole('textbox', { name: 'Tracking number' }).fill(tracking);
  await sendBack.getByTestId('send-back-submit').click();
  await expect(banner(page)).toContainText('Waiting for inspection');

  // The seller checks the goods and refunds what was applied for.
  card = await s.open();
  await expect(card.getByTestId('reverse-shipment')).toContainText(tracking);
  await card.getByRole('button', { name: `Accept the returned goods of ${mine.reverseTradeOrderCode}` }).click();
  await s.seller.getByTestId('decision-confirm').click();
  await card.getByRole('button', { name: `Refund after-sale ${mine.reverseTradeOrderCode}` }).click();
  await expect(s.seller.getByTestId('refund-amount')).toHaveValue('20.00');
  // What the order can still give back is shown; an amount above the limit never reaches the total or the button.
  await expect(s.seller.getByTestId('refund-room-goods')).toContainText('$');
  await expect(s.seller.getByTestId('refund-room-shipping')).toContainText('$');
  await s.seller.getByTestId('refund-amount').fill('99999');
  await expect(s.seller.getByText('At most $20.00 can be refunded')).toBeVisible();
  await expect(s.seller.getByTestId('refund-total')).toHaveText('—');
  await expect(s.seller.getByTestId('refund-submit')).toBeDisabled();
  await expect(s.seller.getByTestId('refund-submit')).toHaveText('Refund');
  await s.seller.getByTestId('refund-amount').fill('20.00');
  await expect(s.seller.getByTestId('refund-submit')).toHaveText('Refund $20.00');
  await s.seller.getByTestId('refund-submit').click();
  await s.close();

  // The refund is settled by a background job: reload until it shows. Each reload first waits for
  // the page itself (a loaded CI machine took over 2 s to draw it), then gives the text 2 s.
  await expect(async () => {
    await page.reload();
    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).toContainText('Refunded', { timeout: 2000 });
  }).toPass({ timeout: 45_000 });
  await expect(page.getByTestId('as-operations').getByRole('button')).toHaveCount(1); // logistics only
});

test("a rejection shows the seller's reason; a waiting application is withdrawn after a confirm", async ({ page }) => {
  await asBuyer(page);
  const rejected = (await myReverses(page, 'finished')).find(
    (r) => r.reverseTradeOrderStatus === 'REVERSE_CLOSE' && r.reverseTradeOrderType === 'SALE_RETURN',
  )!;
  await page.goto('/buyer/as-list');
  await expect(page.getByTestId('as-card').first()).toBeVisible();
  await page.getByRole('textbox', { name: 'After-sales number' }).fill(rejected.reverseTradeOrderCode);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('as-card')).toHaveCount(1);
  await page
    .getByTestId('as-card')
    .getByRole('link', { name: `View details of after-sales ${rejected.reverseTradeOrderCode}` })
    .click();
  await expect(page).toHaveURL(`/buyer/as/detail/${rejected.id}`);
  await page.getByRole('button', { name: 'View rejection reason' }).click();
  await expect(page.getByTestId('reject-reasons').first()).toContainText(/within 14 days|did not pass|bent/);

  // The seeded one (lowest id): the return test running in parallel creates a newer one in the same state.
  const waiting = (await myReverses(page))
    .filter(
      (r) => r.reverseTradeOrderStatus === 'WAITING_FOR_AUDIT_BY_SELLER' && r.reverseTradeOrderType === 'SALE_RETURN',
    )
    .sort((x, y) => Number(x.id) - Number(y.id))[0]!;
  expect(waiting, 'the demo return waiting for audit').toBeTruthy();
  await page.goto(`/buyer/as/detail/${waiting.id}`);
  await page.getByTestId('as-operations').getByRole('button', { name: 'Cancel application' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel the application?' });
  await confirm.getByRole('button', { name: 'Keep application' }).click();
  await expect(banner(page)).toContainText('Waiting for seller review');
  await page.getByTestId('as-operations').getByRole('button', { name: 'Cancel application' }).click();
  await page
    .getByRole('dialog', { name: 'Cancel the application?' })
    .getByRole('button', { name: 'Cancel application' })
    .click();
  await expect(banner(page)).toContainText('Canceled');
  await expect(page.getByTestId('as-operations').getByRole('button', { name: 'Cancel application' })).toHaveCount(0);
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('cancel before delivery: the unshipped rest at full price, approved by the seller', async ({ page }) => {
    test.setTimeout(150_000);
    await asBuyer(page);
    const orders = await page.request.post('/sapi/mall-order/web/order/pageTradeOrderForBuyer', {
      data: { pageSize: 50, searchStatus: 'UN_DELIVERY' },
      headers: CSRF,
    });
    const partly = (await orders.json()).data.find(
      (o: { operationList: string[]; tradeOrderLineList: { deliveredQty: string }[] }) =>
        o.tradeOrderLineList.some((l) => l.deliveredQty !== '0') &&
        o.tradeOrderLineList.some((l) => l.deliveredQty === '0'),
    );
    expect(partly).toBeTruthy();
    await page.goto(`/buyer/order/detail/${partly.id}`);
    await page.getByRole('button', { name: 'Apply for after-sales' }).click();
    const dialog = page.getByTestId('apply-dialog');
    await dialog.getByTestId('apply-type-SALE_CANCEL_BEFORE_DELIVERY').click();
    // Every unshipped line goes, without a choice.
    await expect(dialog.getByRole('checkbox', { checked: true })).toHaveCount(1);
    await dialog.getByTestId('apply-next').click();
    await expect(page.getByTestId('fixed-qty').locator('visible=true')).toHaveText(['Quantity: 1']);
    await expect(page.getByTestId('refund-amount')).toBeDisabled();
    await choose(page, page.getByTestId('apply-page'), 'After-sales reason', 'Delivery takes too long');
    await page.getByTestId('apply-submit').click();
    await expect(page.getByText('Submitted successfully')).toBeVisible();
    await expect(page).toHaveURL(`/buyer/order/detail/${partly.id}`);

    const mine = (await myReverses(page, 'processing')).find(
      (r) => r.tradeOrder.id === partly.id && r.reverseTradeOrderType === 'SALE_CANCEL_BEFORE_DELIVERY',
    )!;
    const s = await sellerCard(page, mine.reverseTradeOrderCode);
    const card = await s.open();
    await card.getByRole('button', { name: `Approve after-sale ${mine.reverseTradeOrderCode}` }).click();
    await s.seller.getByTestId('decision-confirm').click();
    await expect(card.getByTestId('reverse-status')).not.toHaveText(/review/i);
    await s.close();
    await expect(async () => {
      await page.goto(`/buyer/as/detail/${mine.id}`);
      await expect(banner(page)).toBeVisible();
      await expect(banner(page)).toContainText('Refunded', { timeout: 2000 });
    }).toPass({ timeout: 45_000 });
  });

  test("exchange: the replacement's logistics, then confirmed receipt", async ({ page }) => {
    await asBuyer(page);
    const ex = await one(page, 'WAITING_FOR_BUYER_CONFIRMED', 'SALE_EXCHANGE');
    await page.goto(`/buyer/as/detail/${ex.id}`);
    await expect(page.getByTestId('as-exchange-item')).toBeVisible();
    await page.getByTestId('as-operations').getByRole('button', { name: 'View logistics' }).click();
    await expect(page).toHaveURL(/\/buyer\/m-logistics/);
    await page.getByTestId('logistics-tab-EXCHANGE').click();
    await expect(page.getByTestId('as-shipment').getByTestId('tracking-code')).toHaveText('JD014600000000000001');
    await page.getByTestId('logistics-tab-RETURN').click();
    await expect(page.getByTestId('as-shipment').getByTestId('tracking-code')).toHaveText('1ZRETURN0000000003');
    await page.goBack();
    await page.getByTestId('as-operations').getByRole('button', { name: 'Confirm receipt' }).click();
    await page
      .getByRole('dialog', { name: 'Confirm receipt?' })
      .getByRole('button', { name: 'Confirm receipt' })
      .click();
    await expect(banner(page)).toContainText('Completed');
  });

  test('send back on a phone: the carrier picker is a bottom sheet', async ({ page }) => {
    await asBuyer(page);
    const ret = await one(page, 'WAITING_FOR_BUYER_RETURN', 'SALE_RETURN');
    await page.goto(`/buyer/as/detail/${ret.id}`);
    await page.getByTestId('as-operations').getByRole('button', { name: 'Send back items' }).click();
    await expect(page).toHaveURL(`/buyer/send-back-items?id=${ret.id}`);
    await page.getByTestId('send-back-submit').click();
    await expect(page.getByText('Please enter logistics company')).toBeVisible();
    await expect(page.getByText('Please enter tracking number')).toBeVisible();
    await page.getByTestId('carrier-sheet-button').click();
    // Choosing closes the sheet (check() would then wait for a radio that is gone): the field shows the choice.
    await page.getByTestId('carrier-sheet').getByRole('radio', { name: 'FedEx' }).click();
    await expect(page.getByTestId('carrier-sheet')).toBeHidden();
    await expect(page.getByTestId('carrier-sheet-button')).toHaveText('FedEx');
    await page.getByRole('textbox', { name: 'Tracking number' }).fill('771234567999');
    await page.getByTestId('send-back-submit').click();
    await expect(page).toHaveURL(`/buyer/as/detail/${ret.id}`);
    await expect(banner(page)).toContainText('Waiting for inspection');
  });
});
