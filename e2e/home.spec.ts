import { expect, test } from '@playwright/test';

test('the kind chips narrow the home page to one kind of item, keep it in the URL, and All shows every kind again', async ({ page }) => {
  await page.goto('/');
  const cards = page.getByTestId('item-card');
  await expect(cards.first()).toBeVisible();
  const everything = await cards.count();
  await expect(page.getByRole('radio', { name: 'All' })).toBeChecked();

  await page.locator('label', { hasText: 'DIY bundle' }).click();
  await expect(page).toHaveURL(/[?&]type=DIY\b/);
  await expect(page.getByRole('radio', { name: 'DIY bundle' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'All' })).not.toBeChecked();
  await expect.poll(() => cards.count()).toBeLessThan(everything);
  for (const card of await cards.all()) await expect(card).toContainText('DIY bundle');

  // A reload (or a shared link) opens the same choice.
  await page.reload();
  await expect(page.getByRole('radio', { name: 'DIY bundle' })).toBeChecked();
  for (const card of await cards.all()) await expect(card).toContainText('DIY bundle');

  // From the keyboard: the focused chip is picked with Space.
  await page.getByRole('radio', { name: 'All' }).focus();
  await page.keyboard.press('Space');
  await expect(page).not.toHaveURL(/type=/);
  await expect.poll(() => cards.count()).toBe(everything);
});
