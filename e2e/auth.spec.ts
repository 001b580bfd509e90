import { expect, test } from './test';
import { DEMO_PASSWORD, expectLoggedOut, logIn, uniqueEmail } from './helpers';

test('sign up, log out and log in again, returning to the target page', async ({ page }) => {
  const email = uniqueEmail('e2e');
  await page.goto('/signup');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Name (optional)' }).fill('Ada');
  await page.getByRole('textbox', { name: 'Password' }).fill('correct horse');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByTestId('greeting')).toContainText(', Ada');
  await expect(page).toHaveURL('/');

  await page.getByRole('button', { name: 'Log out' }).click();
  await expectLoggedOut(page);
  await expect(page.getByTestId('greeting')).not.toContainText('Ada');

  await logIn(page, email, 'correct horse', '/cart');
  await expect(page).toHaveURL('/cart');
  await expect(page.getByTestId('greeting')).toContainText(', Ada');
});

test('wrong password shows the error and keeps the buyer logged out', async ({ page }) => {
  await logIn(page, 'buyer@demo.shop', 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password');
  await expect(page).toHaveURL(/\/login/);
  await expectLoggedOut(page);
});

test('signing up with a registered email is refused with a clear message', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('textbox', { name: 'Email' }).fill('buyer@demo.shop');
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('alert')).toHaveText('This email is already registered');
});

test('the client validates with the server schema before sending', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
  await page.getByRole('textbox', { name: 'Password' }).fill('short');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Please enter at least 8 characters')).toBeVisible();
});
