import { expect, test } from './test';
import { logIn, signUp } from './helpers';

/**
 * The enter step bar runs through the product (SPEC §2, §6): a buyer applies, the platform
 * operator passes the application, the buyer opens the seller console; once the operator
 * freezes the new seller, the merchant link shows the frozen info dialog first (SPEC §4).
 * Only the new seller is frozen: seller@ and seller2@ stay active for the other specs.
 */
test('a buyer applies, the operator approves, the new seller opens the console and later sees the frozen dialog', async ({
  page,
  browser,
}) => {
  // Two browsers and four roles' worth of pages on a shared 2-core machine.
  test.setTimeout(180_000);
  await signUp(page, 'applicant');
  const shopName = `Desk Studio ${Date.now()}`;
  await page.getByRole('navigation').getByRole('link', { name: 'Merchant' }).click();
  await expect(page).toHaveURL('/merchant/apply');
  await page.getByRole('textbox', { name: 'Shop name' }).fill(shopName);
  await page.getByRole('textbox', { name: 'Contact person' }).fill('Pat Applicant');
  await page.getByRole('textbox', { name: 'Phone' }).fill('+1 415 555 0123');
  await page.getByRole('button', { name: 'Submit application' }).click();
  await expect(page).toHaveURL('/merchant/audit');
  await expect(page.getByText(`Your application for ${shopName} has been submitted`)).toBeVisible();

  // The operator reviews it in its own browser.
  const opContext = await browser.newContext();
  const op = await opContext.newPage();
  await logIn(op, 'operator@demo.shop', undefined, '/operator/merchant-applications');
  await expect(op.getByRole('heading', { name: 'Operator console' })).toBeVisible();
  const card = op.getByTestId('application').filter({ hasText: shopName });
  await card.getByRole('button', { name: 'Pass' }).click();
  await op.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(card).toHaveCount(0);

  // The applicant sees the review result and opens the seller backend.
  await page.reload();
  await expect(page.getByTestId('review-result')).toContainText(`${shopName} has passed the review`);
  await page.getByRole('link', { name: 'Open the seller backend' }).click();
  await expect(page).toHaveURL('/merchant-console/orders');
  await expect(page.getByRole('heading', { name: 'Seller backend' })).toBeVisible();

  // The operator freezes the new seller.
  await op.getByRole('tab', { name: 'Sellers' }).click();
  const row = op.getByTestId('seller-row').filter({ hasText: shopName });
  await row.getByRole('button', { name: /^Freeze/ }).click();
  await op.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(row).toContainText('Frozen');
  await opContext.close();

  // The merchant link now shows the info dialog before the backend opens.
  await page.goto('/');
  await page.getByRole('navigation').getByRole('link', { name: 'Merchant' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your shop is frozen' });
  await expect(dialog.getByTestId('merchant-state-info')).toHaveText(
    'You are frozen, query and history delivery/after-sales rights only.',
  );
  await expect(page).toHaveURL('/');
  await dialog.getByRole('button', { name: 'Continue to the backend' }).click();
  await expect(page).toHaveURL('/merchant-console/orders');
});
