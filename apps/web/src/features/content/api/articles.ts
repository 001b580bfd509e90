/**
 * Articles, forum posts and policy pages (SPEC §7 "Article"): one fetcher and query hook per call.
 * The site is the buyer's current site; it is part of every key so a site switch refetches.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ArticleCategory, ArticleDetail, ArticlePage, ArticleSummary, PageArticleBody, PolicyKind, SiteCode } from '@mall/contracts';
import { api, ApiError } from '../../../shared/api';
import { useSite } from '../../../shared/session';

export const contentKey = ['content'] as const;

export const fetchArticlePage = (body: PageArticleBody, signal?: AbortSignal) => api<ArticlePage>('/sapi/mall-content/web/article/pageArticle', { body, signal });
export const fetchArticleDetail = (body: { id: string; site: SiteCode } | { policyKind: PolicyKind; site: SiteCode }, signal?: AbortSignal) =>
  api<ArticleDetail>('/sapi/mall-content/web/article/articleDetail', { body, signal });
export const fetchCategories = (site: SiteCode, signal?: AbortSignal) =>
  api<ArticleCategory[]>('/api/trantor/flow/cms_ListFirstLevelCmsMiscArticleCategoryFlow', { body: [{ site }], signal });
export const fetchUpArticles = (site: SiteCode, signal?: AbortSignal) =>
  api<ArticleSummary[]>('/api/trantor/func/flexispot_content_QueryUPArticleInfoFunc', { body: [{ site }], signal });

export function useArticlePage(q: Omit<PageArticleBody, 'site'>) {
  const site = useSite().code;
  const body = { ...q, site };
  return useQuery({ queryKey: [...contentKey, 'page', body], queryFn: ({ signal }) => fetchArticlePage(body, signal), placeholderData: keepPreviousData });
}

export function useArticleDetail(id: string | undefined) {
  const site = useSite().code;
  return useQuery({
    queryKey: [...contentKey, 'detail', site, id], enabled: !!id && /^\d{1,18}$/.test(id),
    queryFn: ({ signal }) => fetchArticleDetail({ id: id!, site }, signal),
  });
}

export function usePolicy(policyKind: PolicyKind) {
  const site = useSite().code;
  return useQuery({ queryKey: [...contentKey, 'policy', site, policyKind], queryFn: ({ signal }) => fetchArticleDetail({ policyKind, site }, signal) });
}

export function useCategories() {
  const site = useSite().code;
  return useQuery({ queryKey: [...contentKey, 'categories', site], queryFn: ({ signal }) => fetchCategories(site, signal) });
}

export function useUpArticles() {
  const site = useSite().code;
  return useQuery({ queryKey: [...contentKey, 'up', site], queryFn: ({ signal }) => fetchUpArticles(site, signal) });
}

export const isArticleNotFound = (e: unknown) => e instanceof ApiError && e.status === 404;
