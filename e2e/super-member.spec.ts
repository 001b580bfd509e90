import { expect, test, type Page } from './test';
import {
  addToCart,
  amountOf,
  answerQuizAndAgree,
  approveOnMockpay,
  fillShippingAddress,
  logIn,
  payNowToMockpay,
  signUp,
  uniqueEmail,
} from './helpers';

// Super member, my coupons and the user centre home. The super member is bought by a freshly
// signed-up buyer (the demo buyer's prices stay as the other specs expect them).

/** Page loads (checkout's first preview above all) take longer on a busy machine. */
const slow = expect.configure({ timeout: 30_000 });

async function cartToCheckout(page: Page) {
  await page.goto('/cart');
  await slow(page.getByTestId('cart-line')).toHaveCount(1);
  await page.getByTestId('checkout-button').click();
  await slow(page.getByTestId('checkout-line')).toHaveCount(1);
}

test('buy the super member yearly with MOCKPAY, then see the member price at checkout', async ({ page }) => {
  test.setTimeout(300_000);
  await signUp(page, 'super');
  // Before: the cable tray's checkout as a plain buyer.
  await addToCart(page, 'cable-tray');
  await cartToCheckout(page);
  const email = uniqueEmail('super');
  await fillShippingAddress(page, email);
  await slow(page.getByTestId('sum-shipping')).not.toHaveText('Free');
  const plainTotal = amountOf(await page.getByTestId('sum-total').innerText());
  await expect(page.getByTestId('sum-member-discount')).toHaveCount(0);

  await page.goto('/user/super-member');
  await expect(page.getByTestId('super-member-status')).toContainText('You are not a super member yet');
  const yearly = page.getByTestId('plan-YEARLY');
  await expect(yearly.getByTestId('plan-price')).toContainText('$99.99');
  await yearly.getByRole('button', { name: 'Join' }).click();
  await expect(page).toHaveURL('/checkout');
  await slow(page.getByTestId('checkout-line')).toHaveCount(1);
  await expect(page.getByTestId('checkout-line')).toContainText('Super member');
  await fillShippingAddress(page, email);
  await answerQuizAndAgree(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByTestId('payment-step')).toBeVisible();
  await payNowToMockpay(page);
  await approveOnMockpay(page);

  await page.goto('/user/super-member');
  const status = page.getByTestId('super-member-status');
  await expect(status).toContainText('You are a super member');
  const nextYear = new Date();
  nextYear.setFullYear(nextYear.getFullYear() + 1);
  await expect(status).toContainText(String(nextYear.getFullYear()));
  await expect(yearly.getByRole('button', { name: 'Renew' })).toBeVisible();

  // After: the same tray costs less, with free shipping and the member discount.
  await cartToCheckout(page);
  await fillShippingAddress(page, email);
  await slow(page.getByTestId('sum-shipping')).toHaveText('Free');
  await expect.poll(async () => amountOf(await page.getByTestId('sum-total').innerText())).toBeLessThan(plainTotal);
  // The member price is named in the summary: the super member's 5 % off the goods.
  await expect(page.getByTestId('sum-member-discount')).toContainText('-$');
});

test('my coupons: available, used and expired tabs', async ({ page }) => {
  test.setTimeout(180_000);
  await logIn(page, 'buyer@demo.shop');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/buyer/my-coupons');
  await slow(page.getByRole('heading', { name: 'My coupons' })).toBeVisible();
  const cards = page.getByTestId('my-coupon');
  // The checkout spec uses the demo buyer's coupons meanwhile: the tab's count says how many are left
  // (four at start), and a page shows up to four of them.
  const availableTab = page.getByTestId('coupon-tab-AVAILABLE');
  await slow(availableTab).toContainText(/Available \(\d+\)/);
  const available = Number(/\((\d+)\)/.exec(await availableTab.innerText())![1]);
  expect(available).toBeGreaterThanOrEqual(1);
  await slow(cards).toHaveCount(Math.min(available, 4));
  for (const card of await cards.all()) {
    await expect(card.getByTestId('coupon-value')).toHaveText(/^(\d+% off|\$\d+\.\d{2})$/);
    await expect(card.getByRole('link', { name: 'Use now' })).toHaveAttribute('href', '/');
  }

  await page.getByTestId('coupon-tab-USED').click();
  await expect(page).toHaveURL('/buyer/my-coupons?tab=USED');
  // Two used in the demo data, more once the checkout spec has used some.
  await slow(cards.first()).toContainText('Used');
  expect(await cards.count()).toBeGreaterThanOrEqual(2);
  await page.getByTestId('coupon-tab-EXPIRED').click();
  await slow(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: 'Summer member 20% off' }).getByTestId('coupon-value')).toHaveText('20% off');

  // The menu entry is there, and a buyer without coupons reads the empty state.
  await expect(
    page.getByRole('navigation', { name: 'User centre menu' }).getByRole('link', { name: 'My coupons' }),
  ).toBeVisible();
});

test('a new buyer has no coupons in any tab', async ({ page }) => {
  test.setTimeout(180_000);
  await signUp(page, 'nocoupons');
  for (const tab of ['AVAILABLE', 'USED', 'EXPIRED']) {
    await page.goto(`/buyer/my-coupons?tab=${tab}`);
    await slow(page.getByText('You currently have no coupons available')).toBeVisible();
  }
});

test('the user centre home shows counts with working links', async ({ page }) => {
  test.setTimeout(180_000);
  await logIn(page, 'buyer@demo.shop');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/buyer/index');
  const home = page.getByTestId('buyer-home');
  await slow(home.getByTestId('home-greeting')).toContainText('Demo Buyer');
  await expect(home.getByTestId('home-coupons')).toContainText(/\d/);
  await expect(home.getByTestId('home-points')).toContainText(/\d/);
  await expect(home.getByTestId('home-latest-order')).toBeVisible();
  await expect(home.getByTestId('home-reviews')).toContainText(/\d+ orders? to review/);

  const toPay = home.getByTestId('home-orders-PENDING_PAY');
  await expect(toPay).toContainText(/^\d+/);
  const n = Number((await toPay.innerText()).match(/\d+/)![0]);
  await toPay.click();
  await expect(page).toHaveURL('/buyer/orders?status=PENDING_PAY');
  await slow(page.getByTestId('order-card')).toHaveCount(Math.min(n, 5));

  await page.goto('/buyer/index');
  await home.getByTestId('home-coupons').click();
  await expect(page).toHaveURL('/buyer/my-coupons');
  await expect(page.getByTestId('my-coupon').first()).toBeVisible();

  await page.goto('/buyer/index');
  await home.getByTestId('home-reviews').click();
  await expect(page).toHaveURL('/buyer/comments?status=unComment');
  await page.goto('/buyer/index');
  await home.getByTestId('home-after-sales').click();
  await expect(page).toHaveURL('/buyer/as-list');
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test('the super member page and my coupons fit a phone', async ({ page }) => {
    await logIn(page, 'maria@demo.shop');
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/user/super-member');
    await expect(page.getByTestId('super-member-status')).toContainText('You are a super member');
    await expect(page.getByTestId('plan-MONTHLY').getByRole('button', { name: 'Renew' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
