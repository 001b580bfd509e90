import { useEffect, useState } from 'react';
import { Modal, type ModalProps } from '@mantine/core';

/**
 * Mantine's Modal, fetched by shared/LazyModal.tsx. It mounts closed and opens right after, as
 * if it had always been there: the enter transition plays and the focus goes back to the
 * button that opened it when it closes (Modal notes that element when `opened` turns true).
 */
export function MountedModal(props: ModalProps) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return <Modal {...props} opened={props.opened && ready} />;
}
