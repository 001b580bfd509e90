import type { ModalProps } from '@mantine/core';
import { lazyOnFirstOpen } from './lazyOnFirstOpen';

export const loadModal = () => import('./ModalImpl');

/** Mantine's Modal on its first open (~15 KB gzip off the first load of a page whose dialogs are closed). */
export const LazyModal = lazyOnFirstOpen<ModalProps>(() => loadModal().then((m) => m.MountedModal));
