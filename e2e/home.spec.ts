import { expect, test } from './test';

test('the kind chips narrow the home page to one kind of item, keep it in the URL, and All shows every kind again', async ({
  page,
}) => {
  // What the shop sells, all kinds and the DIY bundles alone (the home page shows up to 48).
  const count = async (query: string) =>
    ((await (await page.request.get(`/api/catalog/items?pageSize=48${query}`)).json()) as { data: unknown[] }).data
      .length;
  const everything = await count('');
  const bundles = await count('&type=DIY');
  expect(bundles).toBeGreaterThan(0);
  expect(bundles).toBeLessThan(everything);

  await page.goto('/');
  const cards = page.getByTestId('item-card');
  // The tiles come in slices of two after the first four: wait for all of them.
  await expect(cards).toHaveCount(everything);
  await expect(page.getByRole('radio', { name: 'All' })).toBeChecked();

  await page.locator('label', { hasText: 'DIY bundle' }).click();
  await expect(page).toHaveURL(/[?&]type=DIY\b/);
  await expect(page.getByRole('radio', { name: 'DIY bundle' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'All' })).not.toBeChecked();
  await expect(cards).toHaveCount(bundles);
  for (const card of await cards.all()) await expect(card).toContainText('DIY bundle');

  // A reload (or a shared link) opens the same choice.
  await page.reload();
  await expect(page.getByRole('radio', { name: 'DIY bundle' })).toBeChecked();
  await expect(cards).toHaveCount(bundles);
  for (const card of await cards.all()) await expect(card).toContainText('DIY bundle');

  // From the keyboard: the focused chip is picked with Space.
  await page.getByRole('radio', { name: 'All' }).focus();
  await page.keyboard.press('Space');
  await expect(page).not.toHaveURL(/type=/);
  await expect(cards).toHaveCount(everything);
});
