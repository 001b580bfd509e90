import { expect, test, type Page } from './test';
import {
  addToCart,
  amountOf,
  answerQuizAndAgree,
  approveOnMockpay,
  fillShippingAddress,
  goToCheckout,
  payNowToMockpay,
  signUp,
} from './helpers';

// Cross-border orders (NORMAL_SALE_CBE): Kyoto Craft Direct ships its tea set into the US site
// from Japan ($120.00, ceramics: 6 % duty; import tax 7.25 % of goods, $18.00 shipping and duty),
// which asks for the buyer's real-name certificate. Nordic Home's light bar is domestic.

async function checkOutCrossBorderAndDomestic(page: Page, continueButton: () => ReturnType<Page['getByRole']>) {
  // Sign-up, two items, an address, a certificate, a payment and two order pages: longer than one step's default.
  test.setTimeout(180_000);
  const email = await signUp(page, 'cbe');
  // The item page says where it ships from and what checkout adds.
  await page.goto('/item/arita-porcelain-tea-set');
  await expect(page.getByTestId('item-cross-border')).toHaveText(
    'Ships from Japan: import duties and import tax are added at checkout; customs needs your real-name certificate.',
  );
  await addToCart(page, 'arita-porcelain-tea-set');
  await addToCart(page, 'monitor-lamp');
  await goToCheckout(page, 2);
  await fillShippingAddress(page, email);

  // The cross-border order is its own, with its origin, duty and import tax; the summary lists them apart.
  const section = page.getByRole('region', { name: 'Shipped from abroad' });
  await expect(section.getByTestId('cross-border-order')).toHaveText(
    'Kyoto Craft Direct ships from Japan: import duties $7.20, import tax $10.53',
  );
  await expect(page.getByTestId('items').getByTestId('cross-border-badge')).toHaveCount(1);
  await expect(page.getByTestId('sum-duty')).toHaveText('$7.20');
  await expect(page.getByTestId('sum-import-tax')).toHaveText('$10.53');
  const withoutCharges = amountOf(await page.getByTestId('sum-total').innerText());

  // The US site asks for a certificate: Continue says so until one is added.
  const prompt = page.getByTestId('certificate-prompt');
  await expect(prompt).toContainText('Customs needs your real-name certificate');
  await page.screenshot({ path: test.info().outputPath('checkout-certificate-prompt.png'), fullPage: true });
  await answerQuizAndAgree(page);
  await continueButton().click();
  const tip = page.getByRole('dialog', { name: 'Tip' });
  await expect(tip.getByTestId('tip-message')).toContainText('Customs needs your real-name certificate');
  await tip.getByRole('button', { name: 'OK' }).click();
  await expect(tip).toBeHidden();

  await prompt.getByRole('textbox', { name: 'Real name' }).fill('Pat Payer');
  await prompt.getByRole('textbox', { name: 'ID number' }).fill('123-45-6789');
  await prompt.getByRole('button', { name: 'Save' }).click();
  await expect(prompt).toBeHidden();
  await expect(section.getByTestId('cross-border-certificate')).toHaveText(
    'Declared to customs with the certificate of Pat Payer (*****6789)',
  );
  // The total already held the duty and import tax: adding the certificate changes no amount.
  expect(amountOf(await page.getByTestId('sum-total').innerText())).toBe(withoutCharges);
  const amount = await page.getByTestId('sum-total').innerText();

  await continueButton().click();
  await expect(page.getByTestId('payment-step')).toBeVisible();
  await payNowToMockpay(page, amount);
  await approveOnMockpay(page);
  // One payment, two orders.
  await expect(page.getByTestId('pay-success').getByTestId('order-code')).toHaveCount(2);

  await page.goto('/buyer/orders');
  const cards = page.getByTestId('order-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: 'Arita Porcelain Tea Set' }).getByTestId('order-cross-border')).toHaveText(
    'Cross-border',
  );
  await expect(cards.filter({ hasText: 'Monitor Light Bar' }).getByTestId('order-cross-border')).toHaveCount(0);
  await cards.filter({ hasText: 'Arita Porcelain Tea Set' }).getByTestId('order-code').click();
  await expect(page).toHaveURL(/\/buyer\/order\/detail\/\d+/);
  const declaration = page.getByRole('region', { name: 'Customs declaration' });
  await expect(declaration.getByTestId('customs-origin')).toHaveText('Japan');
  await expect(declaration.getByTestId('customs-value')).toHaveText('$120.00');
  await expect(declaration.getByTestId('customs-duty')).toHaveText('$7.20');
  await expect(declaration.getByTestId('customs-import-tax')).toHaveText('$10.53');
  await expect(declaration.getByTestId('customs-certificate')).toHaveText('Pat Payer (*****6789)');
  await expect(declaration.getByTestId('customs-line')).toContainText(
    'HS code 6912.00 · declared $120.00 · duty $7.20 (6 %)',
  );
  // The bill adds them up: goods, shipping, duty and import tax, no sales tax.
  await expect(page.getByTestId('bill-duty')).toContainText('$7.20');
  await expect(page.getByTestId('bill-import-tax')).toContainText('$10.53');
  await expect(page.getByTestId('bill-total')).toContainText('$155.73');
  await page.screenshot({ path: test.info().outputPath('order-customs-declaration.png'), fullPage: true });

  // The domestic order has no declaration.
  await page.goto('/buyer/orders');
  await cards.filter({ hasText: 'Monitor Light Bar' }).getByTestId('order-code').click();
  await expect(page.getByTestId('bill-summary')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Customs declaration' })).toHaveCount(0);
}

test('desktop: a cart with a cross-border and a domestic item, duties apart, certificate asked, paid once, two orders', async ({
  page,
}) => {
  await checkOutCrossBorderAndDomestic(page, () =>
    page.getByTestId('order-summary').getByRole('button', { name: 'Continue to payment' }),
  );
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the same checkout on a phone', async ({ page }) => {
    await checkOutCrossBorderAndDomestic(page, () =>
      page.getByTestId('mobile-footer').getByRole('button', { name: 'Continue to payment' }),
    );
  });
});
