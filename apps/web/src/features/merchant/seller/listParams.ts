/**
 * The seller console's lists (orders, after-sales, reviews) keep their tab, keyword and page in
 * the URL, and a page past the end (after shipping, deciding or replying emptied it) moves to the
 * last page that still has something.
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/** Moves a page past the end of `list` to its last page (replacing the history entry). */
export function useLastPageGuard(
  list: { data?: { data: unknown[]; total: number }; isPlaceholderData: boolean },
  pageNo: number,
  pageSize: number,
) {
  const [params, setParams] = useSearchParams();
  const lastPage = Math.max(1, Math.ceil((list.data?.total ?? 0) / pageSize));
  const pastEnd = !list.isPlaceholderData && !!list.data && list.data.data.length === 0 && pageNo > lastPage;
  useEffect(() => {
    if (!pastEnd) return;
    const p = new URLSearchParams(params);
    if (lastPage > 1) p.set('pageNo', String(lastPage));
    else p.delete('pageNo');
    setParams(p, { replace: true });
  }, [pastEnd, lastPage, params, setParams]);
}

/** Tab (status), keyword and page of a tabbed seller list, with the search box's draft. */
export function useSellerTabParams<T extends string>(tabs: readonly T[], defaultTab: T) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const isTab = (v: string | null): v is T => !!v && (tabs as readonly string[]).includes(v);
  const status: T = isTab(raw) ? raw : defaultTab;
  const keyword = params.get('keyword') ?? '';
  const pageNo = Math.max(1, Number(params.get('pageNo')) || 1);
  const [search, setSearch] = useState(keyword);
  // Back/forward changes the URL: the search box follows it.
  useEffect(() => setSearch(keyword), [keyword]);
  const go = (next: { status?: T; keyword?: string; pageNo?: number }) => {
    const p = new URLSearchParams();
    const s = next.status ?? status;
    const k = next.keyword ?? keyword;
    const n = next.pageNo ?? 1;
    if (s !== defaultTab) p.set('status', s);
    if (k) p.set('keyword', k);
    if (n > 1) p.set('pageNo', String(n));
    setParams(p);
  };
  return { status, keyword, pageNo, search, setSearch, go, isTab };
}
