import { expect, test } from './test';

test('switching the site changes currency and language; the language menu overrides it', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'All products' })).toBeVisible();
  const usPrice = await page.getByTestId('item-card').first().innerText();
  expect(usPrice).toContain('$');

  await page.getByTestId('site-switcher').click();
  await page.getByRole('menuitem', { name: /^DE/ }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('All products');
  await expect(page.getByTestId('item-card').first()).toContainText('€');

  // The choice is kept in a cookie: a reload stays on the German site.
  await page.reload();
  await expect(page.getByTestId('site-switcher')).toContainText('DE');
  await expect(page.getByTestId('item-card').first()).toContainText('€');

  await page.getByTestId('language-switcher').click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'All products' })).toBeVisible();
  await expect(page.getByTestId('item-card').first()).toContainText('€');

  await page.getByTestId('site-switcher').click();
  await page.getByRole('menuitem', { name: /^JP/ }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  // Yen has no minor unit.
  await expect(page.getByTestId('item-card').first()).toContainText(/[¥￥][\d,]+$/m);
});
