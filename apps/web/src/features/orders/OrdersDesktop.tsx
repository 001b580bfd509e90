/**
 * The order list's desktop parts (SPEC §2 Orders): status tabs with counts, the canceled filter
 * and the paged list. A chunk of their own (shared/layoutPart.tsx): Mantine's Tabs and
 * Pagination are not part of a phone's first load.
 */
import { useEffect } from 'react';
import { Button, Group, Pagination, Stack, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ORDER_LIST_PAGE_SIZE } from '@mall/contracts/constants';
import type { OrderCountBody, OrderListBody, OrderTab } from '@mall/contracts';
import { useProgressiveCount } from '../../shared/useProgressiveCount';
import { useOrderPage } from './api';
import { CANCELED_FILTER } from './labels';
import { EmptyOrders, ErrorRetry, ListLoading, useTabLabel } from './listParts';
import { OrderCard } from './OrderCard';

/** Status tabs, with counts. */
export function StatusTabs({ tabs, status, countBody, enabled, onStatus }: {
  tabs: readonly OrderTab[]; status: OrderTab; countBody: OrderCountBody; enabled: boolean; onStatus: (tab: string | null) => void;
}) {
  const { t } = useTranslation();
  const tabLabel = useTabLabel(countBody, enabled);
  return (
    <Tabs value={status === CANCELED_FILTER ? null : status} onChange={onStatus} keepMounted={false}>
      <Tabs.List aria-label={t('orders.filter.status')}>
        {tabs.map((tab) => <Tabs.Tab key={tab} value={tab} data-testid={`tab-${tab}`}>{tabLabel(tab)}</Tabs.Tab>)}
      </Tabs.List>
    </Tabs>
  );
}

/** The canceled filter, a toggle with its count. */
export function CanceledFilter({ active, countBody, enabled, onToggle }: { active: boolean; countBody: OrderCountBody; enabled: boolean; onToggle: () => void }) {
  const tabLabel = useTabLabel(countBody, enabled);
  return (
    <Button variant={active ? 'light' : 'default'} aria-pressed={active} data-testid="canceled-filter" onClick={onToggle}>
      {tabLabel(CANCELED_FILTER)}
    </Button>
  );
}

/** One page of orders with page numbers below. */
export function DesktopList({ body, enabled, onPage }: { body: OrderListBody; enabled: boolean; onPage: (p: number) => void }) {
  const { t } = useTranslation();
  const { data, isLoading, isFetching, isPlaceholderData, isError, refetch } = useOrderPage(body, enabled);
  const shown = useProgressiveCount(data?.data.length ?? 0, 1);
  const pages = data ? Math.max(1, Math.ceil(data.total / (body.pageSize ?? ORDER_LIST_PAGE_SIZE))) : 1;
  // A page past the end (orders moved away since the link was made): show the last one.
  const pastEnd = !!data && data.total > 0 && data.data.length === 0 && (body.pageNo ?? 1) > 1;
  useEffect(() => { if (pastEnd) onPage(pages); }, [pastEnd, pages]); // eslint-disable-line react-hooks/exhaustive-deps
  if (isLoading || !enabled || pastEnd) return <ListLoading />;
  if (isError && !data) return <ErrorRetry onRetry={() => void refetch()} />;
  if (!data?.data.length) return <EmptyOrders />;
  return (
    <Stack gap="md" aria-busy={isFetching} data-testid="order-list" style={{ opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
      {data.data.slice(0, shown).map((o) => <OrderCard key={o.id} order={o} mobile={false} />)}
      {/* Below the last card once all are in: shown earlier, each card coming in would push it down. */}
      {shown >= data.data.length && pages > 1 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">{t('orders.totalCount', { count: data.total })}</Text>
          <Pagination total={pages} value={Math.min(body.pageNo ?? 1, pages)} data-testid="order-pagination"
            getControlProps={(c) => ({ 'aria-label': c === 'previous' ? t('orders.page.previous') : c === 'next' ? t('orders.page.next') : c })}
            getItemProps={(p) => ({ 'aria-label': t('orders.page.number', { page: p }) })}
            onChange={(p) => { onPage(p); window.scrollTo({ top: 0, behavior: 'smooth' }); }} />
        </Group>
      )}
    </Stack>
  );
}
