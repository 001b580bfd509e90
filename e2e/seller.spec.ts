import { expect, test, type Locator, type Page } from './test';
import { logIn } from './helpers';

// The seller console (/merchant-console/orders): seller@demo.shop sells in "FlexiDesk Official",
// seller2@demo.shop in "Nordic Home". The demo data gives FlexiDesk paid orders to ship; the
// shipping spec takes the newest two-line order of the demo buyer (tray x2 + chair) and ships it in
// two packages. The other specs only read or are refused, so they can run beside it.

const CSRF = { 'x-mall-request': '1' };

interface SellerOrderJson {
  id: string;
  tradeOrderCode: string;
  shopName: string;
  buyerName: string;
  status: string;
  lines: { id: string; tradeQty: string; shippedQty: string }[];
}

async function sellerOrders(page: Page, status: string, keyword?: string): Promise<SellerOrderJson[]> {
  const res = await page.request.post('/api/merchant/orders', {
    data: { status, pageSize: 50, ...(keyword ? { keyword } : {}) },
    headers: CSRF,
  });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).data;
}

async function logOut(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
}

/** Logs in and opens the console through the top bar's merchant entry (SPEC §4: a seller opens the backend). */
async function openConsole(page: Page, email: string) {
  await logIn(page, email);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log out' })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Merchant entry' }).click();
  await expect(page).toHaveURL('/merchant-console/orders');
  await expect(page.getByRole('heading', { name: 'Seller backend', level: 1 })).toBeVisible();
}

/** Searches the current tab by order number; exactly that order remains. */
async function searchOrder(page: Page, code: string): Promise<Locator> {
  await page.getByRole('searchbox', { name: 'Order number' }).fill(code);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const orders = page.getByTestId('seller-order');
  await expect(orders).toHaveCount(1);
  await expect(orders.first().getByRole('heading', { name: `Order ${code}` })).toBeVisible();
  return orders.first();
}

test('seller ships an order and the buyer sees it', async ({ page }) => {
  await openConsole(page, 'seller@demo.shop');
  await expect(page.getByTestId('seller-shops')).toContainText('FlexiDesk Official');
  await expect(page.getByRole('tab', { name: 'To ship' })).toHaveAttribute('aria-selected', 'true');

  // The demo buyer's newest order with two lines still to ship (paid orders come oldest first).
  const candidates = (await sellerOrders(page, 'TO_SHIP')).filter(
    (o) => o.buyerName === 'Demo Buyer' && o.lines.length === 2 && o.lines.every((l) => l.shippedQty === '0'),
  );
  expect(candidates.length).toBeGreaterThan(0);
  const target = candidates[candidates.length - 1]!;
  const code = target.tradeOrderCode;
  let order = await searchOrder(page, code);
  await expect(order.getByTestId('order-status')).toHaveText('To be shipped');
  await expect(order.getByTestId('seller-line')).toHaveCount(2);

  // Package 1: only the first line (the second is left out with 0).
  const suffix = String(Date.now()).slice(-9);
  // Tracking numbers in their carriers' formats: UPS 1Z + 16, FedEx 12 digits.
  const first = `1ZE2E${suffix}0000`;
  const second = `7${suffix}00`;
  await order.getByRole('button', { name: `Ship order ${code}` }).click();
  let dialog = page.getByRole('dialog', { name: `Ship order ${code}` });
  const qty = dialog.getByTestId('ship-qty');
  await expect(qty).toHaveCount(2);
  await expect(qty.nth(0)).toHaveValue(target.lines[0]!.tradeQty);
  await qty.nth(1).fill('0');
  await dialog.getByRole('combobox', { name: 'Logistics company' }).click();
  await page.getByRole('option', { name: 'UPS', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Tracking number' }).fill(first);
  await dialog.getByRole('button', { name: 'Ship package' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Order ${code} still has products to ship.`)).toBeVisible();

  // Still to ship: one package on its way, the first line shipped in full.
  order = page.getByTestId('seller-order').first();
  const pkg1 = order.getByTestId('seller-package').filter({ hasText: first });
  await expect(pkg1).toContainText('UPS');
  await expect(pkg1).toContainText('In transit');
  await expect(pkg1).toContainText('The seller handed the parcel to UPS');
  await expect(order.getByTestId('seller-line').nth(0).getByRole('cell').nth(2)).toHaveText(target.lines[0]!.tradeQty);
  await expect(order.getByTestId('seller-line').nth(1).getByRole('cell').nth(2)).toHaveText('0');

  // Package 2: what is left (only the second line is offered any more).
  await order.getByRole('button', { name: `Ship order ${code}` }).click();
  dialog = page.getByRole('dialog', { name: `Ship order ${code}` });
  await expect(dialog.getByTestId('ship-qty')).toHaveCount(1);
  await dialog.getByRole('combobox', { name: 'Logistics company' }).click();
  await page.getByRole('option', { name: 'FedEx', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Tracking number' }).fill(second);
  await dialog.getByRole('button', { name: 'Ship package' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Everything in order ${code} has shipped; it is now under Shipped.`)).toBeVisible();
  // Everything left: the order is no longer to ship...
  await expect(page.getByText(`No orders found for "${code}"`)).toBeVisible();

  // ...but under Shipped, with both packages.
  await page.getByRole('tab', { name: 'Shipped' }).click();
  await expect(page).toHaveURL(/status=SHIPPED/);
  order = page.getByTestId('seller-order').first();
  await expect(order.getByTestId('order-status')).toHaveText('Shipped');
  await expect(order.getByTestId('seller-package')).toHaveCount(2);

  // A tracking event on the first package: required text, then saved on the timeline.
  await order.getByRole('button', { name: `Add tracking event for ${first}` }).click();
  const event = page.getByRole('dialog', { name: 'Add tracking event' });
  await event.getByRole('button', { name: 'Add event' }).click();
  await expect(event.getByText('Please describe the tracking event')).toBeVisible();
  await event.getByRole('textbox', { name: 'What happened' }).fill('Arrived at sorting center');
  await event.getByRole('textbox', { name: 'Location (optional)' }).fill('Reno, NV');
  await event.getByRole('button', { name: 'Add event' }).click();
  await expect(event).toBeHidden();
  const timeline = order
    .getByTestId('seller-package')
    .filter({ hasText: first })
    .getByRole('list', { name: 'Tracking events' });
  await expect(timeline.getByRole('listitem').first()).toContainText('Arrived at sorting center');
  await expect(timeline.getByRole('listitem').first()).toContainText('Reno, NV');

  // The buyer sees both tracking numbers and the event.
  await logOut(page);
  await logIn(page, 'buyer@demo.shop');
  await expect(page.getByTestId('greeting')).toContainText('Demo Buyer');

  const listed = await page.request.post('/sapi/mall-order/web/order/listPackage', {
    data: { id: target.id },
    headers: CSRF,
  });
  expect(listed.ok()).toBeTruthy();
  const shipments = (await listed.json()).shipments as {
    serviceCode: string;
    fulfillmentServiceProvider: { entityName: string };
    logisticsList: { context: string }[];
  }[];
  expect(shipments.map((s) => s.serviceCode).sort()).toEqual([first, second].sort());
  expect(shipments.find((s) => s.serviceCode === first)!.logisticsList[0]!.context).toBe('Arrived at sorting center');

  await page.goto(`/buyer/express-trick/${target.id}`);
  const card = page.getByTestId('package-card').filter({ hasText: first });
  await expect(card).toContainText('UPS');
  await expect(card.getByTestId('track-entry').first()).toContainText('Arrived at sorting center');
  await expect(page.getByTestId('package-card').filter({ hasText: second })).toContainText('FedEx');
});

test("seller2 does not see seller 1's orders", async ({ page }) => {
  // A FlexiDesk order number to look for.
  await openConsole(page, 'seller@demo.shop');
  const flexi = await sellerOrders(page, 'ALL');
  expect(flexi.length).toBeGreaterThan(0);
  expect(flexi.every((o) => o.shopName === 'FlexiDesk Official')).toBe(true);
  const theirs = flexi[0]!;
  await logOut(page);

  await openConsole(page, 'seller2@demo.shop');
  await expect(page.getByTestId('seller-shops')).toContainText('Nordic Home');
  await expect(page.getByTestId('seller-shops')).not.toContainText('FlexiDesk');
  await page.getByRole('tab', { name: 'All' }).click();
  const orders = page.getByTestId('seller-order');
  await expect(orders.first()).toBeVisible();
  for (const o of await orders.all()) await expect(o).toContainText('Nordic Home');
  await expect(page.getByTestId('seller-orders')).not.toContainText('FlexiDesk Official');

  // Not by search either, and the API refuses to ship it.
  await page.getByRole('searchbox', { name: 'Order number' }).fill(theirs.tradeOrderCode);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText(`No orders found for "${theirs.tradeOrderCode}"`)).toBeVisible();
  expect(await sellerOrders(page, 'ALL', theirs.tradeOrderCode)).toEqual([]);
  const ship = await page.request.post(`/api/merchant/orders/${theirs.id}/packages`, {
    data: { carrierId: '1', serviceCode: 'NOPE1234', lines: [{ tradeOrderLineId: theirs.lines[0]!.id, qty: '1' }] },
    headers: CSRF,
  });
  expect(ship.status()).toBe(404);
  expect((await ship.json()).code).toBe('Trade.tradeOrderNotExist');
});

test('the ship form validates carrier, tracking number and quantities', async ({ page }) => {
  await openConsole(page, 'seller@demo.shop');
  // An order the shipping spec does not touch: the enterprise sub-account's chair.
  const target = (await sellerOrders(page, 'TO_SHIP')).find((o) => o.buyerName === 'Acme Purchasing');
  expect(target).toBeTruthy();
  const order = await searchOrder(page, target!.tradeOrderCode);
  await order.getByRole('button', { name: `Ship order ${target!.tradeOrderCode}` }).click();
  const dialog = page.getByRole('dialog', { name: `Ship order ${target!.tradeOrderCode}` });
  const ship = dialog.getByRole('button', { name: 'Ship package' });

  // Nothing chosen: both required messages.
  await ship.click();
  await expect(dialog.getByText('Please enter logistics company')).toBeVisible();
  await expect(dialog.getByText('Please enter tracking number')).toBeVisible();

  // Letters and digits only.
  const tracking = dialog.getByRole('textbox', { name: 'Tracking number' });
  await tracking.fill('AB-12 34');
  await ship.click();
  await expect(dialog.getByText('Please enter a correct tracking number')).toBeVisible();
  // A UPS number is not a DHL one: the carrier's format, checked with the server's schema.
  await tracking.fill('1Z999AA10123456784');
  await dialog.getByRole('combobox', { name: 'Logistics company' }).click();
  await page.getByRole('option', { name: 'DHL Express', exact: true }).click();
  await expect(dialog.getByText('Please enter logistics company')).toBeHidden();
  await expect(tracking).toHaveAttribute('placeholder', 'e.g. 1234567890');
  await ship.click();
  await expect(dialog.getByText('This is not a DHL Express tracking number (for example 1234567890)')).toBeVisible();
  await tracking.fill('1234567890');
  await expect(dialog.getByText('Please enter a correct tracking number')).toBeHidden();
  await expect(dialog.getByText(/This is not a DHL Express tracking number/)).toBeHidden();

  // A package needs at least one product in it.
  await dialog.getByTestId('ship-qty').fill('0');
  await ship.click();
  await expect(dialog.getByText('Please enter a quantity for at least one product')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Nothing was shipped.
  const after = await sellerOrders(page, 'TO_SHIP', target!.tradeOrderCode);
  expect(after[0]!.lines[0]!.shippedQty).toBe('0');
  await expect(order.getByTestId('seller-package')).toHaveCount(0);
});

test('a buyer who does not sell is pointed to the seller application', async ({ page }) => {
  await logIn(page, 'buyer@demo.shop', undefined, '/merchant-console/orders');
  await expect(page).toHaveURL('/merchant-console/orders');
  await expect(page.getByRole('heading', { name: 'This page is for sellers', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Become a seller' })).toHaveAttribute('href', '/merchant/apply');
});

test('a pickup order is marked ready in the store: no carrier, the buyer gets a pickup code', async ({ page }) => {
  await openConsole(page, 'seller@demo.shop');
  // The demo buyer's store-pickup order (a cable tray at the SoMa showroom).
  const target = (await sellerOrders(page, 'TO_SHIP')).find(
    (o) => (o as unknown as { fulfillmentType: string }).fulfillmentType === 'PICKUP',
  );
  expect(target).toBeTruthy();
  const order = await searchOrder(page, target!.tradeOrderCode);
  await order.getByRole('button', { name: `Ship order ${target!.tradeOrderCode}` }).click();
  const dialog = page.getByRole('dialog', { name: `Ship order ${target!.tradeOrderCode}` });
  await expect(dialog.getByTestId('pickup-handover')).toContainText('FlexiDesk SoMa Showroom');
  await expect(dialog.getByRole('combobox', { name: 'Logistics company' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Ready for pickup' }).click();
  await expect(dialog).toBeHidden();
  const [shipped] = await sellerOrders(page, 'SHIPPED', target!.tradeOrderCode);
  expect(shipped!.status).toBe('UN_RECEIVED');

  await logOut(page);
  await logIn(page, 'buyer@demo.shop');
  await page.goto(`/buyer/express-trick/${target!.id}`);
  const pkg = page.getByTestId('package-card');
  await expect(pkg.getByTestId('carrier')).toHaveText('In-store pickup');
  await expect(pkg.getByTestId('tracking-code')).toHaveText(/^PU\d{8}$/);
  await expect(pkg.getByTestId('track-entry').first()).toContainText('Ready for pickup at FlexiDesk SoMa Showroom');
});
