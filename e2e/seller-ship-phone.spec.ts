import { expect, test, type Page } from './test';
import {
  addToCart,
  answerQuizAndAgree,
  approveOnMockpay,
  fillShippingAddress,
  goToCheckout,
  logIn,
  payNowToMockpay,
  signUp,
  uniqueEmail,
} from './helpers';

// The seller ships an order on a 390 px phone: the carrier list of the ship dialog
// widened the page to 553 px (sideways scroll) and moved under the finger, so no option could be
// tapped. The order is a new one (a cable tray from FlexiDesk, paid through MockPay on a desktop):
// the demo orders to ship belong to seller.spec.ts and aftersales.spec.ts.

const CSRF = { 'x-mall-request': '1' };
interface SellerOrderJson {
  tradeOrderCode: string;
  status: string;
}

async function sellerOrders(page: Page, status: string, keyword?: string): Promise<SellerOrderJson[]> {
  const res = await page.request.post('/api/merchant/orders', {
    data: { status, pageSize: 50, ...(keyword ? { keyword } : {}) },
    headers: CSRF,
  });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).data;
}

/** How far the page reaches sideways: more than the window is a sideways scroll. */
const pageWidth = (page: Page) =>
  page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** A new buyer orders a cable tray and pays; the order's number. */
async function paidOrder(buyer: Page): Promise<string> {
  await signUp(buyer, 'shipped');
  await addToCart(buyer, 'cable-tray');
  await goToCheckout(buyer, 1);
  await fillShippingAddress(buyer, uniqueEmail('shipped'));
  await answerQuizAndAgree(buyer);
  await buyer.getByRole('button', { name: 'Continue to payment' }).click();
  await payNowToMockpay(buyer);
  await approveOnMockpay(buyer);
  return buyer.getByTestId('pay-success').getByTestId('order-code').first().innerText();
}

test('a seller ships an order on a phone: the carrier list stays in the window and its options can be tapped', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const desktop = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 1280, height: 900 },
  });
  const code = await paidOrder(await desktop.newPage());
  await desktop.close();

  await logIn(page, 'seller@demo.shop', undefined, '/merchant-console/orders');
  await expect(page.getByRole('heading', { name: 'Seller backend', level: 1 })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Order number' }).fill(code);
  await page.getByRole('button', { name: 'Search', exact: true }).tap();
  await expect(page.getByTestId('seller-order')).toHaveCount(1);
  await page.getByRole('button', { name: `Ship order ${code}` }).tap();
  const dialog = page.getByRole('dialog', { name: `Ship order ${code}` });
  await expect(dialog.getByTestId('ship-qty')).toHaveCount(1);

  const carrier = dialog.getByRole('combobox', { name: 'Logistics company' });
  await carrier.tap();
  const list = page.getByRole('listbox');
  await expect(list).toBeVisible();
  const ups = list.getByRole('option', { name: 'UPS', exact: true });
  await expect(ups).toBeVisible();
  // The open list stays inside the window: no sideways scroll.
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  const box = (await list.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  // Tapped, an option is chosen and the list closes.
  await ups.tap();
  await expect(carrier).toHaveValue('UPS');
  await expect(list).toBeHidden();
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);

  await dialog.getByRole('textbox', { name: 'Tracking number' }).fill(`1ZPH${String(Date.now()).slice(-9)}00000`);
  await dialog.getByRole('button', { name: 'Ship package' }).tap();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Everything in order ${code} has shipped; it is now under Shipped.`)).toBeVisible();
  const [shipped] = await sellerOrders(page, 'SHIPPED', code);
  expect(shipped!.status).toBe('UN_RECEIVED');
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
});
