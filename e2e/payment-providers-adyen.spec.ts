/**
 * Paying with Adyen, in the browser, against the local Adyen emulator: the providers'
 * shop runs with Adyen keys pointing at it (e2e/providers.ts). ADYEN_LINK sends the buyer to the
 * hosted Pay by Link page and back paid, settled by the emulator's HMAC-signed notification.
 * ADYEN_PC needs Adyen's Drop-in script, which cannot load here (no internet): its panel says so
 * (SPEC §8) and the buyer still pays another way. Every test fails on a console error other than
 * the providers' scripts' failed loads.
 */
import { signUp } from './helpers';
import {
  ADYEN_EMULATOR_URL,
  expect,
  expectPaid,
  expectPaidInOrderList,
  openChannel,
  payWith,
  test,
  toPaymentStep,
} from './providers';

const SCRIPT_ERROR = 'There was an error loading the program, please refresh the page and try again';
const LINK_PAGE = new RegExp(`^${ADYEN_EMULATOR_URL.replace(/\./g, '\\.')}/link/PL[0-9A-F]{16}$`);
const LINK_LABEL = 'Pay by Link (Adyen)';
const DROP_IN_LABEL = 'Card, Apple Pay, Google Pay or Afterpay (Adyen)';
/** "$1,234.50" as the emulator's page writes it: "1234.50 USD". */
const asAdyenPage = (total: string) => `${total.replace(/[^0-9.]/g, '')} USD`;

test('ADYEN_LINK: the buyer pays on the hosted Pay by Link page and comes back paid; the order waits for shipping', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, 'adyen-link');
  const total = await toPaymentStep(page);
  // Adyen's two channels are offered last on the US site.
  const section = page.getByTestId('payment-section');
  await expect(section.getByRole('button', { name: LINK_LABEL, exact: true })).toBeVisible();
  await expect(section.getByRole('button', { name: DROP_IN_LABEL, exact: true })).toBeVisible();
  await payWith(page, LINK_LABEL, 'ADYEN_LINK');
  await expect(page).toHaveURL(LINK_PAGE);
  await expect(page.getByTestId('amount')).toHaveText(asAdyenPage(total));
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  const { orderCode } = await expectPaid(page);
  await expectPaidInOrderList(page, orderCode);
});

test('ADYEN_LINK: a refused card on the hosted page ends on the failed result with the reason; paying again works', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, 'adyen-refused');
  await toPaymentStep(page);
  const started = page.waitForRequest('**/sapi/mall-pay/payment/firstPay');
  await payWith(page, LINK_LABEL, 'ADYEN_LINK');
  const contractId = (await started).postDataJSON().contractId as string;
  await expect(page).toHaveURL(LINK_PAGE);
  const firstLink = page.url();
  await page.getByRole('button', { name: 'Pay (the card is declined)' }).click();
  await expect(page.getByRole('alert')).toHaveText('The payment was refused. Try another card.');

  // Back at the shop, the result page says why: Adyen's AUTHORISATION (success false) failed the attempt.
  await page.goto(`/buyer/pay-result?contractId=${contractId}`);
  const failed = page.getByTestId('pay-failed');
  await expect(failed.getByRole('heading', { name: 'Payment failed' })).toBeVisible({ timeout: 15_000 });
  await expect(failed.getByTestId('failed-reason')).toContainText(
    'Your card was declined. Please use another card or payment method.',
  );
  await expect(failed.getByTestId('failed-code')).toHaveText('Code: card_declined');

  await failed.getByRole('link', { name: 'pay again' }).click();
  await expect(page).toHaveURL(`/buyer/pre-pay?contractId=${contractId}`);
  await openChannel(page, LINK_LABEL);
  await page.getByTestId('pay-ADYEN_LINK').click();
  await page.getByRole('dialog', { name: 'Notice' }).getByRole('button', { name: 'pay again' }).click();
  await expect(page).toHaveURL(LINK_PAGE);
  expect(page.url()).not.toBe(firstLink);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  expect((await expectPaid(page)).contractId).toBe(contractId);

  // The first link was expired when its attempt was closed: it takes no payment any more.
  await page.goto(firstLink);
  await expect(page.getByRole('heading', { name: 'This payment link has expired or does not exist' })).toBeVisible();
});

test('ADYEN_PC without internet: its panel says the program could not load, and the buyer pays by link instead', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, 'adyen-offline');
  await toPaymentStep(page);
  await openChannel(page, DROP_IN_LABEL);
  const dropIn = page.getByTestId('channel-ADYEN_PC');
  await expect(dropIn.getByTestId('script-error')).toHaveText(SCRIPT_ERROR);
  await expect(dropIn.getByTestId('pay-ADYEN_PC')).toHaveCount(0);
  // The methods Adyen's Drop-in would show; Apple Pay only on a device that can pay with it (not this browser).
  await expect(dropIn.getByRole('radio', { name: 'Card', exact: true })).toBeChecked();
  await expect(dropIn.getByRole('radio', { name: 'Google Pay', exact: true })).toBeVisible();
  await expect(dropIn.getByRole('radio', { name: 'Afterpay', exact: true })).toBeVisible();
  await expect(dropIn.getByRole('radio', { name: 'Apple Pay', exact: true })).toHaveCount(0);

  // Pay by Link needs no script: it pays.
  await openChannel(page, LINK_LABEL);
  const link = page.getByTestId('channel-ADYEN_LINK');
  await expect(link.getByTestId('script-error')).toHaveCount(0);
  await link.getByTestId('pay-ADYEN_LINK').click();
  await expect(page).toHaveURL(LINK_PAGE);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expectPaid(page);
});
