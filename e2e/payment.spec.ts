import { expect, test, type Page } from './test';
import {
  MOCKPAY_PAGE,
  addToCart,
  answerQuizAndAgree,
  approveOnMockpay,
  contractIdOf,
  fillShippingAddress,
  goToCheckout,
  payNowToMockpay,
  signUp,
  uniqueEmail,
} from './helpers';

// Paying through MOCKPAY, the app's simulated provider: its hosted page at /mockpay/pay/<id>
// decides, a retrying job delivers the signed webhook, and /buyer/pay-result polls every 3 s.
// Every spec uses its own guest or freshly signed-up account, so they run in parallel.

/** Fills step 0 for a buyer without saved addresses and moves on to the payment step. */
async function toPaymentStep(page: Page, urlKey = 'cable-tray') {
  await addToCart(page, urlKey);
  await goToCheckout(page, 1);
  await fillShippingAddress(page, uniqueEmail('payer'));
  await answerQuizAndAgree(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByTestId('payment-step')).toBeVisible();
  return page.getByTestId('sum-total').innerText();
}

/** 'Leave pending' on MockPay's page: the shop shows the pending screen. Returns the contract id. */
async function leavePending(page: Page) {
  await page.getByRole('button', { name: 'Leave pending' }).click();
  await expect(page).toHaveURL(/\/buyer\/pay-result\?contractId=\d+/);
  const pending = page.getByTestId('pay-pending');
  await expect(pending.getByRole('heading', { name: 'Waiting for the payment result' })).toBeVisible();
  return contractIdOf(page);
}

/** Opens /buyer/pre-pay for the contract and clicks Pay now; an open attempt brings up the Notice. */
async function payNowOnPrePay(page: Page, contractId: string) {
  await page.goto(`/buyer/pre-pay?contractId=${contractId}`);
  await expect(page.getByTestId('pre-pay').getByTestId('order-code').first()).toHaveText(/^\d{17}$/);
  await page.getByTestId('pay-MOCKPAY').click();
  const notice = page.getByRole('dialog', { name: 'Notice' });
  await expect(notice).toContainText(
    'You have already started a payment, please wait for the result; continuing risks a duplicate payment, continue?',
  );
  return notice;
}

test('approve: with a target the success screen counts down and "Go back now" goes there', async ({ page }) => {
  await signUp(page, 'payer');
  const amount = await toPaymentStep(page);
  await payNowToMockpay(page, amount);
  const contractId = await approveOnMockpay(page);

  // The provider returned without a target: the success screen stays, with the order numbers.
  const success = page.getByTestId('pay-success');
  await expect(success.getByTestId('order-code')).toHaveText(/^\d{17}$/);
  await expect(success.getByText(/Returning in/)).toHaveCount(0);

  // With a target (SPEC §2) the 10-second countdown runs.
  await page.goto(`/buyer/pay-result?contractId=${contractId}&target=%2Fcart`);
  await expect(success.getByText('Returning in 10 seconds')).toBeVisible({ timeout: 15_000 });
  const later = success.getByText(/^Returning in [1-9] seconds$/);
  await expect(later).toBeVisible();
  const left = Number((await later.innerText()).match(/\d+/)![0]);
  expect(left).toBeLessThan(10);
  expect(left).toBeGreaterThan(2);

  // Long before the countdown ends, the link goes to the target.
  await success.getByRole('button', { name: 'Go back now' }).click();
  await expect(page).toHaveURL('/cart', { timeout: 2_000 });
  await expect(success).toBeHidden();

  // The order is paid: its pre-pay page no longer offers a payment.
  await page.goto(`/buyer/pre-pay?contractId=${contractId}`);
  await expect(page.getByTestId('pre-pay')).toContainText('Payment successful');
  await expect(page.getByTestId('pay-MOCKPAY')).toHaveCount(0);
});

test('decline: the failed screen shows the reason and offers to pay again', async ({ page }) => {
  await toPaymentStep(page);
  await payNowToMockpay(page);
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page).toHaveURL(/\/buyer\/pay-result\?contractId=\d+/);
  const contractId = contractIdOf(page);

  const failed = page.getByTestId('pay-failed');
  await expect(failed.getByRole('heading', { name: 'Payment failed' })).toBeVisible({ timeout: 15_000 });
  await expect(failed.getByTestId('failed-reason')).toContainText(
    'Your card was declined. Please use another card or payment method.',
  );
  await expect(failed.getByTestId('failed-code')).toHaveText('Code: card_declined');
  const again = failed.getByRole('link', { name: 'pay again' });
  await expect(again).toHaveAttribute('href', `/buyer/pre-pay?contractId=${contractId}`);

  // Paying again after a failure goes through the Notice too, then succeeds.
  await again.click();
  await expect(page).toHaveURL(`/buyer/pre-pay?contractId=${contractId}`);
  await page.getByTestId('pay-MOCKPAY').click();
  const notice = page.getByRole('dialog', { name: 'Notice' });
  await notice.getByRole('button', { name: 'pay again' }).click();
  await expect(page).toHaveURL(MOCKPAY_PAGE);
  expect(await approveOnMockpay(page)).toBe(contractId);
});

test('pending then settled: the pay-result page turns to success by polling', async ({ page, context }) => {
  await toPaymentStep(page);
  const mockpayUrl = await payNowToMockpay(page);
  const contractId = await leavePending(page);
  // Marks this document: a reload would lose the mark.
  await page.evaluate(() => {
    (window as unknown as { e2eMark: number }).e2eMark = 1;
  });
  // Stays pending while the provider has not decided.
  await page.waitForTimeout(3_500);
  await expect(page.getByTestId('pay-pending')).toBeVisible();

  // The provider settles the payment in another tab.
  const provider = await context.newPage();
  await provider.goto(mockpayUrl);
  await expect(provider.getByText('This payment is pending.')).toBeVisible();
  await expect(provider.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  await provider.getByRole('button', { name: 'Settle: approve' }).click();
  await expect(provider).toHaveURL(/\/buyer\/pay-result\?contractId=\d+/);
  await provider.close();

  await expect(page.getByTestId('pay-success').getByRole('heading', { name: 'Payment successful' })).toBeVisible({
    timeout: 15_000,
  });
  expect(contractIdOf(page)).toBe(contractId);
  expect(await page.evaluate(() => (window as unknown as { e2eMark?: number }).e2eMark)).toBe(1);

  // Settled once: the hosted page now only reports the outcome.
  await page.goto(mockpayUrl);
  await expect(page.getByRole('heading', { name: 'Payment approved' })).toBeVisible();
});

test('repeat payment: the Notice waits for the result or pays again on a new MockPay page', async ({ page }) => {
  await toPaymentStep(page);
  const firstUrl = await payNowToMockpay(page);
  const contractId = await leavePending(page);

  // "wait for the result" goes to the pending pay-result page.
  let notice = await payNowOnPrePay(page, contractId);
  await notice.getByRole('button', { name: 'wait for the result' }).click();
  await expect(notice).toBeHidden();
  await expect(page).toHaveURL(`/buyer/pay-result?contractId=${contractId}`);
  await expect(page.getByTestId('pay-pending')).toBeVisible();

  // "pay again" closes the open attempt and starts a new one.
  notice = await payNowOnPrePay(page, contractId);
  await notice.getByRole('button', { name: 'pay again' }).click();
  await expect(page).toHaveURL(MOCKPAY_PAGE);
  const secondUrl = page.url();
  expect(secondUrl).not.toBe(firstUrl);
  await expect(page.getByRole('textbox', { name: 'Card number' })).toHaveValue('4242 4242 4242 4242');
  expect(await approveOnMockpay(page)).toBe(contractId);

  // The first attempt was cancelled at the provider and can no longer be paid.
  await page.goto(firstUrl);
  await expect(page.getByRole('heading', { name: 'Payment cancelled' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay |Settle/ })).toHaveCount(0);
});
