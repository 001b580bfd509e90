/**
 * Paying with Braintree, in the browser, against the local Braintree emulator: the providers' shop
 * runs with Braintree keys pointing at it (e2e/providers.ts). BRAINTREE needs Braintree's hosted
 * fields script, which cannot load here (no internet): its panel says so (SPEC §8) and the buyer
 * still pays another way. A second test stands in for Braintree's CDN script with a small fake of
 * braintree-web's hosted fields API (plain inputs instead of Braintree's frames, Braintree's
 * sandbox nonces from tokenize) to check the panel itself: invalid fields flagged (SPEC §5), the
 * nonce handed to the shop, the sale made at the emulator, the success page. Every test fails on a
 * console error other than the providers' scripts' failed loads.
 */
import { signUp } from './helpers';
import {
  ADYEN_EMULATOR_URL,
  expect,
  expectPaid,
  expectPaidInOrderList,
  openChannel,
  test,
  toPaymentStep,
} from './providers';

const SCRIPT_ERROR = 'There was an error loading the program, please refresh the page and try again';
const LABEL = 'Card (Braintree)';

test('BRAINTREE without internet: its panel says the program could not load, and the buyer pays with another channel', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, 'bt-offline');
  await toPaymentStep(page);
  const section = page.getByTestId('payment-section');
  await expect(section.getByRole('button', { name: LABEL, exact: true })).toBeVisible();
  await openChannel(page, LABEL);
  const panel = page.getByTestId('channel-BRAINTREE');
  await expect(panel.getByTestId('script-error')).toHaveText(SCRIPT_ERROR);
  await expect(panel.getByTestId('pay-BRAINTREE')).toHaveCount(0);
  await expect(panel.getByTestId('braintree-hosted-fields')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('braintree-offline-1280.png') });

  // Another channel pays as always (Adyen's Pay by Link, which needs no script): the error stays in Braintree's panel.
  await openChannel(page, 'Pay by Link (Adyen)');
  await expect(page.getByTestId('channel-ADYEN_LINK').getByTestId('script-error')).toHaveCount(0);
  await page.getByTestId('channel-ADYEN_LINK').getByTestId('pay-ADYEN_LINK').click();
  await expect(page).toHaveURL(new RegExp(`^${ADYEN_EMULATOR_URL.replace(/\./g, '\\.')}/link/PL[0-9A-F]{16}$`));
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  const { orderCode } = await expectPaid(page);
  await expectPaidInOrderList(page, orderCode);
});

/**
 * A stand-in for https://js.braintreegateway.com/web/<version>/js/hosted-fields.min.js: the parts
 * of braintree-web's API the panel uses (hostedFields.create with a client token, getState, on,
 * tokenize, teardown), with Braintree's validity rules in short (Luhn, a future MM/YY, 3-4 digits).
 */
const FAKE_HOSTED_FIELDS = `
window.braintree = { hostedFields: { create: function (options) {
  if (!options.authorization) return Promise.reject(new Error('no authorization'));
  var handlers = {}; var inputs = {};
  var luhn = function (n) { var s = 0; for (var i = 0; i < n.length; i++) { var d = +n[n.length - 1 - i]; if (i % 2) { d *= 2; if (d > 9) d -= 9; } s += d; } return s % 10 === 0; };
  var rules = {
    number: function (v) { v = v.replace(/\\s/g, ''); return { valid: /^\\d{13,19}$/.test(v) && luhn(v), potential: /^\\d{0,19}$/.test(v) && (v.length < 13 || luhn(v)) }; },
    expirationDate: function (v) { var m = /^(\\d{2})\\s*\\/\\s*(\\d{2})$/.exec(v); var now = new Date();
      var ok = !!m && +m[1] >= 1 && +m[1] <= 12 && (2000 + +m[2] > now.getFullYear() || (2000 + +m[2] === now.getFullYear() && +m[1] >= now.getMonth() + 1));
      return { valid: ok, potential: ok || /^\\d{0,2}(\\s*\\/\\s*\\d{0,1})?$/.test(v) }; },
    cvv: function (v) { return { valid: /^\\d{3,4}$/.test(v), potential: /^\\d{0,4}$/.test(v) }; }
  };
  var state = function () { var f = {}; Object.keys(inputs).forEach(function (k) { var r = rules[k](inputs[k].value);
    f[k] = { isEmpty: !inputs[k].value, isValid: r.valid, isPotentiallyValid: r.potential, isFocused: document.activeElement === inputs[k] }; }); return { fields: f }; };
  var emit = function (ev, name) { (handlers[ev] || []).forEach(function (h) { h({ emittedBy: name, fields: state().fields }); }); };
  Object.keys(options.fields).forEach(function (name) {
    var input = document.createElement('input');
    input.setAttribute('aria-label', 'braintree ' + name); input.placeholder = options.fields[name].placeholder || '';
    input.style.cssText = 'border:0;width:100%;height:100%;outline:none;background:transparent';
    input.addEventListener('input', function () { emit('validityChange', name); });
    input.addEventListener('blur', function () { emit('blur', name); });
    options.fields[name].container.appendChild(input); inputs[name] = input;
  });
  return Promise.resolve({
    getState: state,
    on: function (ev, h) { (handlers[ev] = handlers[ev] || []).push(h); },
    tokenize: function () { var n = inputs.number.value.replace(/\\s/g, '');
      return Promise.resolve({ nonce: n === '4000111111111115' ? 'fake-processor-declined-visa-nonce' : 'fake-valid-nonce', details: { lastFour: n.slice(-4) } }); },
    teardown: function () { Object.keys(inputs).forEach(function (k) { inputs[k].remove(); }); return Promise.resolve(); }
  });
} } };`;

test('BRAINTREE hosted fields: invalid fields are flagged, a valid card pays through the emulator and the order waits for shipping', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.route('https://js.braintreegateway.com/**', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      headers: { 'access-control-allow-origin': '*' },
      body: FAKE_HOSTED_FIELDS,
    }),
  );
  await signUp(page, 'bt-fields');
  await toPaymentStep(page);
  await openChannel(page, LABEL);
  const panel = page.getByTestId('channel-BRAINTREE');
  const fields = panel.getByTestId('braintree-hosted-fields');
  await expect(fields).toBeVisible();
  const number = panel.getByRole('textbox', { name: 'braintree number' });
  const expiry = panel.getByRole('textbox', { name: 'braintree expirationDate' });
  const cvv = panel.getByRole('textbox', { name: 'braintree cvv' });
  await expect(number).toBeVisible();

  // Paying with empty fields flags them all and starts nothing.
  let started = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/sapi/mall-pay/payment/firstPay')) started++;
  });
  await panel.getByTestId('pay-BRAINTREE').click();
  await expect(panel.getByText('Invalid card number', { exact: true })).toBeVisible();
  await expect(panel.getByText('Invalid Expiry date', { exact: true })).toBeVisible();
  await expect(panel.getByText('Invalid security code', { exact: true })).toBeVisible();

  // A wrong number and a past date stay flagged after leaving them; correcting them clears the flags.
  await number.fill('4111 1111 1111 1112');
  await expiry.fill('01/20');
  await cvv.fill('123');
  await cvv.blur();
  await expect(panel.getByText('Invalid card number', { exact: true })).toBeVisible();
  await expect(panel.getByText('Invalid Expiry date', { exact: true })).toBeVisible();
  await expect(panel.getByText('Invalid security code', { exact: true })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('braintree-invalid-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await fields.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('braintree-invalid-390.png') });
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(started).toBe(0);

  await number.fill('4111 1111 1111 1111');
  await expiry.fill('12/35');
  await expiry.blur();
  await expect(panel.getByText('Invalid card number', { exact: true })).toHaveCount(0);
  await expect(panel.getByText('Invalid Expiry date', { exact: true })).toHaveCount(0);
  const nonce = page.waitForRequest('**/api/payments/braintree/nonce');
  await panel.getByTestId('pay-BRAINTREE').click();
  expect((await nonce).postDataJSON()).toMatchObject({ paymentMethodNonce: 'fake-valid-nonce' });
  const { orderCode } = await expectPaid(page);
  await expectPaidInOrderList(page, orderCode);
});

test('BRAINTREE hosted fields: a declined card ends on the failed result with the reason; paying again from the order works', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.route('https://js.braintreegateway.com/**', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      headers: { 'access-control-allow-origin': '*' },
      body: FAKE_HOSTED_FIELDS,
    }),
  );
  await signUp(page, 'bt-declined');
  await toPaymentStep(page);
  await openChannel(page, LABEL);
  const fillCard = async (number: string) => {
    const panel = page.getByTestId('channel-BRAINTREE');
    await panel.getByRole('textbox', { name: 'braintree number' }).fill(number);
    await panel.getByRole('textbox', { name: 'braintree expirationDate' }).fill('12/35');
    await panel.getByRole('textbox', { name: 'braintree cvv' }).fill('737');
    return panel;
  };
  // Braintree's sandbox card that its processor declines (the stand-in tokenizes it into Braintree's declined nonce).
  await (await fillCard('4000 1111 1111 1115')).getByTestId('pay-BRAINTREE').click();
  await expect(page).toHaveURL(/\/buyer\/pay-result\?contractId=\d+/);
  const contractId = new URL(page.url()).searchParams.get('contractId')!;
  const failed = page.getByTestId('pay-failed');
  await expect(failed.getByRole('heading', { name: 'Payment failed' })).toBeVisible({ timeout: 15_000 });
  await expect(failed.getByTestId('failed-reason')).toContainText(
    'Your card was declined. Please use another card or payment method.',
  );
  await expect(failed.getByTestId('failed-code')).toHaveText('Code: do_not_honor');

  await failed.getByRole('link', { name: 'pay again' }).click();
  await expect(page).toHaveURL(`/buyer/pre-pay?contractId=${contractId}`);
  await openChannel(page, LABEL);
  const panel = await fillCard('4111 1111 1111 1111');
  await panel.getByTestId('pay-BRAINTREE').click();
  // The failed attempt is closed first (the repeat-payment guard), then the card pays the new one.
  await page.getByRole('dialog', { name: 'Notice' }).getByRole('button', { name: 'pay again' }).click();
  expect((await expectPaid(page)).contractId).toBe(contractId);
});
