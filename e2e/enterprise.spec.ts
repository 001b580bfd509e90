import { expect, test } from './test';
import {
  addToCart,
  answerQuizAndAgree,
  approveOnMockpay,
  fillShippingAddress,
  logIn,
  payNowToMockpay,
} from './helpers';

test('an enterprise sub-account over its limit submits to the main account, which pays the order', async ({
  browser,
}) => {
  // Two buyers, a checkout and a payment: 42-55 s in CI runs, too near the default 60 s.
  test.setTimeout(120_000);
  const subContext = await browser.newContext();
  const sub = await subContext.newPage();
  await logIn(sub, 'sub1@demo.shop');
  await expect(sub.getByTestId('greeting')).toContainText('Acme Purchasing');
  await addToCart(sub, 'standing-desk-e7');
  await sub.goto('/cart');
  // Three desks: about $1,600, above sub1's $1,000 order limit.
  const qty = sub.getByRole('textbox', { name: 'Quantity of Standing Desk E7' });
  await qty.fill('3');
  await qty.press('Enter');
  await expect(qty).toHaveValue('3');
  await sub.getByTestId('checkout-button').click();
  await fillShippingAddress(sub, 'sub1@demo.shop');
  await answerQuizAndAgree(sub);
  await sub.getByRole('button', { name: 'Continue to payment' }).click();

  const section = sub.getByTestId('payment-section');
  await expect(
    section.getByText('This order is above your order limit; submit it to the main account for payment.'),
  ).toBeVisible();
  await expect(section.getByTestId('pay-MOCKPAY')).toHaveCount(0);
  await section.getByRole('button', { name: 'Submit Master Account' }).click();
  await expect(sub).toHaveURL(/\/buyer\/pay-result\?status=master-pending&contractId=\d+/);
  await expect(sub.getByRole('heading', { name: 'Submitted to the main account for payment' })).toBeVisible();
  const contractId = new URL(sub.url()).searchParams.get('contractId')!;
  await subContext.close();

  const mainContext = await browser.newContext();
  const main = await mainContext.newPage();
  await logIn(main, 'main@demo.shop');
  // The login must finish before the next navigation, or that navigation aborts it.
  await expect(main).not.toHaveURL(/\/login/);
  await main.goto('/buyer/index');
  const pending = main.getByTestId('master-pending');
  const payLink = pending.locator(`a[href="/buyer/pre-pay?contractId=${contractId}"]`);
  // The waiting order is named by its order number (17 digits), never by the internal contract id.
  await expect(payLink.locator('xpath=..')).toContainText(/Order number \d{17}/);
  await expect(payLink.locator('xpath=..')).toContainText('Acme Purchasing');
  await expect(pending).not.toContainText(`Order number ${contractId} `);
  // The demo data has another sub-account order waiting too: pay this one.
  await payLink.click();
  await expect(main).toHaveURL(`/buyer/pre-pay?contractId=${contractId}`);
  await payNowToMockpay(main);
  expect(await approveOnMockpay(main)).toBe(contractId);

  // Paid: no longer waiting for the main account.
  await main.goto('/buyer/index');
  await expect(main.locator(`a[href="/buyer/pre-pay?contractId=${contractId}"]`)).toHaveCount(0);
  await mainContext.close();
});
