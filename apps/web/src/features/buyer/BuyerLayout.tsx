/**
 * Buyer centre shell (SPEC §2, §6): side menu on desktop, a chip row on mobile. Tourists only
 * see what a guest may use (orders); the rest needs an account.
 */
import { Link, Outlet, useLocation } from 'react-router';
import { Box, Button, Container, Group } from '@mantine/core';
import {
  IconAddressBook,
  IconCreditCard,
  IconCrown,
  IconId,
  IconMessageStar,
  IconPackage,
  IconReceiptRefund,
  IconShieldLock,
  IconTicket,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isLoggedIn, useSession } from '../../shared/session';
import { Columns } from '../../shared/Columns';
import { BuyerMenuDesktop } from './BuyerMenuDesktop';

export const BUYER_MENU = [
  { to: '/buyer/orders', key: 'orders', icon: IconPackage, tourist: true },
  { to: '/buyer/as-list', key: 'afterSales', icon: IconReceiptRefund, tourist: false },
  // Every review page (/buyer/comments, /buyer/comment-add, -detail, -plus) belongs to 'Reviews'.
  { to: '/buyer/comments', key: 'reviews', icon: IconMessageStar, tourist: false, match: '/buyer/comment' },
  { to: '/buyer/address', key: 'addresses', icon: IconAddressBook, tourist: false },
  { to: '/buyer/cards', key: 'cards', icon: IconCreditCard, tourist: false },
  { to: '/buyer/certificates', key: 'certificates', icon: IconId, tourist: false },
  { to: '/buyer/my-coupons', key: 'coupons', icon: IconTicket, tourist: false },
  { to: '/user/member', key: 'membership', icon: IconCrown, tourist: false },
  { to: '/buyer/account-security', key: 'security', icon: IconShieldLock, tourist: false },
] as const;

export type BuyerMenuEntry = (typeof BUYER_MENU)[number];

/** Whether a menu entry is the section the path is in. */
export const isActive = (m: BuyerMenuEntry, pathname: string) => pathname.startsWith('match' in m ? m.match : m.to);

export function useBuyerMenu() {
  const { data } = useSession();
  const registered = isLoggedIn(data);
  return BUYER_MENU.filter((m) => registered || m.tourist);
}

export function BuyerLayout() {
  const { t } = useTranslation();
  const menu = useBuyerMenu();
  const { pathname } = useLocation();
  // Both menus are in the page and CSS shows the one for the screen: the side menu from 'sm' up,
  // the row of buttons below. A column hidden by CSS takes no place in the grid.
  return (
    <Container size="lg" py="md">
      <Columns widths={[3, 9]} gap="lg">
        <Box visibleFrom="sm">
          <BuyerMenuDesktop menu={menu} pathname={pathname} />
        </Box>
        <Box hiddenFrom="sm">
          {/* A plain scrolling row (CSS), not Mantine's ScrollArea: that one is a chunk of its own on every buyer route. */}
          <div className="scroll-row">
            <Group gap="xs" wrap="nowrap" component="nav" aria-label={t('buyer.menuLabel')}>
              {menu.map((m) => (
                <Button
                  key={m.to}
                  component={Link}
                  to={m.to}
                  size="compact-sm"
                  style={{ flexShrink: 0 }}
                  variant={isActive(m, pathname) ? 'filled' : 'default'}
                >
                  {t(`buyer.menu.${m.key}`)}
                </Button>
              ))}
            </Group>
          </div>
        </Box>
        <div>
          <Outlet />
        </div>
      </Columns>
    </Container>
  );
}
