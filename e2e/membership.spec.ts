import { expect, test } from './test';
import {
  addToCart,
  answerQuizAndAgree,
  approveOnMockpay,
  fillShippingAddress,
  goToCheckout,
  logIn,
  payNowToMockpay,
  signUp,
  uniqueEmail,
} from './helpers';

// Membership pages: the demo buyer's level card and progress, the benefits page, and the
// points centre with the lines a paid order writes (MOCKPAY for the payment).

test('the member page shows the level, the progress to the next one and the header links', async ({ page }) => {
  await logIn(page, 'buyer@demo.shop', undefined, '/user/member');
  const card = page.getByTestId('level-card');
  await expect(card.getByTestId('level-name')).toHaveText('Silver');
  // The checkout spec spends and earns the demo buyer's points meanwhile: a balance, not a figure.
  await expect(card.getByTestId('points')).toHaveText(/^\d{1,3}(,\d{3})*$/);
  await expect(card.getByText('Progress to Gold')).toBeVisible();
  await expect(card.getByTestId('missing')).toContainText('more in paid orders to reach Gold');
  const progress = Number(
    await card.getByTestId('level-progress').getByRole('progressbar').getAttribute('aria-valuenow'),
  );
  expect(progress).toBeGreaterThan(0);
  expect(progress).toBeLessThan(100);
  await expect(page.getByText('1.25x points on every order')).toBeVisible();

  // The member header links (SPEC §2), and the benefits page with the buyer's level marked.
  const nav = page.getByRole('navigation', { name: 'Membership' });
  for (const name of ['My level', 'Benefits', 'Points centre', 'Super member'])
    await expect(nav.getByRole('link', { name })).toBeVisible();
  await nav.getByRole('link', { name: 'Benefits' }).click();
  await expect(page).toHaveURL(/\/user\/member\/equity$/);
  await expect(page.getByTestId('level-SILVER').getByText('Your level')).toBeVisible();
  await expect(page.getByTestId('level-GOLD')).toContainText('3% member discount on goods');
  await expect(page.getByTestId('level-GOLD').getByText('Your level')).toHaveCount(0);
});

test('the points centre shows the demo history, filtered by kind', async ({ page }) => {
  await logIn(page, 'buyer@demo.shop', undefined, '/user/member/score');
  await expect(page.getByTestId('point-balance')).toHaveText(/^\d{1,3}(,\d{3})*$/);
  const table = page.getByTestId('point-history');
  await expect(table.locator('tr[data-kind]').first()).toBeVisible();
  await page.getByRole('combobox', { name: 'Show' }).selectOption({ label: 'Expired' });
  await expect(page).toHaveURL(/kind=EXPIRY/);
  await expect(table.locator('tr[data-kind]')).toHaveCount(1);
  await expect(table.locator('tr[data-kind="EXPIRY"]')).toContainText('-750');
});

test('after a paid order the points history shows the earned points', async ({ page }) => {
  // Sign-up, checkout, MockPay and its webhook: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  await signUp(page, 'points');
  await addToCart(page, 'cable-tray');
  await goToCheckout(page, 1);
  await fillShippingAddress(page, uniqueEmail('points'));
  await answerQuizAndAgree(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByTestId('payment-step')).toBeVisible();
  const amount = await page.getByTestId('sum-total').innerText();
  await payNowToMockpay(page, amount);
  await approveOnMockpay(page);
  await expect(page.getByTestId('pay-success')).toBeVisible({ timeout: 20_000 });

  await page.goto('/user/member/score');
  const earned = page.getByTestId('point-history').locator('tr[data-kind="EARN"]');
  await expect(earned).toHaveCount(1, { timeout: 15_000 });
  // Points: the amount paid in dollars, rounded up (an entry-level member earns x1).
  const paid = Number(amount.replace(/[^0-9.]/g, ''));
  await expect(earned).toContainText(`+${Math.ceil(paid)}`);
  await expect(page.getByTestId('point-balance')).toHaveText(Math.ceil(paid).toLocaleString('en-US'));
});
