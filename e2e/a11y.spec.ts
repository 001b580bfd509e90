import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './test';
import { addToCart, choose, goToCheckout, logIn, signUp } from './helpers';

/**
 * axe on the pages a buyer lands on: no serious or critical violation (WCAG 2.x A/AA and axe's
 * best practices, plus "label-content-name-mismatch": a link or button named differently from
 * its visible text, which axe ships as experimental).
 */
async function expectNoSeriousViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    // Mantine's notifications and drawers animate in; scan what stays on the page.
    .exclude('.mantine-Notifications-root')
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n${v.nodes
        .slice(0, 5)
        .map((n) => `  ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ')}`)
        .join('\n')}`,
  );
  // Soft: one run lists every page's violations.
  expect.soft(report, `${label}:\n${report.join('\n')}`).toEqual([]);
}

async function scanHomeAndItem(page: Page, viewport: string) {
  await page.goto('/');
  await expect(page.getByRole('link', { name: /Standing Desk E7/ }).first()).toBeVisible();
  await expectNoSeriousViolations(page, `home (${viewport})`);

  await page.goto('/item/standing-desk-e7');
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeVisible();
  // The reviews section's heading is there at once; its body (rating bars, list) comes when the
  // section is scrolled onto the screen, which on a phone is below the first one.
  await expect(page.getByRole('heading', { name: 'Ratings & reviews' })).toBeAttached();
  if (viewport === 'phone') {
    await expect(page.getByTestId('star-bar-5')).toHaveCount(0);
    // The review count under the title jumps there: focus on the heading, and the body loads.
    await page.getByTestId('item-rating-summary').getByRole('link').click();
    await expect(page.getByRole('heading', { name: 'Ratings & reviews' })).toBeFocused();
  } else {
    await page.getByTestId('item-reviews').scrollIntoViewIfNeeded();
  }
  await expect(page.getByTestId('star-bar-5')).toBeVisible();
  await expectNoSeriousViolations(page, `item (${viewport})`);
}

test('home, item page and login page', async ({ page }) => {
  await scanHomeAndItem(page, 'desktop');

  await page.goto('/login');
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
  await expectNoSeriousViolations(page, 'login');
});

test('buyer centre and order list', async ({ page }) => {
  await logIn(page, 'buyer@demo.shop');
  await expect(page.getByTestId('greeting')).toContainText('Demo Buyer');
  await page.goto('/buyer/index');
  await expect(page.getByRole('navigation', { name: 'User centre menu' })).toBeVisible();
  await expectNoSeriousViolations(page, 'buyer centre');

  await page.goto('/buyer/orders');
  await expect(page.getByTestId('order-card').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'orders');

  await page.goto('/buyer/address');
  await expect(page.getByTestId('address-card').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'address book');
});

test('checkout with saved address cards', async ({ page }) => {
  // A fresh account: the demo buyer's cart belongs to the checkout spec.
  await signUp(page, 'a11y');
  await page.goto('/buyer/create-address');
  const form = page.getByRole('main');
  await form.getByRole('textbox', { name: 'First name' }).fill('Ada');
  await form.getByRole('textbox', { name: 'Last name' }).fill('Lovelace');
  await choose(page, form, 'Gender', 'Female');
  await form.getByRole('textbox', { name: 'Email' }).fill('ada@example.com');
  await form.getByRole('textbox', { name: 'Phone' }).fill('4155550123');
  await choose(page, form, 'State/province', 'California');
  await choose(page, form, 'City', 'San Francisco');
  await form.getByRole('textbox', { name: 'Postal code' }).fill('94103');
  await form.getByRole('textbox', { name: 'Street and house number' }).fill('1 Market St');
  await form.getByRole('textbox', { name: 'Apartment, suite, floor' }).fill('Apt 5');
  await choose(page, form, 'How did you hear about us?', 'Online search');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page).not.toHaveURL(/create-address/);

  await addToCart(page, 'standing-desk-e7');
  await goToCheckout(page, 1);
  await expect(page.getByTestId('checkout-address')).toHaveCount(1);
  await expect(page.getByTestId('sum-total')).toBeVisible();
  await expectNoSeriousViolations(page, 'checkout');
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('home and item page on a phone', async ({ page }) => {
    await scanHomeAndItem(page, 'phone');
  });
});
