/**
 * Forgotten password: the buyer solves the ALTCHA captcha in the real widget, gets
 * the code by email, reads it at /dev/mailbox (the embedded SMTP catcher's mail), sets a new
 * password and logs in with it.
 */
import { expect, test } from './test';

const CSRF = { 'x-mall-request': '1' };

test('reset a forgotten password with the code from the dev mailbox, then log in', async ({ page, context }) => {
  test.setTimeout(120_000);
  const email = `reset-${Date.now()}@example.com`;
  expect(
    (await page.request.post('/api/auth/signup', { data: { email, password: 'old-password-1' }, headers: CSRF })).ok(),
  ).toBe(true);
  await page.request.post('/api/auth/logout', { headers: CSRF });

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The URL changes first; the login form stays until the page has arrived (same 'Email' label).
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  // Proof of work: ticking the box makes the browser solve the challenge.
  await page.getByText("I'm not a robot", { exact: true }).click();
  await expect(page.getByText('Verified')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(`We sent a code to ${email}`)).toBeVisible();
  await expect(page.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();

  const box = await context.newPage();
  await box.goto('/dev/mailbox');
  await box.getByLabel('Recipient').fill(email);
  const mail = box.getByTestId('mail').first();
  await expect(mail).toContainText('Your password reset code', { timeout: 20_000 });
  await mail.getByRole('tab', { name: 'Text' }).click();
  const text = (await mail.getByTestId('mail-text').textContent()) ?? '';
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  expect(code).toBeTruthy();

  await page.getByLabel('Verification code').fill(code!);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('new-password-2');
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill('new-password-2');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Password changed')).toBeVisible();
  await page.getByRole('link', { name: 'Go to login' }).click();

  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('new-password-2');
  await page.getByRole('button', { name: 'Log in' }).click();
  // Logged in with the new password (the login page goes home without a target).
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  // The top bar knows the session before the home page's code and texts have loaded: wait for the move.
  await expect(page).toHaveURL('/');
});
