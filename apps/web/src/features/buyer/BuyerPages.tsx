import { Link } from 'react-router';
import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { MasterPendingList } from '@mall/contracts';
import { api } from '../../shared/api';
import { useMoney } from '../../shared/format';
import { useTranslation } from 'react-i18next';
import { isLoggedIn, useSession } from '../../shared/session';
import { useBuyerMenu } from './BuyerLayout';
import { BuyerHome } from './BuyerHome';

export function BuyerIndexPage() {
  const { t } = useTranslation();
  const { data: session } = useSession();
  const menu = useBuyerMenu();
  const registered = isLoggedIn(session);
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('buyer.home')}
      </Title>
      {registered ? (
        session!.enterprise && (
          <Group gap="xs">
            {session!.enterprise && (
              <Badge color={session!.enterprise.isMain ? 'blue' : 'gray'}>
                {session!.enterprise.enterpriseName} ·{' '}
                {t(session!.enterprise.isMain ? 'buyer.mainAccount' : 'buyer.subAccount')}
              </Badge>
            )}
          </Group>
        )
      ) : (
        <Alert>
          {t('buyer.touristHint')}{' '}
          <Anchor component={Link} to="/login?target=/buyer/index">
            {t('topbar.login')}
          </Anchor>
        </Alert>
      )}
      {session?.enterprise?.isMain && <MasterPending />}
      {registered ? (
        <BuyerHome />
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3 }}>
          {menu.map((m) => (
            <Card key={m.to} withBorder component={Link} to={m.to} padding="md">
              <Group gap="sm">
                <m.icon size={22} />
                <Text fw={500}>{t(`buyer.menu.${m.key}`)}</Text>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** Main account: sub-account orders submitted for its payment (SPEC §6). */
function MasterPending() {
  const { t } = useTranslation();
  const fmt = useMoney();
  const { data } = useQuery({
    queryKey: ['master-pending'],
    queryFn: () => api<MasterPendingList>('/api/payments/master-pending'),
  });
  if (!data?.length) return null;
  return (
    <Card withBorder data-testid="master-pending">
      <Text fw={600} mb="xs">
        {t('buyer.masterPending')}
      </Text>
      <Stack gap="xs">
        {data.map((c) => (
          <Group key={c.contractId} justify="space-between">
            <Text size="sm">
              {t('payResult.orderNumber')} {c.tradeOrderCodes.join(', ')} · {c.buyerName} · {fmt(c.needPayAmt)}
            </Text>
            <Button size="compact-sm" component={Link} to={`/buyer/pre-pay?contractId=${c.contractId}`}>
              {t('payment.payNow')}
            </Button>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
