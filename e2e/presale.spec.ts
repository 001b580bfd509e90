import { expect, test } from './test';
import {
  addToCart,
  answerQuizAndAgree,
  approveOnMockpay,
  contractIdOf,
  fillShippingAddress,
  goToCheckout,
  payNowToMockpay,
  signUp,
} from './helpers';

test('presale: pay the deposit at checkout, then the balance inside its window', async ({ page }) => {
  await signUp(page, 'presale');
  await addToCart(page, 'pro-desk-2027');
  await goToCheckout(page, 1);
  await fillShippingAddress(page, 'presale@example.com');
  await answerQuizAndAgree(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  // 20 % of $898.99.
  await expect(page.getByTestId('deposit-due')).toHaveText(
    'Presale: you pay the deposit of $179.80 now and the balance later.',
  );
  await payNowToMockpay(page, '$179.80');
  const contractId = await approveOnMockpay(page);
  expect(contractIdOf(page)).toBe(contractId);

  await page.goto(`/buyer/pre-pay?contractId=${contractId}`);
  await expect(page.getByTestId('presale-info')).toContainText('balance due');
  const due = await page
    .getByTestId('pre-pay')
    .getByText(/Amount due:/)
    .innerText();
  expect(due).not.toContain('$179.80');
  await payNowToMockpay(page);
  await approveOnMockpay(page);

  await page.goto(`/buyer/pre-pay?contractId=${contractId}`);
  await expect(page.getByTestId('presale-info')).toContainText('fully paid');
  await expect(page.getByTestId('pay-MOCKPAY')).toHaveCount(0);
});
