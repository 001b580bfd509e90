/**
 * The order list (SPEC §2 Orders), one read for both layouts: the page the URL names. From the
 * phone breakpoint (48em) up, page numbers follow it. Below it, the next pages come in as the
 * list's end nears the screen's bottom (infinite scroll), down to an end-of-list divider. CSS
 * decides which of those parts shows: the cards of the pages after the first, the scroll marker
 * and the divider only below the breakpoint (a hidden marker never meets the screen, so a desktop
 * never loads more), the page numbers only from it up.
 */
import { useEffect, useRef } from 'react';
import { Box, Button, Center, Divider, Group, Loader, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { INFINITE_SCROLL_THRESHOLD_PX, ORDER_LIST_PAGE_SIZE } from '@mall/contracts/constants';
import type { OrderListBody } from '@mall/contracts';
import { useOrderPages } from './api';
import { EmptyOrders, ErrorRetry, ListLoading } from './listParts';
import { OrderCard } from './OrderCard';
import { MergeSelection } from './MergeSelection';
import { HydrateApart } from '../../shared/HydrateApart';
import classes from './OrderList.module.css';

export function OrderList({
  body,
  enabled,
  onPage,
}: {
  body: OrderListBody;
  enabled: boolean;
  onPage: (p: number) => void;
}) {
  const { t } = useTranslation();
  const {
    data,
    isLoading,
    isFetching,
    isPlaceholderData,
    isError,
    refetch,
    hasNextPage,
    isFetchingNextPage,
    fetchNextPage,
  } = useOrderPages(body, enabled);
  const [first, ...next] = data?.pages ?? [];
  const firstOrders = first?.data ?? [];
  const nextOrders = next.flatMap((p) => p.data);
  const total = firstOrders.length + nextOrders.length;
  const pageNo = body.pageNo ?? 1;
  const pages = first ? Math.max(1, Math.ceil(first.total / (body.pageSize ?? ORDER_LIST_PAGE_SIZE))) : 1;
  // A page past the end (orders moved away since the link was made): show the last one.
  const pastEnd = !!first && first.total > 0 && first.data.length === 0 && pageNo > 1;
  useEffect(() => {
    if (pastEnd) onPage(pages);
  }, [pastEnd, pages]); // eslint-disable-line react-hooks/exhaustive-deps

  // Load the next page once the end of the list is within the threshold of the screen's bottom
  // (also when the page is too short to scroll). A new observer after each page reports at once,
  // so a list still too short asks for the next one.
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const sentinel = end.current;
    // Not while the cards of the last page are still coming in: the marker is then right below the first ones.
    if (!sentinel || !hasNextPage || isFetchingNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: `0px 0px ${INFINITE_SCROLL_THRESHOLD_PX}px 0px` },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, total]);

  if (isLoading || !enabled || pastEnd) return <ListLoading />;
  if (isError && !data) return <ErrorRetry onRetry={() => void refetch()} />;
  if (!firstOrders.length) return <EmptyOrders />;
  return (
    <div
      className={classes.list}
      aria-busy={isFetching}
      data-testid="order-list"
      style={{ opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
    >
      <MergeSelection orders={nextOrders.length ? [...firstOrders, ...nextOrders] : firstOrders}>
        {firstOrders.map((o) => (
          <HydrateApart key={o.id}>
            <OrderCard order={o} />
          </HydrateApart>
        ))}
        {pages > 1 && (
          <Group justify="space-between" visibleFrom="sm">
            <Text size="sm" c="dimmed">
              {t('orders.totalCount', { count: first!.total })}
            </Text>
            <Pagination
              total={pages}
              value={Math.min(pageNo, pages)}
              data-testid="order-pagination"
              getControlProps={(c) => ({
                'aria-label': c === 'previous' ? t('orders.page.previous') : c === 'next' ? t('orders.page.next') : c,
              })}
              getItemProps={(p) => ({ 'aria-label': t('orders.page.number', { page: p }) })}
              onChange={(p) => {
                onPage(p);
                window.scrollTo({ top: 0, behavior: 'smooth' });
              }}
            />
          </Group>
        )}
        <Box hiddenFrom="sm" className={classes.list}>
          {nextOrders.map((o) => (
            <OrderCard key={o.id} order={o} />
          ))}
          <div ref={end} aria-hidden />
          {isFetchingNextPage && (
            <Center py="sm">
              <Loader size="sm" aria-label={t('common.loading')} />
            </Center>
          )}
          {hasNextPage && !isFetchingNextPage && (
            <Group justify="center">
              <Button variant="subtle" size="compact-sm" onClick={() => void fetchNextPage()}>
                {t('orders.loadMore')}
              </Button>
            </Group>
          )}
          {!hasNextPage && (
            <Divider label={t('orders.noMore')} labelPosition="center" my="sm" data-testid="end-of-list" />
          )}
        </Box>
      </MergeSelection>
    </div>
  );
}
