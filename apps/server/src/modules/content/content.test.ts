/**
 * Articles, forum posts and policy pages (SPEC §7 "Article", §2 policy routes and forum) through
 * app.inject on real Postgres: per site and category, another site's article is not found, UP
 * info is the pinned articles, each site's policy text is in its language, and stored HTML is
 * served sanitised however it got into the table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles } from '../../db/schema/index.js';
import { Browser, type TestApp, createTestApp } from '../../../test/helpers.js';
import { expectError } from '../../../test/order-fixtures.js';
import { saveArticle } from './service.js';

let t: TestApp;
let b: Browser;
beforeAll(async () => {
  t = await createTestApp();
  b = new Browser(t.app);
});
afterAll(async () => {
  await t?.close();
});

const page = (body: object) => b.post('/sapi/mall-content/web/article/pageArticle', body);
const detail = (body: object) => b.post('/sapi/mall-content/web/article/articleDetail', body);
const policy = async (site: string, policyKind: string) => {
  const res = await detail({ site, policyKind });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ title: string; content: string }>();
};

describe('articles per site and category', () => {
  it("lists a site's articles newest first, filtered by its first-level categories", async () => {
    const cats = (
      await b.post('/api/trantor/flow/cms_ListFirstLevelCmsMiscArticleCategoryFlow', [{ site: 'US' }])
    ).json();
    expect(cats.map((c: { name: string }) => c.name)).toEqual(['Buying guides', 'Ergonomics', 'News']);
    const all = (await page({ site: 'US' })).json();
    expect(all.total).toBe(5);
    expect(all.data.every((a: { site: string; kind: string }) => a.site === 'US' && a.kind === 'ARTICLE')).toBe(true);
    const dates = all.data.map((a: { publishedAt: string }) => a.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const guides = (await page({ site: 'US', categoryId: cats[0].id })).json();
    expect(guides.total).toBe(cats[0].articleCount);
    expect(guides.data.every((a: { categoryName: string }) => a.categoryName === 'Buying guides')).toBe(true);
    const paged = (await page({ site: 'US', pageNo: 2, pageSize: 2 })).json();
    expect(paged.data.map((a: { id: string }) => a.id)).toEqual(all.data.slice(2, 4).map((a: { id: string }) => a.id));
    // The German site has its own articles in German.
    const de = (await page({ site: 'DE' })).json();
    expect(de.data.map((a: { title: string }) => a.title)).toContain('So finden Sie den richtigen Stehschreibtisch');
    // Without a site in the body, the caller's site (cookie) is used.
    const viaCookie = (
      await b.post('/sapi/mall-content/web/article/pageArticle', {}, { headers: { cookie: 'site=JP' } })
    ).json();
    expect(viaCookie.data[0].site).toBe('JP');
  });

  it("detail: the article with its HTML; another site's article is not found", async () => {
    const de = (await page({ site: 'DE' })).json().data[0];
    const ok = await detail({ id: de.id, site: 'DE' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().content).toMatch(/<h2>|<p>|<ol>/);
    expectError(await detail({ id: de.id, site: 'US' }), 404, 'Content.articleNotExist');
    expectError(await detail({ id: '999999', site: 'DE' }), 404, 'Content.articleNotExist');
  });

  it("UP article info: the site's pinned articles in pin order, never policies or forum posts", async () => {
    const up = (await b.post('/api/trantor/func/flexispot_content_QueryUPArticleInfoFunc', [{ site: 'US' }])).json();
    expect(up.map((a: { title: string }) => a.title)).toEqual([
      'How to choose a standing desk',
      'Five habits for a healthier workday',
    ]);
    expect(up.every((a: { pinned: boolean; kind: string }) => a.pinned && a.kind === 'ARTICLE')).toBe(true);
    const upDe = (await b.post('/api/trantor/func/flexispot_content_QueryUPArticleInfoFunc', [{ site: 'DE' }])).json();
    expect(upDe.every((a: { site: string }) => a.site === 'DE')).toBe(true);
  });

  it('the forum: three German posts on the DE site, none elsewhere', async () => {
    const forum = (await page({ site: 'DE', kind: 'FORUM' })).json();
    expect(forum.total).toBe(3);
    expect(forum.data.map((p: { title: string }) => p.title)).toContain(
      'Erfahrungsbericht: Drei Monate am Stehschreibtisch',
    );
    const post = (await detail({ id: forum.data[0].id, site: 'DE' })).json();
    expect(post.kind).toBe('FORUM');
    expect((await page({ site: 'US', kind: 'FORUM' })).json().total).toBe(0);
  });

  it('asked as a forum post, only a forum post is found: never an article or a policy page', async () => {
    const post = (await page({ site: 'DE', kind: 'FORUM' })).json().data[0];
    const asForum = await detail({ id: post.id, kind: 'FORUM', site: 'DE' });
    expect(asForum.statusCode, asForum.body).toBe(200);
    expect(asForum.json()).toMatchObject({ kind: 'FORUM', title: post.title });
    const privacy = await detail({ site: 'DE', policyKind: 'privacy' });
    const privacyId = privacy.json().id as string;
    expectError(await detail({ id: privacyId, kind: 'FORUM', site: 'DE' }), 404, 'Content.articleNotExist');
    const article = (await page({ site: 'DE' })).json().data[0];
    expectError(await detail({ id: article.id, kind: 'FORUM', site: 'DE' }), 404, 'Content.articleNotExist');
    // And the articles' page shows articles only.
    expectError(await detail({ id: post.id, kind: 'ARTICLE', site: 'DE' }), 404, 'Content.articleNotExist');
    expect((await detail({ id: article.id, kind: 'ARTICLE', site: 'DE' })).statusCode).toBe(200);
  });

  it("the forum's posts are the three fixed German posts", async () => {
    const forum = (await page({ site: 'DE', kind: 'FORUM' })).json();
    expect(forum.data).toHaveLength(3);
    for (const site of ['US', 'UK', 'JP', 'ES', 'IT', 'FR', 'NL'])
      expect((await page({ site, kind: 'FORUM' })).json().total, site).toBe(0);
  });
});

describe("policy pages per site in the site's language", () => {
  it('DE: AGB and Datenschutzerklärung in German', async () => {
    const agb = await policy('DE', 'terms');
    expect(agb.title).toBe('Allgemeine Geschäftsbedingungen (AGB)');
    expect(agb.content).toContain('Widerrufsrecht');
    expect(agb.content).toContain('19 %');
    expect((agb.content.match(/<h2>/g) ?? []).length).toBeGreaterThanOrEqual(5);
    const ds = await policy('DE', 'privacy');
    expect(ds.title).toBe('Datenschutzerklärung');
    expect(ds.content).toContain('DSGVO');
  });
  it('JP terms carry SPEC §9: 5 business days to contact, 1% refund fee, refund within a week after inspection', async () => {
    const jp = await policy('JP', 'terms');
    expect(jp.title).toBe('利用規約');
    expect(jp.content).toContain('5営業日以内');
    expect(jp.content).toContain('1%');
    expect(jp.content).toContain('検品後、1週間以内');
  });
  it('IT in Italian, NL in Dutch, US/UK in English with their own tax rules; SMS only where linked', async () => {
    expect((await policy('IT', 'privacy')).title).toBe('Informativa sulla privacy');
    expect((await policy('IT', 'terms')).content).toContain('22 %');
    expect((await policy('NL', 'terms')).title).toBe('Algemene voorwaarden webwinkel');
    expect((await policy('US', 'terms')).content).toContain('state the goods are shipped to');
    expect((await policy('UK', 'terms')).content).toContain('20 %');
    expect((await policy('US', 'sms')).content).toContain('STOP');
    expectError(await detail({ site: 'DE', policyKind: 'sms' }), 404, 'Content.articleNotExist');
  });
});

describe('stored HTML is sanitised when stored and when served', () => {
  it('scripts, event handlers and javascript: URLs never reach the browser', async () => {
    const evil =
      '<p onmouseover="x()">Hi</p><script>alert(1)</script><a href="javascript:alert(2)">go</a><img src="https://t.example/p.gif" onerror="y()">';
    const id = await saveArticle(t.db, { site: 'US', kind: 'ARTICLE', title: 'Stored', bodyHtml: evil });
    const [raw] = await t.db
      .insert(articles)
      .values({ site: 'US', kind: 'ARTICLE', title: 'Raw', bodyHtml: evil })
      .returning();
    for (const articleId of [id, raw!.id]) {
      const body = (await detail({ id: String(articleId), site: 'US' })).json().content;
      expect(body).not.toMatch(/script|onmouseover|onerror|javascript:|t\.example/);
      expect(body).toContain('<p>Hi</p>');
    }
  });
});
