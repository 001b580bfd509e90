import { expect, test, type Page } from './test';
import { approveOnMockpay, payNowToMockpay, placeTwoShopCheckout, signUp } from './helpers';

// Paying and cancelling several unpaid orders together from the order list (SPEC §4 MERGE_PAY,
// MERGE_CANCEL; §9 merge-order carousel). Each test signs up its own buyer and places two
// checkouts of two orders each (a desk from FlexiDesk, a lamp from Nordic Home) through the API.

/** The card of an order in the list. */
const card = (page: Page, id: string) => page.locator(`[data-testid="order-card"][data-order-id="${id}"]`);

/** Ticks an order's checkbox (once its card has hydrated) and waits for the bar to say so. */
async function tick(page: Page, id: string, summary: RegExp) {
  await expect(async () => {
    const box = card(page, id).getByTestId('merge-select');
    if (!(await box.isChecked())) await box.click();
    await expect(page.getByTestId('merge-summary')).toHaveText(summary, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}

for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(name, () => {
    test.use({ viewport, ...(name === 'phone' ? { isMobile: true, hasTouch: true } : {}) });

    test('two checkouts paid together with MOCKPAY: one payment, every order paid', async ({ page }, info) => {
      await signUp(page, `mp-${name}`);
      const first = await placeTwoShopCheckout(page);
      const second = await placeTwoShopCheckout(page);
      const all = [...first.tradeOrderIdList, ...second.tradeOrderIdList];
      const total = (Number(first.needPayAmt) + Number(second.needPayAmt)).toFixed(2);

      await page.goto('/buyer/orders?status=PENDING_PAY');
      for (const id of all)
        await expect(card(page, id).getByRole('checkbox', { name: /to pay or cancel it together/ })).toBeVisible();
      const bar = page.getByRole('region', { name: 'Pay or cancel together' });
      await expect(bar).toContainText('Tick unpaid orders to pay or cancel them together.');

      // One order ticks its checkout's other order too; one checkout alone is not a merge.
      await tick(page, second.tradeOrderIdList[0]!, /^2 orders selected/);
      await expect(card(page, second.tradeOrderIdList[1]!).getByTestId('merge-select')).toBeChecked();
      await expect(bar.getByRole('button', { name: 'Pay together' })).toBeDisabled();
      await expect(bar).toContainText('Pick orders of at least two checkouts');
      await tick(page, first.tradeOrderIdList[1]!, /^4 orders selected · \$/);
      await expect(page.getByTestId('merge-summary')).toContainText(
        Number(total).toLocaleString('en-US', { minimumFractionDigits: 2 }),
      );
      await bar.scrollIntoViewIfNeeded();
      await page.screenshot({ path: info.outputPath(`merge-select-${name}.png`) });

      await bar.getByRole('button', { name: 'Pay together' }).click();
      await expect(page).toHaveURL(/\/buyer\/merge-pay\?orders=/);
      const carousel = page.getByRole('region', { name: 'The 4 orders you pay' });
      await expect(carousel.getByRole('group')).toHaveAccessibleName('1 of 4');
      await expect(carousel.getByTestId('order-code')).toHaveCount(1);
      await carousel.getByRole('button', { name: 'Next' }).click();
      await expect(carousel.getByRole('group')).toHaveAccessibleName('2 of 4');
      await carousel.getByRole('button', { name: '4 of 4' }).click();
      await expect(carousel.getByRole('group')).toHaveAccessibleName('4 of 4');
      await expect(page.getByTestId('merge-total')).toContainText('Total for 4 orders');
      await expect(page.getByTestId('merge-total')).toContainText(
        Number(total).toLocaleString('en-US', { minimumFractionDigits: 2 }),
      );
      await page.screenshot({ path: info.outputPath(`merge-pay-${name}.png`), fullPage: true });

      // One payment for the total, on MockPay's page.
      await payNowToMockpay(page, `$${Number(total).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
      await approveOnMockpay(page);
      await expect(page.getByTestId('pay-success').getByTestId('order-code')).toHaveCount(4);

      // Every order is paid, each with its own number.
      await page.goto('/buyer/orders?status=UN_DELIVERY');
      for (const id of all) await expect(card(page, id).getByTestId('order-status')).toHaveText('To be shipped');
      await page.goto('/buyer/orders?status=PENDING_PAY');
      await expect(page.getByTestId('order-card')).toHaveCount(0);
    });

    test('two checkouts cancelled together after one confirmation', async ({ page }, info) => {
      await signUp(page, `mc-${name}`);
      const first = await placeTwoShopCheckout(page);
      const second = await placeTwoShopCheckout(page);
      // An unpaid order's detail offers paying it with others: the list, where they are ticked.
      await page.goto(`/buyer/order/detail/${first.tradeOrderIdList[0]}`);
      await page.getByTestId('order-operations').first().getByRole('button', { name: 'Pay with other orders' }).click();
      await expect(page).toHaveURL(/\/buyer\/orders\?status=PENDING_PAY$/);
      await tick(page, first.tradeOrderIdList[0]!, /^2 orders selected/);
      await tick(page, second.tradeOrderIdList[0]!, /^4 orders selected/);
      const bar = page.getByRole('region', { name: 'Pay or cancel together' });
      await bar.getByRole('button', { name: 'Cancel together' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel orders together' });
      await expect(dialog).toContainText('Do you want to cancel the 4 selected orders?');
      await page.screenshot({ path: info.outputPath(`merge-cancel-${name}.png`) });
      // Keeping them changes nothing.
      await dialog.getByRole('button', { name: 'Keep order' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('order-card')).toHaveCount(4);
      await bar.getByRole('button', { name: 'Cancel together' }).click();
      await page
        .getByRole('dialog', { name: 'Cancel orders together' })
        .getByRole('button', { name: 'Cancel orders' })
        .click();
      await expect(page.getByText('4 orders canceled')).toBeVisible();
      await expect(page.getByTestId('order-card')).toHaveCount(0);
      await page.goto('/buyer/orders?status=CANCEL_ALL');
      for (const id of [...first.tradeOrderIdList, ...second.tradeOrderIdList])
        await expect(card(page, id).getByTestId('order-status')).toHaveText('Canceled');
    });
  });
}
