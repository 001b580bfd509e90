import { Suspense, type ReactNode } from 'react';

/**
 * Hydrates its children as a unit of their own. React hydrates the page outside Suspense
 * boundaries in one task; a server-rendered boundary it hydrates afterwards, in slices the browser
 * may interrupt (React's selective hydration), so the first load's long task is cut into short
 * ones. Nothing inside suspends on the server, so the HTML is the same as without it.
 *
 * For parts a buyer clicks, not types into: React hydrates a part at once when it is clicked and
 * replays the click, but text typed into a form not yet hydrated is not kept. So the layout and
 * the pages' forms hydrate with the shell; lists of cards and sections below the fold go apart.
 */
export function HydrateApart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
