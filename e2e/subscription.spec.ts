/**
 * Subscriptions at checkout (US site: email and SMS boxes), as a guest would use them: the order
 * is placed and paid, the confirmation email (read at /dev/mailbox) has the link that activates the
 * subscription and the one that ends it, and the welcome text says how to stop. On a phone, the
 * link pages read the same and say when a link is incomplete.
 */
import type { BrowserContext } from '@playwright/test';
import { expect, test } from './test';
import {
  addToCart,
  answerQuizAndAgree,
  approveOnMockpay,
  fillShippingAddress,
  goToCheckout,
  payNowToMockpay,
  uniqueEmail,
} from './helpers';

/** The newest message to `recipient` at /dev/mailbox, as text, once it contains `expected`. */
async function newestMessage(context: BrowserContext, recipient: string, expected: string): Promise<string> {
  const box = await context.newPage();
  await box.goto('/dev/mailbox');
  await box.getByLabel('Recipient').fill(recipient);
  const mail = box.getByTestId('mail').first();
  await expect(mail).toContainText(expected, { timeout: 20_000 });
  // A text message shows whole; an email's plain text is behind its Text tab.
  const tab = mail.getByRole('tab', { name: 'Text' });
  if (await tab.count()) await tab.click();
  const body = (await ((await tab.count()) ? mail.getByTestId('mail-text') : mail).textContent()) ?? '';
  await box.close();
  return body;
}
const linkIn = (text: string, page: 'confirm' | 'unsubscribe') => {
  const url = new RegExp(`https?://\\S+/subscription/${page}\\?token=[\\w-]+`).exec(text)?.[0];
  expect(url, `${page} link`).toBeTruthy();
  const u = new URL(url!);
  return `${u.pathname}${u.search}`;
};

test('a guest ticks both boxes at checkout: the emailed link confirms the subscription, the other ends it; the welcome text says how to stop', async ({
  page,
  context,
}) => {
  await addToCart(page, 'cable-tray');
  await goToCheckout(page, 1);
  const email = uniqueEmail('newsletter');
  await fillShippingAddress(page, email);
  const notify = page.getByRole('region', { name: 'Order notifications' });
  await notify.getByRole('checkbox', { name: /Email me news, offers/ }).check();
  await notify.getByRole('checkbox', { name: /Text me order updates and offers/ }).check();
  await answerQuizAndAgree(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByTestId('payment-step')).toBeVisible();
  // The order is placed when the buyer pays; the boxes take effect then.
  await payNowToMockpay(page, await page.getByTestId('sum-total').innerText());
  await approveOnMockpay(page);

  const mail = await newestMessage(context, email, 'Please confirm your newsletter subscription');
  await page.goto(linkIn(mail, 'confirm'));
  await expect(page.getByRole('heading', { name: 'Confirm your subscription' })).toBeVisible();
  // Nothing happens until the person clicks (mail scanners open links too).
  await expect(page.getByTestId('subscription-result')).toHaveCount(0);
  await page.getByRole('button', { name: 'Confirm subscription' }).click();
  await expect(page.getByTestId('subscription-result')).toContainText(
    /^Thank you: ne•••@example\.\w+ is subscribed\.$/,
  );

  const text = await newestMessage(context, '+14155550123', 'you are subscribed');
  expect(text).toContain('Reply HELP for help, STOP to cancel');

  await page.goto(linkIn(mail, 'unsubscribe'));
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByTestId('subscription-result')).toContainText(
    'is unsubscribed and receives no more marketing messages',
  );
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("a link without its token says so; a mistyped token gets the server's message and nothing changes", async ({
    page,
  }) => {
    await page.goto('/subscription/unsubscribe');
    await expect(page.getByRole('heading', { name: 'Unsubscribe' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('This link is incomplete');
    await page.goto(`/subscription/confirm?token=${'x'.repeat(32)}`);
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await expect(page.getByRole('alert')).toContainText('This link is not valid');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });
});
