/**
 * /buyer/merge-pay?orders=1,2: several unpaid orders paid in one payment (SPEC §4 MERGE_PAY).
 * The server gives the merged contract of the selection (refusing orders that can no longer be
 * paid together); the carousel shows what is paid, the total below it, and the usual payment
 * section pays the merged contract, then the usual pay result follows.
 */
import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Anchor, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MERGE_MAX_ORDERS } from '@mall/contracts/constants';
import { useMoney } from '../../shared/format';
import { errorMessage } from '../../shared/errors';
import { EmptyBlock } from '../../shared/EmptyBlock';
import { PageLoading } from '../../shared/PageLoading';
import { useMergedContract } from './mergeApi';
import { MergeCarousel } from './MergeCarousel';

const PaymentSection = lazy(() => import('../payment/PaymentSection').then((m) => ({ default: m.PaymentSection })));

/** The order ids of the address: digits only, each once, at most MERGE_MAX_ORDERS. */
export function mergeOrderIds(param: string | null): string[] {
  const ids = (param ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^\d{1,18}$/.test(s));
  return [...new Set(ids)].slice(0, MERGE_MAX_ORDERS);
}

export function MergePayPage() {
  const { t } = useTranslation();
  const fmt = useMoney();
  const [params] = useSearchParams();
  const ids = mergeOrderIds(params.get('orders'));
  const { data, isLoading, error, refetch, isFetching } = useMergedContract(ids);
  const back = (
    <Anchor component={Link} to="/buyer/orders?status=PENDING_PAY">
      {t('orders.merge.backToList')}
    </Anchor>
  );
  if (ids.length < 2) return <EmptyBlock title={t('orders.merge.nothing')}>{back}</EmptyBlock>;
  if (isLoading) return <PageLoading />;
  if (error || !data) {
    return (
      <Container size="sm" py="xl">
        <Paper withBorder p="lg" data-testid="merge-error" role="alert">
          <Stack>
            <Title order={1} size="h3">
              {t('orders.merge.title')}
            </Title>
            <Text c="red">{errorMessage(t, error)}</Text>
            <Group>
              <Button variant="default" loading={isFetching} onClick={() => void refetch()}>
                {t('orders.retry')}
              </Button>
              {back}
            </Group>
          </Stack>
        </Paper>
      </Container>
    );
  }
  return (
    <Container size="sm" py="xl">
      <Paper withBorder p="lg" data-testid="merge-pay-page">
        <Stack>
          <Title order={1} size="h2">
            {t('orders.merge.title')}
          </Title>
          <MergeCarousel orders={data.tradeOrderList} />
          <Group justify="space-between" data-testid="merge-total">
            <Text>{t('orders.merge.totalOf', { count: data.tradeOrderList.length })}</Text>
            <Text fw={700} size="lg">
              {fmt(data.needPayAmt)}
            </Text>
          </Group>
          {data.status === 'PENDING_PAY' ? (
            <Suspense fallback={<PageLoading />}>
              <PaymentSection
                isPoint={false}
                amount={data.needPayAmt}
                ensureContract={async () => ({ id: data.id, payUniqueKey: data.payUniqueKey })}
              />
            </Suspense>
          ) : (
            <Text c="dimmed">{t(data.status === 'PAID' ? 'payResult.success' : 'payment.notPayable')}</Text>
          )}
          {back}
        </Stack>
      </Paper>
    </Container>
  );
}
