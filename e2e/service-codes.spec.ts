import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './test';
import { logIn } from './helpers';

/**
 * Service use codes (SPEC §4 checkVerifyCode, §3 tradeOrderLineCouponsBOList): the buyer's order
 * shows them masked until "Verification codes" reads them from the server; the shop's seller
 * redeems one in the seller console, a second try and an unknown code are refused, and the
 * buyer then sees it used. kenji@demo.shop's assembly vouchers: one code used, two to use (the
 * desktop test redeems the second, the phone test the third).
 */
const CSRF = { 'x-mall-request': '1' };

/** axe: no serious or critical violation (as e2e/a11y.spec.ts scans the buyer's landing pages). */
async function expectNoSeriousViolations(page: Page, label: string, only?: string) {
  const axe = new AxeBuilder({ page }).exclude('.mantine-Notifications-root');
  const results = await (only ? axe.include(only) : axe).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect
    .soft(
      serious.map(
        (v) =>
          `${v.id}: ${v.help} ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(', ')}`,
      ),
      label,
    )
    .toEqual([]);
}

async function voucherOrderId(page: Page): Promise<string> {
  const res = await page.request.post('/sapi/mall-order/web/order/pageTradeOrderForBuyer', {
    data: { pageNo: 1, pageSize: 20 },
    headers: CSRF,
  });
  expect(res.status()).toBe(200);
  const orders = (await res.json()).data as {
    id: string;
    tradeOrderLineList: { sku: { item: { itemName: string } }; tradeQty: string }[];
  }[];
  const found = orders.find((o) =>
    o.tradeOrderLineList.some((l) => l.sku.item.itemName === 'On-site Assembly Service' && Number(l.tradeQty) === 3),
  );
  expect(found, 'the demo voucher order').toBeTruthy();
  return found!.id;
}

for (const [name, viewport, row] of [
  ['desktop', { width: 1280, height: 900 }, 1],
  ['phone', { width: 390, height: 844 }, 2],
] as const) {
  test.describe(name, () => {
    test.use({ viewport, ...(name === 'phone' ? { isMobile: true, hasTouch: true } : {}) });

    test('the buyer reads the codes behind "Verification codes", the seller redeems one once', async ({ page }) => {
      test.setTimeout(120_000);
      await logIn(page, 'kenji@demo.shop');
      await expect(page).toHaveURL('/');
      const orderId = await voucherOrderId(page);
      await page.goto(`/buyer/order/detail/${orderId}`);
      const use = page.getByRole('region', { name: 'Use information' });
      const rows = use.getByTestId('service-code');
      await expect(rows).toHaveCount(3);
      // Masked until the buyer asks.
      await expect(rows.nth(row).getByTestId('code')).toHaveText(/^•{8}[A-Z0-9]{4}$/);
      await expect(rows.nth(row).getByTestId('password')).toHaveText('••••••');
      await expect(rows.nth(0)).toContainText('Used');

      await page.getByTestId('order-detail').getByRole('button', { name: 'Verification codes' }).click();
      await expect(rows.nth(row).getByTestId('code')).toHaveText(/^[A-Z0-9]{4} [A-Z0-9]{4} [A-Z0-9]{4}$/);
      const code = await rows.nth(row).getByTestId('code').innerText();
      const password = await rows.nth(row).getByTestId('password').innerText();
      expect(password).toMatch(/^\d{6}$/);
      await expect(use.getByRole('button', { name: 'Hide codes' })).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`buyer-codes-${name}.png`), fullPage: true });
      await expectNoSeriousViolations(page, `use information with codes (${name})`, '[data-testid="use-info"]');

      // The shop's seller takes the code in the seller console.
      await page.context().clearCookies();
      await logIn(page, 'seller@demo.shop', undefined, '/merchant-console/service-codes');
      await expect(page).toHaveURL('/merchant-console/service-codes');
      await expect(page.getByRole('heading', { level: 1, name: 'Service codes' })).toBeVisible();
      const form = page.getByRole('region', { name: 'Redeem a code' });
      await form.getByRole('textbox', { name: 'Code' }).fill(code);
      await form.getByRole('textbox', { name: 'Password' }).fill(password);
      await form.getByRole('button', { name: 'Redeem' }).click();
      const done = page.getByTestId('redeemed');
      await expect(done).toContainText('Code redeemed');
      await expect(done).toContainText('On-site Assembly Service');
      await page.screenshot({ path: test.info().outputPath(`seller-redeemed-${name}.png`), fullPage: true });
      await expectNoSeriousViolations(page, `service codes console (${name})`);

      // The same code again: refused, with the reason.
      await form.getByRole('textbox', { name: 'Code' }).fill(code);
      await form.getByRole('textbox', { name: 'Password' }).fill(password);
      await form.getByRole('button', { name: 'Redeem' }).click();
      await expect(form.getByRole('alert')).toContainText('This code was already used');
      await form.getByRole('textbox', { name: 'Code' }).fill('ZZZZ ZZZZ ZZZZ');
      await form.getByRole('textbox', { name: 'Password' }).fill('123456');
      await form.getByRole('button', { name: 'Redeem' }).click();
      await expect(form.getByRole('alert')).toContainText('There is no such code for your shop');
      // A code in the wrong shape is caught by the form (the server's schema).
      await form.getByRole('textbox', { name: 'Code' }).fill('abc');
      await form.getByRole('button', { name: 'Redeem' }).click();
      await expect(form.getByText('Enter the 12-character code as the buyer shows it')).toBeVisible();

      // The buyer sees it used.
      await page.context().clearCookies();
      await logIn(page, 'kenji@demo.shop');
      await expect(page).toHaveURL('/');
      await page.goto(`/buyer/order/detail/${orderId}`);
      await expect(
        page.getByRole('region', { name: 'Use information' }).getByTestId('service-code').nth(row),
      ).toContainText('Used');
    });
  });
}
