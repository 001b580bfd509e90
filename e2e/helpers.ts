import { expect, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';

export async function logIn(page: Page, email: string, password = DEMO_PASSWORD, target?: string) {
  await page.goto(target ? `/login?target=${encodeURIComponent(target)}` : '/login');
  // A page of a context the test made itself is not held until hydrated (e2e/test.ts): typing before would be lost.
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  // Wait for the server's answer: a page.goto right after the click would abort the request and
  // leave the test logged out (seen in CI under load).
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/login') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Log in' }).click();
  await answered;
}

export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** Parses "$1,234.56" / "1.234,56 €" into a number for comparisons of totals. */
export function amountOf(text: string): number {
  const digits = text.replace(/[^\d.,]/g, '');
  const normalized = /,\d{2}$/.test(digits) ? digits.replace(/\./g, '').replace(',', '.') : digits.replace(/,/g, '');
  return Number(normalized);
}

export async function expectLoggedOut(page: Page) {
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
}

export async function addToCart(page: Page, urlKey: string) {
  await page.goto(`/item/${urlKey}`);
  // A page of a context the test made itself is not held until hydrated (e2e/test.ts): a click before would be lost.
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Added 1 item to cart')).toBeVisible();
}

export async function goToCheckout(page: Page, lineCount: number) {
  await page.goto('/cart');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(page.getByTestId('cart-line')).toHaveCount(lineCount);
  await page.getByTestId('checkout-button').click();
  await expect(page).toHaveURL('/checkout');
  await expect(page.getByTestId('checkout-line')).toHaveCount(lineCount);
}

/**
 * Picks `option` in the combobox labelled `label` inside `scope`: a native `<select>` (address
 * form, checkout, after-sales application) or Mantine's Select. In Mantine's an option that is
 * already chosen (e.g. regions remembered from the last address form) is left alone: clicking it
 * again would deselect it.
 */
export async function choose(page: Page, scope: Page | Locator, label: string, option: string) {
  const box = scope.getByRole('combobox', { name: label });
  if (await box.evaluate((el) => el.tagName === 'SELECT')) {
    await box.selectOption({ label: option });
    await expectChosen(box, option);
    return;
  }
  if ((await box.inputValue()) !== option) {
    await box.click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }
  await expect(box).toHaveValue(option);
}

/** The option shown in a combobox: a native select's selected option, or the text of Mantine's Select. */
export async function expectChosen(box: Locator, option: string) {
  if (await box.evaluate((el) => el.tagName === 'SELECT'))
    await expect(box.locator('option:checked')).toHaveText(option);
  else await expect(box).toHaveValue(option);
}

/** Quick quiz and privacy box: the last two things step 0 asks for. */
export async function answerQuizAndAgree(page: Page) {
  await choose(
    page,
    page.getByRole('region', { name: 'Quick question' }),
    'How did you hear about us?',
    'Online search',
  );
  // The preview refreshes a moment after the last typed address field and the page can move
  // under the pointer then (seen once in CI: the click missed); check again until it holds.
  const agree = page.getByRole('checkbox', { name: /I have read and agree to the/ });
  await expect(async () => {
    await agree.check({ timeout: 2000 });
    await expect(agree).toBeChecked({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
}

export async function signUp(page: Page, prefix = 'checkout'): Promise<string> {
  const email = uniqueEmail(prefix);
  await page.goto('/signup');
  // A page of a context the test made itself is not held until hydrated (e2e/test.ts): typing before would be lost.
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL('/');
  return email;
}

/**
 * Fills step 0's shipping address form (guests and accounts without a saved address). `minimal`
 * leaves the optional gender and second address line empty.
 */
export async function fillShippingAddress(page: Page, email: string, opts: { minimal?: boolean } = {}) {
  const form = page.getByRole('region', { name: 'Shipping address' });
  await form.getByRole('textbox', { name: 'First name' }).fill('Pat');
  await form.getByRole('textbox', { name: 'Last name' }).fill('Payer');
  if (!opts.minimal) await choose(page, form, 'Gender', 'Female');
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByRole('textbox', { name: 'Phone' }).fill('4155550123');
  await expectChosen(form.getByRole('combobox', { name: 'Country/region' }), 'United States');
  await choose(page, form, 'State/province', 'California');
  await choose(page, form, 'City', 'San Francisco');
  await form.getByRole('textbox', { name: 'Postal code' }).fill('94103');
  await form.getByRole('textbox', { name: 'Street and house number' }).fill('1 Market St');
  if (!opts.minimal) await form.getByRole('textbox', { name: 'Apartment, suite, floor' }).fill('Apt 5');
  // A typed address's email is the notification contact: it is not asked a second time.
  await expect(
    page.getByRole('region', { name: 'Order notifications' }).getByTestId('notify-address-email'),
  ).toContainText(email);
}

export const MOCKPAY_PAGE = /\/mockpay\/pay\/mp_[0-9a-f]+$/;

/**
 * Clicks 'Pay now' in the MOCKPAY panel of the payment section and waits for MockPay's hosted
 * page; checks the prefilled test card and, when given, the amount. Returns the page's URL.
 */
export async function payNowToMockpay(page: Page, amount?: string): Promise<string> {
  const section = page.getByTestId('payment-section');
  await expect(section.getByRole('button', { name: 'Card or wallet (MockPay)' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(section.getByRole('radio', { name: 'Card', exact: true })).toBeChecked();
  await section.getByTestId('pay-MOCKPAY').click();
  await expect(page).toHaveURL(MOCKPAY_PAGE);
  await expect(page.getByRole('textbox', { name: 'Card number' })).toHaveValue('4242 4242 4242 4242');
  await expect(page.getByRole('button', { name: amount ? `Pay ${amount}` : /^Pay / })).toBeVisible();
  return page.url();
}

/** On MockPay's page: pays with the prefilled card and waits for the shop's success screen. Returns the contract id. */
export async function approveOnMockpay(page: Page): Promise<string> {
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/buyer\/pay-result\?contractId=\d+/);
  const success = page.getByTestId('pay-success');
  // The webhook arrives within a couple of seconds, the page polls every 3 s.
  await expect(success.getByRole('heading', { name: 'Payment successful' })).toBeVisible({ timeout: 15_000 });
  return contractIdOf(page);
}

export const contractIdOf = (page: Page) => new URL(page.url()).searchParams.get('contractId')!;

/**
 * A desk (FlexiDesk) and a lamp (Nordic Home) checked out together through the API by the
 * logged-in page, unpaid: one checkout (contract) of two orders, and what it asks to pay.
 */
export async function placeTwoShopCheckout(
  page: Page,
): Promise<{ contractId: string; tradeOrderIdList: string[]; needPayAmt: string }> {
  const CSRF = { 'x-mall-request': '1' };
  const sku = async (urlKey: string) =>
    (await (await page.request.get(`/api/catalog/items/${urlKey}`)).json()).skus[0].id as string;
  const regions = async (parentId?: string) =>
    (
      await (
        await page.request.post('/sapi/mall-content/web/mdRegionBO/page', {
          data: parentId ? { parentId } : { level: 1 },
          headers: CSRF,
        })
      ).json()
    ).data as { id: string; regionShortName: string; regionName: string }[];
  const us = (await regions()).find((r) => r.regionShortName === 'US')!;
  const ca = (await regions(us.id)).find((r) => r.regionShortName === 'CA')!;
  const sf = (await regions(ca.id)).find((r) => r.regionName === 'San Francisco')!;
  const choices = {
    previewTradeContractLineReqTOList: [
      { skuId: await sku('standing-desk-e7'), qty: '1' },
      { skuId: await sku('monitor-lamp'), qty: '1' },
    ],
    selectedAddress: {
      firstName: 'Tom',
      lastName: 'Together',
      gender: 'MALE',
      personPhone: '415 555 0177',
      areaCode: '+1',
      email: 'together@example.com',
      countryId: us.id,
      countryCode: 'US',
      province: 'California',
      provinceId: ca.id,
      city: 'San Francisco',
      cityId: sf.id,
      postalCode: '94107',
      poiName: '500 Howard St',
      detailAddress: 'Apt 12',
      addressType: 'PERSON',
      hearFrom: 'socialMedia',
    },
    couponIds: [],
  };
  const preview = await (await page.request.post('/api/checkout/preview', { data: choices, headers: CSRF })).json();
  const preCalShippingList = preview.renderTradeOrderTOList.map(
    (o: { shopId: string; selectedShippingMethodId: string }) => ({
      shopId: o.shopId,
      shippingMethodId: o.selectedShippingMethodId,
    }),
  );
  const priced = await (
    await page.request.post('/api/checkout/preview', { data: { ...choices, preCalShippingList }, headers: CSRF })
  ).json();
  const submitted = await page.request.post('/api/checkout/submit', {
    data: {
      ...choices,
      preCalShippingList,
      privacyAgreed: true,
      notifyInfo: { notifyType: 'email', contactInfo: 'together@example.com' },
      hearFrom: 'onlineSearch',
      needPayAmt: priced.needPayAmt.value,
    },
    headers: { ...CSRF, 'idempotency-key': `e2e-together-${Date.now()}-${Math.floor(Math.random() * 1e9)}` },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
  const { id: contractId, tradeOrderIdList } = (await submitted.json()) as { id: string; tradeOrderIdList: string[] };
  expect(tradeOrderIdList).toHaveLength(2);
  return { contractId, tradeOrderIdList, needPayAmt: priced.needPayAmt.value as string };
}
