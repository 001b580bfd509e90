import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * How many of a list's `total` entries to render now: `first` at once, then `step` more after
 * each paint until all are shown. Rendering 48 item tiles of Mantine components in one go held a
 * phone's main thread for half a second (taps and scrolling waited, Lighthouse counted it as
 * blocking time); in slices the browser paints and answers input in between, which is what
 * React's concurrent rendering would do and Preact does not. `first` should cover the first
 * screen, so what is in view comes with the first render and nothing in view moves later.
 */
export function useProgressiveCount(total: number, first: number, step = first): number {
  const [shown, setShown] = useState(first);
  useEffect(() => {
    if (shown >= total) return;
    // Effects run after the browser painted; the timer makes the next slice a task of its own.
    const id = setTimeout(() => setShown((n) => n + step), 0);
    return () => clearTimeout(id);
  }, [shown, total, step]);
  return Math.min(shown, total);
}

/**
 * Its children from the `after`-th task after its first render on, nothing before: a long page's
 * sections below its first screen, each in a task of its own (`after` 1, 2, 3...), instead of the
 * whole page in one long task. `after` 0 renders them at once.
 */
export function ShownLater({ after, children }: { after: number; children: ReactNode }): ReactNode {
  const ticks = useProgressiveCount(after, 0, 1);
  // Once shown, kept: a later, larger `after` (a phone turned to a narrow layout) does not hide it again.
  const shown = useRef(false);
  if (ticks >= after) shown.current = true;
  return shown.current ? children : null;
}
