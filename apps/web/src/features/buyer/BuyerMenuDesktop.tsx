/** The buyer centre's side menu on desktop (SPEC §2, §6). A chunk of its own (BuyerLayout). */
import { Link, NavLink as RouterNavLink } from 'react-router';
import { NavLink, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isActive, type BuyerMenuEntry } from './BuyerLayout';

export function BuyerMenuDesktop({ menu, pathname }: { menu: readonly BuyerMenuEntry[]; pathname: string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="xs" component="nav" aria-label={t('buyer.menuLabel')}>
      <NavLink component={Link} to="/buyer/index" label={t('buyer.home')} active={pathname === '/buyer/index'} />
      {menu.map((m) => (
        <NavLink
          key={m.to}
          component={RouterNavLink}
          to={m.to}
          label={t(`buyer.menu.${m.key}`)}
          leftSection={<m.icon size={18} />}
          active={isActive(m, pathname)}
        />
      ))}
    </Paper>
  );
}
