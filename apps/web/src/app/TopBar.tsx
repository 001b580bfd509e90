/**
 * Top bar (SPEC §1): greeting by time of day, login state (tourists count as not logged in),
 * user centre, orders, merchant entry, language, site and service menus; a drawer below 'sm'.
 */
import { cloneElement, lazy, Suspense, useState, type ComponentProps, type ReactElement, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@mantine/core';
import { IconChevronDown, IconHeadset, IconLanguage, IconShoppingCart, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, SITES, SITE_CODES } from '@mall/contracts/constants';
import type { Language, SiteCode, SessionInfo } from '@mall/contracts';
import { greetingFor } from '@mall/domain';
import { isLoggedIn, usePreferences, useSession, useSessionMutation, useSite } from '../shared/session';
import { notifyError } from '../shared/errors';
import { useCompactTopBar } from '../shared/useMobile';
import { PlainAnchor, PlainBurger, PlainGroup, PlainIconLink, PlainText, PlainUnstyledButton, spacing } from '../shared/plain';
import type { TopBarMenuEntry } from './TopBarLazy';

const loadLazyParts = () => import('./TopBarLazy');
const TopBarMenu = lazy(() => loadLazyParts().then((m) => ({ default: m.TopBarMenu })));
const TopBarDrawer = lazy(() => loadLazyParts().then((m) => ({ default: m.TopBarDrawer })));
const MerchantStateDialog = lazy(() => import('../features/merchant/MerchantStateDialog').then((m) => ({ default: m.MerchantStateDialog })));

/**
 * A menu button that loads the menu on first click (pointing at it starts the download), so
 * the menu code is not part of any page's first load. Clicked before the code is there, the
 * menu opens as soon as it arrives.
 */
function DeferredMenu(props: { target: ReactElement<{ onClick?: () => void; onPointerEnter?: () => void }>; label?: string; entries: TopBarMenuEntry[] }) {
  const [opened, setOpened] = useState(false);
  const plain = cloneElement(props.target, { onClick: () => setOpened(true), onPointerEnter: () => void loadLazyParts() });
  if (!opened) return plain;
  return <Suspense fallback={plain}><TopBarMenu {...props} opened /></Suspense>;
}

/** The phone drawer: its code arrives on the first open and then stays mounted (for the closing animation). */
function DeferredDrawer(props: ComponentProps<typeof TopBarDrawer>) {
  const [used, setUsed] = useState(false);
  if (props.opened && !used) setUsed(true);
  return used ? <Suspense><TopBarDrawer {...props} /></Suspense> : null;
}

export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', de: 'Deutsch', ja: '日本語', es: 'Español', it: 'Italiano', fr: 'Français', nl: 'Nederlands' };

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
function useMerchantLink(session: SessionInfo | undefined): { to: string; onClick: (e: { preventDefault: () => void }) => void; dialog: ReactNode } {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState(false);
  const to = merchantTarget(session);
  const state = session?.user?.role === 'SELLER' ? session.user.merchantState : undefined;
  const restricted = state === 'frozen' || state === 'clear' ? state : null;
  return {
    to,
    onClick: (e) => { if (restricted) { e.preventDefault(); setDialog(true); } },
    dialog: dialog && restricted && (
      <Suspense><MerchantStateDialog state={restricted} onClose={() => setDialog(false)} onContinue={() => { setDialog(false); navigate(to); }} /></Suspense>
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
  // Phones and tablets get the compact bar (links in a drawer). Only the layout in use is rendered
  // (not both, one hidden by CSS): half the top bar's work on every first load.
  const compact = useCompactTopBar();
  const loggedIn = isLoggedIn(session);
  const greeting = t(`greeting.${greetingFor(new Date().getHours())}`);
  const serviceLinks = useServiceLinks();
  const loginHref = `/login?target=${encodeURIComponent(location.pathname + location.search)}`;
  const showMerchant = loggedIn && site.features.merchantEntry;
  const merchant = useMerchantLink(session);

  const choose = (p: { site?: SiteCode; language?: Language }) => prefs.mutate(p, { onError: (e) => notifyError(t, e) });
  const doLogout = () => logout.mutate(undefined, { onSuccess: () => navigate('/'), onError: (e) => notifyError(t, e) });

  const siteMenu = (
    <DeferredMenu
      // Names start with the visible text (WCAG 2.5.3: speech users say what they see).
      target={<PlainUnstyledButton aria-label={`${site.code}, ${t('topbar.chooseSite')}`} data-testid="site-switcher">
        <PlainGroup gap={4} wrap="nowrap"><IconWorld size={16} /><PlainText size="sm">{site.code}</PlainText><IconChevronDown size={14} /></PlainGroup>
      </PlainUnstyledButton>}
      label={t('topbar.chooseSite')}
      entries={SITE_CODES.map((code) => ({
        key: code, label: `${code} · ${SITES[code].name} (${SITES[code].currency})`, onClick: () => choose({ site: code }), current: code === site.code,
      }))}
    />
  );
  // In the row the service and language menus show their text from 'lg' up (below, the icon, and
  // the button's name says what it is: Spanish's row needed ~1,040 px with them); the drawer has room.
  const languageMenu = (
    <DeferredMenu
      target={<PlainUnstyledButton aria-label={`${LANGUAGE_NAMES[session?.language ?? 'en']}, ${t('topbar.chooseLanguage')}`} data-testid="language-switcher">
        <PlainGroup gap={4} wrap="nowrap"><IconLanguage size={16} />
          <PlainText size="sm" className={compact ? undefined : 'mantine-visible-from-lg'}>{LANGUAGE_NAMES[session?.language ?? 'en']}</PlainText><IconChevronDown size={14} /></PlainGroup>
      </PlainUnstyledButton>}
      entries={LANGUAGES.map((lng) => ({ key: lng, label: LANGUAGE_NAMES[lng], onClick: () => choose({ language: lng }), current: lng === session?.language }))}
    />
  );
  const serviceMenu = (
    <DeferredMenu
      target={<PlainUnstyledButton aria-label={t('topbar.service')}>
        <PlainGroup gap={4} wrap="nowrap"><IconHeadset size={16} /><PlainText size="sm" className={compact ? undefined : 'mantine-visible-from-lg'}>{t('topbar.service')}</PlainText><IconChevronDown size={14} /></PlainGroup>
      </PlainUnstyledButton>}
      entries={serviceLinks.map((l) => ({ key: l.to, label: l.label, to: l.to }))}
    />
  );
  const cartButton = (
    <PlainIconLink to="/cart" label={t('topbar.cartWithCount', { count: session?.cartCount ?? 0 })} count={session?.cartCount ?? 0}>
      <IconShoppingCart size={22} />
    </PlainIconLink>
  );

  return (
    <header style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', background: 'var(--mantine-color-body)' }}>
      {/* No label breaks inside (between breakpoints they broke onto two lines). Where the row is still
          too narrow for its items (a long language, a wider fallback font before the shop's font
          arrives), the links wrap onto a second row instead of running past the window. */}
      <PlainGroup justify="space-between" wrap="nowrap"
        style={{ whiteSpace: 'nowrap', marginInline: 'auto', paddingInline: spacing('md'), paddingBlock: 4, maxWidth: spacing(1280), minHeight: spacing(56) }}>
        <PlainGroup gap="md" wrap="nowrap">
          <PlainAnchor to="/" fw={800} underline="never" style={{ fontSize: 'var(--mantine-font-size-xl)' }}>Mall</PlainAnchor>
          {!compact && (
            <PlainText size="sm" data-testid="greeting">
              {/* The name only where the row has room for it beside the links (German needs ~1,150 px). */}
              {greeting}{loggedIn && <span className="mantine-visible-from-lg">, {session!.user!.nickname}</span>}
            </PlainText>
          )}
          {!compact && !loggedIn && (
            <PlainGroup gap="xs" wrap="nowrap">
              <PlainAnchor to={loginHref} size="sm">{t('topbar.login')}</PlainAnchor>
              <PlainAnchor to="/signup" size="sm">{t('topbar.signup')}</PlainAnchor>
            </PlainGroup>
          )}
        </PlainGroup>
        {!compact && <PlainGroup gap="md" justify="flex-end" component="nav" aria-label={t('topbar.navigation')} style={{ rowGap: 4 }}>
          <PlainAnchor to="/buyer/index" size="sm">{t('topbar.userCentre')}</PlainAnchor>
          <PlainAnchor to="/buyer/orders" size="sm">{t('topbar.orders')}</PlainAnchor>
          {showMerchant && <PlainAnchor to={merchant.to} size="sm" onClick={merchant.onClick}>{t('topbar.merchant')}</PlainAnchor>}
          {serviceMenu}
          {languageMenu}
          {siteMenu}
          {loggedIn && <Button variant="subtle" size="compact-sm" onClick={doLogout} loading={logout.isPending}>{t('topbar.logout')}</Button>}
          {cartButton}
        </PlainGroup>}
        {compact && <PlainGroup gap="xs" wrap="nowrap">
          {cartButton}
          <PlainBurger opened={drawer} onClick={() => setDrawer((o) => !o)} label={t('topbar.menu')} />
        </PlainGroup>}
      </PlainGroup>
      {compact && <DeferredDrawer opened={drawer} onClose={() => setDrawer(false)} title={`${greeting}${loggedIn ? `, ${session!.user!.nickname}` : ''}`}
        loggedIn={loggedIn} loginHref={loginHref} merchant={showMerchant ? merchant : null} serviceLinks={serviceLinks}
        menus={<>{languageMenu}{siteMenu}</>} onLogout={() => { setDrawer(false); doLogout(); }} />}
      {showMerchant && merchant.dialog}
    </header>
  );
}
