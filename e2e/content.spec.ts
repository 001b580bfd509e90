import { expect, test } from './test';

/** Articles, the German forum and the policy pages on the DE site (SPEC §2, §7 "Article"). */
test('on the DE site a forum post and the AGB show in German', async ({ page }) => {
  // Five page loads in two languages on a shared 2-core machine.
  test.setTimeout(120_000);
  await page.goto('/');
  await page.getByTestId('site-switcher').click();
  await page.getByRole('menuitem', { name: /^DE/ }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  // The articles page lists the German articles and the forum's posts.
  await page.goto('/articles');
  await expect(page.getByRole('heading', { level: 1, name: 'Artikel' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'So finden Sie den richtigen Stehschreibtisch' }).first()).toBeVisible();
  const forum = page.getByRole('region', { name: 'Forum' });
  await forum.getByRole('link', { name: 'Erfahrungsbericht: Drei Monate am Stehschreibtisch' }).click();
  await expect(page).toHaveURL(/\/bbs\/post-detail\/\d+$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Erfahrungsbericht: Drei Monate am Stehschreibtisch' }),
  ).toBeVisible();
  await expect(page.getByRole('article')).toContainText('Kaum noch Verspannungen im Nacken');

  // The footer's AGB link opens the German terms with their sections.
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: /AGB|Geschäftsbedingungen/ })
    .click();
  await expect(page).toHaveURL('/agb');
  await expect(page.getByRole('heading', { level: 1, name: 'Allgemeine Geschäftsbedingungen (AGB)' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '§ 5 Widerrufsrecht' })).toBeVisible();
  await expect(page.getByRole('article')).toContainText('19 %');
  await page.goto('/datenschutzerklaerung');
  await expect(page.getByRole('heading', { level: 1, name: 'Datenschutzerklärung' })).toBeVisible();

  // Another site's article is not found here.
  await page.goto('/articles/999999');
  await expect(page.getByRole('alert')).toContainText('Diesen Artikel gibt es auf dieser Website nicht');
});
