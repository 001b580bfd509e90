/**
 * What the server put in the app shell for the first render (apps/server/src/lib/static.ts):
 * the session, so the top bar and the page render once, as who is browsing, without asking
 * GET /api/auth/session first. Absent when the shell came without it (the Vite dev server).
 */
import { useEffect, useState, type ReactNode } from 'react';
import type { SessionInfo } from '@mall/contracts';

export interface BootData {
  session?: SessionInfo;
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
 * Right after the app's first paint (a frame, then a task). The page's code is fetched and
 * rendered from then on, so the first paint (the top bar) never waits for it: a phone shows the
 * shop at once, and the page's chunks are not counted as render-blocking.
 */
let painted = false;
export const firstPaintDone = new Promise<void>((resolve) => {
  requestAnimationFrame(() => setTimeout(() => { painted = true; resolve(); }, 0));
});

/** Shows `fallback` until the first paint is done, then `children`; only this element renders again. */
export function AfterFirstPaint({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const [done, setDone] = useState(painted);
  useEffect(() => {
    if (!done) void firstPaintDone.then(() => setDone(true));
  }, [done]);
  return done ? children : fallback;
}
