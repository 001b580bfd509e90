/**
 * Paying later with Klarna and Affirm, in the browser, against the local emulators of
 * their APIs (e2e/providers.ts): the buyer goes to Klarna's hosted payment page or Affirm's
 * checkout and comes back to a paid order; a cancelled Affirm checkout ends on the failed result
 * (SPEC §4) and the buyer pays another way. Both are redirect flows: no provider script is needed.
 * Klarna's panel tries to load Klarna's widget, which cannot load here: the panel says so (SPEC §8)
 * and its pay button still sends the buyer to Klarna's hosted page.
 */
import { contractIdOf, signUp } from './helpers';
import {
  AFFIRM_EMULATOR_URL,
  KLARNA_EMULATOR_URL,
  expect,
  expectPaid,
  expectPaidInOrderList,
  openChannel,
  payWith,
  test,
  toPaymentStep,
} from './providers';

const KLARNA_PAGE = new RegExp(`^${KLARNA_EMULATOR_URL.replace(/\./g, '\\.')}/hpp/payments/[0-9a-f-]{36}$`);
const AFFIRM_PAGE = new RegExp(
  `^${AFFIRM_EMULATOR_URL.replace(/\./g, '\\.')}/products/checkout\\?public_api_key=\\w+&checkout_ari=\\w+$`,
);
/** "$189.00" as the shop shows it, "189.00" as the providers' pages write it. */
const plain = (total: string) => total.replace(/[^\d.]/g, '');

test("Klarna: the buyer pays on Klarna's hosted page and sees the paid order", async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, 'klarna-payer');
  const total = await toPaymentStep(page);
  await openChannel(page, 'Klarna');
  const panel = page.getByTestId('channel-KLARNA');
  await expect(
    panel.getByText('You will be taken to the payment page and brought back here afterwards.'),
  ).toBeVisible();
  // Klarna's widget needs Klarna's script, which cannot load here: this panel says so, the others do not.
  await expect(panel.getByTestId('script-error')).toHaveText(
    'There was an error loading the program, please refresh the page and try again',
  );
  await expect(page.getByTestId('payment-section').getByTestId('script-error')).toHaveCount(1);
  await panel.getByTestId('pay-KLARNA').click();
  await expect(page).toHaveURL(KLARNA_PAGE);
  await expect(page.getByTestId('amount')).toHaveText(`${plain(total)} USD`);
  await page.getByRole('button', { name: 'Pay with Klarna', exact: true }).click();
  const { orderCode } = await expectPaid(page);
  await expect(page.getByTestId('pay-success')).toContainText(`Amount paid: ${total}`);
  await expectPaidInOrderList(page, orderCode);
});

test("Affirm: the buyer confirms the loan on Affirm's checkout and sees the paid order", async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, 'affirm-payer');
  // Affirm lends from $50: the oak desktop board.
  const total = await toPaymentStep(page, 'desktop-board-oak');
  await openChannel(page, 'Affirm');
  // affirm.js (Affirm's monthly-payment message) cannot load here: SPEC §8's error in Affirm's
  // panel only; the checkout is a redirect and still works.
  const panel = page.getByTestId('channel-AFFIRM_PC');
  await expect(panel.getByTestId('script-error')).toHaveText(
    'There was an error loading the program, please refresh the page and try again',
  );
  await expect(page.getByTestId('channel-KLARNA').getByTestId('script-error')).toHaveCount(0);
  await panel.getByTestId('pay-AFFIRM_PC').click();
  await expect(page).toHaveURL(AFFIRM_PAGE);
  await expect(page.getByTestId('amount')).toHaveText(`$${plain(total)} USD`);
  await page.getByRole('button', { name: 'Confirm loan' }).click();
  // Back with Affirm's checkout token: pending until the shop authorises it, which the result page's poll does.
  await expect(page).toHaveURL(/\/buyer\/pay-result\?contractId=\d+.*checkout_token=\w+/);
  const { orderCode } = await expectPaid(page);
  await expect(page.getByTestId('pay-success')).toContainText(`Amount paid: ${total}`);
  await expectPaidInOrderList(page, orderCode);
});

test('Affirm: a cancelled checkout is a failed payment; the buyer pays again with Klarna', async ({ page }) => {
  test.setTimeout(150_000);
  await signUp(page, 'affirm-cancel');
  await toPaymentStep(page, 'desktop-board-oak');
  await payWith(page, 'Affirm', 'AFFIRM_PC');
  await expect(page).toHaveURL(AFFIRM_PAGE);
  await page.getByRole('button', { name: 'Cancel and return to the store' }).click();

  await expect(page).toHaveURL(/\/buyer\/pay-result\?contractId=\d+/);
  const contractId = contractIdOf(page);
  const failed = page.getByTestId('pay-failed');
  await expect(failed.getByRole('heading', { name: 'Payment failed' })).toBeVisible({ timeout: 15_000 });
  await expect(failed.getByTestId('failed-reason')).toContainText(
    'The payment was canceled. You can pay again whenever you are ready.',
  );

  await failed.getByRole('link', { name: 'pay again' }).click();
  await expect(page).toHaveURL(`/buyer/pre-pay?contractId=${contractId}`);
  await openChannel(page, 'Klarna');
  await page.getByTestId('pay-KLARNA').click();
  await page.getByRole('dialog', { name: 'Notice' }).getByRole('button', { name: 'pay again' }).click();
  await expect(page).toHaveURL(KLARNA_PAGE);
  await page.getByRole('button', { name: 'Pay with Klarna', exact: true }).click();
  expect((await expectPaid(page)).contractId).toBe(contractId);
});
