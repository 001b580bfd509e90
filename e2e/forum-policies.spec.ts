import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './test';

/**
 * The forum and the sites' own policy pages (SPEC §2): /bbs/post-detail/{id} shows the three
 * German forum posts and nothing else (an unknown id or a policy's id is a not-found page, 404
 * from the server), and every policy route shows the current site's text in its language; a
 * route of another site redirects on the server to the current site's equivalent.
 */
const CSRF = { 'x-mall-request': '1' };

/** axe: no serious or critical violation (as e2e/a11y.spec.ts scans the buyer's landing pages). */
async function expectNoSeriousViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).exclude('.mantine-Notifications-root').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect
    .soft(
      serious.map(
        (v) =>
          `${v.id}: ${v.help} ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(', ')}`,
      ),
      label,
    )
    .toEqual([]);
}

async function onSite(page: Page, site: string) {
  expect((await page.request.post('/api/preferences', { data: { site }, headers: CSRF })).status()).toBe(200);
}

const detail = async (page: Page, body: object) =>
  page.request.post('/sapi/mall-content/web/article/articleDetail', { data: body, headers: CSRF });

for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(name, () => {
    test.use({ viewport, ...(name === 'phone' ? { isMobile: true, hasTouch: true } : {}) });

    test('a forum post opens; a policy page or an unknown id under the forum is not found', async ({ page }) => {
      test.setTimeout(90_000);
      await onSite(page, 'DE');
      const posts = (
        await (
          await page.request.post('/sapi/mall-content/web/article/pageArticle', {
            data: { site: 'DE', kind: 'FORUM' },
            headers: CSRF,
          })
        ).json()
      ).data as { id: string; title: string }[];
      expect(posts).toHaveLength(3);
      await page.goto('/articles');
      await page.getByRole('region', { name: 'Forum' }).getByRole('link', { name: posts[0]!.title }).click();
      await expect(page).toHaveURL(`/bbs/post-detail/${posts[0]!.id}`);
      await expect(page.getByRole('heading', { level: 1, name: posts[0]!.title })).toBeVisible();
      await expect(page.getByRole('article')).not.toBeEmpty();
      await page.screenshot({ path: test.info().outputPath(`forum-post-${name}.png`), fullPage: true });

      // The privacy policy's own id, asked for as a forum post: not found, with a 404 from the server.
      const privacyId = (await (await detail(page, { site: 'DE', policyKind: 'privacy' })).json()).id as string;
      const res = await page.goto(`/bbs/post-detail/${privacyId}`);
      expect(res!.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Nicht gefunden' })).toBeVisible();
      await expect(page.getByRole('alert')).toHaveText('Diesen Forumsbeitrag gibt es auf dieser Website nicht.');
      await expect(page.getByRole('article')).toHaveCount(0);
      expect((await page.goto('/bbs/post-detail/999999'))!.status()).toBe(404);
      await expect(page.getByRole('alert')).toHaveText('Diesen Forumsbeitrag gibt es auf dieser Website nicht.');
      await page.screenshot({ path: test.info().outputPath(`forum-not-found-${name}.png`), fullPage: true });
      await expectNoSeriousViolations(page, `forum not found (${name})`);
      // Back to the forum from the not-found page.
      await page.getByRole('link', { name: 'Forum' }).last().click();
      await expect(page).toHaveURL('/articles');
      await expect(page.getByRole('region', { name: 'Forum' }).getByRole('link')).toHaveCount(3);
    });

    test("each site shows its own policy routes in its language; another site's route redirects", async ({ page }) => {
      test.setTimeout(90_000);
      await onSite(page, 'DE');
      let res = await page.goto('/agb');
      expect(res!.status()).toBe(200);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Allgemeine Geschäftsbedingungen (AGB)' }),
      ).toBeVisible();
      await expect(page.getByRole('article')).toHaveAttribute('lang', 'de');
      await page.goto('/datenschutzerklaerung');
      await expect(page.getByRole('heading', { level: 1, name: 'Datenschutzerklärung' })).toBeVisible();
      // The routes of other sites lead to DE's own.
      await page.goto('/privacy-policy');
      await expect(page).toHaveURL('/datenschutzerklaerung');
      await page.goto('/termini-e-condizioni');
      await expect(page).toHaveURL('/agb');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Allgemeine Geschäftsbedingungen (AGB)' }),
      ).toBeVisible();
      // DE has no SMS terms: not found.
      res = await page.goto('/sms');
      expect(res!.status()).toBe(404);
      await expect(page.getByRole('alert')).toHaveText('Diese Seite gibt es auf der Website Deutschland nicht.');

      await onSite(page, 'IT');
      await page.goto('/agb');
      await expect(page).toHaveURL('/termini-e-condizioni');
      await expect(page.getByRole('heading', { level: 1, name: 'Termini e condizioni di vendita' })).toBeVisible();
      await expect(page.getByRole('article')).toContainText('22 %');
      await page.screenshot({ path: test.info().outputPath(`policy-it-${name}.png`), fullPage: true });
      await expectNoSeriousViolations(page, `IT terms (${name})`);
      await page.goto('/datenschutzerklaerung');
      await expect(page).toHaveURL('/informativa-privacy');
      await expect(page.getByRole('heading', { level: 1, name: 'Informativa sulla privacy' })).toBeVisible();

      // Switching site on a policy page moves to the new site's route (on a phone the switcher is in the menu drawer).
      const menu = page.getByRole('button', { name: 'Apri menu' });
      if (await menu.isVisible()) await menu.click();
      await page.getByTestId('site-switcher').filter({ visible: true }).click();
      await page.getByRole('menuitem', { name: /^NL/ }).click();
      await expect(page).toHaveURL('/privacy-policy');
      await expect(page.getByRole('heading', { level: 1, name: 'Privacyverklaring' })).toBeVisible();
      await page.goto('/terms-conditions');
      await expect(page).toHaveURL('/algemene-voorwaarden-webwinkel');
      await expect(page.getByRole('heading', { level: 1, name: 'Algemene voorwaarden webwinkel' })).toBeVisible();
    });
  });
}

test("the server redirects before rendering, and each site's routes answer in its language", async ({ request }) => {
  // Every site's own routes, as a client without JavaScript gets them.
  const expected: Record<string, Record<string, RegExp>> = {
    US: {
      '/privacy-policy': /Privacy/,
      '/terms-conditions': /Terms/,
      '/sms': /SMS/,
      '/warranty': /Warranty/,
      '/shipping-policy': /Shipping/,
    },
    UK: { '/terms-and-conditions': /Terms/ },
    DE: { '/agb': /AGB/, '/datenschutzerklaerung': /Datenschutzerklärung/, '/warranty': /Garantie/ },
    JP: { '/terms-conditions': /利用規約/ },
    ES: { '/terms-and-conditions': /[Tt]érminos|[Cc]ondiciones/ },
    IT: { '/termini-e-condizioni': /Termini e condizioni/, '/informativa-privacy': /Informativa sulla privacy/ },
    FR: { '/terms-conditions': /[Cc]onditions/ },
    NL: { '/algemene-voorwaarden-webwinkel': /Algemene voorwaarden/ },
  };
  for (const [site, routes] of Object.entries(expected)) {
    expect((await request.post('/api/preferences', { data: { site }, headers: CSRF })).status()).toBe(200);
    for (const [path, title] of Object.entries(routes)) {
      const res = await request.get(path);
      expect(res.status(), `${site} ${path}`).toBe(200);
      expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(await res.text())?.[1], `${site} ${path}`).toMatch(title);
    }
  }
  // On IT, DE's route answers a redirect to IT's own.
  expect((await request.post('/api/preferences', { data: { site: 'IT' }, headers: CSRF })).status()).toBe(200);
  const moved = await request.get('/agb', { maxRedirects: 0 });
  expect(moved.status()).toBe(302);
  expect(moved.headers().location).toBe('/termini-e-condizioni');
});
