/**
 * /bulk-to-pay/:orderId: pay a bulk order (tradeOrderType BULK) agreed through an order request:
 * the order's lines and amount, and a pay button that leads to the confirm-pay view
 * (/checkout?tradeContractId: addresses, items, billing address, then the payment; SPEC §4).
 */
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Anchor, Button, Container, Divider, Group, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyBlock } from '../../shared/EmptyBlock';
import { useMoney } from '../../shared/format';
import { isOrderNotFound, useOrderDetail } from './api';
import { StatusBadge } from './OrderCard';
import { OrderNotFound } from './OrderDetailPage';
import { usePayOrder } from './OrderOperations';
import { Countdown, LineRow, notifyOrderError, orderError } from './parts';
import { PageLoading } from '../../shared/PageLoading';

const PAY_OPS = ['pay', 'secondary_pay'];

export function BulkToPayPage() {
  const { t } = useTranslation();
  const fmt = useMoney();
  const { orderId = '' } = useParams();
  const { data: order, isLoading, error } = useOrderDetail(orderId);
  const pay = usePayOrder({ bulkPage: true });
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (!/^\d{1,18}$/.test(orderId) || isOrderNotFound(error))
    return (
      <Container size="md" py="xl">
        <OrderNotFound orderNumber={orderId} />
      </Container>
    );
  if (isLoading) return <PageLoading />;
  if (error || !order) return <EmptyBlock title={orderError(t, error)} />;
  const op = order.operationList.find((o) => PAY_OPS.includes(o));
  const b = order.bill;
  return (
    <Container size="md" py="xl">
      <Paper withBorder p="lg" data-testid="bulk-to-pay">
        <Stack gap="md">
          <Stepper active={3} size="xs" allowNextStepsSelect={false} aria-label={t('orders.bulk.guide')}>
            <Stepper.Step label={t('orderProcess.steps.submit')} />
            <Stepper.Step label={t('orderProcess.steps.negotiate')} />
            <Stepper.Step label={t('orderProcess.steps.discount')} />
            <Stepper.Step label={t('orderProcess.steps.pay')} />
          </Stepper>
          <Group justify="space-between" wrap="wrap">
            <Title order={1} size="h2">
              {t('orders.bulk.title')}
            </Title>
            <StatusBadge status={order.displayStatus} />
          </Group>
          <Text size="sm" c="dimmed">
            {t('orders.orderNumber', { code: order.tradeOrderCode })} · {order.shop.siteName}
          </Text>
          {order.tradeOrderType !== 'BULK' && (
            <Text size="sm" c="orange">
              {t('orders.bulk.notBulk')}
            </Text>
          )}
          <Stack gap="sm">
            {order.tradeOrderLineList.map((l) => (
              <LineRow key={l.id} line={l} imageSize={80} />
            ))}
          </Stack>
          <Divider />
          <Stack gap={4}>
            <Group justify="space-between">
              <Text size="sm">{t('orders.bill.goods')}</Text>
              <Text size="sm">{fmt(b.skuAmt)}</Text>
            </Group>
            <Group justify="space-between">
              <Text size="sm">{t('orders.bill.shipping')}</Text>
              <Text size="sm">{fmt(b.shippingAmt)}</Text>
            </Group>
            {Number(b.orderDiscountAmt.value) > 0 && (
              <Group justify="space-between">
                <Text size="sm">{t('orders.bill.discount')}</Text>
                <Text size="sm">− {fmt(b.orderDiscountAmt)}</Text>
              </Group>
            )}
            <Group justify="space-between">
              <Text fw={700}>{t('orders.bulk.amount')}</Text>
              <Text fw={700} size="lg" data-testid="bulk-amount">
                {fmt(order.needPayAmt)}
              </Text>
            </Group>
          </Stack>
          {order.payDeadlineMillis !== null && order.displayStatus === 'PENDING_PAY' && (
            <Countdown deadline={order.payDeadlineMillis} labelKey="orders.deadline.pay" />
          )}
          {op ? (
            <Button
              size="md"
              loading={busy}
              onClick={async () => {
                setBusy(true);
                // A first payment confirms the addresses and items on the confirm-pay view; a repeat goes through the usual guard.
                if (order.tradeOrderType === 'BULK' && op === 'pay') {
                  void navigate(`/checkout?tradeContractId=${order.tradeContract.id}`);
                  return;
                }
                try {
                  await pay.start(order, op);
                } catch (e) {
                  notifyOrderError(t, e);
                } finally {
                  setBusy(false);
                }
              }}
              data-testid="bulk-pay"
            >
              {t('orders.bulk.pay', { amount: fmt(order.needPayAmt) })}
            </Button>
          ) : (
            <Text c="dimmed">
              {t(order.displayStatus === 'PENDING_PAY' ? 'orders.bulk.notYours' : 'payment.notPayable')}
            </Text>
          )}
          <Anchor component={Link} to={`/buyer/order/detail/${order.id}`} size="sm">
            {t('orders.viewDetail')}
          </Anchor>
        </Stack>
      </Paper>
      {pay.dialog}
    </Container>
  );
}
