/**
 * /buyer/confirm/:orderId (mobile confirm page, SPEC §4): the order's packages still on their way,
 * each with its own confirm button; once the order is complete the buyer goes to /confirm-success.
 */
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyBlock } from '../../shared/EmptyBlock';
import { isOrderNotFound, useOrderDetail, usePackages } from './api';
import { OrderNotFound } from './OrderDetailPage';
import { OpenPackages } from './OrderOperations';
import { orderError } from './parts';
import { PageLoading } from '../../shared/PageLoading';

export function ConfirmPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { orderId = '' } = useParams();
  const order = useOrderDetail(orderId);
  const packages = usePackages(orderId);
  const complete = order.data?.displayStatus === 'COMPLETE';
  useEffect(() => {
    if (complete) void navigate(`/confirm-success?orderId=${orderId}`, { replace: true });
  }, [complete, orderId, navigate]);

  if (!/^\d{1,18}$/.test(orderId) || isOrderNotFound(order.error) || isOrderNotFound(packages.error))
    return <OrderNotFound orderNumber={orderId} />;
  if (order.isLoading || packages.isLoading) return <PageLoading />;
  const error = order.error ?? packages.error;
  if (error) return <EmptyBlock title={orderError(t, error)} />;
  const open = (packages.data ?? []).filter((p) => p.fulfillmentProgressStatus === 'SEND_DELIVERY');
  return (
    <Stack gap="md">
      <Anchor component={Link} to={`/buyer/order/detail/${orderId}`} size="sm" w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden />
          {t('orders.backToOrder')}
        </Group>
      </Anchor>
      <Title order={1} size="h2">
        {t('orders.confirm.pageTitle')}
      </Title>
      {order.data && (
        <Text size="sm" c="dimmed">
          {t('orders.orderNumber', { code: order.data.tradeOrderCode })}
        </Text>
      )}
      {open.length === 0 ? (
        <EmptyBlock title={t('orders.confirm.nothing')}>
          <Anchor component={Link} to={`/buyer/order/detail/${orderId}`}>
            {t('orders.viewDetail')}
          </Anchor>
        </EmptyBlock>
      ) : (
        <>
          <Text size="sm">{t('orders.confirm.manyText')}</Text>
          <OpenPackages orderId={orderId} packages={packages.data ?? []} />
        </>
      )}
    </Stack>
  );
}
