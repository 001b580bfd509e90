import { expect, test, type Page } from './test';
import {
  addToCart,
  amountOf,
  answerQuizAndAgree,
  approveOnMockpay,
  fillShippingAddress,
  goToCheckout,
  logIn,
  payNowToMockpay,
  signUp,
} from './helpers';

// Cross-border orders (NORMAL_SALE_CBE): Kyoto Craft Direct ships its tea set into the US site
// from Japan ($120.00, ceramics: 6 % duty; import tax 7.25 % of goods, $18.00 shipping and duty),
// which asks for the buyer's real-name certificate. Nordic Home's light bar is domestic.
// Its seller (kyoto@demo.shop) sees the order's customs declaration in the seller console.

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
  const cbeLink = cards.filter({ hasText: 'Arita Porcelain Tea Set' }).getByTestId('order-code');
  const cbeCode = /\d{10,}/.exec(await cbeLink.innerText())![0];
  await cbeLink.click();
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
  return cbeCode;
}

/**
 * The demo's cross-border seller (Kyoto Craft Direct) finds the order in its console: the order
 * shows what was declared to customs with it, the buyer's certificate number masked.
 */
async function sellerSeesDeclaration(page: Page, code: string, shot: string) {
  await page.context().clearCookies();
  await logIn(page, 'kyoto@demo.shop', undefined, '/merchant-console/orders');
  await expect(page.getByRole('heading', { name: 'Seller backend', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Order number' }).fill(code);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const order = page.getByTestId('seller-order');
  await expect(order).toHaveCount(1);
  await expect(order.getByRole('heading', { level: 2 })).toContainText(code);
  const declaration = order.getByRole('region', { name: 'Customs declaration' });
  await expect(declaration.getByRole('heading', { name: 'Customs declaration', level: 3 })).toBeVisible();
  await expect(declaration.getByTestId('customs-origin')).toHaveText('Japan');
  await expect(declaration.getByTestId('customs-value')).toHaveText('$120.00');
  await expect(declaration.getByTestId('customs-duty')).toHaveText('$7.20');
  await expect(declaration.getByTestId('customs-import-tax')).toHaveText('$10.53');
  await expect(declaration.getByTestId('customs-certificate')).toHaveText('Pat Payer (*****6789)');
  await expect(declaration.getByTestId('customs-line')).toContainText(
    'HS code 6912.00 · declared $120.00 · duty $7.20 (6 %)',
  );
  await expect(page.getByText('123-45-6789')).toHaveCount(0);
  // Nothing sticks out sideways (the phone's width).
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await order.screenshot({ path: test.info().outputPath(shot) });
  await page.screenshot({ path: test.info().outputPath(`page-${shot}`), fullPage: true });
}

test('desktop: a cart with a cross-border and a domestic item, duties apart, certificate asked, paid once, two orders; the seller sees the declaration', async ({
  page,
}) => {
  const code = await checkOutCrossBorderAndDomestic(page, () =>
    page.getByTestId('order-summary').getByRole('button', { name: 'Continue to payment' }),
  );
  await sellerSeesDeclaration(page, code, 'seller-customs-declaration-1280.png');
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the same checkout on a phone, and the seller console on a phone', async ({ page }) => {
    const code = await checkOutCrossBorderAndDomestic(page, () =>
      page.getByTestId('mobile-footer').getByRole('button', { name: 'Continue to payment' }),
    );
    await sellerSeesDeclaration(page, code, 'seller-customs-declaration-390.png');
  });
});
