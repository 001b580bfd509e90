/**
 * /buyer/orders (SPEC §2 Orders, §6): the URL is the state (keyword, status, timespan, pageNo,
 * pageSize, from, and for enterprise main accounts account and mainPay). Desktop: status tabs
 * with counts, canceled filter, time filter, search and pages. Mobile: a status dropdown and
 * cards that load the next page near the bottom (infinite scroll). Both layouts' parts are in the
 * page, the same for every screen; CSS shows one's (Mantine's `sm` breakpoint, 48em).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link, type LoaderFunctionArgs } from 'react-router';
import { sessionOf, type PageContext } from '../../app/page-context';
import { parseEnum, useUrlParams } from '../../shared/urlParams';
import { ActionIcon, Alert, Anchor, Group, NativeSelect, Stack, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ORDER_LIST_PAGE_SIZE, ORDER_TABS, ORDER_TIMESPANS, SITES } from '@mall/contracts/constants';
import type { OrderCountBody, OrderListBody, OrderTab, OrderTimespan, SessionInfo } from '@mall/contracts';
import { useSession } from '../../shared/session';
import { prefetchOrderCounts, prefetchOrderPages, useEnterpriseChildren } from './api';
import { CANCELED_FILTER, LIST_TABS, TIMESPANS } from './labels';
import { EnterpriseFilters } from './EnterpriseFilters';
import { OrderList } from './OrderList';
import { CanceledFilter, StatusSelect, StatusTabs } from './StatusFilters';
import classes from './OrderList.module.css';

const MAX_PAGE_SIZE = 50;
const intParam = (v: string | null, fallback: number, max = 100000) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
};

/** Which orders an enterprise main account looks at (SPEC §6). */
type AccountFilter = 'all' | 'mine' | 'subs' | `sub:${string}`;

/** What the URL and the caller's account say the list shows (one reading, for the page and its loader). */
export function orderListFilters(params: URLSearchParams, session: SessionInfo | undefined) {
  const isMain = !!session?.enterprise?.isMain && session.enterprise.status === 'ENABLED';
  const tabs = SITES[session?.site ?? 'US'].features.germanType
    ? LIST_TABS.filter((x) => x === 'ALL_ORDER')
    : LIST_TABS;
  const parsedStatus = parseEnum<OrderTab>(ORDER_TABS, params.get('status'));
  const status: OrderTab =
    parsedStatus.success && (tabs.includes(parsedStatus.data) || parsedStatus.data === CANCELED_FILTER)
      ? parsedStatus.data
      : 'ALL_ORDER';
  const parsedSpan = parseEnum<OrderTimespan>(ORDER_TIMESPANS, params.get('timespan'));
  return {
    isMain,
    tabs,
    status,
    timespan: parsedSpan.success ? parsedSpan.data : undefined,
    keyword: params.get('keyword')?.trim() || undefined,
    pageNo: intParam(params.get('pageNo'), 1),
    pageSize: intParam(params.get('pageSize'), ORDER_LIST_PAGE_SIZE, MAX_PAGE_SIZE),
    points: params.get('from') === 'point',
    account: (isMain ? (params.get('account') ?? 'all') : 'all') as AccountFilter,
    mainPay: isMain && params.get('mainPay') === '1',
  };
}
type OrderListFilters = ReturnType<typeof orderListFilters>;

/**
 * The list's and the tab counts' request bodies. One read for both layouts, the desktop's (device
 * source PC): the server renders one page for every screen, and the phone's infinite scroll reads
 * its next pages with the same body.
 */
export function orderListBodies(
  f: OrderListFilters,
  enterpriseUserIds: string[] | undefined,
): { list: OrderListBody; counts: OrderCountBody } {
  const base: Omit<OrderListBody, 'pageNo'> = {
    pageSize: f.pageSize,
    searchStatus: f.status,
    deviceSource: 'PC',
    ...(f.keyword ? { queryParams: { keyword: f.keyword } } : {}),
    ...(f.timespan ? { timeline: f.timespan } : {}),
    ...(f.points ? { tradeType: 'NORMAL_POINT_REDEEM' as const } : {}),
    ...(f.mainPay ? { isMainPay: true } : {}),
    ...(enterpriseUserIds ? { enterpriseUserIds } : {}),
  };
  const counts: OrderCountBody = {
    deviceSource: base.deviceSource,
    ...(f.points ? { tradeType: 'NORMAL_POINT_REDEEM' as const } : {}),
    ...(f.mainPay ? { isMainPay: true } : {}),
    ...(enterpriseUserIds ? { enterpriseUserIds } : {}),
  };
  return { list: { ...base, pageNo: f.pageNo }, counts };
}

/** The list and its counts, read with the page (a main account's sub-account filters wait for the sub-account list, in the browser). */
export async function loadOrdersPage(page: PageContext, { request }: LoaderFunctionArgs) {
  const session = await sessionOf(page);
  const filters = orderListFilters(new URL(request.url).searchParams, session);
  if (session?.userType !== 'REGISTERED' || filters.account !== 'all') return;
  const bodies = orderListBodies(filters, undefined);
  await Promise.all([prefetchOrderPages(page, bodies.list), prefetchOrderCounts(page, bodies.counts)]);
}

export function OrdersPage() {
  const { t } = useTranslation();
  const [params, update] = useUrlParams();
  const { data: session } = useSession();
  const tourist = session?.userType !== 'REGISTERED';
  const filters = orderListFilters(params, session);
  const { isMain, tabs, status, timespan, keyword, points, account, mainPay } = filters;

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
  const { list, counts: countBody } = orderListBodies(filters, enterpriseUserIds);

  /** Changes some parameters; any filter change goes back to the first page. */

  const [draft, setDraft] = useState(keyword ?? '');
  useEffect(() => setDraft(keyword ?? ''), [keyword]);
  const search = (e: FormEvent) => {
    e.preventDefault();
    update({ keyword: draft.trim() || null });
  };

  const accountOptions = [
    { value: 'all', label: t('orders.account.all') },
    { value: 'mine', label: t('orders.account.mine') },
    { value: 'subs', label: t('orders.account.subs') },
    ...visibleSubs.map((c) => ({ value: `sub:${c.userId}`, label: c.username })),
  ];

  const onStatus = (v: string | null) => update({ status: !v || v === 'ALL_ORDER' ? null : v });
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t(points ? 'orders.pointsTitle' : 'buyer.menu.orders')}
        </Title>
        {tourist && (
          <Anchor component={Link} to="/order-lookup" size="sm" data-testid="guest-lookup-link">
            {t('orders.lookup.link')}
          </Anchor>
        )}
      </Group>
      {tourist && (
        <Alert variant="light">
          {t('orders.touristHint')}{' '}
          <Anchor component={Link} to={`/login?target=${encodeURIComponent('/buyer/orders')}`}>
            {t('topbar.login')}
          </Anchor>
        </Alert>
      )}

      {/* Tabs from the phone breakpoint up, a dropdown below it: CSS shows one. */}
      <StatusTabs tabs={tabs} status={status} countBody={countBody} enabled={filtersReady} onStatus={onStatus} />
      <StatusSelect tabs={tabs} status={status} countBody={countBody} enabled={filtersReady} onStatus={onStatus} />

      <Group gap="sm" align="flex-end" wrap="wrap">
        <form onSubmit={search} role="search" className={classes.search}>
          <TextInput
            label={t('orders.filter.search')}
            placeholder={t('orders.filter.searchPlaceholder')}
            value={draft}
            maxLength={100}
            onChange={(e) => setDraft(e.currentTarget.value)}
            rightSection={
              <ActionIcon type="submit" variant="subtle" aria-label={t('orders.filter.searchButton')}>
                <IconSearch size={16} />
              </ActionIcon>
            }
            rightSectionWidth={40}
          />
        </form>
        <NativeSelect
          label={t('orders.filter.time')}
          w={{ base: '100%', sm: 180 }}
          data={[
            { value: '', label: t('orders.timespan.any') },
            ...TIMESPANS.map((s) => ({ value: s, label: t(`orders.timespan.${s}`) })),
          ]}
          value={timespan ?? ''}
          onChange={(e) => update({ timespan: e.currentTarget.value || null })}
        />
        <CanceledFilter
          active={status === CANCELED_FILTER}
          countBody={countBody}
          enabled={filtersReady}
          onToggle={() => update({ status: status === CANCELED_FILTER ? null : CANCELED_FILTER })}
        />
      </Group>

      {isMain && (
        <EnterpriseFilters
          accountOptions={accountOptions}
          account={account}
          mainPay={mainPay}
          onAccount={(v) => update({ account: !v || v === 'all' ? null : v })}
          onMainPay={(checked) => update({ mainPay: checked ? '1' : null })}
        />
      )}

      <OrderList
        body={list}
        enabled={filtersReady}
        onPage={(p) => update({ pageNo: p === 1 ? null : String(p) }, true)}
      />
    </Stack>
  );
}
