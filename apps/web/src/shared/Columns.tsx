import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';

/**
 * Columns side by side from a breakpoint up (Mantine's `sm` 48em or `md` 62em), stacked below it:
 * each child is one column, `widths` their shares ([3, 9] is Mantine Grid's span 3 and span 9).
 * A CSS grid (global.css `.columns`) rather than Mantine's Grid, whose every column renders a
 * <style> element with its own media queries: each one inserted made the browser re-read the
 * page's styles, and a column's render cost ~20 ms of a phone's main thread on the order list.
 */
export function Columns({
  widths,
  from = 'sm',
  gap = 'lg',
  style,
  children,
  ...rest
}: {
  widths: readonly number[];
  from?: 'sm' | 'md';
  gap?: 'md' | 'lg' | 'xl';
  children: ReactNode;
} & HTMLAttributes<HTMLDivElement>) {
  const vars = {
    '--columns': widths.map((w) => `minmax(0, ${w}fr)`).join(' '),
    '--columns-gap': `var(--mantine-spacing-${gap})`,
  } as CSSProperties;
  return (
    <div {...rest} className={`columns columns-from-${from}`} style={{ ...vars, ...style }}>
      {children}
    </div>
  );
}
