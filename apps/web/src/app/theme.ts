import {
  createTheme,
  DEFAULT_THEME,
  type CSSVariablesResolver,
  type MantineColorSchemeManager,
  type MantineColorsTuple,
} from '@mantine/core';

/**
 * Colours that meet WCAG AA (4.5:1 for body text) wherever Mantine uses them in the light
 * scheme. Mantine's defaults do not: its filled and text colour is shade 6 (blue #228be6 is
 * 3.55:1 on white) and dimmed text is gray.6 (#868e96, 3.32:1).
 *
 * - Filled buttons, links, badges and `c="<colour>"` text use shade 8 (`primaryShade`).
 * - Light variants write shade 9 on shade 1.
 * Blue, pink, grape, violet and indigo pass at 8 and 9 as they are; the others get darker
 * shades 7-9 (the lighter shades, used for backgrounds and borders, stay Mantine's): shades 8
 * and 9 are at least 4.5:1 on white and on gray.0 (and white text on shade 8), shade 9 at
 * least 4.5:1 on its own shade 1; shade 7 only draws icons and borders (3:1).
 */
const darker = (name: string, s7: string, s8: string, s9: string): MantineColorsTuple => {
  const base = DEFAULT_THEME.colors[name]!;
  return [base[0], base[1], base[2], base[3], base[4], base[5], base[6], s7, s8, s9];
};

/**
 * The shop's own font first (app/fonts.css: Inter, Latin subsets, served with the build), so the
 * layout measures the same on every machine: with the system's fonts the top bar's German row was
 * 1,035 px wide on a machine with only Debian's default fonts and fitted in 1,000 on others.
 * Japanese (and anything else Inter lacks) falls back glyph by glyph to the system's UI font and
 * then the usual Japanese families of macOS/iOS, Windows, Android and Linux.
 */
const FONTS =
  "'Inter Variable', system-ui, -apple-system, 'Segoe UI', Roboto, 'Hiragino Sans', 'Hiragino Kaku Gothic ProN', 'Yu Gothic UI', Meiryo, 'Noto Sans CJK JP', 'Noto Sans JP', Arial, sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji'";

export const theme = createTheme({
  fontFamily: FONTS,
  headings: { fontFamily: FONTS },
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  colors: {
    red: darker('red', '#e03131', '#c92a2a', '#a51d1d'),
    orange: darker('orange', '#d9480f', '#c2410c', '#9a3412'),
    yellow: darker('yellow', '#b45309', '#a16207', '#854d0e'),
    green: darker('green', '#2b8a3e', '#15803d', '#166534'),
    teal: darker('teal', '#099268', '#087f5b', '#066649'),
    cyan: darker('cyan', '#0c8599', '#0b7285', '#095c6b'),
    lime: darker('lime', '#5c940d', '#4d7c0f', '#3f6212'),
  },
  components: {
    // Select dropdowns (portalled into the body) are placed 'fixed', not 'absolute': an absolute one
    // counts in the page's width, and on a phone the seller's ship dialog's carrier list, laid out
    // once too far right, widened the page to 553 px; the full-screen dialog grew with it and the
    // list moved on every frame, so no option could be tapped. A fixed one never widens the page.
    // (A plain object: Select itself would bring the combobox code into the main bundle.)
    Combobox: { defaultProps: { floatingStrategy: 'fixed' } },
  },
});

/** Dimmed text at 5.6:1 on white (5.0:1 on gray.1) instead of gray.6's 3.32:1; errors in red.8. Written into theme.css (theme-variables.test.ts). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#626970', '--mantine-color-error': 'var(--mantine-color-red-8)' },
  dark: {},
});

/**
 * The shop has the light scheme only. Mantine's default manager reads the saved scheme from
 * localStorage on start; a page's first touch of localStorage is a synchronous load of the
 * origin's storage (~5 ms of a first render on a fast machine, more on a phone).
 */
export const lightOnly: MantineColorSchemeManager = {
  get: () => 'light',
  set: () => {},
  subscribe: () => {},
  unsubscribe: () => {},
  clear: () => {},
};
