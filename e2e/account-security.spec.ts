import { expect, test } from './test';
import { DEMO_PASSWORD, expectLoggedOut, signUp, uniqueEmail } from './helpers';

// Account settings: real-name certificates at /buyer/certificates. The number must fit
// the site's national ID (here the US SSN), is saved encrypted and only ever shown masked.

test('add a certificate: the wrong number is refused in the form, the saved one shows its last 4 only', async ({
  page,
}) => {
  await signUp(page, 'cert');
  await page.goto('/buyer/certificates');
  await expect(page.getByText('You have no certificates yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add certificate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add certificate' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Real-name cannot be empty')).toBeVisible();
  await expect(dialog.getByText('ID number cannot be empty')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Real name' }).fill('Ada Lovelace');
  await dialog.getByRole('textbox', { name: 'ID number' }).fill('123-45');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please enter a correct ID number')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'ID number' }).fill('123-45-6789');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByTestId('certificate');
  await expect(card).toContainText('Ada Lovelace');
  await expect(card).toContainText('*****6789');
  await expect(page.getByText('123-45-6789')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('certificate')).toContainText('*****6789');
});

// ---------- /buyer/account-security: phone, profile, delete account ----------

const CSRF = { 'x-mall-request': '1' };

/** A fresh buyer signed up through the API (this page's session), its email returned. */
async function freshBuyer(page: import('@playwright/test').Page, prefix: string): Promise<string> {
  const email = uniqueEmail(prefix);
  expect(
    (await page.request.post('/api/auth/signup', { data: { email, password: DEMO_PASSWORD }, headers: CSRF })).ok(),
  ).toBe(true);
  return email;
}

/** The newest code sent to `recipient`, read at /dev/mailbox like a buyer reading their inbox. */
async function codeFromMailbox(
  context: import('@playwright/test').BrowserContext,
  recipient: string,
  expected: string | RegExp,
): Promise<string> {
  const box = await context.newPage();
  await box.goto('/dev/mailbox');
  await box.getByLabel('Recipient').fill(recipient);
  const mail = box.getByTestId('mail').first();
  await expect(mail).toContainText(expected, { timeout: 20_000 });
  const text = (await mail.textContent()) ?? '';
  const textTab = mail.getByRole('tab', { name: 'Text' });
  const body = (await textTab.count())
    ? (await textTab.click(), (await mail.getByTestId('mail-text').textContent()) ?? '')
    : text;
  await box.close();
  const code = /\b(\d{6})\b/.exec(body)?.[1];
  expect(code).toBeTruthy();
  return code!;
}

test('bind a phone: the SMS code from the dev mailbox binds it and the page shows the number', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await freshBuyer(page, 'phone');
  await page.goto('/buyer/account-security');
  const section = page.getByTestId('phone-section');
  // The page's chunk (with the captcha widget) can take a while on a busy machine.
  await expect(section).toContainText('No phone number yet', { timeout: 30_000 });
  await section.getByRole('button', { name: 'Add phone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a phone number' });
  const national = `555${String(Date.now()).slice(-7)}`;
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter a valid phone number').first()).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Phone number' }).fill(national);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
  const code = await codeFromMailbox(context, `+1${national}`, /\d{6}/);
  // A wrong code is refused on the code field, the dialog stays open.
  await dialog.getByRole('textbox', { name: 'Code sent by SMS' }).fill(code === '000000' ? '111111' : '000000');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('The code is not correct')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Code sent by SMS' }).fill(code);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(section).toContainText(`+1 ******${national.slice(-4)}`);
  await expect(section.getByRole('button', { name: 'Change phone' })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('phone-section')).toContainText(national.slice(-4));
});

test('delete an account with the emailed code, then sign up again with the same email', async ({ page, context }) => {
  test.setTimeout(150_000);
  const email = await freshBuyer(page, 'destroy');
  await page.goto('/buyer/account-security');
  await page.getByTestId('delete-section').getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account' });
  await expect(dialog).toContainText('Orders and their amounts, for the seller and the books');
  // No code can be sent before the captcha is solved.
  await expect(dialog.getByRole('button', { name: 'Send code' })).toBeDisabled();
  // The widget's drawn tick covers its box inside a dialog: click its label, as a buyer would.
  await dialog.getByText("I'm not a robot").click();
  await expect(dialog.getByText('Verified')).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
  const code = await codeFromMailbox(context, email, 'Confirm deleting your account');
  await dialog.getByRole('textbox', { name: 'Code sent to your email' }).fill(code);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete your account for good?' });
  await confirm.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Your account was deleted. Goodbye!')).toBeVisible();
  await expectLoggedOut(page);
  // The old password no longer signs in; the email is free for a new account.
  await page.goto('/signup');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill('another-pass-9');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL('/');
  await page.goto('/buyer/account-security');
  await expect(page.getByTestId('email-section')).toContainText(email.slice(email.indexOf('@')));
});

test('profile save: nickname and names are kept after a reload', async ({ page }) => {
  await freshBuyer(page, 'profile');
  await page.goto('/buyer/account-security');
  const section = page.getByTestId('profile-section');
  await section.getByRole('button', { name: 'Edit profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit profile' });
  await dialog.getByRole('textbox', { name: 'Nickname' }).fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please fill in')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Nickname' }).fill('Ada L.');
  await dialog.getByRole('textbox', { name: 'First name' }).fill('Ada');
  await dialog.getByRole('textbox', { name: 'Last name' }).fill('Lovelace');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Your profile was saved')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('profile-section')).toContainText('Ada L. · Ada Lovelace');
});
