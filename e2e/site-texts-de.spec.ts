import { expect, test, type Page } from './test';

// The German site once showed the item's details table and variants ("Color / Size /
// Warranty: 5 years", "Black / 140x70"), the checkout's shipping methods ("Standard delivery
// 5-7 business days", "Freight (quoted) ...") and the country list ("United States, Germany")
// in English. Now the catalog's own texts come in the site's language and country names from
// Intl.DisplayNames.

const CSRF = { 'x-mall-request': '1' };

async function onGermanSite(page: Page) {
  expect((await page.request.post('/api/preferences', { data: { site: 'DE' }, headers: CSRF })).status()).toBe(200);
}

/** What the page says, with none of the English texts the German site used to show. */
async function expectNoEnglish(page: Page, english: string[]) {
  const text = await page.locator('body').innerText();
  for (const s of english) expect(text, s).not.toContain(s);
}

for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(name, () => {
    test.use({ viewport, ...(name === 'phone' ? { isMobile: true, hasTouch: true } : {}) });

    test('the item page names its variants and details in German', async ({ page }) => {
      await onGermanSite(page);
      await page.goto('/item/standing-desk-e7');
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Steh-Schreibtisch E7');
      for (const variant of ['Schwarz / 140 × 70', 'Weiß / 140 × 70', 'Schwarz / 160 × 80'])
        await expect(page.getByText(variant, { exact: true })).toBeVisible();
      const details = page.getByRole('table');
      await expect(details.getByRole('row')).toHaveText([
        /Farbe\s*Schwarz/,
        /Größe\s*140 × 70 cm/,
        /Garantie\s*5 Jahre/,
      ]);
      await page.getByText('Weiß / 140 × 70', { exact: true }).click();
      await expect(page.getByRole('radio', { name: 'Weiß / 140 × 70' })).toBeChecked();
      await expect(details.getByRole('row').first()).toHaveText(/Farbe\s*Weiß/);
      await expectNoEnglish(page, ['Color', 'Size', 'Warranty', '5 years', 'Black', 'White', '140x70']);
      await page.screenshot({ path: test.info().outputPath(`item-de-${name}.png`), fullPage: true });
    });

    test('the checkout names the shipping methods and the countries in German', async ({ page }) => {
      await onGermanSite(page);
      const item = await (await page.request.get('/api/catalog/items/standing-desk-e7')).json();
      expect(
        (
          await page.request.post('/api/cart/lines', { data: { skuId: item.skus[0].id, qty: '1' }, headers: CSRF })
        ).status(),
      ).toBe(200);
      await page.goto('/cart');
      await page.getByTestId('checkout-button').click();
      await expect(page).toHaveURL('/checkout');
      const methods = page.getByTestId('shipping-methods');
      await expect(methods).toContainText('Standardversand');
      await expect(methods).toContainText('5–7 Werktage');
      await expect(methods).toContainText('Spedition (auf Angebot)');
      await expect(methods).toContainText('Lieferung auf Paletten, die Kosten nennen wir nach der Bestellung');

      const countries = page.getByTestId('address-country');
      await expect(countries.locator('option:checked')).toHaveText('Deutschland');
      const names = await countries.locator('option').allInnerTexts();
      expect(names).toEqual(
        expect.arrayContaining([
          'Deutschland',
          'Vereinigte Staaten',
          'Vereinigtes Königreich',
          'Japan',
          'Niederlande',
          'Frankreich',
        ]),
      );
      // In the order of the German alphabet.
      const listed = names.filter((n) => n.trim() && !n.startsWith('-'));
      expect(listed).toEqual([...listed].sort((a, b) => a.localeCompare(b, 'de')));
      await expectNoEnglish(page, [
        'Standard delivery',
        'business days',
        'Freight (quoted)',
        'Pallet delivery',
        'Express delivery',
        'United States',
        'Germany',
        'Netherlands',
        'Black / 140x70',
      ]);
      await page.screenshot({ path: test.info().outputPath(`checkout-de-${name}.png`), fullPage: true });
    });
  });
}
