/**
 * The buying loop's amounts and texts (1, 7, 9, 12), on a desktop and on a 390 px phone:
 * - a DIY bundle costs the same on the card, the item page, in the cart, at checkout, at MockPay
 *   and on the order (frame plus parts, one rule);
 * - weight quantities snap to their 0.5 kg steps; "added … to cart" has plural forms;
 * - cart lines name a SKU's attributes once;
 * - an unpaid order of a two-shop checkout shows its own amount and the order it is paid with;
 * - the German and Japanese sites show the catalog in their language.
 * Every test signs up its own buyer, so the demo accounts stay as they are.
 */
import { expect, test, type Page } from './test';
import {
  answerQuizAndAgree,
  approveOnMockpay,
  fillShippingAddress,
  payNowToMockpay,
  placeTwoShopCheckout,
  signUp,
} from './helpers';

const CSRF = { 'x-mall-request': '1' };

/** Every "$1,234.56" in a text, as numbers. */
const dollars = (text: string) => [...text.matchAll(/\$([\d,]+\.\d{2})/g)].map((m) => Number(m[1]!.replace(/,/g, '')));
const dollarsOf = async (page: Page, testId: string) => dollars(await page.getByTestId(testId).first().innerText());
const cents = (n: number) => Math.round(n * 100);

/** Chooses a site or language in the top bar (on a phone it sits in the menu drawer). */
async function choosePreference(page: Page, switcher: 'site-switcher' | 'language-switcher', item: string | RegExp) {
  const menu = page.getByRole('button', { name: /^(Open menu|Menü öffnen|メニューを開く)$/ });
  if (await menu.isVisible()) await menu.click();
  await page.getByTestId(switcher).filter({ visible: true }).click();
  await page.getByRole('menuitem', { name: item }).click();
  // The menu closes first: an Escape sent while it is still closing goes to the menu, not the drawer.
  await expect(page.getByRole('menu')).toBeHidden();
  const drawer = page.getByRole('dialog');
  if (await drawer.isVisible()) await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
}

async function newestOrderId(page: Page): Promise<string> {
  const res = await page.request.post('/sapi/mall-order/web/order/pageTradeOrderForBuyer', {
    data: { pageNo: 1, pageSize: 5 },
    headers: CSRF,
  });
  expect(res.status()).toBe(200);
  return (await res.json()).data[0].id;
}

function buyingLoop() {
  test('a DIY bundle costs the same from the card to the order', async ({ page }) => {
    await signUp(page, 'bundle');

    // The card on the home page.
    await page.goto('/');
    const card = page.getByTestId('item-card').filter({ hasText: 'DIY Desk Bundle' });
    await expect(card).toBeVisible();
    const [cardPrice] = dollars(await card.innerText());

    // The item page: the headline is the bundle, the frame and the parts are named below it.
    await card.click();
    await expect(page).toHaveURL('/item/diy-desk-bundle');
    const [unit] = await dollarsOf(page, 'item-price');
    expect(unit).toBe(cardPrice);
    const [frame] = await dollarsOf(page, 'bundle-note');
    const parts = dollars(await page.getByText('Bundle includes').locator('..').innerText());
    expect(parts).toHaveLength(2);
    expect(cents(frame!) + cents(parts[0]!) + cents(parts[1]!)).toBe(cents(unit!));
    expect(unit).toBe(526.97);

    // Two bundles into the cart.
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(page.getByRole('textbox', { name: 'Quantity' })).toHaveValue('2');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText('Added 2 items to cart')).toBeVisible();
    await page.goto('/cart');
    const line = page.getByTestId('cart-line');
    await expect(line).toHaveCount(1);
    expect(await dollarsOf(page, 'line-total')).toEqual([unit! * 2]);
    expect(dollars(await line.innerText())).toContain(unit);
    expect(await dollarsOf(page, 'cart-total')).toEqual([unit! * 2]);

    // Checkout: the line and the subtotal.
    await page.getByTestId('checkout-button').click();
    await expect(page).toHaveURL('/checkout');
    await expect(page.getByTestId('checkout-line')).toHaveCount(1);
    expect(dollars(await page.getByTestId('checkout-line').innerText())).toContain(unit! * 2);
    expect(await dollarsOf(page, 'sum-subtotal')).toEqual([unit! * 2]);
    await fillShippingAddress(page, 'bundle@example.com');
    await answerQuizAndAgree(page);
    const total = await page.getByTestId('sum-total').innerText();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByTestId('payment-step')).toBeVisible();

    // MockPay charges the total shown; the order keeps the bundle price.
    await payNowToMockpay(page, total);
    await approveOnMockpay(page);
    await page.goto(`/buyer/order/detail/${await newestOrderId(page)}`);
    const order = page.getByTestId('order-detail');
    await expect(order.getByTestId('order-line').first()).toContainText('DIY Desk Bundle');
    expect(dollars(await order.getByTestId('order-line').first().innerText())).toEqual([unit! * 2]);
    expect(await dollarsOf(page, 'bill-goods')).toEqual([unit! * 2]);
    expect(await dollarsOf(page, 'bill-total')).toEqual(dollars(total));
  });

  test('weight quantities snap to their steps; "added to cart" counts in words', async ({ page }) => {
    await signUp(page, 'steps');
    await page.goto('/item/office-coffee-beans');
    const qty = page.getByRole('textbox', { name: 'Quantity' });
    for (const [typed, snapped] of [
      ['1.3', '1.5'],
      ['0.7', '0.5'],
      ['2.2', '2'],
      ['0.2', '0.5'],
      ['12', '10'],
    ]) {
      await qty.fill(typed!);
      await qty.press('Enter');
      await expect(qty, typed).toHaveValue(snapped!);
    }
    await qty.fill('1.3');
    await qty.blur();
    await expect(qty).toHaveValue('1.5');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText('Added 1.5 kg to cart')).toBeVisible();

    // Pieces: one item, then two items.
    await page.goto('/item/cable-tray');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText('Added 1 item to cart')).toBeVisible();
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText('Added 2 items to cart')).toBeVisible();

    // A desk: its line names "Black / 140x70" once, not again as attributes.
    await page.goto('/item/standing-desk-e7');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText('Added 1 item to cart')).toBeVisible();

    // The cart's stepper snaps too, and the line total follows.
    await page.goto('/cart');
    const coffee = page.getByTestId('cart-line').filter({ hasText: 'Office Coffee Beans' });
    const coffeeQty = coffee.getByRole('textbox', { name: /Quantity of Office Coffee Beans/ });
    await expect(coffeeQty).toHaveValue('1.5');
    const [perKg] = dollars(await coffee.innerText());
    await coffeeQty.fill('0.7');
    await coffeeQty.press('Enter');
    await expect(coffeeQty).toHaveValue('0.5');
    await expect
      .poll(async () => dollars(await coffee.getByTestId('line-total').innerText())[0])
      .toBe(Math.round(perKg! * 0.5 * 100) / 100);
    await expect(
      page.getByTestId('cart-line').filter({ hasText: 'Standing Desk E7' }).getByTestId('line-sku'),
    ).toHaveText('Black / 140x70');

    // Japanese has one form for every count.
    expect((await page.request.post('/api/preferences', { data: { language: 'ja' }, headers: CSRF })).status()).toBe(
      200,
    );
    await page.goto('/item/cable-tray');
    await page.getByRole('button', { name: 'カートに追加' }).click();
    await expect(page.getByText('1点をカートに追加しました')).toBeVisible();
  });

  test('an unpaid order of a two-shop checkout shows its own amount and the order it is paid with', async ({
    page,
  }) => {
    await signUp(page, 'together');
    // Checkout through the API: a desk (FlexiDesk) and a lamp (Nordic Home), one payment started.
    const { contractId, tradeOrderIdList, needPayAmt } = await placeTwoShopCheckout(page);
    expect(
      (
        await page.request.post('/sapi/mall-pay/payment/firstPay', {
          data: { contractId, payChannel: 'MOCKPAY' },
          headers: CSRF,
        })
      ).status(),
    ).toBe(200);

    const codes: string[] = [];
    for (const id of tradeOrderIdList) {
      const d = await (
        await page.request.post('/sapi/mall-order/web/order/libquerytradeorderdetailbyidforbuyer', {
          data: { id },
          headers: CSRF,
        })
      ).json();
      codes.push(d.tradeOrderCode);
    }
    for (const [i, id] of tradeOrderIdList.entries()) {
      await page.goto(`/buyer/order/detail/${id}`);
      const own = await dollarsOf(page, 'bill-total');
      const payment = page.getByTestId('payment-info');
      await expect(payment.getByTestId('paid-together')).toContainText(codes[1 - i]!);
      await expect(payment).toContainText('Paid together with order');
      await expect(payment.getByTestId('paid-together')).toContainText(`One payment of $${needPayAmt} for 2 orders`);
      // The payment row shows this order's amount, the whole payment in small print.
      const row = payment.getByTestId('payment-records').getByRole('row').nth(1);
      expect(dollars(await row.innerText())).toEqual([own[0], Number(needPayAmt)]);
      await payment
        .getByTestId('paid-together')
        .getByRole('link', { name: codes[1 - i] })
        .click();
      await expect(page.getByTestId('detail-code')).toContainText(codes[1 - i]!);
    }
  });

  test('the German and Japanese sites show the catalog in their language, English where chosen', async ({ page }) => {
    await page.goto('/');
    await choosePreference(page, 'site-switcher', /^DE/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByTestId('item-card').filter({ hasText: 'Steh-Schreibtisch E7' })).toBeVisible();
    await page.getByTestId('item-card').filter({ hasText: 'DIY-Schreibtisch-Set' }).click();
    await expect(
      page.getByRole('heading', { name: 'DIY-Schreibtisch-Set (Gestell + Eichenplatte + Kabelwanne)' }),
    ).toBeVisible();
    await expect(page.getByText('Bauen Sie Ihren eigenen Schreibtisch')).toBeVisible();
    await expect(page.getByText('Tischplatte Eiche 140', { exact: false })).toBeVisible();

    await choosePreference(page, 'language-switcher', 'English');
    await expect(page.getByRole('heading', { name: 'DIY Desk Bundle (frame + oak top + cable tray)' })).toBeVisible();

    await page.goto('/');
    await choosePreference(page, 'site-switcher', /^JP/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(page.getByTestId('item-card').filter({ hasText: 'スタンディングデスク E7' })).toBeVisible();
  });
}

test.describe('desktop', () => {
  buyingLoop();
});

test.describe('phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  buyingLoop();
});
