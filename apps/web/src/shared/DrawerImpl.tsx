import { useEffect, useState } from 'react';
import { Drawer, type DrawerProps } from '@mantine/core';

/**
 * Mantine's Drawer, fetched by shared/LazyDrawer.tsx. Like shared/ModalImpl.tsx it mounts closed
 * and opens right after: the enter transition plays and the focus goes back to the button that
 * opened it when it closes.
 */
export function MountedDrawer(props: DrawerProps) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return <Drawer {...props} opened={props.opened && ready} />;
}
