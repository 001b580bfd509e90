/**
 * /buyer/orders (SPEC §2 Orders, §6): the URL is the state (keyword, status, timespan, pageNo,
 * pageSize, from, and for enterprise main accounts account and mainPay). Desktop: status tabs
 * with counts, canceled filter, time filter, search and pages. Mobile: a status dropdown and
 * cards that load the next page near the bottom (infinite scroll).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { parseEnum, useUrlParams } from '../../shared/urlParams';
import { Alert, Anchor, Divider } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { INFINITE_SCROLL_THRESHOLD_PX, ORDER_LIST_PAGE_SIZE, ORDER_TABS, ORDER_TIMESPANS } from '@mall/contracts/constants';
import type { OrderCountBody, OrderListBody, OrderTab, OrderTimespan } from '@mall/contracts';
import { useSession, useSite } from '../../shared/session';
import { useEnterpriseChildren, useOrderPages } from './api';
import { CANCELED_FILTER, LIST_TABS, TIMESPANS } from './labels';
import { useMobile } from '../../shared/useMobile';
import { OrderCard } from './OrderCard';
import { EmptyOrders, ErrorRetry, ListLoading, useTabLabel } from './listParts';
import { layoutPart, preloadOnDesktop } from '../../shared/layoutPart';
import { PlainButton, PlainGroup, PlainLoading, PlainNativeSelect, PlainStack, PlainTextInput, PlainTitle, spacing } from '../../shared/plain';
import { useProgressiveCount } from '../../shared/useProgressiveCount';

const desktopParts = () => import('./OrdersDesktop');
const StatusTabs = layoutPart(() => desktopParts().then((m) => m.StatusTabs));
const CanceledFilter = layoutPart(() => desktopParts().then((m) => m.CanceledFilter));
const DesktopList = layoutPart(() => desktopParts().then((m) => m.DesktopList));
const EnterpriseFilters = layoutPart(() => import('./EnterpriseFilters').then((m) => m.EnterpriseFilters));

/** The parts the screen in use shows, fetched with the page's own code (app/router.tsx). */
export const preloadLayoutParts = () => preloadOnDesktop(StatusTabs, CanceledFilter, DesktopList);

const MAX_PAGE_SIZE = 50;
const intParam = (v: string | null, fallback: number, max = 100000) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
};

/** Which orders an enterprise main account looks at (SPEC §6). */
type AccountFilter = 'all' | 'mine' | 'subs' | `sub:${string}`;

export function OrdersPage() {
  const { t } = useTranslation();
  const [params, update] = useUrlParams();
  const mobile = useMobile();
  const { data: session } = useSession();
  const site = useSite();
  const isMain = !!session?.enterprise?.isMain && session.enterprise.status === 'ENABLED';
  const tourist = session?.userType !== 'REGISTERED';

  // ---- state from the URL ----
  const germanType = site.features.germanType;
  const tabs = germanType ? LIST_TABS.filter((x) => x === 'ALL_ORDER') : LIST_TABS;
  const parsedStatus = parseEnum<OrderTab>(ORDER_TABS, params.get('status'));
  const status: OrderTab = parsedStatus.success && (tabs.includes(parsedStatus.data) || parsedStatus.data === CANCELED_FILTER) ? parsedStatus.data : 'ALL_ORDER';
  const parsedSpan = parseEnum<OrderTimespan>(ORDER_TIMESPANS, params.get('timespan'));
  const timespan: OrderTimespan | undefined = parsedSpan.success ? parsedSpan.data : undefined;
  const keyword = params.get('keyword')?.trim() || undefined;
  const pageNo = intParam(params.get('pageNo'), 1);
  const pageSize = intParam(params.get('pageSize'), ORDER_LIST_PAGE_SIZE, MAX_PAGE_SIZE);
  const points = params.get('from') === 'point';
  const account = (isMain ? params.get('account') ?? 'all' : 'all') as AccountFilter;
  const mainPay = isMain && params.get('mainPay') === '1';

  const children = useEnterpriseChildren(isMain);
  const visibleSubs = (children.data ?? []).filter((c) => c.status !== 'PENDING_APPROVAL');
  const enterpriseUserIds = ((): string[] | undefined => {
    if (!isMain || account === 'all') return undefined;
    if (account === 'mine') return session?.user ? [session.user.id] : undefined;
    if (account === 'subs') return visibleSubs.filter((c) => c.status === 'ENABLED').map((c) => c.userId);
    return account.startsWith('sub:') ? [account.slice(4)] : undefined;
  })();
  // 'All sub-account orders' needs the sub-account list before it can ask.
  const filtersReady = !(isMain && account === 'subs' && !children.data);

  const base: Omit<OrderListBody, 'pageNo'> = {
    pageSize, searchStatus: status, deviceSource: mobile ? 'H5' : 'PC',
    ...(keyword ? { queryParams: { keyword } } : {}),
    ...(timespan ? { timeline: timespan } : {}),
    ...(points ? { tradeType: 'NORMAL_POINT_REDEEM' as const } : {}),
    ...(mainPay ? { isMainPay: true } : {}),
    ...(enterpriseUserIds ? { enterpriseUserIds } : {}),
  };
  const countBody: OrderCountBody = {
    deviceSource: base.deviceSource, ...(points ? { tradeType: 'NORMAL_POINT_REDEEM' as const } : {}),
    ...(mainPay ? { isMainPay: true } : {}), ...(enterpriseUserIds ? { enterpriseUserIds } : {}),
  };

  /** Changes some parameters; any filter change goes back to the first page. */

  const [draft, setDraft] = useState(keyword ?? '');
  useEffect(() => setDraft(keyword ?? ''), [keyword]);
  const search = (e: FormEvent) => { e.preventDefault(); update({ keyword: draft.trim() || null }); };

  const accountOptions = [
    { value: 'all', label: t('orders.account.all') },
    { value: 'mine', label: t('orders.account.mine') },
    { value: 'subs', label: t('orders.account.subs') },
    ...visibleSubs.map((c) => ({ value: `sub:${c.userId}`, label: c.username })),
  ];

  return (
    <PlainStack gap="md">
      <PlainGroup justify="space-between" wrap="wrap">
        <PlainTitle order={1} size="h2">{t(points ? 'orders.pointsTitle' : 'buyer.menu.orders')}</PlainTitle>
        {tourist && <Anchor component={Link} to="/order-lookup" size="sm" data-testid="guest-lookup-link">{t('orders.lookup.link')}</Anchor>}
      </PlainGroup>
      {tourist && (
        <Alert variant="light">
          {t('orders.touristHint')}{' '}
          <Anchor component={Link} to={`/login?target=${encodeURIComponent('/buyer/orders')}`}>{t('topbar.login')}</Anchor>
        </Alert>
      )}

      <StatusFilter mobile={mobile} tabs={tabs} status={status} countBody={countBody} enabled={filtersReady}
        onStatus={(v) => update({ status: !v || v === 'ALL_ORDER' ? null : v })} />

      <PlainGroup gap="sm" align="flex-end" wrap="wrap">
        <form onSubmit={search} role="search" style={{ flex: mobile ? '1 1 100%' : '1 1 260px' }}>
          <PlainTextInput label={t('orders.filter.search')} placeholder={t('orders.filter.searchPlaceholder')} value={draft} maxLength={100}
            onChange={(e) => setDraft(e.currentTarget.value)}
            rightSection={<PlainButton type="submit" variant="subtle" size="compact-sm" style={{ paddingInline: spacing(6) }} aria-label={t('orders.filter.searchButton')}><IconSearch size={16} /></PlainButton>}
            rightSectionWidth={40} />
        </form>
        <PlainNativeSelect label={t('orders.filter.time')} width={mobile ? '100%' : 180}
          data={[{ value: '', label: t('orders.timespan.any') }, ...TIMESPANS.map((s) => ({ value: s, label: t(`orders.timespan.${s}`) }))]}
          value={timespan ?? ''} onChange={(e) => update({ timespan: e.currentTarget.value || null })} />
        {!mobile && (
          <CanceledFilter.Part active={status === CANCELED_FILTER} countBody={countBody} enabled={filtersReady}
            onToggle={() => update({ status: status === CANCELED_FILTER ? null : CANCELED_FILTER })} />
        )}
      </PlainGroup>

      {isMain && (
        // Its height held while its code arrives, so the list below does not move.
        <EnterpriseFilters.Part fallback={<div style={{ minHeight: spacing(60) }} />} mobile={mobile} accountOptions={accountOptions} account={account} mainPay={mainPay}
          onAccount={(v) => update({ account: !v || v === 'all' ? null : v })} onMainPay={(checked) => update({ mainPay: checked ? '1' : null })} />
      )}

      {mobile
        ? <MobileList body={base} enabled={filtersReady} />
        : <DesktopList.Part fallback={<ListLoading />} body={{ ...base, pageNo }} enabled={filtersReady} onPage={(p) => update({ pageNo: p === 1 ? null : String(p) }, true)} />}
    </PlainStack>
  );
}

/** Status tabs (desktop) or a status dropdown (phone), with counts. */
function StatusFilter({ mobile, tabs, status, countBody, enabled, onStatus }: {
  mobile: boolean; tabs: readonly OrderTab[]; status: OrderTab; countBody: OrderCountBody; enabled: boolean; onStatus: (tab: string | null) => void;
}) {
  return mobile
    ? <StatusSelect tabs={tabs} status={status} countBody={countBody} enabled={enabled} onStatus={onStatus} />
    : <StatusTabs.Part tabs={tabs} status={status} countBody={countBody} enabled={enabled} onStatus={onStatus} />;
}

/** The phone's status dropdown. Native: Mantine's Select brings floating-ui and its combobox (~35 KB gzip). */
function StatusSelect({ tabs, status, countBody, enabled, onStatus }: {
  tabs: readonly OrderTab[]; status: OrderTab; countBody: OrderCountBody; enabled: boolean; onStatus: (tab: string | null) => void;
}) {
  const { t } = useTranslation();
  const tabLabel = useTabLabel(countBody, enabled);
  return (
    <PlainNativeSelect label={t('orders.filter.status')} data-testid="status-select"
      data={[...tabs, CANCELED_FILTER].map((tab) => ({ value: tab, label: tabLabel(tab) }))}
      value={status} onChange={(e) => onStatus(e.currentTarget.value)} />
  );
}

function MobileList({ body, enabled }: { body: Omit<OrderListBody, 'pageNo'>; enabled: boolean }) {
  const { t } = useTranslation();
  const { data, isLoading, isFetching, isError, refetch, hasNextPage, isFetchingNextPage, fetchNextPage } = useOrderPages(body, enabled);
  const orders = data?.pages.flatMap((p) => p.data) ?? [];
  const shown = useProgressiveCount(orders.length, 1);
  const allShown = shown >= orders.length;
  // Load the next page once the end of the list is within the threshold of the screen's bottom
  // (also when the page is too short to scroll). An IntersectionObserver, not scroll events
  // reading scrollHeight: that read forced a layout of the whole page inside the render's task
  // (tens of ms on a phone) and again on every scroll event. A new observer after each page
  // reports at once, so a list still too short asks for the next one.
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const sentinel = end.current;
    // Not while the cards of the last page are still coming in: the marker is then right below the first ones.
    if (!sentinel || !allShown || !hasNextPage || isFetchingNextPage) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void fetchNextPage();
    }, { rootMargin: `0px 0px ${INFINITE_SCROLL_THRESHOLD_PX}px 0px` });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [allShown, hasNextPage, isFetchingNextPage, fetchNextPage, orders.length]);

  if (isLoading || !enabled) return <ListLoading />;
  if (isError && !orders.length) return <ErrorRetry onRetry={() => void refetch()} />;
  if (!orders.length) return <EmptyOrders />;
  return (
    <PlainStack gap="sm" data-testid="order-list" aria-busy={isFetching}>
      {orders.slice(0, shown).map((o) => <OrderCard key={o.id} order={o} mobile />)}
      <div ref={end} aria-hidden />
      {isFetchingNextPage && <PlainLoading label={t('common.loading')} size="sm" py="sm" />}
      {allShown && hasNextPage && !isFetchingNextPage && (
        <PlainGroup justify="center"><PlainButton variant="subtle" size="compact-sm" onClick={() => void fetchNextPage()}>{t('orders.loadMore')}</PlainButton></PlainGroup>
      )}
      {allShown && !hasNextPage && <Divider label={t('orders.noMore')} labelPosition="center" my="sm" data-testid="end-of-list" />}
    </PlainStack>
  );
}
