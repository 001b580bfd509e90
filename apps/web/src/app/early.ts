/**
 * The first reads of the page being opened, started while the app boots (main.tsx) instead of
 * after the session, the page's code and its first render: on a phone that chain took seconds.
 * Only plain first visits (no query string) of the pages buyers land on; each request is exactly
 * the one the page sends (shared/api.ts hands its answer to the page's own first request, and an
 * unclaimed one is dropped), so a mismatch costs one extra read, never a wrong answer.
 */
import { matchPath } from 'react-router';
import type { ItemCard, OrderPage, SessionInfo } from '@mall/contracts';
import { startEarly } from '../shared/api';
import { isLoggedIn } from '../shared/session';
import { ADDRESS_LIST_PATH } from '../features/address/paths';
import { ORDER_COUNTS_PATH, ORDER_PAGE_PATH } from '../features/orders/paths';
import { ORDER_LIST_PAGE_SIZE } from '@mall/contracts/constants';
import { isPhoneScreen } from '../shared/useMobile';


/** What the cart handed to the checkout it opened (React Router keeps it in the history entry). */
const checkoutEntries = () => (window.history.state as { usr?: { entries?: unknown[] } } | null)?.usr?.entries?.length ?? 0;

/** Fetches a picture into the browser's image cache, where an <img> of it finds it. */
function preloadImage(src: string | undefined): void {
  if (!src) return;
  const image = new Image();
  image.fetchPriority = 'high';
  image.src = src;
}

const EARLY_READS: [pattern: string, start: (params: Record<string, string | undefined>, session: SessionInfo | undefined) => void][] = [
  // The first tile's picture is the home page's largest paint (as the first card's on the order list below).
  ['/', () => startEarly('/api/catalog/items?pageSize=48', undefined, (items) => preloadImage((items as { data: ItemCard[] }).data[0]?.mainImage))],
  ['/item/:urlKey', ({ urlKey }) => startEarly(`/api/catalog/items/${encodeURIComponent(urlKey!)}`)],
  ['/buyer/index', () => {
    startEarly('/api/buyer/home');
    startEarly(ORDER_COUNTS_PATH, {});
  }],
  // A registered buyer's checkout previews with their default address: its read goes first.
  ['/checkout', (_, session) => { if (isLoggedIn(session) && checkoutEntries()) startEarly(ADDRESS_LIST_PATH, {}); }],
  ['/buyer/orders', () => {
    // Below Mantine's `sm` breakpoint the order list is the phone layout (useMobile).
    const deviceSource = isPhoneScreen() ? 'H5' : 'PC';
    // The first card's first picture is the page's largest paint: fetched as soon as the list's
    // answer is in, it is there when the card renders instead of a round trip later.
    startEarly(ORDER_PAGE_PATH, { pageSize: ORDER_LIST_PAGE_SIZE, searchStatus: 'ALL_ORDER', deviceSource, pageNo: 1 },
      (page) => preloadImage((page as OrderPage).data[0]?.tradeOrderLineList[0]?.sku.image));
    startEarly(ORDER_COUNTS_PATH, { deviceSource });
  }],
];

export function startEarlyReads(location: Location, session: SessionInfo | undefined): void {
  if (location.search) return;
  for (const [pattern, start] of EARLY_READS) {
    const match = matchPath(pattern, location.pathname);
    if (match) { start(match.params, session); return; }
  }
}
