import { expect, test, type Locator, type Page } from './test';
import {
  MOCKPAY_PAGE,
  addToCart,
  answerQuizAndAgree,
  fillShippingAddress,
  goToCheckout,
  signUp,
  uniqueEmail,
} from './helpers';

// Saved cards (SPEC §4 "Card save", §5 card form, §8 card errors): the card data goes to MOCKPAY's
// client API, the shop polls the card until the provider's webhook brings its token. Paying with
// a saved card charges it at once: no MockPay page, straight to the pay-result screen.
// Every spec signs up its own account, so they run in parallel.

/** Fills the holder fields of the card form (the email is prefilled with the account's). */
async function fillHolder(form: Locator) {
  await form.getByRole('textbox', { name: 'Cardholder name' }).fill('Casey Cardholder');
  await form.getByRole('textbox', { name: 'Phone' }).fill('4155550100');
  await expect(form.getByRole('textbox', { name: 'Email' })).toHaveValue(/@example\.com$/);
  await form.getByRole('textbox', { name: 'Country/region' }).fill('United States');
  await form.getByRole('textbox', { name: 'City' }).fill('San Francisco');
  await form.getByRole('textbox', { name: 'Street' }).fill('Market St');
  await form.getByRole('textbox', { name: 'House number' }).fill('1');
  await form.getByRole('textbox', { name: 'Postal code' }).fill('94103');
}

async function fillCard(form: Locator, number: string, expiry = '12/30', cvc = '123') {
  await form.getByRole('textbox', { name: 'Card number' }).fill(number);
  await form.getByRole('textbox', { name: 'Expiry date' }).fill(expiry);
  await form.getByRole('textbox', { name: 'Security code' }).fill(cvc);
}

/** Records every document the tab loads, to prove MockPay's hosted page was never visited. */
function trackDocuments(page: Page): string[] {
  const urls: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url());
  });
  page.on('request', (req) => {
    if (req.isNavigationRequest()) urls.push(req.url());
  });
  return urls;
}

/** Step 0 for an account without saved addresses, then on to the payment step. */
async function toPaymentStep(page: Page) {
  await addToCart(page, 'cable-tray');
  await goToCheckout(page, 1);
  await fillShippingAddress(page, uniqueEmail('cardpayer'));
  await answerQuizAndAgree(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByTestId('payment-step')).toBeVisible();
  const section = page.getByTestId('payment-section');
  await expect(section.getByRole('button', { name: 'Card or wallet (MockPay)' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  return section;
}

test('add a card on /buyer/cards (validation, provider errors, success), then pay with it without the MockPay page', async ({
  page,
}) => {
  // The whole flow, sign-up to a paid order, takes 42-54 s on a loaded 2-core machine: three
  // times the default limit, so one slow moment does not fail it.
  test.slow();
  const documents = trackDocuments(page);
  await signUp(page, 'cards');
  await page.goto('/buyer/cards');
  await expect(page.getByRole('heading', { name: 'Bank cards' })).toBeVisible();
  await expect(page.getByTestId('empty-state')).toHaveText('No cards available, please add a new card first');
  await expect(page.getByTestId('saved-card')).toHaveCount(0);

  await page.getByRole('button', { name: 'Add a card' }).click();
  const form = page.getByRole('dialog', { name: 'Add a card' });
  await expect(form.getByRole('textbox', { name: 'Card number' })).toBeVisible();

  // Empty: every field says what is missing, nothing is sent.
  await form.getByRole('button', { name: 'Save card' }).click();
  await expect(form.getByText('Card number cannot be empty')).toBeVisible();
  await expect(form.getByText('Card security code cannot be empty')).toBeVisible();
  await expect(form.getByText('Card expiry cannot be empty')).toBeVisible();
  // Cardholder name, phone, country, city, street, house number and postal code (the email is prefilled).
  await expect(form.getByText('Please fill in')).toHaveCount(7);

  // A number failing the provider's check: its error under the card number, the form stays open.
  await fillHolder(form);
  await fillCard(form, '4242 4242 4242 4241');
  await form.getByRole('button', { name: 'Save card' }).click();
  await expect(form.getByText('Invalid card number')).toBeVisible();
  await expect(form.getByText('Please fill in')).toHaveCount(0);
  await expect(form.getByText('Card number cannot be empty')).toHaveCount(0);

  // An expiry in the past.
  await fillCard(form, '4242 4242 4242 4242', '01/20');
  await form.getByRole('button', { name: 'Save card' }).click();
  await expect(form.getByText('Invalid Expiry date')).toBeVisible();

  // A good card: saved once the provider's token has arrived.
  await fillCard(form, '4242 4242 4242 4242');
  await form.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText('Added successfully')).toBeVisible({ timeout: 15_000 });
  await expect(form).toBeHidden();
  await expect(page.getByTestId('empty-state')).toHaveCount(0);
  const saved = page.getByTestId('saved-card');
  await expect(saved).toHaveCount(1);
  await expect(saved).toContainText('•••• 4242');
  await expect(saved).toContainText('VISA');
  await expect(saved.getByText('Default')).toBeVisible();
  // The failed attempts added no card to the list.
  await page.reload();
  await expect(page.getByTestId('saved-card')).toHaveCount(1);

  // Checkout: pay with the saved card.
  const section = await toPaymentStep(page);
  await section.getByRole('radio', { name: 'Saved card' }).check();
  const cardsList = section.getByTestId('saved-cards');
  const card = cardsList.getByRole('radio', { name: /•••• 4242/ });
  await expect(card).toBeVisible();
  await expect(card).toBeChecked();
  await section.getByTestId('pay-MOCKPAY').click();

  await expect(page).toHaveURL(/\/buyer\/pay-result\?contractId=\d+/);
  const success = page.getByTestId('pay-success');
  await expect(success.getByRole('heading', { name: 'Payment successful' })).toBeVisible({ timeout: 15_000 });
  const contractId = new URL(page.url()).searchParams.get('contractId')!;
  await expect(success.getByTestId('order-code')).toHaveText(/^\d{17}$/);
  await expect(success).not.toContainText(`Order number ${contractId}`);
  expect(documents.length).toBeGreaterThan(0);
  expect(
    documents.filter((u) => MOCKPAY_PAGE.test(new URL(u).pathname) || new URL(u).pathname.startsWith('/mockpay/')),
  ).toEqual([]);
});

test('the Saved card method without cards: the empty text, then "Add a card" from the payment panel', async ({
  page,
}) => {
  const documents = trackDocuments(page);
  await signUp(page, 'nocards');
  const section = await toPaymentStep(page);
  await section.getByRole('radio', { name: 'Saved card' }).check();
  const cardsList = section.getByTestId('saved-cards');
  await expect(cardsList).toContainText('No cards available, please add a new card first');
  await expect(cardsList.getByRole('radio')).toHaveCount(0);

  // Pay now without a card only warns; no order payment starts.
  await section.getByTestId('pay-MOCKPAY').click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'No cards available, please add a new card first' }),
  ).toBeVisible();
  await expect(page.getByTestId('payment-step')).toBeVisible();

  // Add a Mastercard right here; it shows up in the list, chosen as the default.
  await cardsList.getByRole('button', { name: 'Add a card' }).click();
  const form = page.getByRole('dialog', { name: 'Add a card' });
  await fillHolder(form);
  await fillCard(form, '5555 5555 5555 4444', '11/31', '321');
  await form.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText('Added successfully')).toBeVisible({ timeout: 15_000 });
  await expect(form).toBeHidden();
  const card = cardsList.getByRole('radio', { name: /MASTERCARD •••• 4444/ });
  await expect(card).toBeChecked();

  await section.getByTestId('pay-MOCKPAY').click();
  await expect(page.getByTestId('pay-success').getByRole('heading', { name: 'Payment successful' })).toBeVisible({
    timeout: 15_000,
  });
  expect(documents.filter((u) => new URL(u).pathname.startsWith('/mockpay/'))).toEqual([]);
});

test('a saved card that declines: the failed screen explains card_declined', async ({ page }) => {
  await signUp(page, 'declined');
  await page.goto('/buyer/cards');
  await page.getByRole('button', { name: 'Add a card' }).click();
  const form = page.getByRole('dialog', { name: 'Add a card' });
  await fillHolder(form);
  await fillCard(form, '4000 0000 0000 0002');
  await form.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText('Added successfully')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('saved-card')).toContainText('•••• 0002');

  const section = await toPaymentStep(page);
  await section.getByRole('radio', { name: 'Saved card' }).check();
  await expect(section.getByTestId('saved-cards').getByRole('radio', { name: /•••• 0002/ })).toBeChecked();
  await section.getByTestId('pay-MOCKPAY').click();
  await expect(page).toHaveURL(/\/buyer\/pay-result\?contractId=\d+/);
  const failed = page.getByTestId('pay-failed');
  await expect(failed.getByRole('heading', { name: 'Payment failed' })).toBeVisible({ timeout: 15_000 });
  await expect(failed.getByTestId('failed-reason')).toContainText('Your card was declined.');
  await expect(failed.getByTestId('failed-code')).toHaveText('Code: card_declined');
});
