/**
 * Third-party sign-in with the local OpenID Provider (e2e/oidc-provider.ts, a real
 * oidc-provider): bind it from account security, sign in with it, unbind it; a new buyer signed
 * up through it cannot unbind the only way in; an email that already has an account is not
 * taken over. The shop's redirect URI is on 127.0.0.1 (PUBLIC_URL's default), so these tests
 * browse the shop there too (its cookies must come back with the callback).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './test';
import { uniqueEmail } from './helpers';

const PORT = Number(process.env.E2E_PORT ?? 3111);
const PROVIDER = `http://127.0.0.1:${PORT + 20000}`;
test.use({ baseURL: `http://127.0.0.1:${PORT}` });
// The provider signs in one chosen account at a time: these tests take turns (one worker, in order).
test.describe.configure({ mode: 'default' });

/** The account the local provider signs in next. */
async function providerLogsInAs(page: Page, email: string, name = 'Local Person') {
  const sub = `sub-${email}`;
  const res = await page.request.get(`${PROVIDER}/_test/login-as?${new URLSearchParams({ sub, email, name })}`);
  expect(res.ok()).toBe(true);
}

const section = (page: Page) => page.getByTestId('third-party-section');

/** No serious or critical axe violation in what this feature adds (buttons, section, dialog). */
async function expectAccessible(page: Page, selector: string) {
  const results = await new AxeBuilder({ page })
    .include(selector)
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  expect(
    results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help}`),
  ).toEqual([]);
}
const localRow = (page: Page) => page.getByTestId('third-party-local');

test('bind the local provider from account security, sign in with it, then unbind it', async ({ page }) => {
  const email = uniqueEmail('oidc-bind');
  const signup = await page.request.post('/api/auth/signup', {
    data: { email, password: 'secret-pass-1' },
    headers: { 'x-mall-request': '1' },
  });
  expect(signup.ok()).toBe(true);
  await providerLogsInAs(page, `elsewhere-${email}`, 'Me Elsewhere');

  await page.goto('/buyer/account-security');
  // The first visit loads the buyer-centre chunks: slow on a busy machine.
  await expect(section(page).getByRole('heading', { name: 'Third-party accounts' })).toBeVisible({ timeout: 30_000 });
  await expect(localRow(page).getByText('Not bound')).toBeVisible();
  await expectAccessible(page, '[data-testid="third-party-section"]');
  await localRow(page).getByRole('link', { name: 'Bind Local ID' }).click();
  // Through the provider and back to the same page, now bound.
  await expect(page).toHaveURL(/\/buyer\/account-security$/);
  await expect(localRow(page).getByText('Bound', { exact: true })).toBeVisible();
  await expect(localRow(page).getByText(`elsewhere-${email}`)).toBeVisible();

  // Log out, then sign in with the provider: the bound account comes back.
  expect((await page.request.post('/api/auth/logout', { headers: { 'x-mall-request': '1' } })).ok()).toBe(true);
  await page.goto('/login?target=/buyer/account-security');
  await expect(page.getByRole('link', { name: 'Continue with Local ID' })).toBeVisible();
  await expectAccessible(page, 'form');
  await page.getByRole('link', { name: 'Continue with Local ID' }).click();
  await expect(page).toHaveURL(/\/buyer\/account-security$/);
  const me = await (await page.request.get('/api/auth/session')).json();
  expect(me.user.email).toBe(email);

  await localRow(page).getByRole('button', { name: 'Unbind Local ID' }).click();
  const dialog = page.getByRole('dialog', { name: 'Unbind Local ID?' });
  await expect(dialog.getByText('You will no longer be able to sign in with Local ID.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Unbind' }).click();
  await expect(dialog).toBeHidden();
  await expect(localRow(page).getByText('Not bound')).toBeVisible();
});

test('a buyer who signed up through the provider cannot unbind the only way to sign in', async ({ page }) => {
  const email = uniqueEmail('oidc-new');
  await providerLogsInAs(page, email, 'New Via Local');
  await page.goto('/login?target=/buyer/account-security');
  await page.getByRole('link', { name: 'Continue with Local ID' }).click();
  await expect(page).toHaveURL(/\/buyer\/account-security$/);
  await expect(localRow(page).getByText('Bound', { exact: true })).toBeVisible();
  await expect(section(page).getByText('This is your only way to sign in')).toBeVisible();
  await localRow(page).getByRole('button', { name: 'Unbind Local ID' }).click();
  const dialog = page.getByRole('dialog', { name: 'Unbind Local ID?' });
  await dialog.getByRole('button', { name: 'Unbind' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'This is the only way to sign in to your account. Set a password before unbinding it.',
  );
});

test('an existing account is not taken over: the login page says to log in and bind', async ({ page }) => {
  await providerLogsInAs(page, 'buyer@demo.shop', 'Not The Owner');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Continue with Local ID' }).click();
  await expect(page).toHaveURL(/\/login\?oidcError=Account\.oidcEmailRegistered/);
  await expect(page.getByRole('alert')).toHaveText(
    /An account with this email already exists\. Log in with your password/,
  );
  const me = await (await page.request.get('/api/auth/session')).json();
  expect(me.userType).toBe('TOURIST');
});
