import { expect, test } from './test';
import { amountOf } from './helpers';

test('browse to an item, add it, change quantity and see the cart total', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Standing Desk E7' }).click();
  await expect(page.getByRole('heading', { name: 'Standing Desk E7' })).toBeVisible();
  // The catalog's B2C/B2B code means nothing to a shopper: no badge of it.
  await expect(page.getByRole('main').getByText(/^B2[BC]$/)).toHaveCount(0);
  await page.getByText('White / 140x70', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'White / 140x70' })).toBeChecked();
  const unit = amountOf(await page.getByTestId('item-price').innerText());
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Added 1 item to cart')).toBeVisible();
  await expect(page.getByRole('link', { name: /Cart, 1 lines/ }).first()).toBeVisible();

  await page.getByRole('link', { name: 'View cart' }).click();
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-line')).toContainText('White / 140x70');
  expect(amountOf(await page.getByTestId('cart-total').innerText())).toBeCloseTo(unit, 2);

  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(page.getByRole('textbox', { name: 'Quantity of Standing Desk E7' })).toHaveValue('2');
  await expect.poll(async () => amountOf(await page.getByTestId('cart-total').innerText())).toBeCloseTo(unit * 2, 2);

  // Typing past the maximum is clamped to 10.
  const qty = page.getByRole('textbox', { name: 'Quantity of Standing Desk E7' });
  await qty.fill('50');
  await qty.press('Enter');
  await expect(qty).toHaveValue('10');
  await expect.poll(async () => amountOf(await page.getByTestId('cart-total').innerText())).toBeCloseTo(unit * 10, 2);
});

test('weight items take decimal quantities with their unit, lines group by shop, unselected lines leave the total', async ({
  page,
}) => {
  await page.goto('/item/office-coffee-beans');
  const perKg = amountOf(await page.getByTestId('item-price').innerText());
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(page.getByRole('textbox', { name: 'Quantity' })).toHaveValue('1.5');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Added 1.5 kg to cart')).toBeVisible();

  await page.goto('/item/cable-tray');
  const tray = amountOf(await page.getByTestId('item-price').innerText());
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Added 1 item to cart')).toBeVisible();

  await page.goto('/cart');
  await expect(page.getByRole('region', { name: 'Nordic Home' })).toContainText('Office Coffee Beans');
  await expect(page.getByRole('region', { name: 'FlexiDesk Official' })).toContainText('Under-desk Cable Tray');
  const expected = Math.round(perKg * 1.5 * 100) / 100 + tray;
  await expect.poll(async () => amountOf(await page.getByTestId('cart-total').innerText())).toBeCloseTo(expected, 2);

  // The box follows the cart's state, which the click changes right after (optimistically, then by the server).
  const trayBox = page.getByRole('checkbox', { name: 'Select Under-desk Cable Tray' });
  await trayBox.click();
  await expect(trayBox).not.toBeChecked();
  await expect
    .poll(async () => amountOf(await page.getByTestId('cart-total').innerText()))
    .toBeCloseTo(Math.round(perKg * 1.5 * 100) / 100, 2);

  // Checkout receives the selected lines only.
  await page.getByTestId('checkout-button').click();
  await expect(page).toHaveURL('/checkout');
  await expect(page.getByTestId('checkout-line')).toHaveCount(1);
  await expect(page.getByTestId('checkout-line')).toContainText('1.5 kg');

  // Removing asks first.
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Remove Under-desk Cable Tray' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
});

test('opening checkout without lines goes back to the cart', async ({ page }) => {
  await page.goto('/checkout');
  await expect(page).toHaveURL('/cart');
  await expect(page.getByText('Your cart is empty')).toBeVisible();
});
