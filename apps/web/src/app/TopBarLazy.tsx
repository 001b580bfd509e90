/**
 * The top bar's menus and phone drawer, loaded on first use: Mantine's Menu brings floating-ui
 * (~17 KB gzip) and the Drawer its scroll lock, which no page needs for its first paint.
 */
import type { ReactElement, ReactNode } from 'react';
import { Link } from 'react-router';
import { Drawer, Menu } from '@mantine/core';

export interface TopBarMenuEntry { key: string; label: ReactNode; to?: string; onClick?: () => void; current?: boolean }

export function TopBarMenu({ target, label, entries, opened }: { target: ReactElement; label?: string; entries: TopBarMenuEntry[]; opened: boolean }) {
  return (
    <Menu position="bottom-end" withinPortal defaultOpened={opened}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        {label && <Menu.Label>{label}</Menu.Label>}
        {entries.map((e) => (e.to
          ? <Menu.Item key={e.key} component={Link} to={e.to}>{e.label}</Menu.Item>
          : <Menu.Item key={e.key} onClick={e.onClick} aria-current={e.current}>{e.label}</Menu.Item>))}
      </Menu.Dropdown>
    </Menu>
  );
}

export { Drawer as TopBarDrawer };
