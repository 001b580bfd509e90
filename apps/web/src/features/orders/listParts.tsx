/**
 * What the order list's parts share (OrderList, StatusFilters): tab labels
 * with counts, the loading, empty and error states.
 */
import { Anchor, Button, Group } from '@mantine/core';
import { PageLoading } from '../../shared/PageLoading';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OrderCountBody, OrderTab } from '@mall/contracts';
import { EmptyBlock } from '../../shared/EmptyBlock';
import { useSession } from '../../shared/session';
import { useUrlParams } from '../../shared/urlParams';
import { useOrderCounts } from './api';
import { tabKey } from './labels';

/**
 * A tab's label with its count once the counts are in. Each filter showing counts reads them
 * itself (one request, shared through the query cache), so their arrival re-renders the labels,
 * not the whole page with its search, time filter and list (~40 ms of a phone's main thread).
 */
export function useTabLabel(countBody: OrderCountBody, enabled: boolean): (tab: OrderTab) => string {
  const { t } = useTranslation();
  const counts = useOrderCounts(countBody, enabled);
  return (tab) => {
    const n = counts.data?.find((c) => c.displayOrderStatus === tab)?.quantity;
    return n === undefined ? t(tabKey(tab)) : t('orders.tabWithCount', { label: t(tabKey(tab)), count: n });
  };
}

/** Search and filters that narrow the list; with any of them set, an empty list means "nothing matches", not "no orders". */
const FILTER_PARAMS = ['keyword', 'status', 'timespan', 'account', 'mainPay'] as const;

export function EmptyOrders() {
  const { t } = useTranslation();
  const { data: session } = useSession();
  const [params, update] = useUrlParams();
  if (FILTER_PARAMS.some((k) => params.get(k))) {
    return (
      <EmptyBlock title={t('orders.noMatch')}>
        <Button
          variant="light"
          onClick={() => update(Object.fromEntries(FILTER_PARAMS.map((k) => [k, null])))}
          data-testid="clear-filters"
        >
          {t('orders.clearFilters')}
        </Button>
      </EmptyBlock>
    );
  }
  return (
    <EmptyBlock title={t('buyer.empty.orders')}>
      <Group gap="md">
        <Anchor component={Link} to="/">
          {t('cart.goShopping')}
        </Anchor>
        {session?.userType !== 'REGISTERED' && (
          <Anchor component={Link} to="/order-lookup">
            {t('orders.lookup.link')}
          </Anchor>
        )}
      </Group>
    </EmptyBlock>
  );
}

/** The list's place while its first page is read. */
export const ListLoading = PageLoading;

export function ErrorRetry({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyBlock title={t('errors.Common.internal')}>
      <Button variant="light" onClick={onRetry}>
        {t('orders.retry')}
      </Button>
    </EmptyBlock>
  );
}
