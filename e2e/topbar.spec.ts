import { expect, test, type Page } from './test';
import { logIn } from './helpers';

const greetings = /Good (morning|noon|afternoon|evening)/;

test('desktop top bar: greeting, tourist counts as logged out, links after login', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('greeting')).toHaveText(greetings);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'User centre' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'My orders' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Merchant entry' })).toHaveCount(0);

  // Adding to the cart as a guest makes a tourist session: still not logged in.
  await page.goto('/item/monitor-lamp');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Added 1 item to cart')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();

  await logIn(page, 'main@demo.shop');
  await expect(page.getByTestId('greeting')).toContainText('Acme Main');
  await expect(nav.getByRole('link', { name: 'Merchant entry' })).toHaveAttribute('href', '/merchant/apply');
  // The guest cart came along.
  await expect(page.getByRole('link', { name: /Cart, 1 lines/ }).first()).toBeVisible();
  await nav.getByRole('link', { name: 'User centre' }).click();
  await expect(page.getByText('Acme Office Supplies · main account')).toBeVisible();
  // Every section of the buyer centre, with the user centre home first.
  const menu = page.getByRole('navigation', { name: 'User centre menu' });
  await expect(menu.getByRole('link')).toHaveCount(10);
  for (const section of [
    'My orders',
    'After-sales',
    'Reviews',
    'Addresses',
    'Bank cards',
    'Certificates',
    'My coupons',
    'Membership',
    'Account security',
  ]) {
    await expect(menu.getByRole('link', { name: section })).toBeVisible();
  }
});

test('a page opens as the logged-in buyer, in their language, without asking for the session first', async ({
  page,
}) => {
  await logIn(page, 'main@demo.shop');
  const sessionReads: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/auth/session') sessionReads.push(r.url());
  });
  await page.goto('/buyer/orders');
  await expect(page.getByTestId('greeting')).toContainText('Acme Main');
  await expect(page.getByRole('heading', { name: 'My orders' })).toBeVisible();
  expect(sessionReads).toEqual([]);

  // The language chosen comes with the page: German from the first render.
  await page.getByTestId('language-switcher').click();
  await page.getByRole('menuitem', { name: 'Deutsch' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByTestId('greeting')).toContainText('Acme Main');
  expect(sessionReads).toEqual([]);
});

test("the shop's links open pages in place, without loading the shop again; a modified click is the browser's", async ({
  page,
  context,
}) => {
  await logIn(page, 'buyer@demo.shop');
  await page.goto('/buyer/orders');
  // Anything kept in the page survives an in-app navigation and is gone after a reload.
  await page.evaluate(() => {
    (window as unknown as { kept: string }).kept = 'still here';
  });
  const documents: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'document') documents.push(r.url());
  });
  const card = page.getByTestId('order-card').first();
  const code = await card.getByTestId('order-code').textContent();
  await card.getByTestId('order-code').click();
  await expect(page).toHaveURL(/\/buyer\/order\/detail\//);
  await expect(page.getByText(code!).first()).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/buyer\/orders$/);
  await page.getByRole('contentinfo').getByRole('link').first().click();
  await expect(page).not.toHaveURL(/\/buyer\/orders$/);
  expect(await page.evaluate(() => (window as unknown as { kept?: string }).kept)).toBe('still here');
  expect(documents).toEqual([]);
  // Ctrl+click still opens the link in a new tab, as any link does.
  await page.goBack();
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    page
      .getByTestId('order-code')
      .first()
      .click({ modifiers: ['ControlOrMeta'] }),
  ]);
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toMatch(/^\/buyer\/order\/detail\//);
  await expect(page).toHaveURL(/\/buyer\/orders$/);
});

test('tourists see only what guests may use in the buyer centre', async ({ page }) => {
  await page.goto('/buyer/index');
  const menu = page.getByRole('navigation', { name: 'User centre menu' });
  await expect(menu.getByRole('link', { name: 'My orders' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'After-sales' })).toHaveCount(0);
  await page.goto('/buyer/cards');
  await expect(page).toHaveURL(/\/login\?target=%2Fbuyer%2Fcards/);
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('mobile top bar folds the links into a drawer', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toContainText(greetings);
    await expect(drawer.getByRole('link', { name: 'Log in' })).toBeVisible();
    // The service entry opens its links and the drawer stays (it closed on every tap before).
    await drawer.getByText('Service', { exact: true }).click();
    await expect(drawer.getByRole('link', { name: 'Shipping policy' })).toBeVisible();
    await expect(drawer).toBeVisible();
    await drawer.getByRole('link', { name: 'User centre' }).click();
    await expect(page).toHaveURL('/buyer/index');
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});

test.describe('tablet', () => {
  test.use({ viewport: { width: 900, height: 800 } });

  test('a tablet gets the compact top bar: the links and Log out are in the drawer', async ({ page }) => {
    await logIn(page, 'buyer@demo.shop');
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toContainText('Demo Buyer');
    // A side panel, not the whole width.
    expect((await drawer.boundingBox())!.width).toBeLessThan(450);
    await drawer.getByText('Log out').click();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Log in' })).toBeVisible();
  });
});

test.describe('narrow desktop', () => {
  test.use({ viewport: { width: 1000, height: 800 } });

  test('the whole row fits, in German too: every link on one line and Log out whole', async ({ page }) => {
    await logIn(page, 'buyer@demo.shop');
    await page.goto('/');
    await page.getByTestId('language-switcher').click();
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    const logout = nav.getByRole('button', { name: 'Abmelden' });
    await expect(logout).toBeVisible();
    // Nothing wraps (one line of text is ~20 px high) and nothing runs past the window.
    for (const item of [
      nav.getByRole('link', { name: 'Meine Bestellungen' }),
      nav.getByRole('link', { name: 'Kundenbereich' }),
      logout,
    ]) {
      const box = (await item.boundingBox())!;
      expect(box.height).toBeLessThan(30);
      expect(box.x + box.width).toBeLessThanOrEqual(1000);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1000);
    // The greeting stays; the buyer's name beside it waits for a wider window.
    await expect(page.getByTestId('greeting')).toBeVisible();
    await expect(page.getByTestId('greeting').getByText('Demo Buyer')).toBeHidden();
  });
});

const CSRF = { 'x-mall-request': '1' };
const SHOP_LANGUAGES = ['en', 'de', 'ja', 'es', 'it', 'fr', 'nl'];
const WIDTHS = [320, 390, 768, 1000, 1280];

/**
 * What of the top bar does not fit the window: the page scrolling sideways, an item (link, button,
 * greeting) running past the window, cut inside its box, or drawn over another item.
 */
function topBarProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width)
      problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    const items = [
      ...document.querySelector('header')!.querySelectorAll<HTMLElement>('a, button, [data-testid="greeting"]'),
    ]
      .filter((el) => el.checkVisibility() && el.getBoundingClientRect().width > 0)
      .map((el) => ({
        el,
        box: el.getBoundingClientRect(),
        name: el.getAttribute('aria-label') || el.textContent.trim(),
      }));
    for (const { el, box, name } of items) {
      if (box.left < 0 || box.right > width + 0.5)
        problems.push(`"${name}" runs past the window: ${box.left}-${box.right} of ${width}`);
      if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0)
        problems.push(`"${name}" is cut: ${el.scrollWidth} in ${el.clientWidth}`);
    }
    items.forEach((a, i) => {
      for (const b of items.slice(i + 1)) {
        if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
        const overlap =
          Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left) > 0.5 &&
          Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top) > 0.5;
        if (overlap) problems.push(`"${a.name}" and "${b.name}" overlap`);
      }
    });
    return problems;
  });
}

test("the shop's own font is preloaded and used, whatever fonts the machine has", async ({ page }) => {
  await page.goto('/');
  const preload = page.locator('link[rel="preload"][as="font"]');
  await expect(preload).toHaveAttribute('href', /^\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/);
  await expect(preload).toHaveAttribute('crossorigin', '');
  await page.evaluate(() => document.fonts.ready);
  const used = await page.evaluate(() => ({
    family: getComputedStyle(document.querySelector('header a')!).fontFamily,
    loaded: [...document.fonts].filter((f) => f.family.replace(/"/g, '') === 'Inter Variable' && f.status === 'loaded')
      .length,
  }));
  expect(used.family).toMatch(/^"Inter Variable", system-ui,/);
  expect(used.loaded).toBeGreaterThan(0);
});

for (const language of SHOP_LANGUAGES) {
  test(`the top bar fits every width from 320 px up, in ${language}, logged out and logged in`, async ({ page }) => {
    // In the afternoon, when most languages' greeting is longest.
    await page.clock.setFixedTime(new Date('2026-03-02T15:00:00'));
    for (const loggedIn of [false, true]) {
      if (loggedIn) {
        await page.setViewportSize({ width: 1280, height: 800 });
        expect(
          (await page.request.post('/api/preferences', { data: { language: 'en' }, headers: CSRF })).status(),
        ).toBe(200);
        await logIn(page, 'buyer@demo.shop');
      }
      expect((await page.request.post('/api/preferences', { data: { language }, headers: CSRF })).status()).toBe(200);
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await page.evaluate(() => document.fonts.ready);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        // The compact bar (cart and menu) below 992 px, the whole row from there.
        await expect(
          width < 992
            ? page.getByRole('banner').getByRole('button').last()
            : page.getByRole('banner').getByRole('navigation'),
        ).toBeVisible();
        await expect
          .poll(() => topBarProblems(page), {
            message: `${language}, ${width} px, ${loggedIn ? 'logged in' : 'logged out'}`,
          })
          .toEqual([]);
      }
    }
  });
}
