/**
 * VAT invoices on the demo data: becker@demo.shop (Becker Büro GmbH, Berlin)
 * has paid Nordic Home orders from the NL site, and Nordic Home (seller2@demo.shop) has its tax
 * profile. The buyer asks for the invoice of a paid order (a malformed VAT ID is refused with
 * its format, a good one makes it "Requested"), the seller issues it in the seller console, and
 * the buyer sees it issued, opens the PDF (application/pdf carrying the invoice number) and
 * sends it by email (once a minute). Desktop: the lamp order, from the order detail; phone: the
 * 1 kg coffee order, from the order list. A refund after the issue (a fresh buyer's lamp order,
 * cancelled after payment) credits the invoice: the detail shows "Credited" and the credit note.
 */
import type { Browser, TestInfo } from '@playwright/test';
import { expect, test, type Page } from './test';
import AxeBuilder from '@axe-core/playwright';
import { addToCart, approveOnMockpay, goToCheckout, logIn, payNowToMockpay, signUp } from './helpers';

const BUYER = 'becker@demo.shop';
const SELLER = 'seller2@demo.shop';
const MALFORMED_DE = 'This is not a valid VAT ID for Germany. It should look like DE123456789';

/** axe (as a11y.spec.ts runs it): no serious or critical violation on the page. */
async function expectAccessible(page: Page, label: string, only?: string) {
  const axe = new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .exclude('.mantine-Notifications-root');
  const results = await (only ? axe.include(only) : axe).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect
    .soft(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      label,
    )
    .toEqual([]);
}

/** The buyer's order card holding `item` that still offers "Request VAT invoice". */
async function invoiceableCard(page: Page, item: string) {
  await page.goto('/buyer/orders');
  const card = page
    .getByTestId('order-card')
    .filter({ hasText: item })
    .filter({ has: page.getByRole('button', { name: 'Request VAT invoice' }) });
  await expect(card).toHaveCount(1);
  return card;
}

/** Fills the invoice form: a malformed VAT ID first (refused under the field, nothing sent), then a good one. */
async function askForInvoice(page: Page) {
  const form = page.getByRole('dialog', { name: 'Request a VAT invoice' });
  await expect(form).toBeVisible();
  await expectAccessible(page, 'VAT invoice request form', '[role="dialog"]');
  await page.screenshot({ path: `/tmp/invoice-form-${page.viewportSize()!.width}.png` });
  await form.getByRole('textbox', { name: 'Company name' }).fill('Becker Büro GmbH');
  await form.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'Germany' });
  await expect(form.getByText('Format for Germany: DE123456789')).toBeVisible();
  await form.getByRole('textbox', { name: 'VAT ID' }).fill('DE 1234 567');
  await form.getByRole('textbox', { name: 'Street and number' }).fill('Friedrichstraße 68');
  await form.getByRole('textbox', { name: 'Postal code' }).fill('10117');
  await form.getByRole('textbox', { name: 'City' }).fill('Berlin');
  let posted = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/vat-invoice$/.test(r.url())) posted += 1;
  });
  await form.getByRole('button', { name: 'Request invoice' }).click();
  await expect(form.getByText(MALFORMED_DE)).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'VAT ID' })).toHaveAttribute('aria-invalid', 'true');
  expect(posted).toBe(0);

  await form.getByRole('textbox', { name: 'VAT ID' }).fill('DE 811 907 980');
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && /\/vat-invoice$/.test(r.url()));
  await form.getByRole('button', { name: 'Request invoice' }).click();
  expect((await answered).status()).toBe(200);
  await expect(page.getByText('VAT invoice requested: the shop will issue it')).toBeVisible();
  await expect(form).toBeHidden();
}

/** Nordic Home's seller logged in, in a context of its own. */
async function sellerPage(browser: Browser, testInfo: TestInfo, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport });
  const seller = await context.newPage();
  // A page of a new context is used once hydrated, as the suite's own page is (e2e/test.ts).
  const goto = seller.goto.bind(seller);
  seller.goto = async (...args) => {
    const res = await goto(...args);
    await seller.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    return res;
  };
  await logIn(seller, SELLER);
  return { context, seller };
}

/** The seller issues the order's invoice in the seller console; the invoice number. */
async function issueInConsole(
  browser: Browser,
  testInfo: TestInfo,
  code: string,
  viewport = { width: 1280, height: 900 },
): Promise<string> {
  const { context, seller } = await sellerPage(browser, testInfo, viewport);
  await seller.goto('/merchant-console/invoices');
  const card = seller.getByTestId('seller-invoice').filter({ hasText: code });
  await expect(card).toContainText('Becker Büro GmbH');
  await expect(card).toContainText('DE811907980');
  await expect(card.getByTestId('seller-invoice-status')).toHaveText('To issue');
  await card.getByRole('button', { name: `Issue invoice for order ${code}` }).click();
  const dialog = seller.getByRole('dialog', { name: 'Issue VAT invoice' });
  await expect(dialog).toContainText(`Issue the VAT invoice of order ${code} to Becker Büro GmbH (DE811907980)?`);
  await dialog.getByRole('button', { name: 'Issue', exact: true }).click();
  const done = seller.getByText(/^Invoice \S+ issued$/);
  await expect(done).toBeVisible();
  const number = /^Invoice (\S+) issued$/.exec(await done.innerText())![1]!;
  await expect(seller.getByTestId('seller-invoice').filter({ hasText: code })).toHaveCount(0);
  await seller.getByRole('tab', { name: 'Issued' }).click();
  const issued = seller.getByTestId('seller-invoice').filter({ hasText: code });
  await expect(issued.getByTestId('seller-invoice-status')).toHaveText('Issued');
  await expect(issued.getByRole('link', { name: `Download Invoice ${number} (PDF)` })).toBeVisible();
  await seller.screenshot({ path: `/tmp/invoice-seller-${viewport.width}.png`, fullPage: true });
  await expectAccessible(seller, `seller invoices ${viewport.width}`);
  await context.close();
  return number;
}

/** The issued invoice on the order detail: PDF download and email (then the once-a-minute limit). */
async function checkIssued(page: Page, orderId: string, number: string, shot: string) {
  await page.goto(`/buyer/order/detail/${orderId}`);
  const panel = page.getByTestId('vat-invoice');
  await expect(panel.getByTestId('vat-invoice-status')).toHaveText('Issued');
  const link = panel.getByRole('link', { name: `Download Invoice ${number} (PDF)` });
  await expect(link).toBeVisible();
  await page.screenshot({ path: shot, fullPage: true });
  await expectAccessible(page, `order detail with an issued invoice (${shot})`, '[data-testid="vat-invoice"]');

  // The operation opens the invoice (invoiceUrl) in a new window; it is a PDF with its number.
  const ops = page.getByTestId('order-operations').first();
  await expect(ops.getByRole('button', { name: 'Request VAT invoice' })).toHaveCount(0);
  // One button for the document: the plain "View invoice" would open the same PDF.
  await expect(ops.getByRole('button', { name: 'View invoice' })).toHaveCount(0);
  const popup = page.waitForEvent('popup');
  await ops.getByRole('button', { name: 'VAT invoice' }).click();
  const win = await popup;
  await expect.poll(() => win.url()).toMatch(/\/api\/invoices\/\d+\/pdf$/);
  const url = new URL(win.url()).pathname;
  expect(url).toBe(await link.getAttribute('href'));
  await win.close();
  const pdf = await page.request.get(url);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const body = (await pdf.body()).toString('latin1');
  expect(body.startsWith('%PDF-')).toBe(true);
  expect(body).toContain(`Invoice ${number}`);

  await ops.getByRole('button', { name: 'Email invoice' }).click();
  let dialog = page.getByRole('dialog', { name: 'Email the invoice' });
  await expect(dialog).toContainText(`We send invoice ${number} as PDF to the email address of your account.`);
  await expectAccessible(page, 'email dialog', '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Send email' }).click();
  await expect(page.getByText(`Invoice sent to ${BUYER}`)).toBeVisible();
  await expect(dialog).toBeHidden();
  // Again at once: refused with a clear message.
  await ops.getByRole('button', { name: 'Email invoice' }).click();
  dialog = page.getByRole('dialog', { name: 'Email the invoice' });
  await dialog.getByRole('button', { name: 'Send email' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'The invoice was just sent. Please wait a minute before sending it again.',
  );
  await expect(dialog.getByRole('button', { name: 'Send email' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The email arrives with the invoice's number (the NL site's language).
  const box = await page.context().newPage();
  await box.goto('/dev/mailbox');
  await box.getByLabel('Recipient').fill(BUYER);
  await expect(box.getByTestId('mail').filter({ hasText: number }).first()).toBeVisible({ timeout: 20_000 });
  await box.close();
}

test('desktop: the buyer asks for a VAT invoice, the seller issues it, the buyer downloads and emails the PDF', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  await logIn(page, BUYER);
  const card = await invoiceableCard(page, 'Monitor Light Bar');
  const orderId = (await card.getAttribute('data-order-id'))!;
  const code = (await card.getByTestId('order-code').innerText()).replace(/\D/g, '');

  await page.goto(`/buyer/order/detail/${orderId}`);
  const panel = page.getByTestId('vat-invoice');
  await expect(panel.getByTestId('vat-invoice-status')).toHaveText('Not requested');
  await page.getByTestId('order-operations').first().getByRole('button', { name: 'Request VAT invoice' }).click();
  // On the detail the shipping address (a company's) is the first guess.
  const form = page.getByRole('dialog', { name: 'Request a VAT invoice' });
  await expect(form.getByRole('textbox', { name: 'Company name' })).toHaveValue('Becker Büro GmbH');
  await expect(form.getByRole('textbox', { name: 'Street and number' })).toHaveValue('Friedrichstraße 68');
  await expect(form.getByRole('textbox', { name: 'City' })).toHaveValue('Berlin');
  await askForInvoice(page);
  await expect(panel.getByTestId('vat-invoice-status')).toHaveText('Requested');
  await expect(panel.getByTestId('vat-invoice-request')).toContainText('Becker Büro GmbH');
  await expect(panel.getByTestId('vat-invoice-request')).toContainText('DE811907980');
  await expect(
    page.getByTestId('order-operations').first().getByRole('button', { name: 'Request VAT invoice' }),
  ).toHaveCount(0);
  await page.screenshot({ path: '/tmp/invoice-requested-1280.png', fullPage: true });

  const number = await issueInConsole(browser, testInfo, code);
  await checkIssued(page, orderId, number, '/tmp/invoice-issued-1280.png');
});

/**
 * A fresh NL-site buyer's paid Nordic Home lamp order (through the API, paid on MockPay's page),
 * its VAT invoice asked for and issued by the shop; the order's id and the invoice's number.
 */
async function issuedLampOrder(
  page: Page,
  browser: Browser,
  testInfo: TestInfo,
): Promise<{ orderId: string; invoiceNumber: string }> {
  const CSRF = { 'x-mall-request': '1' };
  const email = await signUp(page, 'vat-credit');
  expect(
    (await page.request.post('/api/preferences', { data: { site: 'NL', language: 'en' }, headers: CSRF })).status(),
  ).toBe(200);
  const sku = (await (await page.request.get('/api/catalog/items/monitor-lamp')).json()).skus[0].id as string;
  const regions = async (data: object) =>
    (await (await page.request.post('/sapi/mall-content/web/mdRegionBO/page', { data, headers: CSRF })).json())
      .data as { id: string; regionShortName: string; regionName: string }[];
  const nl = (await regions({ level: 1 })).find((r) => r.regionShortName === 'NL')!;
  const nh = (await regions({ parentId: nl.id })).find((r) => r.regionName === 'Noord-Holland')!;
  const ams = (await regions({ parentId: nh.id })).find((r) => r.regionName === 'Amsterdam')!;
  const choices = {
    previewTradeContractLineReqTOList: [{ skuId: sku, qty: '1' }],
    selectedAddress: {
      firstName: 'Eva',
      lastName: 'Visser',
      gender: 'FEMALE',
      personPhone: '020 555 0123',
      areaCode: '+31',
      email,
      company: 'Visser Kantoor B.V.',
      countryId: nl.id,
      countryCode: 'NL',
      province: 'Noord-Holland',
      provinceId: nh.id,
      city: 'Amsterdam',
      cityId: ams.id,
      districtList: [
        { level: 2, name: 'Noord-Holland', id: nh.id },
        { level: 3, name: 'Amsterdam', id: ams.id },
      ],
      postalCode: '1015 CV',
      poiName: 'Keizersgracht 120',
      addressType: 'COMPANY',
      hearFrom: 'socialMedia',
    },
    couponIds: [],
  };
  const preview = await (await page.request.post('/api/checkout/preview', { data: choices, headers: CSRF })).json();
  const preCalShippingList = preview.renderTradeOrderTOList.map(
    (o: { shopId: string; selectedShippingMethodId: string }) => ({
      shopId: o.shopId,
      shippingMethodId: o.selectedShippingMethodId,
    }),
  );
  const priced = await (
    await page.request.post('/api/checkout/preview', { data: { ...choices, preCalShippingList }, headers: CSRF })
  ).json();
  const submitted = await page.request.post('/api/checkout/submit', {
    data: {
      ...choices,
      preCalShippingList,
      privacyAgreed: true,
      notifyInfo: { notifyType: 'email', contactInfo: email },
      hearFrom: 'onlineSearch',
      needPayAmt: priced.needPayAmt.value,
    },
    headers: { ...CSRF, 'idempotency-key': `e2e-vat-credit-${Date.now()}-${Math.floor(Math.random() * 1e9)}` },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
  const {
    id: contractId,
    tradeOrderIdList: [orderId],
  } = (await submitted.json()) as { id: string; tradeOrderIdList: string[] };
  await page.goto(`/buyer/pre-pay?contractId=${contractId}`);
  await payNowToMockpay(page);
  await approveOnMockpay(page);

  const asked = await page.request.post(`/api/orders/${orderId}/vat-invoice`, {
    data: {
      companyName: 'Visser Kantoor B.V.',
      vatId: 'NL 8123.45678.B01',
      billingAddress: { addressLine1: 'Keizersgracht 120', postalCode: '1015 CV', city: 'Amsterdam', country: 'NL' },
    },
    headers: CSRF,
  });
  expect(asked.status(), await asked.text()).toBe(200);
  const { context, seller } = await sellerPage(browser, testInfo);
  const issued = await seller.request.post(`/api/merchant/orders/${orderId}/vat-invoice/issue`, { headers: CSRF });
  expect(issued.status(), await issued.text()).toBe(200);
  const view = (await (await page.request.get(`/api/orders/${orderId}/vat-invoice`)).json()) as {
    status: string;
    documents: { kind: string; invoiceNumber: string }[];
  };
  expect(view.status).toBe('ISSUED');
  await context.close();
  return { orderId: orderId!, invoiceNumber: view.documents[0]!.invoiceNumber };
}

test('desktop: a refund after the invoice was issued credits it: the order detail shows "Credited" and the credit note\'s PDF', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const CSRF = { 'x-mall-request': '1' };
  const { orderId, invoiceNumber } = await issuedLampOrder(page, browser, testInfo);
  await page.goto(`/buyer/order/detail/${orderId}`);
  const panel = page.getByTestId('vat-invoice');
  await expect(panel.getByTestId('vat-invoice-status')).toHaveText('Issued');

  // The buyer cancels the paid order, the shop agrees, the refund job refunds it on MockPay.
  const cancel = await page.request.post('/api/trantor/flow/trade_InitiateReverseTradeOrderForCancelFlow', {
    data: [{ tradeOrder: { id: orderId } }],
    headers: CSRF,
  });
  expect(cancel.status(), await cancel.text()).toBe(200);
  const { context, seller } = await sellerPage(browser, testInfo);
  const decided = await seller.request.post(
    `/api/merchant/reverse/${(await cancel.json()).reverseTradeOrderId}/decision`,
    { data: { approve: true }, headers: CSRF },
  );
  expect(decided.status(), await decided.text()).toBe(200);

  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/orders/${orderId}/vat-invoice`)).json()) as { status: string }).status,
      { timeout: 30_000 },
    )
    .toBe('CREDITED');
  await page.reload();
  await expect(panel.getByTestId('vat-invoice-status')).toHaveText('Credited');
  await expect(panel).toContainText('The order was refunded in full: the credit notes cancel the invoice.');
  const docs = panel.getByTestId('vat-invoice-document');
  await expect(docs).toHaveCount(2);
  await expect(docs.first().getByRole('link', { name: `Download Invoice ${invoiceNumber} (PDF)` })).toBeVisible();
  const note = docs.nth(1);
  await expect(note).toHaveAttribute('data-kind', 'CREDIT_NOTE');
  await expect(note).toContainText(`corrects ${invoiceNumber}`);
  const link = note.getByRole('link', { name: /^Download Credit note \S+ \(PDF\)$/ });
  await expect(link).toBeVisible();
  const noteNumber = /^Download Credit note (\S+) \(PDF\)$/.exec((await link.getAttribute('aria-label'))!)![1]!;
  expect(noteNumber).not.toBe(invoiceNumber);
  await page.screenshot({ path: '/tmp/invoice-credited-1280.png', fullPage: true });
  await expectAccessible(page, 'order detail with a credited invoice', '[data-testid="vat-invoice"]');
  const pdf = await page.request.get((await link.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).toString('latin1')).toContain(`Credit note ${noteNumber}`);

  // The shop sees it under "Credited" with both documents.
  await seller.goto('/merchant-console/invoices');
  await seller.getByRole('tab', { name: 'Credited' }).click();
  const credited = seller
    .getByTestId('seller-invoice')
    .filter({ has: seller.getByRole('link', { name: `Download Invoice ${invoiceNumber} (PDF)` }) });
  await expect(credited.getByTestId('seller-invoice-status')).toHaveText('Credited');
  await expect(credited.getByRole('link', { name: `Download Credit note ${noteNumber} (PDF)` })).toBeVisible();
  await context.close();
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('phone: the buyer asks from the order list, then downloads and emails the issued invoice', async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    await logIn(page, BUYER);
    const card = await invoiceableCard(page, 'Office Coffee Beans');
    const orderId = (await card.getAttribute('data-order-id'))!;
    const code = (await card.getByTestId('order-code').innerText()).replace(/\D/g, '');
    await card.getByRole('button', { name: 'Request VAT invoice' }).click();
    await askForInvoice(page);
    await expect(
      page.getByTestId('order-card').filter({ hasText: code }).getByRole('button', { name: 'Request VAT invoice' }),
    ).toHaveCount(0);

    await page.goto(`/buyer/order/detail/${orderId}`);
    await expect(page.getByTestId('vat-invoice-status')).toHaveText('Requested');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);

    const number = await issueInConsole(browser, testInfo, code, { width: 390, height: 844 });
    await checkIssued(page, orderId, number, '/tmp/invoice-issued-390.png');
  });
});

test('checkout on a VAT site: "I need a VAT invoice" asks for the company details, checked before the order is placed', async ({
  page,
}) => {
  expect(
    (
      await page.request.post('/api/preferences', {
        data: { site: 'NL', language: 'en' },
        headers: { 'x-mall-request': '1' },
      })
    ).status(),
  ).toBe(200);
  await addToCart(page, 'monitor-lamp');
  await goToCheckout(page, 1);
  const section = page.getByRole('region', { name: 'VAT invoice' });
  await section.getByRole('checkbox', { name: 'I need a VAT invoice for my company' }).check();
  await expect(
    section.getByText('Each shop of this order issues its own invoice once the order is paid.'),
  ).toBeVisible();
  // The site's country is chosen; the VAT ID's format is shown.
  await expect(section.getByRole('combobox', { name: 'Country' })).toHaveValue('NL');
  await expect(section.getByText('Format for Netherlands: NL123456789B01')).toBeVisible();
  await section.getByRole('textbox', { name: 'Company name' }).fill('Becker Büro GmbH');
  await section.getByRole('textbox', { name: 'VAT ID' }).fill('NL 1234');
  await section.getByRole('textbox', { name: 'Street and number' }).fill('Keizersgracht 120');
  await section.getByRole('textbox', { name: 'City' }).fill('Amsterdam');
  await page.getByTestId('order-summary').getByTestId('continue').click();
  await expect(page.getByText('VAT invoice: check the company details')).toBeVisible();
  await expect(
    section.getByText('This is not a valid VAT ID for Netherlands. It should look like NL123456789B01'),
  ).toBeVisible();
  await page.screenshot({ path: '/tmp/invoice-checkout-1280.png', fullPage: true });
  await page.getByRole('dialog', { name: 'Tip' }).getByRole('button', { name: 'OK' }).click();
  await section.getByRole('textbox', { name: 'VAT ID' }).fill('NL123456789B01');
  await expect(section.getByText(/This is not a valid VAT ID/)).toHaveCount(0);
  await page.getByTestId('order-summary').getByTestId('continue').click();
  const tip = page.getByRole('dialog', { name: 'Tip' });
  await expect(tip).toContainText('Please read and agree');
  await expect(tip).not.toContainText('VAT invoice');
});

test('checkout on the US site has no VAT invoice option (sales tax)', async ({ page }) => {
  await addToCart(page, 'cable-tray');
  await goToCheckout(page, 1);
  await expect(page.getByRole('region', { name: 'Shipping address' })).toBeVisible();
  await expect(page.getByTestId('checkout-vat-invoice')).toHaveCount(0);
});

test("seller console: a shop enters its invoice details (legal name, VAT ID checked against the address's country)", async ({
  page,
}) => {
  await logIn(page, 'seller@demo.shop');
  await page.goto('/merchant-console/invoices');
  const shop = page.getByRole('region', { name: 'Invoice details of FlexiDesk Official' });
  await expect(shop).toContainText('Not entered yet: needed before this shop can issue invoices.');
  await shop.getByRole('button', { name: 'Enter details for the invoices of FlexiDesk Official' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invoice details of FlexiDesk Official' });
  await dialog.getByRole('textbox', { name: 'Company name' }).fill('FlexiDesk GmbH');
  await dialog.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'Germany' });
  await dialog.getByRole('textbox', { name: 'VAT ID' }).fill('DE12345');
  await dialog.getByRole('textbox', { name: 'Street and number' }).fill('Hauptstr. 1');
  await dialog.getByRole('textbox', { name: 'Postal code' }).fill('10115');
  await dialog.getByRole('textbox', { name: 'City' }).fill('Berlin');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(MALFORMED_DE)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'VAT ID' }).fill('de 123 456 789');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Invoice details saved')).toBeVisible();
  await expect(shop).toContainText('FlexiDesk GmbH · DE123456789 · Hauptstr. 1, 10115 Berlin, DE');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Invoice details of FlexiDesk Official' })).toContainText(
    'FlexiDesk GmbH · DE123456789',
  );
});
