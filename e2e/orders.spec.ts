import { expect, test, type BrowserContext, type Locator, type Page } from './test';
import { DEMO_PASSWORD, placeTwoShopCheckout, signUp } from './helpers';

// The demo buyer (buyer@demo.shop) has an order in every status (see apps/server/src/seed/orders.ts).
// Each test works on its own order, and other spec files may add orders for the same buyer while
// these run: counts are read from the page, never assumed.

const PAGE_SIZE = 5;
const countIn = (label: string) => Number(/\((\d+)\)/.exec(label)?.[1] ?? NaN);

/**
 * Logs the page's context in as `email`. Login is rate limited per address (10 a minute), so each
 * worker logs in once per account and later tests reuse that session's cookie.
 */
const sessions = new Map<string, Promise<Awaited<ReturnType<BrowserContext['cookies']>>>>();
async function signIn(page: Page, email: string) {
  const cached = sessions.get(email);
  if (cached) {
    await page.context().addCookies(await cached);
    return;
  }
  const login = (async () => {
    const res = await page.request.post('/api/auth/login', {
      data: { email, password: DEMO_PASSWORD },
      headers: { 'x-mall-request': '1' },
    });
    expect(res.status(), await res.text()).toBe(200);
    return page.context().cookies();
  })();
  sessions.set(email, login);
  await login.catch((e) => {
    sessions.delete(email);
    throw e;
  });
}

async function openOrders(page: Page, email: string, query = '') {
  await signIn(page, email);
  await page.goto(`/buyer/orders${query}`);
  await expect(page.getByTestId('order-card').first()).toBeVisible();
  await settled(page);
}

/** Waits for the list to show the current filters (the previous page stays while the next loads). */
async function settled(page: Page) {
  await expect(page.getByTestId('order-list')).toHaveAttribute('aria-busy', 'false');
}

/** The order card holding every given text. */
function card(page: Page, ...texts: string[]): Locator {
  return texts.reduce((l, text) => l.filter({ hasText: text }), page.getByTestId('order-card'));
}

test('desktop list: status tabs with counts, filters and pages of five', async ({ page }) => {
  await openOrders(page, 'buyer@demo.shop');
  const allTab = page.getByRole('tab', { name: /^All \(\d+\)$/ });
  await expect(allTab).toHaveAttribute('aria-selected', 'true');
  const total = countIn(await allTab.innerText());
  expect(total).toBeGreaterThanOrEqual(15);
  for (const name of ['To be paid', 'To be shipped', 'To be received', 'Finished']) {
    await expect(page.getByRole('tab', { name: new RegExp(`^${name} \\(\\d+\\)$`) })).toBeVisible();
  }
  await expect(page.getByTestId('canceled-filter')).toBeVisible();

  // Pages of five: as many page buttons as the count asks for.
  const cards = page.getByTestId('order-card');
  await expect(cards).toHaveCount(PAGE_SIZE);
  const pages = Math.ceil(total / PAGE_SIZE);
  await expect(page.getByRole('button', { name: `Page ${pages}`, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: `Page ${pages + 1}`, exact: true })).toHaveCount(0);
  const firstOnPage1 = await cards.first().getByTestId('order-code').innerText();
  await page.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL(/pageNo=2/);
  await settled(page);
  await expect(cards.first().getByTestId('order-code')).not.toHaveText(firstOnPage1);
  await expect(cards).toHaveCount(Math.min(PAGE_SIZE, total - PAGE_SIZE));
  await page.getByRole('button', { name: `Page ${pages}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`pageNo=${pages}`));
  await settled(page);
  await expect(cards).toHaveCount(total - (pages - 1) * PAGE_SIZE);

  // A tab filters by status and goes back to the first page.
  const toPay = page.getByRole('tab', { name: /^To be paid \(\d+\)$/ });
  const toPayCount = countIn(await toPay.innerText());
  await toPay.click();
  await expect(page).toHaveURL(/status=PENDING_PAY/);
  await expect(page).not.toHaveURL(/pageNo=/);
  await settled(page);
  await expect(
    cards.getByTestId('order-status').filter({ hasNotText: /^(To be paid|Deposit to be paid|Balance to be paid)$/ }),
  ).toHaveCount(0);
  await expect(cards).toHaveCount(Math.min(PAGE_SIZE, toPayCount));

  // The extra 'canceled' filter: closed, canceled and refunded orders.
  await page.getByTestId('canceled-filter').click();
  await expect(page).toHaveURL(/status=CANCEL_ALL/);
  await settled(page);
  await expect(
    cards.getByTestId('order-status').filter({ hasNotText: /^(Closed|Canceled|Canceled and refunded)$/ }),
  ).toHaveCount(0);
  await expect(cards.first()).toBeVisible();

  // Search by item name; weight items show their unit.
  await page.getByRole('tab', { name: /^All/ }).click();
  await expect(page).not.toHaveURL(/status=/);
  await settled(page);
  await page.getByRole('textbox', { name: 'Search orders' }).fill('Coffee');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/keyword=Coffee/);
  await settled(page);
  await expect(card(page, 'Office Coffee Beans').first().getByTestId('line-qty').first()).toHaveText('1.5 kg');

  // Time filter goes into the URL too.
  await page.getByRole('textbox', { name: 'Search orders' }).fill('');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('combobox', { name: 'Order time' }).selectOption({ label: 'Last 3 months' });
  await expect(page).toHaveURL(/timespan=LAST_3_MONTHS/);
  await settled(page);
  await expect(cards.first()).toBeVisible();
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('cards load page by page while scrolling, down to the end-of-list divider', async ({ page }) => {
    await openOrders(page, 'buyer@demo.shop');
    // A native select: its value is the tab, the chosen option's text carries the count.
    const status = page.getByRole('combobox', { name: 'Order status' });
    const chosen = status.locator('option:checked');
    await expect(chosen).toHaveText(/^All \(\d+\)$/);
    const total = countIn(await chosen.innerText());
    const cards = page.getByTestId('order-card');
    await expect(cards).toHaveCount(PAGE_SIZE);
    await expect(page.getByTestId('end-of-list')).toHaveCount(0);

    for (let loaded = PAGE_SIZE; loaded < total; loaded = Math.min(total, loaded + PAGE_SIZE)) {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(cards).toHaveCount(Math.min(total, loaded + PAGE_SIZE));
    }
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.getByTestId('end-of-list')).toContainText('No more orders');
    await expect(cards).toHaveCount(total);

    // The status dropdown replaces the tabs.
    await expect(status.getByRole('option', { name: /^Finished \(\d+\)$/ })).toHaveCount(1);
    await status.selectOption('COMPLETE');
    await expect(page).toHaveURL(/status=COMPLETE/);
    await settled(page);
    await expect(cards.getByTestId('order-status').filter({ hasNotText: /^Finished$/ })).toHaveCount(0);
    await expect(cards.first()).toBeVisible();
  });
});

test('multi-package order: detail, then confirm each package until the order is received', async ({ page }) => {
  await openOrders(page, 'buyer@demo.shop', '?status=UN_RECEIVED');
  const order = card(page, 'Standing Desk E7', 'Desktop Board Oak 140', 'Ergonomic Chair C7');
  await order.getByTestId('order-code').click();
  await expect(page).toHaveURL(/\/buyer\/order\/detail\/\d+$/);
  const detail = page.getByTestId('order-detail');
  await expect(detail.getByTestId('detail-status')).toHaveText('To be received');
  await expect(detail.getByTestId('detail-lines').getByTestId('order-line')).toHaveCount(3);
  await expect(detail.getByTestId('receipt-deadline')).toContainText('Receipt is confirmed automatically on');
  await expect(detail.getByTestId('remark')).toContainText('Please call before delivery');
  const orderId = new URL(page.url()).pathname.split('/').pop();

  await detail.getByRole('button', { name: 'Confirm receipt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm receipt of packages' });
  const packages = dialog.getByTestId('package-card');
  await expect(packages).toHaveCount(2);
  await expect(packages.first()).toContainText('UPS');
  await expect(packages.nth(1)).toContainText('FedEx');
  await packages
    .first()
    .getByRole('button', { name: /^Confirm receipt of package / })
    .click();
  await expect(page.getByText('Receipt confirmed')).toBeVisible();
  await expect(packages).toHaveCount(1);
  await packages
    .first()
    .getByRole('button', { name: /^Confirm receipt of package / })
    .click();

  await expect(page).toHaveURL(`/confirm-success?orderId=${orderId}`);
  await expect(page.getByRole('heading', { name: 'Successfully received' })).toBeVisible();
  // Every part centred, the two buttons of one width: side by side on a desktop, stacked on a phone.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    const layout = await page.getByTestId('confirm-success').evaluate((paper) => {
      const box = paper.getBoundingClientRect();
      const centre = box.left + box.width / 2;
      const parts = [
        paper.querySelector('h1')!,
        paper.querySelector('p')!,
        paper.querySelector('[data-testid="confirm-success-actions"]')!,
      ];
      return {
        offCentre: parts.map((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          const r = range.getBoundingClientRect();
          return Math.round(Math.abs(r.left + r.width / 2 - centre));
        }),
        buttons: [...paper.querySelectorAll('a')].map((a) => {
          const r = a.getBoundingClientRect();
          return { width: Math.round(r.width), top: Math.round(r.top) };
        }),
      };
    });
    for (const off of layout.offCentre) expect(off, `${width} px: ${layout.offCentre}`).toBeLessThanOrEqual(1);
    expect(layout.buttons).toHaveLength(2);
    expect(layout.buttons[0]!.width, `${width} px`).toBe(layout.buttons[1]!.width);
    if (width === 390) expect(layout.buttons[0]!.top).toBeLessThan(layout.buttons[1]!.top);
    else expect(layout.buttons[0]!.top).toBe(layout.buttons[1]!.top);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('link', { name: 'View order' }).click();
  await expect(page.getByTestId('detail-status')).toHaveText('Finished');
});

test('postpone the receipt deadline reports the days added', async ({ page }) => {
  await openOrders(page, 'buyer@demo.shop', '?status=UN_RECEIVED');
  const order = card(page, 'DIY Desk Bundle');
  await order.getByRole('button', { name: 'Extend receipt time' }).click();
  const dialog = page.getByRole('dialog', { name: 'Extend receipt time' });
  await dialog.getByRole('button', { name: 'Extend', exact: true }).click();
  await expect(page.getByText('extension succeeded, days extended by 5')).toBeVisible();
  await expect(dialog).toBeHidden();
});

test('logistics page: carrier, tracking number with copy and the timeline', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openOrders(page, 'buyer@demo.shop', '?status=COMPLETE');
  await card(page, 'On-site Assembly Service').getByRole('button', { name: 'Track package' }).click();
  await expect(page).toHaveURL(/\/buyer\/express-trick\/\d+$/);
  const pkg = page.getByTestId('package-card');
  await expect(pkg).toHaveCount(1);
  await expect(pkg.getByTestId('carrier')).toHaveText('UPS');
  await expect(pkg.getByTestId('tracking-code')).toHaveText('1Z999AA10000000002');
  await expect(pkg.getByTestId('package-status')).toHaveText('Received');
  const entries = pkg.getByTestId('track-entry');
  await expect(entries).toHaveCount(4);
  await expect(entries.first()).toContainText('Delivered, signed by the buyer');
  await expect(entries.last()).toContainText('The seller handed the parcel to the carrier');
  await pkg.getByRole('button', { name: 'Copy tracking number 1Z999AA10000000002' }).click();
  await expect(page.getByText('Copied successfully')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('1Z999AA10000000002');
  // A received package has nothing left to confirm.
  await expect(pkg.getByRole('button', { name: /Confirm receipt/ })).toHaveCount(0);
});

test('cancel an unpaid order after confirming; it moves to the canceled filter', async ({ page }) => {
  await openOrders(page, 'buyer@demo.shop', '?status=PENDING_PAY');
  // The seeded unpaid desk order ($550.17).
  const order = card(page, 'Standing Desk E7', '$550.17');
  await expect(order).toHaveCount(1);
  await expect(order.getByTestId('pay-countdown')).toContainText('Pay within');
  const code = await order.getByTestId('order-code').innerText();
  // An order placed alone: nothing about orders placed together (once the dialog knows).
  const detailRead = page.waitForResponse((r) => r.url().endsWith('/libquerytradeorderdetailbyidforbuyer'));
  await order.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel order' });
  await expect(dialog).toContainText('Do you want to cancel this order?');
  await detailRead;
  await expect(dialog).not.toContainText('placed together');
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText('order canceled successfully')).toBeVisible();
  await expect(page.getByTestId('order-code').filter({ hasText: code })).toHaveCount(0);

  await page.getByTestId('canceled-filter').click();
  await expect(page).toHaveURL(/status=CANCEL_ALL/);
  await settled(page);
  const canceled = page
    .getByTestId('order-card')
    .filter({ has: page.getByTestId('order-code').filter({ hasText: code }) });
  await expect(canceled.getByTestId('order-status')).toHaveText('Canceled');
  await expect(canceled.getByRole('button', { name: 'Buy again' })).toBeVisible();
});

test('cancelling one order of a two-shop checkout says the other is canceled with it, and both are', async ({
  page,
}) => {
  await signUp(page, 'together');
  const codes = await twoShopOrderCodes(page);
  await page.goto('/buyer/orders?status=PENDING_PAY');
  await settled(page);
  const first = page
    .getByTestId('order-card')
    .filter({ has: page.getByTestId('order-code').filter({ hasText: codes[0]! }) });
  await first.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel order' });
  await expect(dialog.getByTestId('cancel-together')).toContainText(
    'Orders placed together are paid together, so they are canceled together.',
  );
  await expect(dialog.getByTestId('cancel-together')).toContainText(`Paid together with order ${codes[1]}`);
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText('order canceled successfully')).toBeVisible();
  await page.goto('/buyer/orders?status=CANCEL_ALL');
  await settled(page);
  for (const code of codes) await expect(page.getByTestId('order-code').filter({ hasText: code })).toHaveCount(1);
});

/** The two orders' codes of a desk-and-lamp checkout (placeTwoShopCheckout), unpaid. */
async function twoShopOrderCodes(page: Page): Promise<string[]> {
  const { tradeOrderIdList } = await placeTwoShopCheckout(page);
  return Promise.all(
    tradeOrderIdList.map(
      async (id) =>
        (
          await (
            await page.request.post('/sapi/mall-order/web/order/libquerytradeorderdetailbyidforbuyer', {
              data: { id },
              headers: { 'x-mall-request': '1' },
            })
          ).json()
        ).tradeOrderCode as string,
    ),
  );
}

test('buy again puts the order lines in the cart', async ({ page }) => {
  // Nordic Home's seller also buys; the other demo accounts' carts belong to other tests.
  await openOrders(page, 'seller2@demo.shop', '?status=COMPLETE');
  const order = card(page, 'Under-desk Cable Tray');
  await expect(order.getByTestId('line-qty').first()).toHaveText('× 4');
  await order.getByRole('button', { name: 'Buy again' }).click();
  await expect(page.getByText('added 1 item to cart')).toBeVisible();
  await expect(page).toHaveURL('/cart');
  const line = page.getByTestId('cart-line').filter({ hasText: 'Under-desk Cable Tray' });
  await expect(line).toHaveCount(1);
  await expect(line.getByRole('textbox', { name: 'Quantity of Under-desk Cable Tray' })).toHaveValue('4');
  // Leave the cart as it was.
  await line.getByRole('button', { name: /Remove/ }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Remove/ })
    .click();
  await expect(line).toHaveCount(0);
});

test('enterprise main account: sub-account filter, pending main account payment, paid by main', async ({ page }) => {
  await openOrders(page, 'main@demo.shop');
  const cards = page.getByTestId('order-card');
  const account = page.getByRole('combobox', { name: 'Whose orders' });
  await expect(account.locator('option:checked')).toHaveText('All orders');
  // The sub-account pending approval is not offered.
  await expect(account.getByRole('option')).toHaveText([
    'All orders',
    'My order',
    'All sub-account orders',
    'Acme Purchasing',
  ]);
  await account.selectOption({ label: 'Acme Purchasing' });
  await expect(page).toHaveURL(/account=sub%3A\d+|account=sub:\d+/);
  await settled(page);
  await expect(cards.filter({ hasNot: page.getByTestId('sub-account') })).toHaveCount(0);
  await expect(cards.first()).toBeVisible();
  await expect(cards.getByTestId('sub-account').first()).toHaveText('Sub-account: Acme Purchasing');
  await expect(card(page, 'Ergonomic Chair C7').getByTestId('paid-by-main')).toHaveText('Paid by main account');

  await account.selectOption({ label: 'My order' });
  await expect(page).toHaveURL(/account=mine/);
  await settled(page);
  await expect(cards.first()).toBeVisible();
  await expect(cards.getByTestId('sub-account')).toHaveCount(0);

  await account.selectOption({ label: 'All orders' });
  // The URL holds the filter: the box follows once the navigation has committed.
  const mainPay = page.getByRole('checkbox', { name: 'Pending Main Account Payment' });
  await mainPay.click();
  await expect(mainPay).toBeChecked();
  await expect(page).toHaveURL(/mainPay=1/);
  await settled(page);
  await expect(cards.filter({ hasNot: page.getByTestId('master-pending') })).toHaveCount(0);
  await expect(cards.first()).toBeVisible();
  await expect(cards.filter({ hasNot: page.getByTestId('sub-account') })).toHaveCount(0);
  await expect(card(page, 'Standing Desk E7', '$533.95').getByRole('button', { name: 'Pay now' })).toBeVisible();
});

test('guest lookup by order number and email shows the order read-only with its shipments', async ({ browser }) => {
  // The number of the demo buyer's oldest order, as the buyer sees it.
  const buyer = await browser.newContext();
  const page = await buyer.newPage();
  await openOrders(page, 'buyer@demo.shop', '?status=COMPLETE');
  const oldest = card(page, 'Under-desk Cable Tray').filter({ hasNotText: 'On-site Assembly Service' });
  const code = (await oldest.getByTestId('order-code').innerText()).replace('Order No. ', '');
  await buyer.close();

  const guest = await browser.newContext();
  const g = await guest.newPage();
  await g.goto('/buyer/orders');
  await g.getByTestId('guest-lookup-link').click();
  await expect(g).toHaveURL('/order-lookup');
  const form = g.getByRole('form', { name: 'Find your order' });
  await form.getByRole('textbox', { name: 'Order number' }).fill(code);
  await form.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
  await form.getByRole('button', { name: 'Find order' }).click();
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();

  await form.getByRole('textbox', { name: 'Email' }).fill('someone@example.com');
  await form.getByRole('button', { name: 'Find order' }).click();
  await expect(g.getByTestId('lookup-error')).toHaveText('No order matches this order number and email.');

  await form.getByRole('textbox', { name: 'Email' }).fill('buyer@demo.shop');
  await form.getByRole('button', { name: 'Find order' }).click();
  const detail = g.getByTestId('order-detail');
  await expect(detail.getByTestId('detail-code')).toHaveText(`Order No. ${code}`);
  await expect(detail.getByTestId('detail-status')).toHaveText('Finished');
  await expect(detail.getByTestId('order-operations')).toHaveCount(0);
  const pkg = detail.getByTestId('package-card');
  await expect(pkg).toHaveCount(1);
  await expect(pkg.getByTestId('track-entry')).toHaveCount(4);
  await guest.close();
});
