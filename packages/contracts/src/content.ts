/**
 * Articles, forum posts and policy pages (SPEC §7 "Article", §2 forum and policy routes): one
 * store of site-specific rich text. Bodies are sanitised HTML.
 */
import { z } from 'zod';
import { Id, SiteCodeSchema } from './schemas.js';

export const ARTICLE_KINDS = ['ARTICLE', 'FORUM', 'POLICY'] as const;
export const ArticleKind = z.enum(ARTICLE_KINDS);
export const PolicyKindSchema = z.enum(['privacy', 'terms', 'warranty', 'shipping', 'sms']);

export const ArticleCategory = z.object({ id: Id, code: z.string(), name: z.string(), articleCount: z.number().int() });
export type ArticleCategory = z.infer<typeof ArticleCategory>;

export const ArticleSummary = z.object({
  id: Id,
  site: SiteCodeSchema,
  kind: ArticleKind,
  categoryId: Id.nullable(),
  categoryName: z.string().nullable(),
  title: z.string(),
  summary: z.string(),
  author: z.string(),
  pinned: z.boolean(),
  publishedAt: z.string(),
});
export type ArticleSummary = z.infer<typeof ArticleSummary>;

export const ArticleDetail = ArticleSummary.extend({
  policyKind: PolicyKindSchema.nullable(),
  /** Sanitised HTML (allow-listed tags and attributes only). */
  content: z.string(),
  updatedAt: z.string(),
});
export type ArticleDetail = z.infer<typeof ArticleDetail>;

/** POST /sapi/mall-content/web/article/pageArticle: a site's articles, newest first; by category or kind. */
export const PageArticleBody = z.strictObject({
  site: SiteCodeSchema.optional(),
  categoryId: Id.optional(),
  kind: z.enum(['ARTICLE', 'FORUM']).default('ARTICLE'),
  keyword: z.string().trim().max(100).optional(),
  pageNo: z.number().int().min(1).max(10000).default(1),
  pageSize: z.number().int().min(1).max(50).default(10),
});
export type PageArticleBody = z.input<typeof PageArticleBody>;
export const ArticlePage = z.object({
  data: z.array(ArticleSummary),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type ArticlePage = z.infer<typeof ArticlePage>;

/**
 * POST /sapi/mall-content/web/article/articleDetail: by id, or a site's policy page by kind. With
 * `kind`, only an entry of that kind is found (the forum's page shows forum posts only).
 */
export const ArticleDetailBody = z.union([
  z.strictObject({ id: Id, kind: z.enum(['ARTICLE', 'FORUM']).optional(), site: SiteCodeSchema.optional() }),
  z.strictObject({ policyKind: PolicyKindSchema, site: SiteCodeSchema.optional() }),
]);
export type ArticleDetailBody = z.infer<typeof ArticleDetailBody>;

export const SiteFlowBody = z
  .array(z.object({ site: SiteCodeSchema.optional() }).passthrough())
  .max(1)
  .optional();
