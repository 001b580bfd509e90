import { expect, test, type Locator, type Page } from './test';
import sharp from 'sharp';
import { logIn } from './helpers';

// Reviews (SPEC §2 "Reviews", §5). The demo buyer still has finished orders to review; the
// two-line order of the assembly service and the E7 desk is reviewed on desktop, a single-line
// order on a phone. The seller answers in the console and the buyer adds a follow-up.

const CSRF = { 'x-mall-request': '1' };
// Real photos (the server resizes every review photo with sharp).
const photo = (r: number) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: { r, g: 120, b: 60 } } })
    .png()
    .toBuffer();

/** Picks n stars by clicking the visible star (the radio inputs behind it are visually hidden). */
async function rate(block: Locator, n: number) {
  const id = await block.getByLabel(`${n} stars`).getAttribute('id');
  const star = block.locator(`label[for="${id}"]`);
  await star.scrollIntoViewIfNeeded();
  // The block may still move while photos of another block finish uploading: click again until it took.
  await expect(async () => {
    await star.click();
    await expect(block.getByTestId('rating-input')).toHaveAttribute('data-value', String(n), { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
}

async function asBuyer(page: Page) {
  await logIn(page, 'buyer@demo.shop');
  await expect(page).not.toHaveURL(/\/login/);
}

test('review a finished two-line order with stars, text and photos; the shop replies; a follow-up', async ({
  page,
  browser,
}) => {
  await asBuyer(page);
  await page.goto('/buyer/comments');
  await expect(page.getByTestId('tab-unComment')).toHaveAttribute('aria-selected', 'true');
  // The count is set apart from the label, as the orders' tabs have it (it read "to review(12)").
  await expect(page.getByRole('tab', { name: /^to review \(\d+\)$/ })).toBeVisible();
  const order = page
    .getByTestId('review-order')
    .filter({ hasText: 'On-site Assembly Service' })
    .filter({ hasText: 'Standing Desk E7' });
  await expect(order).toHaveCount(1);
  const before = Number((await page.getByTestId('to-review-count').innerText()).replace(/\D/g, ''));
  await order.getByTestId('review-order-button').click();
  await expect(page).toHaveURL(/\/buyer\/comment-add\?orderId=\d+&orderLineIds=/);
  const blocks = page.getByTestId('review-block');
  await expect(blocks).toHaveCount(2);

  // §5: an empty submit names what is missing at each product.
  await page.getByTestId('review-submit').click();
  await expect(blocks.first().getByText('Please pick a rating')).toBeVisible();
  await expect(page.getByText('Some products have not been reviewed').first()).toBeVisible();

  const desk = blocks.filter({ hasText: 'Standing Desk E7' });
  const service = blocks.filter({ hasText: 'On-site Assembly Service' });
  await rate(desk, 4);
  await expect(desk.getByTestId('rating-word')).toHaveText('Good');
  await desk.getByTestId('review-content-input').fill('Solid desk, <b>quiet</b> motor.');
  await expect(desk.getByTestId('review-counter')).toHaveText('31/300');
  await desk.locator('input[type=file]').setInputFiles([
    { name: 'front.png', mimeType: 'image/png', buffer: await photo(200) },
    { name: 'side.png', mimeType: 'image/png', buffer: await photo(40) },
  ]);
  await expect(desk.getByText('2/6')).toBeVisible();
  await rate(service, 5);
  await service.getByTestId('review-content-input').fill('The fitter was on time and tidy.');
  await page.getByTestId('review-submit').click();
  await expect(page).toHaveURL(/status=comment/);
  const card = page.getByTestId('review-card').filter({ hasText: 'Solid desk, <b>quiet</b> motor.' });
  await expect(card).toHaveCount(1);
  await page.getByTestId('tab-unComment').click();
  // One order less to review (the phone test may review another one meanwhile).
  await expect
    .poll(async () => Number((await page.getByTestId('to-review-count').innerText()).replace(/\D/g, '')))
    .toBeLessThanOrEqual(before - 1);
  await expect(
    page
      .getByTestId('review-order')
      .filter({ hasText: 'On-site Assembly Service' })
      .filter({ hasText: 'Standing Desk E7' }),
  ).toHaveCount(0);

  // The next buyer reads it on the item page, with a short name and the text as typed.
  await page.goto('/item/standing-desk-e7');
  await page.getByTestId('item-reviews').scrollIntoViewIfNeeded();
  const onItem = page.getByTestId('item-review').filter({ hasText: 'Solid desk, <b>quiet</b> motor.' });
  await expect(onItem).toContainText('D***r');

  // The shop replies in the console.
  const ctx = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const seller = await ctx.newPage();
  await logIn(seller, 'seller@demo.shop');
  await expect(seller).not.toHaveURL(/\/login/);
  await seller.goto('/merchant-console/reviews?notReplied=1');
  const review = seller.getByTestId('seller-review').filter({ hasText: 'Solid desk' });
  await review.getByTestId('review-reply').click();
  await review.getByRole('textbox').fill('Thanks! Enjoy the desk.');
  await review.getByTestId('reply-submit').click();
  await expect(review.getByTestId('shop-reply')).toContainText('Thanks! Enjoy the desk.');
  await ctx.close();

  // The buyer sees the reply and adds the one follow-up the review may have.
  await page.goto('/buyer/comments?status=comment');
  await page.getByTestId('review-card').filter({ hasText: 'Solid desk' }).getByTestId('review-card-detail').click();
  await expect(page).toHaveURL(/\/buyer\/comment-detail\/\d+$/);
  await expect(page.getByTestId('shop-reply')).toContainText('Thanks! Enjoy the desk.');
  await page.getByTestId('add-follow-up').click();
  await expect(page).toHaveURL(/\/buyer\/comment-plus\/\d+$/);
  await page.getByTestId('follow-up-publish').click();
  await expect(page.getByText('Some products have not been reviewed').first()).toBeVisible();
  await page.getByTestId('follow-up-content').fill('Two months in: still rock solid.');
  await page.getByTestId('follow-up-publish').click();
  await expect(page).toHaveURL(/\/buyer\/comment-detail\/\d+$/);
  await expect(page.getByTestId('review-follow-up')).toContainText('Two months in: still rock solid.');
  await expect(page.getByTestId('add-follow-up')).toHaveCount(0);
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('review one product on a phone', async ({ page }) => {
    await asBuyer(page);
    const res = await page.request.post('/api/trantor/flow/bbc_trade_PageTradeOrderForBuyerIdFlow', {
      data: [{ commentStatus: 'unComment', queryParams: { page: { no: 1, size: 50 } } }],
      headers: CSRF,
    });
    const orders = (await res.json()).data as { id: string; tradeOrderLineList: { id: string; name: string }[] }[];
    const one = orders.find(
      (o) => o.tradeOrderLineList.length === 1 && o.tradeOrderLineList[0]!.name === 'Under-desk Cable Tray',
    );
    expect(one).toBeTruthy();
    await page.goto(
      `/buyer/comment?orderId=${one!.id}&orderLineIds=${encodeURIComponent(JSON.stringify([one!.tradeOrderLineList[0]!.id]))}`,
    );
    await expect(page).toHaveURL(/\/buyer\/comment-add\?/);
    const block = page.getByTestId('review-block');
    await expect(block).toHaveCount(1);
    await expect(page.getByTestId('review-submit-bar')).toBeVisible();
    await block.getByTestId('review-content-input').fill('Fits perfectly.');
    await page.getByTestId('review-submit').click();
    await expect(block.getByText('Please pick a rating')).toBeVisible();
    await rate(block, 5);
    await page.getByTestId('review-submit').click();
    await expect(page).toHaveURL(/status=comment/);
    await expect(page.getByTestId('review-card').filter({ hasText: 'Fits perfectly.' })).toHaveCount(1);
  });
});
