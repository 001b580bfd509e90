/**
 * One order in the list (SPEC §2 Orders): number, date, shop, status, at most three lines then
 * a count, total and points, enterprise tags, pay countdown and the operation buttons.
 */
import { memo } from 'react';
import { Badge, Group } from '@mantine/core';
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
import { PlainAnchor, PlainBadge, PlainCard, PlainDivider, PlainGroup, PlainStack, PlainText, spacing } from '../../shared/plain';

export function StatusBadge({ status }: { status: OrderSummary['displayStatus'] }) {
  const { t } = useTranslation();
  return <PlainBadge color={STATUS_COLOR[status]} data-testid="order-status">{t(statusKey(status))}</PlainBadge>;
}

/** Sub-account name, 'paid by main' and 'pending main account payment' for enterprise main accounts. */
export function EnterpriseTags({ order }: { order: OrderSummary }) {
  const { t } = useTranslation();
  if (!order.enterpriseUser && !order.isMainPay && !order.masterPending) return null;
  return (
    <Group gap={6}>
      {order.enterpriseUser && <Badge variant="outline" color="gray" tt="none" data-testid="sub-account">{t('orders.subAccount', { name: order.enterpriseUser.username })}</Badge>}
      {order.isMainPay && <Badge variant="light" color="teal" data-testid="paid-by-main">{t('orders.paidByMain')}</Badge>}
      {order.masterPending && <Badge variant="light" color="orange" data-testid="master-pending">{t('buyer.masterPending')}</Badge>}
    </Group>
  );
}

/**
 * Plain elements with Mantine's classes (shared/plain.tsx): a phone's first load of the list
 * renders ten. Memoised: the list re-renders when the fetching state changes, and a card changes
 * only with its order, which the query keeps the same object while its data does not change.
 */
export const OrderCard = memo(function OrderCard({ order, mobile }: { order: OrderSummary; mobile: boolean }) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const invalidate = useInvalidateOrders();
  const detail = `/buyer/order/detail/${order.id}`;
  const lines = order.tradeOrderLineList.slice(0, ORDER_LIST_MAX_LINES);
  const more = order.lineCount - lines.length;
  return (
    <PlainCard padding={mobile ? 'sm' : 'md'} data-testid="order-card" data-order-id={order.id} aria-label={t('orders.orderNumber', { code: order.tradeOrderCode })}
      header={
        <PlainGroup justify="space-between" wrap="wrap" gap="xs">
          <PlainGroup gap="sm" wrap="wrap">
            <PlainAnchor to={detail} fw={600} size="sm" data-testid="order-code">{t('orders.orderNumber', { code: order.tradeOrderCode })}</PlainAnchor>
            <PlainText size="xs" c="dimmed">{dayjs(order.timeline.orderedTime).format(DATE_TIME)}</PlainText>
            <PlainGroup gap={4} wrap="nowrap"><IconBuildingStore size={14} aria-hidden /><PlainText size="xs">{order.shop.siteName}</PlainText></PlainGroup>
          </PlainGroup>
          <StatusBadge status={order.displayStatus} />
        </PlainGroup>
      }>
      <PlainStack gap="sm" style={{ marginTop: spacing('sm') }}>
        <EnterpriseTags order={order} />
        {lines.map((l) => <LineRow key={l.id} line={l} imageSize={mobile ? 72 : 80} />)}
        {more > 0 && (
          <PlainAnchor to={detail} size="sm" data-testid="more-lines">{t('orders.moreLines', { count: more })}</PlainAnchor>
        )}
      </PlainStack>

      <PlainDivider my="sm" />
      <PlainStack gap="xs">
        <PlainGroup justify="space-between" wrap="wrap" gap="xs">
          <div>
            {isCountdown(order) && (
              <Countdown deadline={order.payDeadlineMillis!} testId="pay-countdown" onExpire={() => invalidate()}
                labelKey={order.displayStatus === 'PENDING_DEPOSIT' ? 'orders.deadline.deposit' : 'orders.deadline.pay'} />
            )}
          </div>
          <PlainGroup gap="xs" align="baseline">
            <PlainText size="sm" c="dimmed">{t('orders.itemCount', { count: order.skuTotalCount })}</PlainText>
            <PlainText size="sm">{t('orders.total')}</PlainText>
            <PlainText fw={700} data-testid="order-total">{fmt(order.needPayAmt)}</PlainText>
            {order.actualNeedPayPoints > 0 && <PlainText size="sm" c="grape" data-testid="order-points">+ {t('orders.points', { count: order.actualNeedPayPoints })}</PlainText>}
          </PlainGroup>
        </PlainGroup>
        <PlainGroup justify="flex-end">
          <OrderOperations order={order} context="list" size={mobile ? 'compact-sm' : 'sm'} />
          <PlainAnchor to={detail} size="sm">{t('orders.viewDetail')}</PlainAnchor>
        </PlainGroup>
      </PlainStack>
    </PlainCard>
  );
});
