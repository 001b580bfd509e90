/** Articles, forum posts and policy pages on the spec's paths (SPEC §7 "Article"). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ArticleCategory,
  ArticleDetail,
  ArticleDetailBody,
  ArticlePage,
  ArticleSummary,
  ErrorBody,
  PageArticleBody,
  SiteFlowBody,
  type SiteCode,
} from '@mall/contracts';
import type { Db } from '../../db/client.js';
import { articleDetail, firstLevelCategories, pageArticles, upArticles } from './service.js';

const tags = ['content'];
const errors = { 400: ErrorBody, 404: ErrorBody };
/** The site asked for, else the caller's site (cookie). */
const siteOf = (req: FastifyRequest, asked?: SiteCode) => asked ?? req.caller.site.code;

export function contentRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/sapi/mall-content/web/article/pageArticle',
    {
      schema: {
        tags,
        summary: "A site's articles (kind ARTICLE, by categoryId) or forum posts (kind FORUM), newest first, paged",
        body: PageArticleBody,
        response: { 200: ArticlePage, ...errors },
      },
    },
    async (req) => pageArticles(db, siteOf(req, req.body.site), req.body),
  );

  r.post(
    '/sapi/mall-content/web/article/articleDetail',
    {
      schema: {
        tags,
        summary:
          "One article of the site with its sanitised HTML content, by id or (policy pages) by policyKind; another site's article, or one of another kind than `kind`, is not found",
        body: ArticleDetailBody,
        response: { 200: ArticleDetail, ...errors },
      },
    },
    async (req) => articleDetail(db, siteOf(req, req.body.site), req.body),
  );

  r.post(
    '/api/trantor/flow/cms_ListFirstLevelCmsMiscArticleCategoryFlow',
    {
      schema: {
        tags,
        summary: "The site's first-level article categories with their article counts",
        body: SiteFlowBody,
        response: { 200: z.array(ArticleCategory), ...errors },
      },
    },
    async (req) => firstLevelCategories(db, siteOf(req, req.body?.[0]?.site)),
  );

  r.post(
    '/api/trantor/func/flexispot_content_QueryUPArticleInfoFunc',
    {
      schema: {
        tags,
        summary:
          'UP article info: the articles the site pins ("up") at the top of its content pages, in pin order, at most 5',
        description:
          'An "UP" article is one the shop promotes: pinned = true on the article, ordered by its pin order. Policy pages and forum posts are never UP articles.',
        body: SiteFlowBody,
        response: { 200: z.array(ArticleSummary), ...errors },
      },
    },
    async (req) => upArticles(db, siteOf(req, req.body?.[0]?.site)),
  );
}
