/**
 * The first reads of the page being opened, started while the app boots (main.tsx) instead of
 * after the session, the page's code and its first render: on a phone that chain took seconds.
 * Only plain first visits (no query string) of the pages buyers land on; each request is exactly
 * the one the page sends (shared/api.ts hands its answer to the page's own first request, and an
 * unclaimed one is dropped), so a mismatch costs one extra read, never a wrong answer.
 */
import { matchPath } from 'react-router';
import { startEarly } from '../shared/api';
import { PHONE_MEDIA_QUERY } from '../shared/useMobile';

/** Below Mantine's `sm` breakpoint the order list is the phone layout (useMobile). */
const phone = () => window.matchMedia(PHONE_MEDIA_QUERY).matches;

const EARLY_READS: [pattern: string, start: (params: Record<string, string | undefined>) => void][] = [
  ['/', () => startEarly('/api/catalog/items?pageSize=48')],
  ['/item/:urlKey', ({ urlKey }) => startEarly(`/api/catalog/items/${encodeURIComponent(urlKey!)}`)],
  ['/buyer/index', () => {
    startEarly('/api/buyer/home');
    startEarly('/sapi/mall-order/web/order/queryOrderQuantityForStatusBuyer', {});
  }],
  ['/buyer/orders', () => {
    const deviceSource = phone() ? 'H5' : 'PC';
    startEarly('/sapi/mall-order/web/order/pageTradeOrderForBuyer', { pageSize: 5, searchStatus: 'ALL_ORDER', deviceSource, pageNo: 1 });
    startEarly('/sapi/mall-order/web/order/queryOrderQuantityForStatusBuyer', { deviceSource });
  }],
];

export function startEarlyReads(location: Location): void {
  if (location.search) return;
  for (const [pattern, start] of EARLY_READS) {
    const match = matchPath(pattern, location.pathname);
    if (match) { start(match.params); return; }
  }
}
