/**
 * Paying with Stripe and PayPal (issue "Real money, part 1" §4), in the browser, against the local
 * emulators of their APIs: the shop runs with Stripe and PayPal keys pointing at them
 * (e2e/providers.ts), a buyer goes to Stripe's hosted Checkout page or PayPal's approval page and
 * comes back paid, a declined card ends on the failed result and paying again works, a return is
 * refunded to Stripe. This machine has no internet, so Stripe.js and PayPal's script never load:
 * the redirect flows must not need them, and where a script is needed the panel says so (SPEC §8)
 * while the other channels keep working. Every test fails on a console error other than those
 * scripts' failed loads.
 */
import type { Page } from './test';
import { choose, contractIdOf, logIn, signUp } from './helpers';
import {
  PAYPAL_APPROVAL_PAGE,
  PROVIDERS_SHOP_URL,
  PROVIDER_KEYS,
  STRIPE_CHECKOUT_PAGE,
  STRIPE_EMULATOR_URL,
  expect,
  expectPaid,
  expectPaidInOrderList,
  openChannel,
  payWith,
  test,
  toPaymentStep,
} from './providers';

const CSRF = { 'x-mall-request': '1' };
const SCRIPT_ERROR = 'There was an error loading the program, please refresh the page and try again';

const VIEWPORTS = [
  { name: 'desktop', use: { viewport: { width: 1280, height: 900 } } },
  { name: 'phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
] as const;

/** The payment section as the providers' shop offers it, without internet: Stripe's card first, no device wallet. */
async function expectChannels(page: Page) {
  const section = page.getByTestId('payment-section');
  await expect(section.getByRole('button', { name: 'Card (Stripe)', exact: true })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(section.getByRole('button', { name: 'Card or wallet (MockPay)', exact: true })).toBeVisible();
  await expect(section.getByRole('button', { name: 'PayPal', exact: true })).toBeVisible();
  // Apple Pay / Google Pay / Link: shown only when Stripe's element finds a wallet, which needs Stripe.js.
  await expect(section.getByText('Apple Pay, Google Pay or Link')).toHaveCount(0);
  await expect(section.getByRole('radio', { name: 'Card', exact: true })).toBeChecked();
  await expect(
    section.getByText('You will be taken to the payment page and brought back here afterwards.').first(),
  ).toBeVisible();
  // Hosted pages need no script: nothing says it is missing.
  await expect(section.getByTestId('script-error')).toHaveCount(0);
}

/** On the Stripe emulator's hosted Checkout page: the order's amount, then one of its test cards. */
async function onStripeCheckout(page: Page, total: string, card: RegExp) {
  await expect(page).toHaveURL(STRIPE_CHECKOUT_PAGE);
  await expect(page.getByTestId('amount')).toHaveText(total);
  await page.getByRole('button', { name: card }).click();
}

/** Stripe declines the card on its Checkout page; the buyer returns, sees why, pays again on a new page. */
async function stripeDeclineThenPay(page: Page) {
  await signUp(page, 'stripe-declined');
  const total = await toPaymentStep(page);
  await payWith(page, 'Card (Stripe)', 'STRIPE_PAY_PC');
  await expect(page).toHaveURL(STRIPE_CHECKOUT_PAGE);
  const firstPage = page.url();
  await onStripeCheckout(page, total, /^Decline: Visa 4000 0000 0000 0002/);
  // Stripe keeps the buyer on its page with the bank's answer; the buyer goes back to the shop.
  await expect(page.getByRole('alert')).toContainText('Your card was declined.');
  await page.getByRole('button', { name: 'Cancel and return' }).click();

  await expect(page).toHaveURL(/\/buyer\/pay-result\?contractId=\d+/);
  const contractId = contractIdOf(page);
  const failed = page.getByTestId('pay-failed');
  await expect(failed.getByRole('heading', { name: 'Payment failed' })).toBeVisible({ timeout: 15_000 });
  await expect(failed.getByTestId('failed-reason')).toContainText(
    'Your card was declined. Please use another card or payment method.',
  );
  await expect(failed.getByTestId('failed-code')).toHaveText('Code: card_declined');

  await failed.getByRole('link', { name: 'pay again' }).click();
  await expect(page).toHaveURL(`/buyer/pre-pay?contractId=${contractId}`);
  await page.getByTestId('pay-STRIPE_PAY_PC').click();
  const notice = page.getByRole('dialog', { name: 'Notice' });
  await notice.getByRole('button', { name: 'pay again' }).click();
  await expect(page).toHaveURL(STRIPE_CHECKOUT_PAGE);
  expect(page.url()).not.toBe(firstPage);
  await page.getByRole('button', { name: /^Approve: Visa 4242/ }).click();
  expect((await expectPaid(page)).contractId).toBe(contractId);

  // The first attempt was closed at Stripe: its page no longer takes a payment.
  await page.goto(firstPage);
  await expect(page.getByRole('heading', { name: 'This Checkout Session is no longer active.' })).toBeVisible();
}

/** PayPal approves but declines at capture; the buyer sees it failed and pays again with PayPal. */
async function paypalDeclineThenPay(page: Page) {
  await signUp(page, 'paypal-declined');
  await toPaymentStep(page);
  await payWith(page, 'PayPal', 'PAYPAL_PAY_PC');
  await expect(page).toHaveURL(PAYPAL_APPROVAL_PAGE);
  await page.getByRole('button', { name: 'Pay Now (the payment will be declined)' }).click();
  await expect(page).toHaveURL(/\/buyer\/pay-result\?contractId=\d+/);
  const contractId = contractIdOf(page);
  const failed = page.getByTestId('pay-failed');
  await expect(failed.getByRole('heading', { name: 'Payment failed' })).toBeVisible({ timeout: 15_000 });
  await expect(failed.getByTestId('failed-reason')).toContainText(
    'The payment provider declined the payment. Please try again or use another payment method.',
  );

  await failed.getByRole('link', { name: 'pay again' }).click();
  await expect(page).toHaveURL(`/buyer/pre-pay?contractId=${contractId}`);
  await openChannel(page, 'PayPal');
  await page.getByTestId('pay-PAYPAL_PAY_PC').click();
  await page.getByRole('dialog', { name: 'Notice' }).getByRole('button', { name: 'pay again' }).click();
  await expect(page).toHaveURL(PAYPAL_APPROVAL_PAGE);
  await page.getByRole('button', { name: 'Pay Now', exact: true }).click();
  expect((await expectPaid(page)).contractId).toBe(contractId);
}

for (const vp of VIEWPORTS) {
  test.describe(vp.name, () => {
    test.use(vp.use);

    test('Stripe: the buyer pays on the hosted Checkout page and sees the paid order', async ({ page }) => {
      test.setTimeout(120_000);
      await signUp(page, 'stripe-payer');
      const total = await toPaymentStep(page);
      await expectChannels(page);
      await payWith(page, 'Card (Stripe)', 'STRIPE_PAY_PC');
      await onStripeCheckout(page, total, /^Approve: Visa 4242/);
      const { orderCode } = await expectPaid(page);
      await expect(page.getByTestId('pay-success')).toContainText(`Amount paid: ${total}`);
      await expectPaidInOrderList(page, orderCode);
    });

    test("PayPal: the buyer approves on PayPal's page and sees the paid order", async ({ page }) => {
      test.setTimeout(120_000);
      await signUp(page, 'paypal-payer');
      const total = await toPaymentStep(page);
      await openChannel(page, 'PayPal');
      // PayPal's buttons need its script, which cannot load here: the redirect button stays, no error.
      const panel = page.getByTestId('channel-PAYPAL_PAY_PC');
      await expect(panel.getByRole('radio', { name: 'PayPal', exact: true })).toBeChecked();
      await expect(panel.getByTestId('script-loading')).toHaveCount(0);
      await expect(panel.getByTestId('script-error')).toHaveCount(0);
      await panel.getByTestId('pay-PAYPAL_PAY_PC').click();
      await expect(page).toHaveURL(PAYPAL_APPROVAL_PAGE);
      // PayPal writes the amount as "12.34 USD".
      await expect(page.getByTestId('amount')).toHaveText(`${total.replace(/[^\d.]/g, '')} USD`);
      await page.getByRole('button', { name: 'Pay Now', exact: true }).click();
      const { orderCode } = await expectPaid(page);
      await expectPaidInOrderList(page, orderCode);
    });

    // One decline per viewport: the card declined at Stripe (desktop), the capture declined at PayPal (phone).
    test(
      vp.name === 'desktop'
        ? 'Stripe declines the card: the failed result says why, and paying again on a new Checkout page works'
        : 'PayPal declines at capture: the failed result says so, and paying again with PayPal works',
      async ({ page }) => {
        test.setTimeout(150_000);
        await (vp.name === 'desktop' ? stripeDeclineThenPay(page) : paypalDeclineThenPay(page));
      },
    );
  });
}

test('a return on an order paid with Stripe is refunded to Stripe', async ({ page, browser }) => {
  // Buyer and seller through shipping, an application, its approval, the parcel back, the check and an asynchronous refund.
  test.setTimeout(180_000);
  await signUp(page, 'stripe-return');
  const total = await toPaymentStep(page);
  await payWith(page, 'Card (Stripe)', 'STRIPE_PAY_PC');
  await expect(page).toHaveURL(STRIPE_CHECKOUT_PAGE);
  const session = new URL(page.url()).pathname.split('/').pop()!;
  await onStripeCheckout(page, total, /^Approve: Visa 4242/);
  const { orderCode } = await expectPaid(page);

  // The seller ships it (through the console's API; the console's own pages have their specs).
  const sellerContext = await browser.newContext({ baseURL: PROVIDERS_SHOP_URL });
  const seller = await sellerContext.newPage();
  await logIn(seller, 'seller@demo.shop');
  const orders = await (
    await seller.request.post('/api/merchant/orders', {
      data: { status: 'TO_SHIP', keyword: orderCode },
      headers: CSRF,
    })
  ).json();
  const order = orders.data[0] as { id: string; lines: { id: string; tradeQty: string }[] };
  const carriers = (await (
    await seller.request.post('/api/trantor/flow/flexispot_md_QueryCarrierFlow', { data: [], headers: CSRF })
  ).json()) as { id: string; code: string }[];
  const ups = carriers.find((c) => c.code.toUpperCase() === 'UPS')!;
  const shipped = await seller.request.post(`/api/merchant/orders/${order.id}/packages`, {
    data: {
      carrierId: ups.id,
      serviceCode: `1ZE2E${String(Date.now()).slice(-8)}00001`,
      lines: order.lines.map((l) => ({ tradeOrderLineId: l.id, qty: l.tradeQty })),
    },
    headers: CSRF,
  });
  expect(shipped.status(), await shipped.text()).toBe(200);

  // The buyer applies for a return of $10.00 on the order's page.
  await page.goto(`/buyer/order/detail/${order.id}`);
  await page.getByRole('button', { name: 'Apply for after-sales' }).click();
  const dialog = page.getByTestId('apply-dialog');
  await dialog.getByTestId('apply-type-SALE_RETURN').click();
  await dialog.getByRole('checkbox').first().check();
  await dialog.getByTestId('apply-next').click();
  const form = page.getByTestId('apply-page');
  await choose(page, form, 'After-sales reason', 'Arrived damaged');
  await form.getByTestId('refund-amount').fill('10');
  await form.getByTestId('notes').fill('One corner of the tray is bent.');
  await page.getByTestId('apply-submit').click();
  await expect(page.getByText('Your application has been submitted')).toBeVisible();
  const reverses = await (
    await page.request.post('/sapi/mall-order/web/reverseorder/querypage', { data: { pageSize: 50 }, headers: CSRF })
  ).json();
  const reverse = (reverses.data as { id: string; tradeOrder: { id: string } }[]).find(
    (r) => r.tradeOrder.id === order.id,
  )!;

  // Approved, sent back, checked and refunded.
  expect(
    (
      await seller.request.post(`/api/merchant/reverse/${reverse.id}/audit`, { data: { approve: true }, headers: CSRF })
    ).status(),
  ).toBe(200);
  const postBack = await page.request.post('/api/trantor/flow/trade_PostBackReverseTradeOrderFlow', {
    data: [
      {
        id: reverse.id,
        returnMode: 'SELF_DELIVERY',
        fulfillmentProgressList: [
          { serviceCode: `1ZE2E${String(Date.now()).slice(-8)}00002`, fulfillmentServiceProvider: { id: ups.id } },
        ],
      },
    ],
    headers: CSRF,
  });
  expect(postBack.status(), await postBack.text()).toBe(200);
  expect(
    (
      await seller.request.post(`/api/merchant/reverse/${reverse.id}/qc`, { data: { pass: true }, headers: CSRF })
    ).status(),
  ).toBe(200);
  const refunded = await seller.request.post(`/api/merchant/reverse/${reverse.id}/refund`, {
    data: { amount: '10.00' },
    headers: CSRF,
  });
  expect(refunded.status(), await refunded.text()).toBe(200);
  await sellerContext.close();

  // The buyer sees it refunded once Stripe has answered.
  await expect(async () => {
    await page.goto(`/buyer/as/detail/${reverse.id}`);
    await expect(page.getByTestId('as-banner')).toBeVisible();
    await expect(page.getByTestId('as-banner')).toContainText('Refunded', { timeout: 2000 });
  }).toPass({ timeout: 45_000 });

  // And Stripe has the refund: $10.00 of the Checkout Session's charge.
  const atStripe = await page.request.get(
    `${STRIPE_EMULATOR_URL}/v1/checkout/sessions/${session}?expand[]=payment_intent.latest_charge`,
    {
      headers: { authorization: `Bearer ${PROVIDER_KEYS.STRIPE_SECRET_KEY}` },
    },
  );
  const charge = (await atStripe.json()).payment_intent.latest_charge as {
    amount: number;
    amount_refunded: number;
    refunds: { data: { amount: number; status: string }[] };
  };
  expect(charge.amount_refunded).toBe(1000);
  expect(charge.refunds.data.map((r) => [r.amount, r.status])).toEqual([[1000, 'succeeded']]);
});

test('Stripe embedded without internet: its panel says the program could not load, MOCKPAY and PayPal still pay', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The shop runs with the hosted Checkout page; the browser is told the card form is embedded
  // (STRIPE_EMBEDDED=1 would say so), which needs Stripe.js, which cannot be loaded here.
  await page.route('**/sapi/mall-pay/payment/payChannel', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as {
      payChannelGroups: { channels: { channelName: string; configMap: Record<string, string> }[] }[];
    };
    for (const c of body.payChannelGroups.flatMap((g) => g.channels))
      if (c.configMap.publishableKey && c.configMap.embedded === '0') c.configMap.embedded = '1';
    await route.fulfill({ response: res, json: body });
  });
  await signUp(page, 'embedded-offline');
  await toPaymentStep(page);
  const stripe = page.getByTestId('channel-STRIPE_PAY_PC');
  await expect(stripe.getByRole('button', { name: 'Card (Stripe)', exact: true })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(stripe.getByTestId('script-error')).toHaveText(SCRIPT_ERROR);
  await expect(stripe.getByTestId('pay-STRIPE_PAY_PC')).toHaveCount(0);

  // PayPal's script fails too, but PayPal does not need it: its panel pays by redirect, no error.
  await openChannel(page, 'PayPal');
  const paypal = page.getByTestId('channel-PAYPAL_PAY_PC');
  await expect(paypal.getByTestId('pay-PAYPAL_PAY_PC')).toBeVisible();
  await expect(paypal.getByTestId('script-error')).toHaveCount(0);
  await expect(paypal.getByTestId('script-loading')).toHaveCount(0);

  // MOCKPAY pays as always.
  await payWith(page, 'Card or wallet (MockPay)', 'MOCKPAY');
  await expect(page).toHaveURL(/\/mockpay\/pay\/mp_[0-9a-f]+$/);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expectPaid(page);
});

test('saved cards with Stripe without internet: the card form says it cannot load and creates nothing', async ({
  page,
}) => {
  const created: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('customer_CreateCardFlow')) created.push(r.url());
  });
  await signUp(page, 'stripe-cards');
  await page.goto('/buyer/cards');
  await page.getByRole('button', { name: 'Add a card' }).click();
  const form = page.getByRole('dialog', { name: 'Add a card' });
  await expect(form.getByTestId('script-error')).toHaveText('Error loading, refresh and retry');
  // No card fields of the shop's own: card data goes only to Stripe's fields.
  await expect(form.getByRole('textbox', { name: 'Card number' })).toHaveCount(0);
  await form.getByRole('textbox', { name: 'Cardholder name' }).fill('Casey Cardholder');
  await expect(form.getByRole('button', { name: 'Save card' })).toBeDisabled();
  expect(created).toEqual([]);
});
