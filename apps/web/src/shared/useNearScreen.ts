import { useEffect, useState } from 'react';

/**
 * Whether an element has come within `margin` pixels of the screen (0: onto it); once it has, it
 * stays true. A section below a phone's first screen renders then, instead of while the page
 * loads: a phone's main thread is busiest in the page's first second, and Lighthouse counts
 * every task of it that runs 50 ms or longer as blocking time. Returns the ref callback to put on
 * the element.
 */
export function useNearScreen<T extends Element>(margin = 0): [(element: T | null) => void, boolean] {
  const [element, setElement] = useState<T | null>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: `${margin}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near, margin]);
  return [setElement, near];
}
