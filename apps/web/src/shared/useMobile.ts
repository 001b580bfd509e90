import { useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * Below the theme's 'sm' breakpoint, read at the first render (no desktop flash, no double fetch).
 * Its own module: pages that only need this were loading the order operations with it.
 */
export function useMobile(): boolean {
  const theme = useMantineTheme();
  return useMediaQuery(`(max-width: ${theme.breakpoints.sm})`, undefined, { getInitialValueInEffect: false });
}
