import { useMediaQuery } from '@mantine/hooks';

/**
 * Below the theme's 'sm' breakpoint, read at the first render (no desktop flash, no double fetch).
 * The exact complement of Mantine's `visibleFrom="sm"` (min-width), so a component shown by this
 * and a layout switched by CSS agree at the breakpoint itself.
 * Its own module: pages that only need this were loading the order operations with it.
 */
export function useMobile(): boolean {
  return useScreenQuery(PHONE_MEDIA_QUERY);
}

/**
 * Whether the screen matches `query`, read at the first render. Mantine's default reads it in an
 * effect: a phone first drew the desktop layout and then drew the page again (the checkout's
 * address section twice, ~56 + 30 ms of a phone's main thread at 4x slowdown).
 */
export function useScreenQuery(query: string): boolean {
  return useMediaQuery(query, undefined, { getInitialValueInEffect: false });
}

/** Below Mantine's `sm` breakpoint (48em, the theme's default): also read before React starts (app/early.ts). */
export const PHONE_MEDIA_QUERY = 'not all and (min-width: 48em)';

/** Whether the screen is a phone's now, outside React (app/early.ts, shared/layoutPart.tsx). */
export const isPhoneScreen = () => window.matchMedia(PHONE_MEDIA_QUERY).matches;

/**
 * Below Mantine's `md` breakpoint (62em): the top bar folds its links into a drawer. Its desktop
 * row (greeting, seven links and menus, cart) needs ~900 px; between 48 and 62em it wrapped its
 * labels and cut "Log out".
 */
export const COMPACT_TOP_BAR_QUERY = 'not all and (min-width: 62em)';

export function useCompactTopBar(): boolean {
  return useScreenQuery(COMPACT_TOP_BAR_QUERY);
}
