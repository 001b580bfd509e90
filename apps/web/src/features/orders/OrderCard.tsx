/**
 * One order in the list (SPEC §2 Orders): number, date, shop, status, at most three lines then
 * a count, total and points, enterprise tags, pay countdown and the operation buttons.
 */
import { memo } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Card, Divider, Group, Stack, Text } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ORDER_LIST_MAX_LINES } from '@mall/contracts/constants';
import type { OrderSummary } from '@mall/contracts';
import { useMoney } from '../../shared/format';
import { useInvalidateOrders } from './api';
import { DATE_TIME, isCountdown, STATUS_COLOR, statusKey } from './labels';
import { OrderOperations } from './OrderOperations';
import { Countdown, LineRow } from './parts';
import { MergeCheckbox } from './MergeSelection';
import classes from './OrderList.module.css';

export function StatusBadge({ status }: { status: OrderSummary['displayStatus'] }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={STATUS_COLOR[status]} data-testid="order-status">
      {t(statusKey(status))}
    </Badge>
  );
}

/** A group-buy order (isInGroup): its group's status. */
export function GroupTag({ order }: { order: OrderSummary }) {
  const { t } = useTranslation();
  if (!order.isInGroup || !order.groupBuy) return null;
  const color = { OPEN: 'grape', FILLED: 'green', FAILED: 'gray' }[order.groupBuy.status];
  return (
    <Badge size="xs" variant="light" color={color} tt="none" data-testid="order-group-buy">
      {t('groupBuy.title')} · {t(`groupBuy.status.${order.groupBuy.status}`)}
    </Badge>
  );
}

/** Sub-account name, 'paid by main' and 'pending main account payment' for enterprise main accounts. */
export function EnterpriseTags({ order }: { order: OrderSummary }) {
  const { t } = useTranslation();
  if (!order.enterpriseUser && !order.isMainPay && !order.masterPending) return null;
  return (
    <Group gap={6}>
      {order.enterpriseUser && (
        <Badge variant="outline" color="gray" tt="none" data-testid="sub-account">
          {t('orders.subAccount', { name: order.enterpriseUser.username })}
        </Badge>
      )}
      {order.isMainPay && (
        <Badge variant="light" color="teal" data-testid="paid-by-main">
          {t('orders.paidByMain')}
        </Badge>
      )}
      {order.masterPending && (
        <Badge variant="light" color="orange" data-testid="master-pending">
          {t('buyer.masterPending')}
        </Badge>
      )}
    </Group>
  );
}

/**
 * Memoised: the list re-renders when the fetching state changes, and a card changes only with
 * its order, which the query keeps the same object while its data does not change. Its padding,
 * pictures and buttons are smaller on a phone (CSS, OrderList.module.css).
 */
export const OrderCard = memo(function OrderCard({ order }: { order: OrderSummary }) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const invalidate = useInvalidateOrders();
  const detail = `/buyer/order/detail/${order.id}`;
  const lines = order.tradeOrderLineList.slice(0, ORDER_LIST_MAX_LINES);
  const more = order.lineCount - lines.length;
  return (
    <Card
      component="article"
      withBorder
      className={classes.card}
      data-testid="order-card"
      data-order-id={order.id}
      aria-label={t('orders.orderNumber', { code: order.tradeOrderCode })}
    >
      <Card.Section withBorder inheritPadding py="xs" bg="gray.0">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="sm" wrap="wrap">
            <MergeCheckbox order={order} />
            <Anchor component={Link} to={detail} fw={600} size="sm" data-testid="order-code">
              {t('orders.orderNumber', { code: order.tradeOrderCode })}
            </Anchor>
            <Text size="xs" c="dimmed">
              {dayjs(order.timeline.orderedTime).format(DATE_TIME)}
            </Text>
            <Group gap={4} wrap="nowrap">
              <IconBuildingStore size={14} aria-hidden />
              <Text size="xs">{order.shop.siteName}</Text>
            </Group>
            {order.tradeType === 'NORMAL_SALE_CBE' && (
              <Badge size="xs" variant="light" color="indigo" data-testid="order-cross-border">
                {t('crossBorder.badge')}
              </Badge>
            )}
            <GroupTag order={order} />
          </Group>
          <StatusBadge status={order.displayStatus} />
        </Group>
      </Card.Section>
      <Stack gap="sm" mt="sm">
        <EnterpriseTags order={order} />
        {lines.map((l) => (
          <LineRow key={l.id} line={l} imageSize={{ base: 72, sm: 80 }} />
        ))}
        {more > 0 && (
          <Anchor component={Link} to={detail} size="sm" data-testid="more-lines">
            {t('orders.moreLines', { count: more })}
          </Anchor>
        )}
      </Stack>

      <Divider my="sm" />
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <div>
            {isCountdown(order) && (
              <Countdown
                deadline={order.payDeadlineMillis!}
                testId="pay-countdown"
                onExpire={() => invalidate()}
                labelKey={order.displayStatus === 'PENDING_DEPOSIT' ? 'orders.deadline.deposit' : 'orders.deadline.pay'}
              />
            )}
          </div>
          <Group gap="xs" align="baseline">
            <Text size="sm" c="dimmed">
              {t('orders.itemCount', { count: order.skuTotalCount })}
            </Text>
            <Text size="sm">{t('orders.total')}</Text>
            <Text fw={700} data-testid="order-total">
              {fmt(order.needPayAmt)}
            </Text>
            {order.actualNeedPayPoints > 0 && (
              <Text size="sm" c="grape" data-testid="order-points">
                + {t('orders.points', { count: order.actualNeedPayPoints })}
              </Text>
            )}
          </Group>
        </Group>
        <Group justify="flex-end">
          <OrderOperations order={order} context="list" className={classes.compactButtons} />
          <Anchor component={Link} to={detail} size="sm">
            {t('orders.viewDetail')}
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
});
