import { bigint, bigserial, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Article categories per site (SPEC §7 Article: cms_ListFirstLevelCmsMiscArticleCategoryFlow).
 * A category with no parent is first level.
 */
export const articleCategories = pgTable(
  'article_categories',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    site: text('site').notNull(),
    parentId: bigint('parent_id', { mode: 'bigint' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('article_categories_site_code_key').on(t.site, t.code)],
);

/**
 * Stored rich text of a site: articles, the forum's posts and the policy pages (one per site and
 * policy kind). `bodyHtml` is sanitised when stored and again when served.
 */
export const articles = pgTable(
  'articles',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    site: text('site').notNull(),
    kind: text('kind', { enum: ['ARTICLE', 'FORUM', 'POLICY'] }).notNull(),
    categoryId: bigint('category_id', { mode: 'bigint' }).references(() => articleCategories.id),
    /** POLICY only: which policy page of the site (privacy, terms, warranty, shipping, sms). */
    policyKind: text('policy_kind'),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    bodyHtml: text('body_html').notNull(),
    author: text('author').notNull().default(''),
    /** "UP" articles: pinned on the site's content pages, in `pinSort` order. */
    pinned: boolean('pinned').notNull().default(false),
    pinSort: integer('pin_sort').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('articles_site_kind_idx').on(t.site, t.kind, t.publishedAt),
    uniqueIndex('articles_site_policy_key').on(t.site, t.policyKind),
  ],
);
