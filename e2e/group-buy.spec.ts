import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './test';
import { answerQuizAndAgree, approveOnMockpay, fillShippingAddress, logIn, payNowToMockpay, signUp } from './helpers';

/**
 * Group-buy end to end (SPEC §1 group-buy orders, §3 isInGroup, §4 INVITE_TO_JOIN_GROUP): the
 * demo group on the cable tray is offered on its item page; a seller makes a campaign in the
 * console; a buyer starts a group from the item page and pays the group price through the normal
 * checkout; the order offers "Invite friends" with the slots left, which opens the group's share
 * page (slots, countdown, link); a second buyer opens that link, joins and pays, and the group
 * fills (the invite is gone). Desktop on FlexiDesk's chair, phone on Nordic Home's lamp.
 */

/** axe: no serious or critical violation (as e2e/a11y.spec.ts scans the buyer's landing pages). */
async function expectNoSeriousViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).exclude('.mantine-Notifications-root').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect
    .soft(
      serious.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      label,
    )
    .toEqual([]);
}

/** The checkout of a fresh account: typed address, quiz, pay on MockPay. */
async function payGroupCheckout(page: Page, email: string, groupPrice: string) {
  await expect(page).toHaveURL('/checkout');
  await expect(page.getByTestId('order-summary').getByText(groupPrice).first()).toBeVisible();
  await fillShippingAddress(page, email);
  await answerQuizAndAgree(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByTestId('payment-step')).toBeVisible();
  await payNowToMockpay(page, await page.getByTestId('sum-total').innerText());
  await approveOnMockpay(page);
}

test('the demo group on the cable tray is offered on its item page', async ({ page }) => {
  await page.goto('/item/cable-tray');
  const panel = page.getByRole('region', { name: 'Group-buy' });
  await expect(panel.getByTestId('group-price')).toHaveText('$29.00');
  await expect(panel.getByRole('button', { name: 'Start a group' })).toBeVisible();
  const forming = panel.getByTestId('forming-group').first();
  await expect(forming).toContainText('2 slots left');
  await expect(forming.getByTestId('group-countdown')).toHaveText(/Ends in (\dd )?\d\d:\d\d:\d\d/);
  // A guest who joins is asked to log in first.
  await forming.getByRole('button', { name: 'Join' }).click();
  await expect(page).toHaveURL(/\/login\?target=%2Fitem%2Fcable-tray/);
});

for (const [name, viewport, c] of [
  [
    'desktop',
    { width: 1280, height: 900 },
    { seller: 'seller@demo.shop', sku: /Ergonomic Chair C7 · Grey/, item: 'ergonomic-chair-c7', price: '299.00' },
  ],
  [
    'phone',
    { width: 390, height: 844 },
    { seller: 'seller2@demo.shop', sku: /Monitor Light Bar.* · Light bar/, item: 'monitor-lamp', price: '49.00' },
  ],
] as const) {
  test.describe(name, () => {
    test.use({ viewport, ...(name === 'phone' ? { isMobile: true, hasTouch: true } : {}) });

    test('a seller makes a campaign, a buyer starts a group and invites, a second buyer joins and it fills', async ({
      page,
    }) => {
      test.setTimeout(240_000);
      const shown = `$${c.price}`;
      // The seller's campaign: a group of two, 24 hours, 10 units.
      await logIn(page, c.seller, undefined, '/merchant-console/group-buy');
      await expect(page).toHaveURL('/merchant-console/group-buy');
      await expect(page.getByRole('heading', { level: 1, name: 'Group-buy' })).toBeVisible();
      const form = page.getByRole('region', { name: 'New campaign' });
      await form.getByRole('combobox', { name: 'Product' }).click();
      await page.getByRole('option', { name: c.sku }).click();
      await form.getByRole('textbox', { name: 'Group price' }).fill(c.price);
      await form.getByRole('textbox', { name: 'Group size' }).fill('2');
      await form.getByRole('textbox', { name: 'Hours to fill' }).fill('24');
      await form.getByRole('textbox', { name: 'Campaign stock' }).fill('10');
      await form.getByRole('button', { name: 'Create campaign' }).click();
      await expect(page.getByTestId('campaign-created')).toContainText(shown);
      const list = page.getByRole('region', { name: 'Your campaigns' });
      // A table on a desktop, cards on a phone: the visible one lists it.
      await expect(list.getByText(shown).locator('visible=true').first()).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`seller-group-buy-${name}.png`), fullPage: true });
      await expectNoSeriousViolations(page, `seller group-buy page (${name})`);

      // The first buyer starts a group from the item page and pays the group price.
      await page.context().clearCookies();
      const first = await signUp(page, 'group-start');
      await page.goto(`/item/${c.item}`);
      const panel = page.getByRole('region', { name: 'Group-buy' });
      await expect(panel.getByTestId('group-price')).toHaveText(shown);
      await panel.screenshot({ path: test.info().outputPath(`item-panel-${name}.png`) });
      await expectNoSeriousViolations(page, `item page with its group-buy (${name})`);
      await panel.getByRole('button', { name: 'Start a group' }).click();
      await payGroupCheckout(page, first, shown);

      // The order offers the invite with the slot left; it opens the group's share page.
      await page.goto('/buyer/orders');
      await expect(page.getByTestId('order-group-buy').first()).toHaveText('Group-buy · Forming');
      const invite = page.getByRole('button', { name: 'Invite friends (1 slot left)' }).first();
      await expect(invite).toBeVisible();
      await invite.click();
      await expect(page).toHaveURL(/\/group-buy\/\d+$/);
      const groupUrl = new URL(page.url()).pathname;
      await expect(page.getByTestId('group-status')).toHaveText('Forming');
      await expect(page.getByTestId('group-slots')).toHaveText('1 of 2 joined · 1 slot left');
      await expect(page.getByTestId('group-countdown')).toHaveText(/Ends in 2[0-3]:\d\d:\d\d/);
      await expect(page.getByRole('textbox', { name: 'Share link' })).toHaveValue(new RegExp(`${groupUrl}$`));
      await expect(page.getByText('You are in this group.')).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`group-page-${name}.png`), fullPage: true });
      await expectNoSeriousViolations(page, `group page (${name})`);

      // A second buyer opens the shared link, joins and pays: the group fills.
      await page.context().clearCookies();
      const second = await signUp(page, 'group-join');
      await page.goto(groupUrl);
      await page.getByRole('button', { name: `Join for ${shown}` }).click();
      await payGroupCheckout(page, second, shown);
      await page.goto(groupUrl);
      await expect(page.getByTestId('group-status')).toHaveText('Filled');
      await expect(page.getByTestId('group-slots')).toHaveText('2 of 2 joined · 0 slots left');
      await expect(page.getByText('This group has filled')).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`group-filled-${name}.png`), fullPage: true });

      // The first buyer's order no longer invites: the group is complete.
      await page.context().clearCookies();
      await page.goto('/login');
      await logIn(page, first);
      await page.goto('/buyer/orders');
      await expect(page.getByRole('button', { name: /Cancel order|Cancel/ }).first()).toBeVisible();
      await expect(page.getByTestId('order-group-buy').first()).toHaveText('Group-buy · Filled');
      await expect(page.getByRole('button', { name: /Invite friends/ })).toHaveCount(0);
    });
  });
}
