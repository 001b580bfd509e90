import { useSearchParams } from 'react-router';

/**
 * Filters kept in the URL (lists of orders and after-sales). `update` patches the query and,
 * unless asked to keep it, goes back to the first page. It starts from the address bar, not from
 * the params of the last render: two quick clicks (a tab, then a search) must not undo each other.
 */
export function useUrlParams() {
  const [params, setParams] = useSearchParams();
  const update = (patch: Record<string, string | null>, keepPage = false) => {
    const next = new URLSearchParams(window.location.search);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    if (!keepPage) next.delete('pageNo');
    setParams(next);
  };
  return [params, update] as const;
}

/**
 * A URL value checked against the allowed values of an enum (the arrays its schema is built
 * from, in `@mall/contracts/constants`), in the shape of zod's safeParse: the guard a page needs
 * without loading zod.
 */
export function parseEnum<T extends string>(
  allowed: readonly T[],
  raw: string | null | undefined,
): { success: true; data: T } | { success: false; data?: undefined } {
  return raw != null && (allowed as readonly string[]).includes(raw)
    ? { success: true, data: raw as T }
    : { success: false };
}
