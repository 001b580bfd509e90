import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { isPhoneScreen } from './useMobile';

/**
 * A part of a page that only some screens show (the desktop's status tabs and page numbers, an
 * enterprise main account's filters), in a chunk of its own: a phone's first load of the page
 * neither fetches nor runs it. `preload()` fetches it; once it is in, the part renders at once,
 * so a page that preloads its parts for the screen in use before it renders (app/router.tsx,
 * `preloadLayoutParts`) shows whole, with no placeholder and no shift. Asked for before it is in
 * (the window widened past the breakpoint), it shows `fallback` meanwhile.
 */
export function layoutPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => (loading ??= load().then(
    (component) => (loaded = component),
    // A failed download is not kept: the next preload (the page's next visit) asks again. Rendered
    // before it is in, a failed download reaches the error boundary as a lazy page's would.
    (err: unknown) => { loading = undefined; throw err; },
  ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Part({ fallback = null, ...props }: P & { fallback?: ReactNode }) {
    const Loaded = loaded;
    if (Loaded) return <Loaded {...(props as P)} />;
    return <Suspense fallback={fallback}><Lazy {...(props as P)} /></Suspense>;
  }
  return { Part, preload };
}

/** Preloads parts that only a desktop shows, when the screen is not a phone's (a page's `preloadLayoutParts`). */
export function preloadOnDesktop(...parts: { preload: () => Promise<unknown> }[]): Promise<unknown> {
  return isPhoneScreen() ? Promise.resolve() : Promise.all(parts.map((part) => part.preload()));
}
