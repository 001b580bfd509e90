import { expect, test, type Page } from './test';
import {
  addToCart,
  amountOf,
  answerQuizAndAgree,
  approveOnMockpay,
  fillShippingAddress,
  goToCheckout,
  logIn,
  payNowToMockpay,
  signUp,
  uniqueEmail,
} from './helpers';

// The demo buyer (buyer@demo.shop) has two saved US addresses (default: San Francisco), coupons
// and points. Their cart and coupons are shared state, so every spec using that account lives in
// the serial block below; the others use guests or freshly signed-up accounts.

/** Removes every line of the current cart through the cart page. */
async function emptyCart(page: Page) {
  await page.goto('/cart');
  const lines = page.getByTestId('cart-line');
  await expect(page.getByText('Your cart is empty').or(lines.first())).toBeVisible();
  for (let n = await lines.count(); n > 0; n--) {
    await lines
      .first()
      .getByRole('button', { name: /^Remove / })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect(lines).toHaveCount(n - 1);
  }
  await expect(page.getByText('Your cart is empty')).toBeVisible();
}

const total = async (page: Page) => amountOf(await page.getByTestId('sum-total').innerText());

test.describe('demo buyer with saved addresses', () => {
  test.describe.configure({ mode: 'serial' });

  test('checks out with the default address and coupons, changing a coupon changes the total', async ({ page }) => {
    await logIn(page, 'buyer@demo.shop');
    await expect(page.getByTestId('greeting')).toContainText('Demo Buyer');
    await emptyCart(page);
    await addToCart(page, 'standing-desk-e7');
    await addToCart(page, 'monitor-lamp');
    const previews: { selectedAddress?: { id?: string } }[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/checkout/preview') && new URL(page.url()).pathname === '/checkout')
        previews.push(r.postDataJSON());
    });
    await goToCheckout(page, 2);

    // The saved default address is preselected, and the checkout's one preview already priced it
    // (not a first one without an address and a second with it).
    const address = page.getByRole('region', { name: 'Shipping address' });
    await expect(address.getByRole('button', { pressed: true })).toContainText('2 Market St, Suite 400');
    expect(previews).toHaveLength(1);
    expect(previews[0]!.selectedAddress?.id).toBeTruthy();

    // Best coupons are preselected: a shop coupon per shop and a mall coupon.
    const summary = page.getByTestId('order-summary');
    await expect(summary.getByText('Shop discounts')).toBeVisible();
    await expect(summary.getByText('Coupons', { exact: true })).toBeVisible();
    expect(amountOf(await page.getByTestId('sum-shop-discount').innerText())).toBeGreaterThan(0);
    expect(amountOf(await page.getByTestId('sum-platform-discount').innerText())).toBeGreaterThan(0);
    await expect(page.getByTestId('coupons-link')).toHaveText('3 coupons applied');
    const before = await total(page);

    // Swap the 15% member coupon for the $5 mall coupon: a smaller discount, a higher total.
    await page.getByTestId('coupons-link').click();
    const modal = page.getByRole('dialog', { name: 'Coupons' });
    await expect(modal.getByTestId('coupon')).toHaveCount(4);
    await expect(modal.getByRole('radio', { name: 'Member 15% off' })).toBeChecked();
    await modal.getByRole('radio', { name: 'Mall $5 off' }).check();
    await expect(modal.getByRole('radio', { name: 'Member 15% off' })).not.toBeChecked();
    await modal.getByRole('button', { name: 'Use selected' }).click();
    await expect(modal).toBeHidden();
    await expect.poll(() => total(page)).toBeGreaterThan(before);
    await expect(page.getByTestId('sum-platform-discount')).toHaveText('-$5.00');
    const amount = await page.getByTestId('sum-total').innerText();

    await answerQuizAndAgree(page);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByTestId('payment-step')).toBeVisible();
    // Pay now creates the order and hands over to MockPay for the amount shown in the summary.
    await payNowToMockpay(page, amount);
    await approveOnMockpay(page);

    // The bought lines left the cart.
    await page.goto('/cart');
    await expect(page.getByText('Your cart is empty')).toBeVisible();
  });

  test('pickup in store needs a pickup point; the list shows distances in miles', async ({ page }) => {
    await logIn(page, 'buyer@demo.shop');
    await expect(page.getByTestId('greeting')).toContainText('Demo Buyer');
    await emptyCart(page);
    await addToCart(page, 'standing-desk-e7');
    await goToCheckout(page, 1);
    await expect(
      page.getByRole('region', { name: 'Shipping address' }).getByRole('button', { pressed: true }),
    ).toContainText('San Francisco');

    const methods = page.getByRole('region', { name: 'Shipping method' });
    await methods.getByRole('radio', { name: 'Pick up in store' }).check();
    const point = page.getByTestId('pickup-point');
    await expect(point).toContainText('Please select a pickup point');
    await expect(page.getByTestId('sum-shipping')).toHaveText('Free');

    await answerQuizAndAgree(page);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    const tip = page.getByRole('dialog', { name: 'Tip' });
    await expect(tip).toContainText('Please select a pickup point');
    await tip.getByRole('button', { name: 'OK' }).click();
    await expect(tip).toBeHidden();

    await point.getByRole('button', { name: 'Choose pickup point' }).click();
    const list = page.getByRole('dialog', { name: 'Choose a pickup point' });
    const stores = list.getByTestId('pickup-store');
    await expect(stores.first()).toContainText('FlexiDesk SoMa Showroom');
    await expect(stores.first()).toContainText('0.96 mi');
    // Only stores near the address, nearest first, each with its distance.
    await expect(stores).toHaveCount(2);
    await expect(stores.nth(1)).toContainText('FlexiDesk San Jose');
    await expect(stores.nth(1)).toContainText(/\d+\.\d{2} mi/);
    await stores.first().getByRole('button', { name: 'Pick up here' }).click();
    await expect(list).toBeHidden();
    await expect(point).toContainText('FlexiDesk SoMa Showroom · 600 Townsend St, San Francisco · 0.96 mi');

    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByTestId('payment-step')).toBeVisible();
  });

  test.describe('mobile', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test('step 0 renders with the footer summary; the saved address changes through the bottom drawer', async ({
      page,
    }) => {
      await logIn(page, 'buyer@demo.shop');
      await expect(page).toHaveURL('/');
      await emptyCart(page);
      await addToCart(page, 'monitor-lamp');
      await goToCheckout(page, 1);

      for (const id of [
        'countdown',
        'shipping-address',
        'notify',
        'quick-quiz',
        'invite-code',
        'billing-address',
        'shipping-methods',
        'privacy',
        'items',
        'order-summary',
      ]) {
        await expect(page.getByTestId(id)).toBeVisible();
      }
      const footer = page.getByTestId('mobile-footer');
      await expect(footer).toBeVisible();
      await expect(footer).toContainText('Total');
      await expect(footer).toContainText(await page.getByTestId('sum-total').innerText());
      await expect(footer.getByRole('button', { name: 'Continue to payment' })).toBeVisible();
      // The summary's own button is the desktop one.
      await expect(page.getByTestId('order-summary').getByRole('button', { name: 'Continue to payment' })).toBeHidden();

      // A phone shows only the chosen address (the others are in the page for a desktop, hidden by CSS).
      const address = page.getByRole('region', { name: 'Shipping address' });
      const shown = address.getByTestId('checkout-address').filter({ visible: true });
      await expect(shown).toHaveCount(1);
      await expect(shown).toContainText('2 Market St');
      await address.getByRole('button', { name: 'Change address' }).click();
      const drawer = page.getByRole('dialog', { name: 'Select an address' });
      await expect(drawer.getByTestId('checkout-address')).toHaveCount(2);
      await drawer.getByTestId('checkout-address').filter({ hasText: '350 5th Ave' }).click();
      await expect(drawer).toBeHidden();
      await expect(shown).toHaveCount(1);
      await expect(shown).toContainText('350 5th Ave, Floor 20');
      await expect(shown).toContainText('New York');

      await answerQuizAndAgree(page);
      await footer.getByRole('button', { name: 'Continue to payment' }).click();
      await expect(page.getByTestId('payment-step')).toBeVisible();
      // Step 1 pays inside the payment section; the footer belongs to step 0.
      await expect(footer).toBeHidden();
      await expect(page.getByTestId('pay-MOCKPAY')).toBeVisible();
    });
  });
});

test('guest checks out with a typed address; continuing with an empty form shows a tip', async ({ page }) => {
  await addToCart(page, 'cable-tray');
  await goToCheckout(page, 1);

  await page.getByRole('button', { name: 'Continue to payment' }).click();
  const tip = page.getByRole('dialog', { name: 'Tip' });
  await expect(tip.getByTestId('tip-message')).toContainText('Shipping address: please check First name, Last name');
  await tip.getByRole('button', { name: 'OK' }).click();
  await expect(tip).toBeHidden();

  const email = uniqueEmail('guest');
  await fillShippingAddress(page, email);

  // The address is complete now; the next thing asked for is the quick quiz, by its question.
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(tip.getByTestId('tip-message')).toContainText('Please answer “How did you hear about us?”');
  await tip.getByRole('button', { name: 'OK' }).click();
  await expect(tip).toBeHidden();

  await answerQuizAndAgree(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByTestId('payment-step')).toBeVisible();
  const amount = await page.getByTestId('sum-total').innerText();
  await payNowToMockpay(page, amount);
  await approveOnMockpay(page);

  // The bought line left the guest's cart.
  await page.goto('/cart');
  await expect(page.getByText('Your cart is empty')).toBeVisible();
});

test('Continue before the address schema has arrived still names the missing address fields', async ({ page }) => {
  // The schema the typed address is checked with loads after the fields paint; here it is slow.
  await page.route('**/assets/formSchemas-*.js', async (route) => {
    await new Promise((r) => setTimeout(r, 2500));
    await route.continue();
  });
  await addToCart(page, 'cable-tray');
  await goToCheckout(page, 1);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  const tip = page.getByRole('dialog', { name: 'Tip' });
  await expect(tip.getByTestId('tip-message')).toContainText('Shipping address: please check First name, Last name');
  await expect(page.getByTestId('payment-step')).toHaveCount(0);
});

test('promotion code: length check, apply and remove, unknown code', async ({ page }) => {
  await signUp(page);
  await addToCart(page, 'standing-desk-e7');
  await goToCheckout(page, 1);
  const before = await total(page);
  await expect(page.getByTestId('sum-promo-discount')).toHaveCount(0);

  await page.getByRole('button', { name: 'Have a promotion code?' }).click();
  const code = page.getByRole('textbox', { name: 'Promotion code' });
  const box = page.getByTestId('promo-box');
  await code.fill('ABC');
  await box.getByRole('button', { name: 'Apply' }).click();
  await expect(box).toContainText('enter a code of length 4-20');

  await code.fill('SAVE5');
  await box.getByRole('button', { name: 'Apply' }).click();
  await expect(box).toContainText('Coupon code used successfully');
  await expect(code).toBeDisabled();
  await expect(code).toHaveValue('SAVE5');
  await expect(page.getByTestId('order-summary').getByText('Promotion code', { exact: true })).toBeVisible();
  await expect(page.getByTestId('sum-promo-discount')).toHaveText('-$5.00');
  await expect.poll(() => total(page)).toBeLessThan(before);

  await box.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByTestId('sum-promo-discount')).toHaveCount(0);
  await expect.poll(() => total(page)).toBe(before);

  await page.getByRole('textbox', { name: 'Promotion code' }).fill('NOSUCHCODE');
  await page.getByTestId('promo-box').getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('promo-box')).toContainText('This coupon code cannot be used');
  await expect(page.getByTestId('sum-promo-discount')).toHaveCount(0);
  expect(await total(page)).toBe(before);
});

test('Japan site offers delivery day and time choices', async ({ page }) => {
  await addToCart(page, 'cable-tray');
  // Switch the site through the top bar; the interface turns Japanese.
  await page.goto('/');
  await page.getByTestId('site-switcher').click();
  await page.getByRole('menuitem', { name: /^JP/ }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');

  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-total')).toContainText(/[¥￥]/);
  await page.getByTestId('checkout-button').click();
  await expect(page).toHaveURL('/checkout');
  await expect(page.getByTestId('sum-total')).toContainText(/[¥￥][\d,]+$/);

  const delivery = page.getByTestId('delivery-time');
  await expect(delivery).toBeVisible();
  const [day, time] = [delivery.getByRole('combobox').nth(0), delivery.getByRole('combobox').nth(1)];
  await expect(delivery.getByRole('combobox')).toHaveCount(2);
  // Native selects: "No preference" first, then the seven days.
  const days = day.getByRole('option');
  await expect(days).toHaveCount(8);
  await expect(day.locator('option:checked')).toHaveText('指定なし');
  const firstDay = (await days.nth(1).innerText()).trim();
  expect(firstDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await day.selectOption({ label: firstDay });
  await expect(day).toHaveValue(firstDay);
  await time.selectOption({ label: '14:00-16:00' });
  await expect(time).toHaveValue('14:00-16:00');
});

test("the checkout's buttons hold their labels in German and Japanese, on a desktop and a phone", async ({ page }) => {
  await addToCart(page, 'monitor-lamp');
  for (const [language, productList] of [
    ['de', /^Produktliste 1 /],
    ['ja', /^商品一覧 1 /],
  ] as const) {
    expect(
      (
        await page.request.post('/api/preferences', { data: { language }, headers: { 'x-mall-request': '1' } })
      ).status(),
    ).toBe(200);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await goToCheckout(page, 1);
      // The summary's thumbnails open the product list (its name: the hidden title and the counts).
      await expect(page.getByRole('button', { name: productList })).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      const cut = await page.evaluate(() =>
        [...document.querySelectorAll('button')]
          .filter((b) => b.checkVisibility() && b.scrollWidth > b.clientWidth)
          .map((b) => `${b.textContent.trim()}: ${b.scrollWidth} in ${b.clientWidth}`),
      );
      expect(cut, `${language}, ${width} px`).toEqual([]);
    }
  }
});
