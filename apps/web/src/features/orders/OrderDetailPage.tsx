/**
 * /buyer/order/detail/:orderId (optional ?OutTradeOrderCode=): the order detail, or the empty
 * state of SPEC §2/§8 when the order does not exist (guests: log in; others: no order found).
 */
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyBlock } from '../../shared/EmptyBlock';
import { useSession } from '../../shared/session';
import { isOrderNotFound, useOrderDetail } from './api';
import { OrderDetailView } from './OrderDetailView';
import { orderError } from './parts';
import { PageLoading } from '../../shared/PageLoading';

export function OrderNotFound({ orderNumber }: { orderNumber: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { data: session } = useSession();
  const guest = !session?.user || session.userType === 'TOURIST';
  if (guest) {
    return (
      <EmptyBlock title={t('orders.notFound.guestTitle')}>
        <Text size="sm" c="dimmed" ta="center">
          {t('orders.notFound.guestText')}
        </Text>
        <Group>
          <Button component={Link} to={`/login?target=${encodeURIComponent(location.pathname + location.search)}`}>
            {t('topbar.login')}
          </Button>
          <Button component={Link} to="/order-lookup" variant="default">
            {t('orders.lookup.link')}
          </Button>
        </Group>
      </EmptyBlock>
    );
  }
  return (
    <EmptyBlock title={t('payResult.noOrder')}>
      <Text size="sm" c="dimmed" data-testid="not-found-number">
        {t('orders.notFound.number', { id: orderNumber })}
      </Text>
      <Anchor component={Link} to="/buyer/orders">
        {t('buyer.menu.orders')}
      </Anchor>
    </EmptyBlock>
  );
}

export function OrderDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { orderId = '' } = useParams();
  const [params] = useSearchParams();
  const code = params.get('OutTradeOrderCode') ?? params.get('outTradeOrderCode');
  const valid = /^\d{1,18}$/.test(orderId);
  const { data, isLoading, error, refetch } = useOrderDetail(orderId, code);

  const back = (
    <Anchor
      component="button"
      type="button"
      size="sm"
      onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/buyer/orders'))}
      w="fit-content"
    >
      <Group gap={4}>
        <IconArrowLeft size={14} aria-hidden />
        {t('orders.back')}
      </Group>
    </Anchor>
  );
  if (!valid || isOrderNotFound(error))
    return (
      <Stack>
        {back}
        <OrderNotFound orderNumber={code ?? orderId} />
      </Stack>
    );
  if (isLoading) return <PageLoading />;
  if (error || !data) {
    return (
      <EmptyBlock title={orderError(t, error)}>
        <Button variant="light" onClick={() => void refetch()}>
          {t('orders.retry')}
        </Button>
      </EmptyBlock>
    );
  }
  return (
    <Stack gap="sm">
      {back}
      <OrderDetailView order={data} openUseInfo={location.hash === '#use-info'} />
    </Stack>
  );
}
