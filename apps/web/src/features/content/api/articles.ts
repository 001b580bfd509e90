/**
 * Articles, forum posts and policy pages (SPEC §7 "Article"): one fetcher and query hook per call.
 * The site is the buyer's current site; it is part of every key so a site switch refetches.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  ArticleCategory,
  ArticleDetail,
  ArticlePage,
  ArticleSummary,
  PageArticleBody,
  PolicyKind,
  SiteCode,
} from '@mall/contracts';
import { api, ApiError } from '../../../shared/api';
import { useSite } from '../../../shared/session';

export const contentKey = ['content'] as const;

export const fetchArticlePage = (body: PageArticleBody, signal?: AbortSignal) =>
  api<ArticlePage>('/sapi/mall-content/web/article/pageArticle', { body, signal });
export const fetchArticleDetail = (
  body: { id: string; kind?: 'ARTICLE' | 'FORUM'; site: SiteCode } | { policyKind: PolicyKind; site: SiteCode },
  signal?: AbortSignal,
) => api<ArticleDetail>('/sapi/mall-content/web/article/articleDetail', { body, signal });
export const fetchCategories = (site: SiteCode, signal?: AbortSignal) =>
  api<ArticleCategory[]>('/api/trantor/flow/cms_ListFirstLevelCmsMiscArticleCategoryFlow', {
    body: [{ site }],
    signal,
  });
export const fetchUpArticles = (site: SiteCode, signal?: AbortSignal) =>
  api<ArticleSummary[]>('/api/trantor/func/flexispot_content_QueryUPArticleInfoFunc', { body: [{ site }], signal });

export function useArticlePage(q: Omit<PageArticleBody, 'site'>) {
  const site = useSite().code;
  const body = { ...q, site };
  return useQuery({
    queryKey: [...contentKey, 'page', body],
    queryFn: ({ signal }) => fetchArticlePage(body, signal),
    placeholderData: keepPreviousData,
  });
}

/** An id the API can take (a page with another id shows "not found" without asking). */
export const isArticleId = (id: string | undefined): id is string => !!id && /^\d{1,18}$/.test(id);

/** An article (kind ARTICLE) or forum post (kind FORUM) of the site: the other kinds are "not found". */
export const articleDetailQuery = (site: SiteCode, id: string | undefined, kind: 'ARTICLE' | 'FORUM') => ({
  queryKey: [...contentKey, 'detail', site, kind, id] as const,
  enabled: isArticleId(id),
  queryFn: ({ signal }: { signal?: AbortSignal }) => fetchArticleDetail({ id: id!, kind, site }, signal),
});

export function useArticleDetail(id: string | undefined, kind: 'ARTICLE' | 'FORUM') {
  return useQuery(articleDetailQuery(useSite().code, id, kind));
}

export const policyQuery = (site: SiteCode, policyKind: PolicyKind) => ({
  queryKey: [...contentKey, 'policy', site, policyKind] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) => fetchArticleDetail({ policyKind, site }, signal),
});

export function usePolicy(policyKind: PolicyKind) {
  return useQuery(policyQuery(useSite().code, policyKind));
}

export function useCategories() {
  const site = useSite().code;
  return useQuery({
    queryKey: [...contentKey, 'categories', site],
    queryFn: ({ signal }) => fetchCategories(site, signal),
  });
}

export function useUpArticles() {
  const site = useSite().code;
  return useQuery({ queryKey: [...contentKey, 'up', site], queryFn: ({ signal }) => fetchUpArticles(site, signal) });
}

export const isArticleNotFound = (e: unknown) => e instanceof ApiError && e.status === 404;
