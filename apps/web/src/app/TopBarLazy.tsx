/**
 * The top bar's menus and phone drawer, loaded on first use: Mantine's Menu brings floating-ui
 * (~17 KB gzip), the Drawer its scroll lock and the drawer's links NavLink with its collapse,
 * which no page needs for its first paint.
 */
import { useEffect, type ReactElement, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Divider, Drawer, Group, Menu, NavLink, Stack, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

export interface TopBarMenuEntry {
  key: string;
  label: ReactNode;
  to?: string;
  onClick?: () => void;
  current?: boolean;
}

export function TopBarMenu({
  target,
  label,
  entries,
  opened,
}: {
  target: ReactElement;
  label?: string;
  entries: TopBarMenuEntry[];
  opened: boolean;
}) {
  return (
    <Menu position="bottom-end" withinPortal defaultOpened={opened}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        {label && <Menu.Label>{label}</Menu.Label>}
        {entries.map((e) =>
          e.to ? (
            <Menu.Item key={e.key} component={Link} to={e.to}>
              {e.label}
            </Menu.Item>
          ) : (
            <Menu.Item key={e.key} onClick={e.onClick} aria-current={e.current}>
              {e.label}
            </Menu.Item>
          ),
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The compact bar's drawer: 80 % of a phone, at most 24rem on a tablet. */
const DRAWER_WIDTH = 'clamp(16rem, 80%, 24rem)';

/**
 * The compact bar's links, language and site menus and logout, in a drawer from the right. A link
 * (an <a> with an href) closes it; the service entry, an <a> without one, opens its sub-links.
 */
export function TopBarDrawer({
  opened,
  onClose,
  title,
  loggedIn,
  loginHref,
  merchant,
  serviceLinks,
  menus,
  onLogout,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  loggedIn: boolean;
  loginHref: string;
  merchant: { to: string; onClick: (e: { preventDefault: () => void }) => void } | null;
  serviceLinks: { to: string; label: string }[];
  menus: ReactNode;
  onLogout: () => void;
}) {
  const { t } = useTranslation();
  // The menu button is hidden from 'md' up (CSS): a window widened past it closes the drawer, whose links the row shows there.
  const wide = useMediaQuery(`(min-width: ${useMantineTheme().breakpoints.md})`);
  useEffect(() => {
    if (wide && opened) onClose();
  }, [wide, opened, onClose]);
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size={DRAWER_WIDTH} title={title}>
      <Stack
        gap={0}
        onClick={(e) => {
          if ((e.target as HTMLElement).closest('a[href]')) onClose();
        }}
      >
        {!loggedIn && <NavLink component={Link} to={loginHref} label={t('topbar.login')} />}
        {!loggedIn && <NavLink component={Link} to="/signup" label={t('topbar.signup')} />}
        <NavLink component={Link} to="/buyer/index" label={t('topbar.userCentre')} />
        <NavLink component={Link} to="/buyer/orders" label={t('topbar.orders')} />
        {merchant && (
          <NavLink component={Link} to={merchant.to} label={t('topbar.merchant')} onClick={merchant.onClick} />
        )}
        <NavLink label={t('topbar.service')} childrenOffset={16}>
          {serviceLinks.map((l) => (
            <NavLink key={l.to} component={Link} to={l.to} label={l.label} />
          ))}
        </NavLink>
        <Divider my="sm" />
        <Group px="sm" gap="lg">
          {menus}
        </Group>
        {loggedIn && (
          <>
            <Divider my="sm" />
            <NavLink label={t('topbar.logout')} onClick={onLogout} />
          </>
        )}
      </Stack>
    </Drawer>
  );
}
