import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether the screen is narrower than `width`, known only after mount: false in the first render
 * (as in the server's HTML), then read in an effect. Only for what appears after a click and that
 * CSS cannot switch, such as a modal's `fullScreen`; page layout switches by CSS instead.
 */
export function useNarrowScreenAfterMount(width: string): boolean {
  return useMediaQuery(`not all and (min-width: ${width})`);
}

/** Below Mantine's `sm` breakpoint (48em), the complement of `visibleFrom="sm"`; see useNarrowScreenAfterMount. */
export function usePhoneAfterMount(): boolean {
  return useNarrowScreenAfterMount('48em');
}
