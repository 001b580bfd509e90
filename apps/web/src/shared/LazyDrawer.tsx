import { lazy, Suspense, useState } from 'react';
import type { DrawerProps } from '@mantine/core';
import { DialogLoading } from './DialogLoading';

export const loadDrawer = () => import('./DrawerImpl');
const MountedDrawer = lazy(() => loadDrawer().then((m) => ({ default: m.MountedDrawer })));

/**
 * Mantine's Drawer, loaded on the first open (a small loader shows meanwhile) and mounted from
 * then on, as shared/LazyModal.tsx does for Modal: a page whose drawers are closed on its first
 * paint does not load their focus trap, scroll lock and transitions. Same props and behaviour as Drawer.
 */
export function LazyDrawer(props: DrawerProps) {
  const [used, setUsed] = useState(false);
  if (props.opened && !used) setUsed(true);
  if (!used && !props.opened) return null;
  return <Suspense fallback={props.opened ? <DialogLoading /> : null}><MountedDrawer {...props} /></Suspense>;
}
