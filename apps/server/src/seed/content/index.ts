/**
 * Demo content: per site a few article categories and articles in the site's language (several
 * on US and DE, some pinned as "UP" articles), the full policy pages of every site's policy
 * routes, and the three German forum posts. Everything goes through saveArticle (sanitised).
 */
import { SITES, SITE_CODES, type Language, type PolicyKind, type SiteCode } from '@mall/contracts';
import { saveArticle, saveCategory } from '../../modules/content/service.js';
import type { Tx } from '../../modules/trade/transitions.js';
import { de, FORUM_DE } from './de.js';
import { en, enUk } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { it } from './it.js';
import { ja } from './ja.js';
import { nl } from './nl.js';
import type { LanguageContent, SiteFacts } from './types.js';

const BY_LANGUAGE: Record<Language, LanguageContent> = { en, de, ja, es, it, fr, nl };
const contentOf = (site: SiteCode) => (site === 'UK' ? enUk : BY_LANGUAGE[SITES[site].defaultLanguage]);
const DAY = 86400_000;

export async function seedContent(tx: Tx): Promise<void> {
  const now = Date.now();
  for (const code of SITE_CODES) {
    const site = SITES[code];
    const c = contentOf(code);
    const facts: SiteFacts = {
      code,
      name: site.name,
      vat: code === 'US' ? null : String(Math.round(Number(site.taxRate) * 100)),
    };
    const policies = c.policies(facts);
    // Only the pages the site links (its policy routes) are stored.
    for (const kind of Object.keys(site.policyRoutes) as PolicyKind[]) {
      const doc = policies[kind];
      if (!doc) throw new Error(`No ${kind} policy text for ${code}`);
      await saveArticle(tx, {
        site: code,
        kind: 'POLICY',
        policyKind: kind,
        title: doc.title,
        bodyHtml: doc.html,
        author: 'Mall',
      });
    }
    const categories = new Map<string, bigint>();
    for (const [i, cat] of c.categories.entries())
      categories.set(cat.code, await saveCategory(tx, { site: code, code: cat.code, name: cat.name, sort: i }));
    for (const [i, a] of c.articles.entries()) {
      await saveArticle(tx, {
        site: code,
        kind: 'ARTICLE',
        categoryId: categories.get(a.category)!,
        title: a.title,
        summary: a.summary ?? '',
        bodyHtml: a.html,
        author: a.author ?? '',
        pinned: a.pinned ?? false,
        pinSort: i,
        publishedAt: new Date(now - a.daysAgo * DAY),
      });
    }
  }
  for (const p of FORUM_DE) {
    await saveArticle(tx, {
      site: 'DE',
      kind: 'FORUM',
      title: p.title,
      summary: p.summary ?? '',
      bodyHtml: p.html,
      author: p.author ?? '',
      publishedAt: new Date(now - p.daysAgo * DAY),
    });
  }
}
