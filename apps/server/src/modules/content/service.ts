/**
 * Articles, forum posts and policy pages of a site (SPEC §7 "Article"): one table, one
 * sanitiser on the way in and on the way out. Everything is read per site: an article of
 * another site is "not found" here.
 */
import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import {
  ERROR_CODES,
  type ArticleCategory,
  type ArticleDetail,
  type ArticlePage,
  type ArticleSummary,
  type PolicyKind,
  type SiteCode,
} from '@mall/contracts';
import type { Db } from '../../db/client.js';
import type { Tx } from '../trade/transitions.js';
import { articleCategories, articles } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { sanitizeArticleHtml } from './sanitize.js';

type ArticleRow = typeof articles.$inferSelect;
type Kind = ArticleRow['kind'];

/** How many pinned ("UP") articles the site's content pages show at most. */
export const UP_ARTICLE_LIMIT = 5;

const summaryCols = {
  id: articles.id,
  site: articles.site,
  kind: articles.kind,
  categoryId: articles.categoryId,
  categoryName: articleCategories.name,
  title: articles.title,
  summary: articles.summary,
  author: articles.author,
  pinned: articles.pinned,
  publishedAt: articles.publishedAt,
};
type SummaryRow = Pick<
  ArticleRow,
  'id' | 'site' | 'kind' | 'categoryId' | 'title' | 'summary' | 'author' | 'pinned' | 'publishedAt'
> & { categoryName: string | null };

const toSummary = (r: SummaryRow): ArticleSummary => ({
  id: String(r.id),
  site: r.site as SiteCode,
  kind: r.kind,
  categoryId: r.categoryId === null ? null : String(r.categoryId),
  categoryName: r.categoryName ?? null,
  title: r.title,
  summary: r.summary,
  author: r.author,
  pinned: r.pinned,
  publishedAt: r.publishedAt.toISOString(),
});

/** First-level categories of a site that hold published articles, in their order. */
export async function firstLevelCategories(db: Db, site: SiteCode): Promise<ArticleCategory[]> {
  const rows = await db
    .select({
      id: articleCategories.id,
      code: articleCategories.code,
      name: articleCategories.name,
      n: count(articles.id),
    })
    .from(articleCategories)
    .leftJoin(articles, and(eq(articles.categoryId, articleCategories.id), eq(articles.kind, 'ARTICLE')))
    .where(and(eq(articleCategories.site, site), sql`${articleCategories.parentId} IS NULL`))
    .groupBy(articleCategories.id)
    .orderBy(asc(articleCategories.sort), asc(articleCategories.id));
  return rows.map((r) => ({ id: String(r.id), code: r.code, name: r.name, articleCount: r.n }));
}

export async function pageArticles(
  db: Db,
  site: SiteCode,
  q: { kind: 'ARTICLE' | 'FORUM'; categoryId?: string; keyword?: string; pageNo: number; pageSize: number },
): Promise<ArticlePage> {
  const where = and(
    eq(articles.site, site),
    eq(articles.kind, q.kind),
    q.categoryId ? eq(articles.categoryId, BigInt(q.categoryId)) : undefined,
    q.keyword
      ? or(
          ilike(articles.title, `%${q.keyword.replace(/[\\%_]/g, '\\$&')}%`),
          ilike(articles.summary, `%${q.keyword.replace(/[\\%_]/g, '\\$&')}%`),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(summaryCols)
      .from(articles)
      .leftJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
      .where(where)
      .orderBy(desc(articles.publishedAt), desc(articles.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(articles).where(where),
  ]);
  return { data: rows.map(toSummary), total: total?.n ?? 0, pageNo: q.pageNo, pageSize: q.pageSize };
}

/** "UP article info": the site's pinned articles (promoted by the shop), in pin order. */
export async function upArticles(db: Db, site: SiteCode): Promise<ArticleSummary[]> {
  const rows = await db
    .select(summaryCols)
    .from(articles)
    .leftJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
    .where(and(eq(articles.site, site), eq(articles.kind, 'ARTICLE'), eq(articles.pinned, true)))
    .orderBy(asc(articles.pinSort), desc(articles.publishedAt))
    .limit(UP_ARTICLE_LIMIT);
  return rows.map(toSummary);
}

function toDetail(r: ArticleRow, categoryName: string | null): ArticleDetail {
  return {
    ...toSummary({ ...r, categoryName }),
    policyKind: (r.policyKind ?? null) as PolicyKind | null,
    content: sanitizeArticleHtml(r.bodyHtml),
    updatedAt: r.updatedAt.toISOString(),
  };
}

const articleNotFound = () => notFound(ERROR_CODES.articleNotExist, 'This article does not exist');

export async function articleDetail(
  db: Db,
  site: SiteCode,
  by: { id: string; kind?: 'ARTICLE' | 'FORUM' } | { policyKind: PolicyKind },
): Promise<ArticleDetail> {
  const [row] = await db
    .select({ a: articles, categoryName: articleCategories.name })
    .from(articles)
    .leftJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
    .where(
      and(
        eq(articles.site, site),
        'id' in by
          ? and(eq(articles.id, BigInt(by.id)), by.kind ? eq(articles.kind, by.kind) : undefined)
          : and(eq(articles.kind, 'POLICY'), eq(articles.policyKind, by.policyKind)),
      ),
    );
  if (!row) throw articleNotFound();
  return toDetail(row.a, row.categoryName);
}

export interface ArticleInput {
  site: SiteCode;
  kind: Kind;
  categoryId?: bigint | null;
  policyKind?: PolicyKind | null;
  title: string;
  summary?: string;
  bodyHtml: string;
  author?: string;
  pinned?: boolean;
  pinSort?: number;
  publishedAt?: Date;
}

/**
 * Stores an article with its body sanitised. A policy page is one per site and kind: saving it
 * again replaces its text (so an operator edit is an upsert).
 */
export async function saveArticle(db: Db | Tx, a: ArticleInput): Promise<bigint> {
  const values = {
    ...a,
    categoryId: a.categoryId ?? null,
    policyKind: a.policyKind ?? null,
    bodyHtml: sanitizeArticleHtml(a.bodyHtml),
    updatedAt: new Date(),
  };
  if (a.kind === 'POLICY') {
    const [row] = await db
      .insert(articles)
      .values(values)
      .onConflictDoUpdate({
        target: [articles.site, articles.policyKind],
        set: {
          title: values.title,
          summary: values.summary ?? '',
          bodyHtml: values.bodyHtml,
          updatedAt: values.updatedAt,
        },
      })
      .returning({ id: articles.id });
    return row!.id;
  }
  const [row] = await db.insert(articles).values(values).returning({ id: articles.id });
  return row!.id;
}

export async function saveCategory(
  db: Db | Tx,
  c: { site: SiteCode; code: string; name: string; sort: number },
): Promise<bigint> {
  const [row] = await db
    .insert(articleCategories)
    .values(c)
    .onConflictDoUpdate({
      target: [articleCategories.site, articleCategories.code],
      set: { name: c.name, sort: c.sort },
    })
    .returning({ id: articleCategories.id });
  return row!.id;
}
