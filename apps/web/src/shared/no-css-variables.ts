/**
 * Stands in for Mantine's MantineCssVariables in the build (vite.config.ts: mantineCssVariablesOff).
 * The app renders MantineProvider with withCssVariables={false}: the theme's variables come from
 * app/theme.css, built with the app. Mantine's component still computed every default variable of
 * its theme when its module loaded (~4 ms of each first load on a fast machine, ~3 KB gzip).
 * Rendering it means withCssVariables was turned back on: fail loudly rather than show no theme.
 */
export function MantineCssVariables(): never {
  throw new Error('MantineCssVariables is left out of the build: keep withCssVariables={false} (main.tsx) or remove mantineCssVariablesOff (vite.config.ts)');
}
