/**
 * What the web app imports as `react` and `react-dom` (Vite aliases, vite.config.ts): Preact's
 * React compatibility layer, about a seventh of react-dom's weight on every page's first load,
 * plus the one React 19 API it lacks that Mantine uses.
 */
import { createElement, type ComponentChildren } from 'preact';

// @ts-expect-error -- its types say `export =`; the ESM build Vite bundles has the named exports
export * from 'preact/compat';
export { default } from 'preact/compat';

/**
 * React 19's `<Activity mode>`: keeps hidden children mounted (state kept) but not displayed.
 * Mantine uses it only for `keepMounted` transitions, collapses and tab panels. One wrapper in
 * both modes, so switching mode never remounts the children.
 */
export function Activity({ mode = 'visible', children }: { mode?: 'visible' | 'hidden'; children?: ComponentChildren }) {
  return createElement('div', { style: { display: mode === 'hidden' ? 'none' : 'contents' } }, children);
}
