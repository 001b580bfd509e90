import { lazy, Suspense, useState, type ComponentType } from 'react';
import { DialogLoading } from './DialogLoading';

/**
 * A dialog component (Mantine Modal or Drawer) fetched on its first open (a small loader shows
 * meanwhile) and mounted from then on, so it can play its close transition and be opened again
 * at once: a page whose dialogs are closed on its first paint does not load their focus trap,
 * scroll lock and transitions. Same props and behaviour as the component `load` gives.
 */
export function lazyOnFirstOpen<P extends { opened: boolean }>(load: () => Promise<ComponentType<P>>) {
  const Mounted = lazy(() => load().then((component) => ({ default: component })));
  return function LazyOnFirstOpen(props: P) {
    const [used, setUsed] = useState(false);
    if (props.opened && !used) setUsed(true);
    if (!used && !props.opened) return null;
    return (
      <Suspense fallback={props.opened ? <DialogLoading /> : null}>
        <Mounted {...props} />
      </Suspense>
    );
  };
}
