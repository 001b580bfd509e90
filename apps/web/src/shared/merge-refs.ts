/**
 * floating-ui's `useMergeRefs` (@floating-ui/react 0.27), the one thing Mantine's ScrollArea
 * takes from that package. vite.config.ts points ScrollArea's import here, so that a Modal, a
 * Drawer or a Table (all built on ScrollArea) no longer load floating-ui (~15 KB gzip), which
 * only popovers, selects, menus and tooltips need.
 */
import { useCallback, useMemo, useRef, type Ref, type RefCallback } from 'react';

type Cleanup = () => void;

export function useMergeRefs<T>(refs: Array<Ref<T> | undefined>): RefCallback<T> | null {
  const cleanupRef = useRef<Cleanup | undefined>(undefined);
  const refEffect = useCallback((instance: T) => {
    const cleanups = refs.map((ref) => {
      if (ref == null) return undefined;
      if (typeof ref === 'function') {
        const refCallback = ref;
        const refCleanup = refCallback(instance);
        return typeof refCleanup === 'function' ? refCleanup : () => { refCallback(null); };
      }
      (ref as { current: T | null }).current = instance;
      return () => { (ref as { current: T | null }).current = null; };
    });
    return () => { cleanups.forEach((refCleanup) => refCleanup?.()); };
  }, refs); // eslint-disable-line react-hooks/exhaustive-deps
  return useMemo(() => {
    if (refs.every((ref) => ref == null)) return null;
    return (value: T | null) => {
      if (cleanupRef.current) {
        cleanupRef.current();
        cleanupRef.current = undefined;
      }
      if (value != null) cleanupRef.current = refEffect(value);
    };
  }, refs); // eslint-disable-line react-hooks/exhaustive-deps
}
