import { cloneElement, lazy, Suspense, useEffect, useRef, useState, type ReactElement, type Ref } from 'react';
import type { TooltipProps } from '@mantine/core';

const loadTooltip = () => import('./TooltipImpl');
const Tooltip = lazy(() => loadTooltip().then((m) => ({ default: m.Tooltip })));

type Target = ReactElement<{ ref?: Ref<HTMLElement>; onPointerEnter?: () => void; onPointerLeave?: () => void }>;

/**
 * Mantine's Tooltip (hover only, as its default), fetched when the pointer first reaches its
 * target: the tooltip brings floating-ui (~20 KB gzip), which a page with a few tooltips on
 * icons should not load before its first paint. It opens at once if the pointer is still there
 * when it arrives; the target keeps the focus it had when the tooltip wraps it.
 */
export function LazyTooltip({ children, ...props }: Omit<TooltipProps, 'children'> & { children: Target }) {
  const [active, setActive] = useState(false);
  const inside = useRef(false);
  const hadFocus = useRef(false);
  const target = useRef<HTMLElement | null>(null);
  const ref = (el: HTMLElement | null) => {
    target.current = el;
  };
  if (!active) {
    return cloneElement(children, {
      ref,
      onPointerEnter: () => {
        inside.current = true;
        hadFocus.current = !!target.current && document.activeElement === target.current;
        setActive(true);
      },
      onPointerLeave: () => {
        inside.current = false;
      },
    });
  }
  return (
    <Suspense fallback={cloneElement(children, { ref })}>
      <Tooltip {...props} defaultOpened={inside.current}>
        {cloneElement(children, { ref })}
      </Tooltip>
      <Refocus target={target} hadFocus={hadFocus} />
    </Suspense>
  );
}

/** The target is a new element once the tooltip wraps it: give it back the focus it had. */
function Refocus({ target, hadFocus }: { target: { current: HTMLElement | null }; hadFocus: { current: boolean } }) {
  useEffect(() => {
    if (hadFocus.current && target.current && document.activeElement !== target.current) target.current.focus();
  }, [target, hadFocus]);
  return null;
}
