/**
 * Bulk ("exceed") order requests end to end: a buyer sends an order request for the oversized
 * desk pack from checkout, the FlexiDesk seller answers in the thread and quotes an exclusive
 * price in the seller console, the buyer reads it, accepts, confirms the bulk order (addresses,
 * items, billing address) and pays with MOCKPAY; the shopping guide then shows every step done.
 * An enterprise sub-account's accepted bulk order, above its order limit, goes to the main
 * account ('Submit Master Account'), which finds it waiting for payment. And the whole
 * negotiation at phone width, the seller on a phone too.
 */
import { test, expect, type Page } from './test';
import {
  addToCart,
  approveOnMockpay,
  choose,
  expectChosen,
  goToCheckout,
  logIn,
  payNowToMockpay,
  signUp,
  uniqueEmail,
} from './helpers';

const pageWidth = (page: Page) =>
  page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));

/** The shipping address of the exceed checkout (which asks no notification contact). */
async function fillAddress(page: Page) {
  const form = page.getByRole('region', { name: 'Shipping address' });
  await form.getByRole('textbox', { name: 'First name' }).fill('Pat');
  await form.getByRole('textbox', { name: 'Last name' }).fill('Payer');
  await form.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('bulk-ship'));
  await form.getByRole('textbox', { name: 'Phone' }).fill('4155550123');
  await expectChosen(form.getByRole('combobox', { name: 'Country/region' }), 'United States');
  await choose(page, form, 'State/province', 'California');
  await choose(page, form, 'City', 'San Francisco');
  await form.getByRole('textbox', { name: 'Postal code' }).fill('94103');
  await form.getByRole('textbox', { name: 'Street and house number' }).fill('1 Market St');
  // The US site's quick question goes with a typed shipping address, for a request too.
  await choose(
    page,
    page.getByRole('region', { name: 'Quick question' }),
    'How did you hear about us?',
    'Online search',
  );
}

/** Signs up (or logs in as `account`), puts the desk pack in the cart and sends an order request; the new request's number. */
async function sendRequest(page: Page, requirements: string, account?: string): Promise<string> {
  if (account) await logIn(page, account);
  else await signUp(page, 'bulk');
  await addToCart(page, 'office-desk-pack-20');
  await goToCheckout(page, 1);
  await fillAddress(page);
  await page.getByRole('textbox', { name: 'Do you have any other requirements?' }).fill(requirements);
  // The preview refreshes a moment after the last address field and the button can move under the
  // pointer then; a second click sends the same request (one Idempotency-Key per checkout).
  await expect(async () => {
    await page.getByTestId('send-request').filter({ visible: true }).click({ timeout: 2000 });
    await expect(page).toHaveURL('/order-process', { timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  const card = page.getByTestId('bulk-request-card').first();
  await expect(card.getByTestId('bulk-status')).toHaveText('Waiting for quote');
  const title = await card.getByText(/^Request \d+/).textContent();
  return /Request (\d+)/.exec(title ?? '')![1]!;
}

test('a buyer asks for a bulk price, the seller quotes, the buyer accepts and pays with MOCKPAY', async ({
  page,
  browser,
}, testInfo) => {
  // Two parties and a payment: as long as the enterprise flow below (a loaded CI machine took over a minute).
  test.setTimeout(150_000);
  const requestId = await sendRequest(page, 'Deliver to loading dock B, weekdays only.');
  await expect(page.getByTestId('bulk-guide').first().locator('li[aria-current="step"]')).toContainText(
    'Negotiate details',
  );

  // The seller finds it among the requests to quote, writes and quotes.
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 1280, height: 900 },
  });
  const seller = await context.newPage();
  await logIn(seller, 'seller@demo.shop');
  await seller.goto('/merchant-console/bulk-requests');
  const row = seller.getByTestId('seller-bulk-request').filter({ hasText: `Request ${requestId}` });
  await expect(row.getByTestId('bulk-status')).toHaveText('Waiting for quote');
  await row.getByTestId('seller-bulk-open').click();
  await expect(seller).toHaveURL(`/merchant-console/bulk-requests/${requestId}`);
  await expect(seller.getByText('Deliver to loading dock B, weekdays only.')).toBeVisible();
  await seller.getByTestId('bulk-message-input').fill('Thanks! We can offer a project price for the pack.');
  await seller.getByTestId('bulk-message-send').click();
  await expect(seller.getByTestId('bulk-message')).toHaveCount(1);
  await seller.getByTestId('quote-unit-0').fill('7500');
  await seller.getByTestId('quote-shipping').fill('0');
  await seller.getByTestId('quote-send').click();
  await expect(seller.getByTestId('bulk-status')).toHaveText('Quoted');
  await expect(seller.getByTestId('bulk-quote')).toContainText('$7,500.00');
  await seller.screenshot({ path: '/tmp/bulk-seller-1280.png', fullPage: true });

  // The buyer sees the same thread and the exclusive price, answers and accepts.
  await page.goto(`/order-process/${requestId}`);
  await expect(page.getByTestId('bulk-status')).toHaveText('Quoted');
  await expect(page.getByTestId('bulk-message')).toContainText('We can offer a project price');
  await expect(page.getByTestId('quoted-unit')).toHaveText('Your price $7,500.00');
  await page.getByTestId('bulk-message-input').fill('Great, accepting now.');
  await page.getByTestId('bulk-message-send').click();
  await expect(page.getByTestId('bulk-message')).toHaveCount(2);
  await page.screenshot({ path: '/tmp/bulk-request-1280.png', fullPage: true });
  await page.getByTestId('bulk-accept').click();
  await expect(page).toHaveURL(/\/bulk-to-pay\/\d+$/);
  const amount = await page.getByTestId('bulk-amount').textContent();
  expect(amount).toMatch(/^\$8,\d{3}\.\d{2}$/); // $7,500 and San Francisco's sales tax

  // Confirm pay: addresses, items, summary; the billing address is changed before paying.
  await page.getByTestId('bulk-pay').click();
  await expect(page).toHaveURL(/\/checkout\?tradeContractId=\d+$/);
  const confirm = page.getByTestId('bulk-confirm');
  await expect(confirm.getByTestId('bulk-shipping-address')).toContainText('1 Market St');
  await expect(confirm.getByTestId('bulk-items')).toContainText('Office Desk Pack x20');
  await expect(confirm.getByTestId('bulk-items')).toContainText('$7,500.00');
  await expect(confirm.getByTestId('bulk-confirm-total')).toHaveText(amount!);
  await confirm.getByTestId('bulk-billing-edit').click();
  const billing = confirm.getByTestId('bulk-billing');
  await billing.getByRole('textbox', { name: 'Street and house number' }).fill('500 Howard St');
  await billing.getByTestId('bulk-billing-save').click();
  await expect(billing.getByTestId('bulk-billing-address')).toContainText('500 Howard St');
  await page.screenshot({ path: '/tmp/bulk-confirm-1280.png', fullPage: true });

  await payNowToMockpay(page, amount!);
  await approveOnMockpay(page);

  // Paid: every step of the guide is done; the seller sees it accepted.
  await page.goto(`/order-process/${requestId}`);
  await expect(page.getByTestId('bulk-status')).toHaveText('Accepted');
  await expect(page.getByTestId('bulk-guide').locator('li[data-done]')).toHaveCount(4);
  await expect(page.getByTestId('bulk-accept')).toHaveCount(0);
  await seller.goto('/merchant-console/bulk-requests?status=ACCEPTED');
  await expect(seller.getByTestId('seller-bulk-request').filter({ hasText: `Request ${requestId}` })).toBeVisible();
  await context.close();
});

// The desk pack is a B2B item: an enterprise account's bulk order is on net terms (NET_B2B), and is still paid through bulk-to-pay.
test("an enterprise sub-account's accepted bulk order over its limit is submitted to the main account", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  // sub1@demo.shop: Acme's approved sub-account with a $1,000 order limit.
  const requestId = await sendRequest(page, 'For the Acme office move, invoice to head office.', 'sub1@demo.shop');

  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 1280, height: 900 },
  });
  const seller = await context.newPage();
  await logIn(seller, 'seller@demo.shop');
  await seller.goto(`/merchant-console/bulk-requests/${requestId}`);
  await expect(seller.getByText('For the Acme office move, invoice to head office.')).toBeVisible();
  await seller.getByTestId('quote-unit-0').fill('7500');
  await seller.getByTestId('quote-shipping').fill('0');
  await seller.getByTestId('quote-send').click();
  await expect(seller.getByTestId('bulk-status')).toHaveText('Quoted');
  await context.close();

  await page.goto(`/order-process/${requestId}`);
  await expect(page.getByTestId('quoted-unit')).toHaveText('Your price $7,500.00');
  await page.getByTestId('bulk-accept').click();
  await expect(page).toHaveURL(/\/bulk-to-pay\/\d+$/);
  await page.getByTestId('bulk-pay').click();
  await expect(page).toHaveURL(/\/checkout\?tradeContractId=\d+$/);
  await expect(page.getByTestId('bulk-confirm').getByTestId('bulk-items')).toContainText('Office Desk Pack x20');
  // Above the sub-account's limit: no payment of its own, the main account pays.
  const section = page.getByTestId('payment-section');
  await expect(
    section.getByText('This order is above your order limit; submit it to the main account for payment.'),
  ).toBeVisible();
  await expect(section.getByTestId('pay-MOCKPAY')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/bulk-submit-master-1280.png', fullPage: true });
  await section.getByRole('button', { name: 'Submit Master Account' }).click();
  await expect(page).toHaveURL(/\/buyer\/pay-result\?status=master-pending&contractId=\d+/);
  await expect(page.getByRole('heading', { name: 'Submitted to the main account for payment' })).toBeVisible();
  const contractId = new URL(page.url()).searchParams.get('contractId')!;

  // The main account finds the bulk order waiting for it, named by its order number and the sub-account.
  const mainContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const main = await mainContext.newPage();
  await logIn(main, 'main@demo.shop');
  await expect(main).not.toHaveURL(/\/login/);
  await main.goto('/buyer/index');
  const payLink = main.getByTestId('master-pending').locator(`a[href="/buyer/pre-pay?contractId=${contractId}"]`);
  await expect(payLink.locator('xpath=..')).toContainText(/Order number \d{17}/);
  await expect(payLink.locator('xpath=..')).toContainText('Acme Purchasing');
  await mainContext.close();
});

/** goto on a page of a context the test made itself, used once React has hydrated it (e2e/test.ts holds only the fixture's page). */
async function open(page: Page, url: string) {
  await page.goto(url);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

test('at phone width: the buyer asks, the seller quotes from a phone, the buyer accepts and pays', async ({
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const phone = {
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  };
  const context = await browser.newContext(phone);
  const page = await context.newPage();
  const requestId = await sendRequest(page, 'Call before delivery.');
  // The request took the desk pack out of the cart: the top bar's count follows at once.
  await expect(page.getByRole('link', { name: 'Cart, 0 lines' })).toBeVisible();
  const card = page.getByTestId('bulk-request-card').filter({ hasText: `Request ${requestId}` });
  await expect(card).toContainText('Office Desk Pack x20');
  // The four steps stack: each below the one before.
  const steps = page.getByTestId('bulk-guide').first().locator('li');
  await expect(steps).toHaveCount(4);
  const [first, second] = [await steps.nth(0).boundingBox(), await steps.nth(1).boundingBox()];
  expect(second!.y).toBeGreaterThan(first!.y);
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: '/tmp/bulk-order-process-390.png', fullPage: true });

  await card.getByTestId('bulk-open').click();
  await expect(page).toHaveURL(`/order-process/${requestId}`);
  await expect(page.getByTestId('no-quote')).toBeVisible();
  await expect(page.getByTestId('bulk-message-input')).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: '/tmp/bulk-request-390.png', fullPage: true });

  // The seller, on a phone too, reads the request, answers and quotes.
  const sellerContext = await browser.newContext(phone);
  const seller = await sellerContext.newPage();
  await logIn(seller, 'seller@demo.shop');
  await expect(seller).not.toHaveURL(/\/login/);
  await open(seller, '/merchant-console/bulk-requests');
  const row = seller.getByTestId('seller-bulk-request').filter({ hasText: `Request ${requestId}` });
  await expect(row.getByTestId('bulk-status')).toHaveText('Waiting for quote');
  expect(await pageWidth(seller)).toBeLessThanOrEqual(390);
  await row.getByTestId('seller-bulk-open').click();
  await expect(seller).toHaveURL(`/merchant-console/bulk-requests/${requestId}`);
  await expect(seller.getByText('Call before delivery.')).toBeVisible();
  await seller.getByTestId('bulk-message-input').fill('We will call the day before. Project price below.');
  await seller.getByTestId('bulk-message-send').click();
  await expect(seller.getByTestId('bulk-message')).toHaveCount(1);
  await seller.getByTestId('quote-unit-0').fill('7400');
  await seller.getByTestId('quote-shipping').fill('25');
  await seller.getByTestId('quote-send').click();
  await expect(seller.getByTestId('bulk-status')).toHaveText('Quoted');
  await expect(seller.getByTestId('bulk-quote')).toContainText('$7,400.00');
  expect(await pageWidth(seller)).toBeLessThanOrEqual(390);
  await seller.screenshot({ path: '/tmp/bulk-seller-390.png', fullPage: true });

  // The buyer reads the answer and the exclusive price, accepts and confirms.
  await open(page, `/order-process/${requestId}`);
  await expect(page.getByTestId('bulk-status')).toHaveText('Quoted');
  await expect(page.getByTestId('bulk-message')).toContainText('We will call the day before.');
  await expect(page.getByTestId('quoted-unit')).toHaveText('Your price $7,400.00');
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: '/tmp/bulk-quoted-390.png', fullPage: true });
  await page.getByTestId('bulk-accept').click();
  await expect(page).toHaveURL(/\/bulk-to-pay\/\d+$/);
  const amount = await page.getByTestId('bulk-amount').textContent();
  expect(amount).toBe('$7,961.50'); // $7,400, $25 shipping and San Francisco's 7.25 % sales tax on the goods
  await page.getByTestId('bulk-pay').click();
  await expect(page).toHaveURL(/\/checkout\?tradeContractId=\d+$/);
  const confirm = page.getByTestId('bulk-confirm');
  await expect(confirm.getByTestId('bulk-items')).toContainText('Office Desk Pack x20');
  await expect(confirm.getByTestId('bulk-confirm-total')).toHaveText(amount!);
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: '/tmp/bulk-confirm-390.png', fullPage: true });

  await payNowToMockpay(page, amount!);
  await approveOnMockpay(page);

  // Paid: the guide's four steps are done; the seller's phone lists it as accepted.
  await open(page, `/order-process/${requestId}`);
  await expect(page.getByTestId('bulk-status')).toHaveText('Accepted');
  await expect(page.getByTestId('bulk-guide').locator('li[data-done]')).toHaveCount(4);
  await open(seller, '/merchant-console/bulk-requests?status=ACCEPTED');
  await expect(seller.getByTestId('seller-bulk-request').filter({ hasText: `Request ${requestId}` })).toBeVisible();
  await sellerContext.close();
  await context.close();
});
