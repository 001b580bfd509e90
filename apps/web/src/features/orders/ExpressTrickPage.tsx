/**
 * /buyer/express-trick/:orderId: every package of the order with carrier, tracking number (copy),
 * status, lines and its tracking timeline from the waybill query; packages still on their way
 * can be confirmed here.
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Anchor, Button, Group, Loader, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconArrowLeft, IconTruckDelivery } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../shared/ConfirmDialog';
import type { ShipmentPackage, TrackEntry } from '@mall/contracts';
import { EmptyBlock } from '../../shared/EmptyBlock';
import { isOrderNotFound, useOrderDetail, usePackages, useWaybill } from './api';
import { OrderNotFound } from './OrderDetailPage';
import { useSignPackage } from './OrderOperations';
import { orderError, PackageSummary } from './parts';
import { PageLoading } from '../../shared/PageLoading';

/** Newest first, as the waybill query returns them; the newest entry is highlighted. */
export function TrackTimeline({ entries, loading }: { entries: TrackEntry[] | undefined; loading?: boolean }) {
  const { t } = useTranslation();
  if (loading) return <Loader size="sm" aria-label={t('common.loading')} />;
  if (!entries?.length)
    return (
      <Text size="sm" c="dimmed" data-testid="no-tracking">
        {t('orders.track.none')}
      </Text>
    );
  return (
    <Timeline active={0} bulletSize={14} lineWidth={2} data-testid="track-timeline">
      {entries.map((e, i) => (
        <Timeline.Item
          key={`${e.originTime}-${i}`}
          data-testid="track-entry"
          title={
            <Text size="sm" fw={i === 0 ? 600 : 400}>
              {e.context}
            </Text>
          }
        >
          <Text size="xs" c="dimmed">
            {e.formatTime}
            {e.areaName ? ` · ${e.areaName}` : ''}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

function PackageCard({ orderId, pkg, index }: { orderId: string; pkg: ShipmentPackage; index: number }) {
  const { t } = useTranslation();
  const track = useWaybill(pkg.fulfillmentServiceProvider.code, pkg.serviceCode);
  const sign = useSignPackage(orderId);
  const [asking, setAsking] = useState(false);
  return (
    <Paper
      withBorder
      p="md"
      data-testid="package-card"
      component="section"
      aria-label={t('orders.package.title', { n: index + 1 })}
    >
      <Stack gap="md">
        <PackageSummary pkg={pkg} index={index} />
        <div>
          <Title order={3} size="h5" mb="xs">
            {t('orders.track.title')}
          </Title>
          <TrackTimeline entries={track.data} loading={track.isLoading} />
        </div>
        {pkg.operationList.includes('confirm') && (
          <Button
            w="fit-content"
            onClick={() => setAsking(true)}
            aria-label={t('orders.confirm.packageButton', { code: pkg.serviceCode })}
          >
            {t('orders.op.confirm')}
          </Button>
        )}
      </Stack>
      <ConfirmDialog
        opened={asking}
        onClose={() => setAsking(false)}
        title={t('orders.confirm.title')}
        confirmLabel={t('orders.confirm.button')}
        busy={sign.isPending}
        onConfirm={() => sign.mutate(pkg.id, { onSettled: () => setAsking(false) })}
      >
        <Text size="sm">{t('orders.confirm.text')}</Text>
      </ConfirmDialog>
    </Paper>
  );
}

export function ExpressTrickPage() {
  const { t } = useTranslation();
  const { orderId = '' } = useParams();
  const packages = usePackages(orderId);
  const order = useOrderDetail(orderId);
  if (!/^\d{1,18}$/.test(orderId) || isOrderNotFound(packages.error)) return <OrderNotFound orderNumber={orderId} />;
  if (packages.isLoading) return <PageLoading />;
  if (packages.error) return <EmptyBlock title={orderError(t, packages.error)} />;
  const list = packages.data ?? [];
  return (
    <Stack gap="md">
      <Anchor component={Link} to={`/buyer/order/detail/${orderId}`} size="sm" w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden />
          {t('orders.backToOrder')}
        </Group>
      </Anchor>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('orders.track.pageTitle')}
        </Title>
        {order.data && (
          <Text size="sm" c="dimmed">
            {t('orders.orderNumber', { code: order.data.tradeOrderCode })}
          </Text>
        )}
      </Group>
      {list.length === 0 ? (
        <EmptyBlock title={t('orders.track.none')} icon={<IconTruckDelivery size={30} />} />
      ) : (
        list.map((p, i) => <PackageCard key={p.id} orderId={orderId} pkg={p} index={i} />)
      )}
    </Stack>
  );
}
