/**
 * What the server put in the app shell for the first render (apps/server/src/lib/static.ts):
 * the session, so the top bar and the page render once, as who is browsing, without asking
 * GET /api/auth/session first, and the answers to the opened page's first reads. Absent when the
 * shell came without it (the Vite dev server).
 */
import { useEffect, useState, type ReactNode } from 'react';
import type { AnsweredRead, SessionInfo } from '@mall/contracts';

export interface BootData {
  session?: SessionInfo;
  /** The opened page's first reads, answered (app/early.ts). */
  reads?: AnsweredRead[];
}

export function readBootData(): BootData {
  const element = document.getElementById('boot');
  if (!element?.textContent) return {};
  try {
    return JSON.parse(element.textContent) as BootData;
  } catch {
    return {};
  }
}

/**
 * Once the browser reports the app's first contentful paint (the top bar), or after at most
 * FIRST_PAINT_WAIT_MS. The page renders from then on (its code is fetched from the start,
 * main.tsx), so the first paint never waits for it: a phone shows the shop at once. A frame and
 * a task were not enough: the paint is reported when it reaches the screen, and work started
 * before that counted as holding up the first paint (Lighthouse's simulation then moved FCP).
 */
const FIRST_PAINT_WAIT_MS = 1000;
let painted = false;
export const firstPaintDone = new Promise<void>((resolve) => {
  const done = () => { painted = true; resolve(); };
  // A tab opened in the background paints nothing until shown; a browser may not report paints.
  setTimeout(done, FIRST_PAINT_WAIT_MS);
  try {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      done();
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    // No paint timing here: the timer above decides.
  }
});

/** Shows `fallback` until the first paint is done, then `children`; only this element renders again. */
export function AfterFirstPaint({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const [done, setDone] = useState(painted);
  useEffect(() => {
    if (done) return;
    // A task of its own, apart from the one the paint was reported in: a phone held its main
    // thread for both at once.
    let timer: ReturnType<typeof setTimeout> | undefined;
    let gone = false;
    void firstPaintDone.then(() => { if (!gone) timer = setTimeout(() => setDone(true), 0); });
    return () => { gone = true; clearTimeout(timer); };
  }, [done]);
  return done ? children : fallback;
}
