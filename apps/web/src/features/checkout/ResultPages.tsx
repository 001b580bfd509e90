import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Anchor, Button, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { PAYMENT_POLL_MS, PAY_SUCCESS_COUNTDOWN_S } from '@mall/contracts/constants';
import { errorMessage } from '../../shared/errors';
import { useMoney } from '../../shared/format';
import { isLoggedIn, useSession } from '../../shared/session';
import { safeTarget } from '../../shared/safeTarget';
import { fetchPayResult, useContract, usePaymentHosts } from '../payment/api';
import { finishAdyenReturn } from '../payment/adyenWeb';
import { ContractOrders } from '../payment/ContractOrders';
import { DeclineReason } from '../payment/DeclineReason';
import { PaymentSection } from '../payment/PaymentSection';
import { EmptyBlock } from '../../shared/EmptyBlock';
import { PageLoading } from '../../shared/PageLoading';

/**
 * /buyer/pay-result (SPEC §2, §4 "Payment polling"): polls every 3 s while the payment is
 * pending; success names the orders by their real numbers with a short summary and stays until
 * the buyer leaves. Only when a `target` was given does the 10-second countdown of SPEC §2 go
 * there, and only to a safe target (this shop or a payment provider's host; anything else: home).
 */
export function PayResultPage() {
  const { t } = useTranslation();
  const fmt = useMoney();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const registered = isLoggedIn(useSession().data);
  const contractId = params.get('contractId');
  const given = params.get('status');
  const rawTarget = params.get('target');
  const target = safeTarget(rawTarget, { allowedHosts: usePaymentHosts() });
  const [left, setLeft] = useState(PAY_SUCCESS_COUNTDOWN_S);
  const polled = useQuery({
    queryKey: ['pay-result', contractId],
    enabled: !!contractId && given !== 'master-pending',
    // Back from an Adyen Drop-in redirect: its redirectResult finishes the payment first (adyenDetails).
    queryFn: () => finishAdyenReturn(params).then(() => fetchPayResult(contractId!, params.get('sessionResult'))),
    refetchInterval: (q) =>
      given !== 'failed' && (q.state.data?.status === 'PAY_PENDING' || q.state.data?.status === 'NONE')
        ? PAYMENT_POLL_MS
        : false,
    retry: false,
  });
  const s = polled.data?.status;
  const outcome: 'success' | 'pending' | 'failed' | 'master-pending' =
    given === 'master-pending'
      ? 'master-pending'
      : given === 'failed'
        ? 'failed'
        : s === 'PAY_SUCCESS' || s === 'PRE_AUTH_SUCCESS'
          ? 'success'
          : s === 'PAY_PENDING' || s === 'NONE' || (!s && !polled.error)
            ? given === 'success' && !contractId
              ? 'success'
              : 'pending'
            : 'failed';
  // The error of a start that failed in the shop (already translated), else the provider's reason code.
  const startError = params.get('error');
  const declineCode = !startError && s === 'PAY_FAILED' ? (polled.data?.failedReason ?? null) : null;
  const otherError = !startError && !declineCode && polled.error ? errorMessage(t, polled.error) : null;
  const go = () => (target.internal ? navigate(target.url, { replace: true }) : window.location.assign(target.url));
  const counting = outcome === 'success' && !!rawTarget;
  useEffect(() => {
    if (!counting) return;
    if (left <= 0) {
      void go();
      return;
    }
    const id = setTimeout(() => setLeft((l) => l - 1), 1000);
    return () => clearTimeout(id);
  }, [left, counting]); // eslint-disable-line react-hooks/exhaustive-deps
  const orders = polled.data ? <ContractOrders orders={polled.data.tradeOrderList} email={polled.data.email} /> : null;
  return (
    <Container size="sm" py="xl">
      <Paper withBorder p="lg" data-testid={`pay-${outcome}`}>
        <Stack align="center">
          {outcome === 'pending' && (
            <>
              <Loader aria-label={t('common.loading')} />
              <Title order={1} size="h2">
                {t('payResult.pending')}
              </Title>
              <Text c="dimmed">{t('payResult.pendingText')}</Text>
              {orders}
            </>
          )}
          {outcome === 'success' && (
            <>
              <Title order={1} size="h2">
                {t('payResult.success')}
              </Title>
              {polled.data && (
                <Text c="dimmed">{t('payResult.paidAmount', { amount: fmt(polled.data.needPayAmt) })}</Text>
              )}
              {orders}
              {counting ? (
                <>
                  <Text>{t('payResult.countdown', { seconds: left })}</Text>
                  <Anchor component="button" type="button" onClick={go}>
                    {t('payResult.goBack')}
                  </Anchor>
                </>
              ) : (
                <Group justify="center">
                  {registered && (
                    <Button component={Link} to="/buyer/orders">
                      {t('buyer.menu.orders')}
                    </Button>
                  )}
                  <Button variant="default" component={Link} to="/">
                    {t('cart.goShopping')}
                  </Button>
                </Group>
              )}
            </>
          )}
          {outcome === 'master-pending' && (
            <>
              <Title order={1} size="h2">
                {t('payResult.masterPending')}
              </Title>
              <Anchor component={Link} to="/buyer/orders">
                {t('buyer.menu.orders')}
              </Anchor>
            </>
          )}
          {outcome === 'failed' && (
            <>
              <Title order={1} size="h2">
                {t('payResult.failed')}
              </Title>
              {startError && (
                <Text c="red.8" data-testid="failed-reason">
                  {startError}
                </Text>
              )}
              {declineCode && <DeclineReason code={declineCode} />}
              {otherError && (
                <Text c="red.8" data-testid="failed-reason">
                  {otherError}
                </Text>
              )}
              {orders}
              {contractId && (
                <Button component={Link} to={`/buyer/pre-pay?contractId=${contractId}`}>
                  {t('payment.payAgain')}
                </Button>
              )}
              {registered && (
                <Anchor component={Link} to="/buyer/orders">
                  {t('buyer.menu.orders')}
                </Anchor>
              )}
            </>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}

/** /buyer/pre-pay?tradeId=&buyerId=&contractId=: pay an existing contract. */
export function PrePayPage() {
  const { t } = useTranslation();
  const fmt = useMoney();
  const [params] = useSearchParams();
  const contractId = params.get('contractId');
  const { data, isLoading, error } = useContract(contractId);
  if (isLoading) return <PageLoading />;
  if (!data || error)
    return (
      <EmptyBlock title={t('payResult.noOrder')}>
        <Anchor component={Link} to="/buyer/orders">
          {t('buyer.menu.orders')}
        </Anchor>
      </EmptyBlock>
    );
  return (
    <Container size="sm" py="xl">
      <Paper withBorder p="lg" data-testid="pre-pay">
        <Stack>
          <Title order={1} size="h2">
            {t('checkout.step.pay')}
          </Title>
          <Text fw={600}>{t('payment.amountDue', { amount: fmt(data.stageAmt) })}</Text>
          <ContractOrders orders={data.tradeOrderList} email={data.email} />
          {data.presale && (
            <Text size="sm" c="grape" data-testid="presale-info">
              {t('payment.presale', {
                deposit: fmt(data.presale.deposit),
                balance: fmt(data.presale.balance),
                start: dayjs(data.presale.balancePaymentStartTime).format('YYYY-MM-DD HH:mm'),
                end: dayjs(data.presale.balancePaymentEndTime).format('YYYY-MM-DD HH:mm'),
              })}
              {' · '}
              {t(`payment.presaleStage.${data.presale.stage}`)}
            </Text>
          )}
          {data.presale?.stage === 'BALANCE' && Date.now() < Date.parse(data.presale.balancePaymentStartTime) ? (
            <Text c="orange" data-testid="balance-hint">
              {t('payment.balanceBegins', {
                date: dayjs(data.presale.balancePaymentStartTime).format('YYYY-MM-DD HH:mm'),
              })}
            </Text>
          ) : data.status === 'PENDING_PAY' ? (
            <PaymentSection
              isPoint={data.isPoint}
              amount={data.stageAmt}
              ensureContract={async () => ({ id: data.id, payUniqueKey: data.payUniqueKey })}
            />
          ) : (
            <Text c="dimmed">{t(data.status === 'PAID' ? 'payResult.success' : 'payment.notPayable')}</Text>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
