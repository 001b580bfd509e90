/**
 * Top bar (SPEC §1): greeting by time of day, login state (tourists count as not logged in),
 * user centre, orders, merchant entry, language, site and service menus; a drawer below 'sm'.
 */
import { cloneElement, lazy, Suspense, useState, type ComponentProps, type ReactElement, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ActionIcon, Anchor, Box, Burger, Button, Group, Indicator, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconHeadset, IconLanguage, IconShoppingCart, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useGreeting } from '../shared/useHydrated';
import { LANGUAGES, SITES, SITE_CODES } from '@mall/contracts/constants';
import type { Language, SiteCode, SessionInfo } from '@mall/contracts';
import { isLoggedIn, usePreferences, useSession, useSessionMutation, useSite } from '../shared/session';
import { notifyError } from '../shared/errors';
import classes from './TopBar.module.css';
import type { TopBarMenuEntry } from './TopBarLazy';

const loadLazyParts = () => import('./TopBarLazy');
const TopBarMenu = lazy(() => loadLazyParts().then((m) => ({ default: m.TopBarMenu })));
const TopBarDrawer = lazy(() => loadLazyParts().then((m) => ({ default: m.TopBarDrawer })));
const MerchantStateDialog = lazy(() =>
  import('../features/merchant/MerchantStateDialog').then((m) => ({ default: m.MerchantStateDialog })),
);

/**
 * A menu button that loads the menu on first click (pointing at it starts the download), so
 * the menu code is not part of any page's first load. Clicked before the code is there, the
 * menu opens as soon as it arrives.
 */
function DeferredMenu(props: {
  target: ReactElement<{ onClick?: () => void; onPointerEnter?: () => void }>;
  label?: string;
  entries: TopBarMenuEntry[];
}) {
  const [opened, setOpened] = useState(false);
  const plain = cloneElement(props.target, {
    onClick: () => setOpened(true),
    onPointerEnter: () => void loadLazyParts(),
  });
  if (!opened) return plain;
  return (
    <Suspense fallback={plain}>
      <TopBarMenu {...props} opened />
    </Suspense>
  );
}

/** The phone drawer: its code arrives on the first open and then stays mounted (for the closing animation). */
function DeferredDrawer(props: ComponentProps<typeof TopBarDrawer>) {
  const [used, setUsed] = useState(false);
  if (props.opened && !used) setUsed(true);
  return used ? (
    <Suspense>
      <TopBarDrawer {...props} />
    </Suspense>
  ) : null;
}

export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  ja: '日本語',
  es: 'Español',
  it: 'Italiano',
  fr: 'Français',
  nl: 'Nederlands',
};

/** Where the merchant entry leads (SPEC §4 "Merchant link"). */
export function merchantTarget(s: SessionInfo | undefined): string {
  // The platform operator's entry is its review console.
  if (s?.user?.role === 'OPERATOR') return '/operator/merchant-applications';
  if (s?.user?.role === 'SELLER' || s?.user?.merchantAuditStatus === 'pass') return '/merchant-console/orders';
  if (s?.user?.merchantAuditStatus === 'audit') return '/merchant/audit';
  return '/merchant/apply';
}

/**
 * The merchant entry: a frozen or cleared seller gets the info dialog of SPEC §4 first and
 * opens the backend from there; everyone else follows the link. The dialog is rendered beside
 * the top bar, so closing the phone drawer (on any link click) does not take it away.
 */
function useMerchantLink(session: SessionInfo | undefined): {
  to: string;
  onClick: (e: { preventDefault: () => void }) => void;
  dialog: ReactNode;
} {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState(false);
  const to = merchantTarget(session);
  const state = session?.user?.role === 'SELLER' ? session.user.merchantState : undefined;
  const restricted = state === 'frozen' || state === 'clear' ? state : null;
  return {
    to,
    onClick: (e) => {
      if (restricted) {
        e.preventDefault();
        setDialog(true);
      }
    },
    dialog: dialog && restricted && (
      <Suspense>
        <MerchantStateDialog
          state={restricted}
          onClose={() => setDialog(false)}
          onContinue={() => {
            setDialog(false);
            void navigate(to);
          }}
        />
      </Suspense>
    ),
  };
}

function useServiceLinks() {
  const { t } = useTranslation();
  const site = useSite();
  const r = site.policyRoutes;
  return [
    { to: '/articles', label: t('policy.articles') },
    r.shipping && { to: r.shipping, label: t('policy.shipping') },
    r.warranty && { to: r.warranty, label: t('policy.warranty') },
    r.privacy && { to: r.privacy, label: t('policy.privacy') },
    r.terms && { to: r.terms, label: t('policy.terms') },
    r.sms && { to: r.sms, label: t('policy.sms') },
  ].filter(Boolean) as { to: string; label: string }[];
}

export function TopBar() {
  const { t } = useTranslation();
  const { data: session } = useSession();
  const site = useSite();
  const navigate = useNavigate();
  const location = useLocation();
  const prefs = usePreferences();
  const logout = useSessionMutation<undefined>('/api/auth/logout');
  const [drawer, setDrawer] = useState(false);
  const loggedIn = isLoggedIn(session);
  const greeting = useGreeting();
  const serviceLinks = useServiceLinks();
  const loginHref = `/login?target=${encodeURIComponent(location.pathname + location.search)}`;
  const showMerchant = loggedIn && site.features.merchantEntry;
  const merchant = useMerchantLink(session);

  const choose = (p: { site?: SiteCode; language?: Language }) =>
    prefs.mutate(p, { onError: (e) => notifyError(t, e) });
  const doLogout = () =>
    logout.mutate(undefined, { onSuccess: () => void navigate('/'), onError: (e) => notifyError(t, e) });

  const siteMenu = (
    <DeferredMenu
      // Names start with the visible text (WCAG 2.5.3: speech users say what they see).
      target={
        <UnstyledButton aria-label={`${site.code}, ${t('topbar.chooseSite')}`} data-testid="site-switcher">
          <Group gap={4} wrap="nowrap">
            <IconWorld size={16} />
            <Text size="sm">{site.code}</Text>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      }
      label={t('topbar.chooseSite')}
      entries={SITE_CODES.map((code) => ({
        key: code,
        label: `${code} · ${SITES[code].name} (${SITES[code].currency})`,
        onClick: () => choose({ site: code }),
        current: code === site.code,
      }))}
    />
  );
  // In the row the service and language menus show their text from 'lg' up (below, the icon, and
  // the button's name says what it is: Spanish's row needed ~1,040 px with them); the drawer has room.
  const languageMenu = (inRow: boolean) => (
    <DeferredMenu
      target={
        <UnstyledButton
          aria-label={`${LANGUAGE_NAMES[session?.language ?? 'en']}, ${t('topbar.chooseLanguage')}`}
          data-testid="language-switcher"
        >
          <Group gap={4} wrap="nowrap">
            <IconLanguage size={16} />
            <Text size="sm" visibleFrom={inRow ? 'lg' : undefined}>
              {LANGUAGE_NAMES[session?.language ?? 'en']}
            </Text>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      }
      entries={LANGUAGES.map((lng) => ({
        key: lng,
        label: LANGUAGE_NAMES[lng],
        onClick: () => choose({ language: lng }),
        current: lng === session?.language,
      }))}
    />
  );
  const serviceMenu = (
    <DeferredMenu
      target={
        <UnstyledButton aria-label={t('topbar.service')}>
          <Group gap={4} wrap="nowrap">
            <IconHeadset size={16} />
            <Text size="sm" visibleFrom="lg">
              {t('topbar.service')}
            </Text>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      }
      entries={serviceLinks.map((l) => ({ key: l.to, label: l.label, to: l.to }))}
    />
  );
  const cartCount = session?.cartCount ?? 0;

  // One markup for every screen: below 'md' (phones and tablets) CSS hides the greeting, the login
  // links and the navigation row and shows the menu button, which opens them in a drawer.
  return (
    <header style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', background: 'var(--mantine-color-body)' }}>
      {/* No label breaks inside (between breakpoints they broke onto two lines). Where the row is still
          too narrow for its items (a long language, a wider fallback font before the shop's font
          arrives), the links wrap onto a second row instead of running past the window. */}
      <Group
        justify="space-between"
        wrap="nowrap"
        mx="auto"
        px="md"
        py={4}
        maw={1280}
        mih={56}
        style={{ whiteSpace: 'nowrap' }}
      >
        <Group gap="md" wrap="nowrap">
          <Anchor component={Link} to="/" fw={800} underline="never" fz="xl">
            Mall
          </Anchor>
          <Text size="sm" data-testid="greeting" visibleFrom="md">
            {/* The name only where the row has room for it beside the links (German needs ~1,150 px). */}
            {greeting}
            {loggedIn && (
              <Box component="span" visibleFrom="lg">
                , {session!.user!.nickname}
              </Box>
            )}
          </Text>
          {!loggedIn && (
            <Group gap="xs" wrap="nowrap" visibleFrom="md">
              <Anchor component={Link} to={loginHref} size="sm">
                {t('topbar.login')}
              </Anchor>
              <Anchor component={Link} to="/signup" size="sm">
                {t('topbar.signup')}
              </Anchor>
            </Group>
          )}
        </Group>
        <div className={classes.end}>
          <Group
            gap="md"
            justify="flex-end"
            component="nav"
            aria-label={t('topbar.navigation')}
            visibleFrom="md"
            style={{ rowGap: 4 }}
          >
            <Anchor component={Link} to="/buyer/index" size="sm">
              {t('topbar.userCentre')}
            </Anchor>
            <Anchor component={Link} to="/buyer/orders" size="sm">
              {t('topbar.orders')}
            </Anchor>
            {showMerchant && (
              <Anchor component={Link} to={merchant.to} size="sm" onClick={merchant.onClick}>
                {t('topbar.merchant')}
              </Anchor>
            )}
            {serviceMenu}
            {languageMenu(true)}
            {siteMenu}
            {loggedIn && (
              <Button variant="subtle" size="compact-sm" onClick={doLogout} loading={logout.isPending}>
                {t('topbar.logout')}
              </Button>
            )}
          </Group>
          <Indicator label={cartCount} disabled={cartCount === 0} size={16} offset={4}>
            <ActionIcon
              component={Link}
              to="/cart"
              variant="subtle"
              size="lg"
              aria-label={t('topbar.cartWithCount', { count: cartCount })}
            >
              <IconShoppingCart size={22} />
            </ActionIcon>
          </Indicator>
          <Burger
            size="sm"
            opened={drawer}
            onClick={() => setDrawer((o) => !o)}
            aria-label={t('topbar.menu')}
            hiddenFrom="md"
          />
        </div>
      </Group>
      <DeferredDrawer
        opened={drawer}
        onClose={() => setDrawer(false)}
        title={`${greeting}${loggedIn ? `, ${session!.user!.nickname}` : ''}`}
        loggedIn={loggedIn}
        loginHref={loginHref}
        merchant={showMerchant ? merchant : null}
        serviceLinks={serviceLinks}
        menus={
          <>
            {languageMenu(false)}
            {siteMenu}
          </>
        }
        onLogout={() => {
          setDrawer(false);
          doLogout();
        }}
      />
      {showMerchant && merchant.dialog}
    </header>
  );
}
