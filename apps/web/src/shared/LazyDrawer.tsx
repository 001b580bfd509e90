import type { DrawerProps } from '@mantine/core';
import { lazyOnFirstOpen } from './lazyOnFirstOpen';

export const loadDrawer = () => import('./DrawerImpl');

/** Mantine's Drawer on its first open, as LazyModal does for Modal. */
export const LazyDrawer = lazyOnFirstOpen<DrawerProps>(() => loadDrawer().then((m) => m.MountedDrawer));
