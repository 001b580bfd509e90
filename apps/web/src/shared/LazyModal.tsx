import { lazy, Suspense, useState } from 'react';
import type { ModalProps } from '@mantine/core';
import { DialogLoading } from './DialogLoading';

export const loadModal = () => import('./ModalImpl');
const MountedModal = lazy(() => loadModal().then((m) => ({ default: m.MountedModal })));

/**
 * Mantine's Modal, loaded on the first open (a small loader shows meanwhile) and mounted from
 * then on: its focus trap, scroll lock and transitions (~15 KB gzip) are no part of the first
 * load of a page whose dialogs are closed. Same props and behaviour as Modal.
 */
export function LazyModal(props: ModalProps) {
  const [used, setUsed] = useState(false);
  if (props.opened && !used) setUsed(true);
  if (!used && !props.opened) return null;
  return <Suspense fallback={props.opened ? <DialogLoading /> : null}><MountedModal {...props} /></Suspense>;
}
