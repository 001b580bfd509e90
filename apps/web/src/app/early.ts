/**
 * The first reads of the page being opened: answered by the server in the app shell, or else
 * started while the app boots (main.tsx), instead of after the session, the page's code and its
 * first render (on a phone that chain took seconds). Only plain first visits (no query string) of
 * the pages buyers land on, and the pay result the payment provider sends the payer back to; each
 * request is exactly the one the page sends (shared/api.ts hands its answer to the page's own first
 * request, and an unclaimed one is dropped), so a mismatch costs one extra read, never a wrong answer.
 */
import { matchPath } from 'react-router';
import type { SessionInfo } from '@mall/contracts';
import { provideEarly, startEarly } from '../shared/api';
import { isLoggedIn } from '../shared/session';
import { ADDRESS_LIST_PATH } from '../features/address/paths';
import { PAY_RESULT_PATH, payResultBody } from '../features/payment/paths';
import { firstReads, largestPictureOf, type AnsweredRead } from '@mall/contracts/constants';
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

/**
 * Hands the reads the server answered in the app shell to the page's first requests and starts
 * the others of the opened page (@mall/contracts' firstReads). The picture that is the page's
 * largest paint is fetched as soon as its answer is in (largestPictureOf).
 */
export function startEarlyReads(location: Pick<Location, 'pathname' | 'search'>, session: SessionInfo | undefined, answered: readonly AnsweredRead[] = []): void {
  // Back from the provider's page: the payment's status is read at once (the server asks the
  // provider), not after the page's code has loaded; the page polls on from this answer.
  if (matchPath('/buyer/pay-result', location.pathname)) {
    const params = new URLSearchParams(location.search);
    const contractId = params.get('contractId');
    if (contractId && params.get('status') !== 'master-pending') startEarly(PAY_RESULT_PATH, payResultBody(contractId));
    return;
  }
  if (location.search) return;
  // Their pictures are named in the shell's preload links already.
  for (const read of answered) provideEarly(read.path, read.body, read.data);
  // A registered buyer's checkout previews with their default address: its read goes first.
  if (matchPath('/checkout', location.pathname)) {
    if (isLoggedIn(session) && checkoutEntries()) startEarly(ADDRESS_LIST_PATH, {});
    return;
  }
  // Below Mantine's `sm` breakpoint the order list is the phone layout (useMobile).
  for (const read of firstReads(location.pathname, { phone: isPhoneScreen() })) {
    const picture = largestPictureOf(read.path);
    startEarly(read.path, read.body, picture && ((answer) => preloadImage(picture(answer))));
  }
}
