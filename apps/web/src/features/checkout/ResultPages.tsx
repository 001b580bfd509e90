import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Anchor, Button, Center, Container, Loader, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { PAYMENT_POLL_MS, PAY_SUCCESS_COUNTDOWN_S, type CheckoutEntry } from '@mall/contracts';
import { errorMessage } from '../../shared/errors';
import { useMoney } from '../../shared/format';
import { fetchPayResult, useContract } from '../payment/api';
import { PaymentSection } from '../payment/PaymentSection';
import { EmptyBlock } from '../../shared/EmptyBlock';

/** Only same-origin targets are navigated inside the app; other http(s) targets leave it. */
export function resolveTarget(raw: string | null): { internal: boolean; url: string } {
  if (!raw) return { internal: true, url: '/' };
  try {
    const u = new URL(raw, window.location.origin);
    if (u.origin === window.location.origin) return { internal: true, url: u.pathname + u.search + u.hash };
    if (u.protocol === 'https:' || u.protocol === 'http:') return { internal: false, url: u.toString() };
  } catch { /* fall through */ }
  return { internal: true, url: '/' };
}

/**
 * /buyer/pay-result (SPEC §2, §4 "Payment polling"): polls every 3 s while the payment is
 * pending; success shows a 10-second countdown to `target` (or home), failure the reason.
 */
export function PayResultPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const contractId = params.get('contractId');
  const given = params.get('status');
  const target = resolveTarget(params.get('target'));
  const [left, setLeft] = useState(PAY_SUCCESS_COUNTDOWN_S);
  const polled = useQuery({
    queryKey: ['pay-result', contractId],
    enabled: !!contractId && given !== 'failed' && given !== 'master-pending',
    queryFn: () => fetchPayResult(contractId!),
    refetchInterval: (q) => (q.state.data?.status === 'PAY_PENDING' || q.state.data?.status === 'NONE' ? PAYMENT_POLL_MS : false),
    retry: false,
  });
  const s = polled.data?.status;
  const outcome: 'success' | 'pending' | 'failed' | 'master-pending' =
    given === 'master-pending' ? 'master-pending'
    : given === 'failed' ? 'failed'
    : s === 'PAY_SUCCESS' || s === 'PRE_AUTH_SUCCESS' ? 'success'
    : s === 'PAY_PENDING' || s === 'NONE' || (!s && !polled.error) ? (given === 'success' && !contractId ? 'success' : 'pending')
    : 'failed';
  const reason = params.get('error') ?? polled.data?.failedReason ?? (polled.error ? errorMessage(t, polled.error) : null);
  const go = () => (target.internal ? navigate(target.url, { replace: true }) : window.location.assign(target.url));
  useEffect(() => {
    if (outcome !== 'success') return;
    if (left <= 0) { go(); return; }
    const id = setTimeout(() => setLeft((l) => l - 1), 1000);
    return () => clearTimeout(id);
  }, [left, outcome]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Container size="sm" py="xl">
      <Paper withBorder p="lg" data-testid={`pay-${outcome}`}>
        <Stack align="center">
          {outcome === 'pending' && <><Loader aria-label={t('common.loading')} /><Title order={1} size="h2">{t('payResult.pending')}</Title><Text c="dimmed">{t('payResult.pendingText')}</Text></>}
          {outcome === 'success' && (
            <>
              <Title order={1} size="h2">{t('payResult.success')}</Title>
              {contractId && <Text size="sm" c="dimmed">{t('checkout.submitted.number', { id: contractId })}</Text>}
              <Text>{t('payResult.countdown', { seconds: left })}</Text>
              <Anchor component="button" type="button" onClick={go}>{t('payResult.goBack')}</Anchor>
            </>
          )}
          {outcome === 'master-pending' && <><Title order={1} size="h2">{t('payResult.masterPending')}</Title><Anchor component={Link} to="/buyer/orders">{t('buyer.menu.orders')}</Anchor></>}
          {outcome === 'failed' && (
            <>
              <Title order={1} size="h2">{t('payResult.failed')}</Title>
              {reason && <Text c="red" data-testid="failed-reason">{reason}</Text>}
              {contractId && <Button component={Link} to={`/buyer/pre-pay?contractId=${contractId}`}>{t('payment.payAgain')}</Button>}
              <Anchor component={Link} to="/buyer/orders">{t('buyer.menu.orders')}</Anchor>
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
  if (isLoading) return <Center py="xl"><Loader aria-label={t('common.loading')} /></Center>;
  if (!data || error) return <EmptyBlock title={t('payResult.noOrder')}><Anchor component={Link} to="/buyer/orders">{t('buyer.menu.orders')}</Anchor></EmptyBlock>;
  return (
    <Container size="sm" py="xl">
      <Paper withBorder p="lg" data-testid="pre-pay">
        <Stack>
          <Title order={1} size="h2">{t('checkout.step.pay')}</Title>
          <Text>{t('checkout.submitted.number', { id: data.id })} · {t('payment.amountDue', { amount: fmt(data.stageAmt) })}</Text>
          {data.presale && (
            <Text size="sm" c="grape" data-testid="presale-info">
              {t('payment.presale', { deposit: fmt(data.presale.deposit), balance: fmt(data.presale.balance), start: dayjs(data.presale.balancePaymentStartTime).format('YYYY-MM-DD HH:mm'), end: dayjs(data.presale.balancePaymentEndTime).format('YYYY-MM-DD HH:mm') })}
              {' · '}{t(`payment.presaleStage.${data.presale.stage}`)}
            </Text>
          )}
          {data.presale?.stage === 'BALANCE' && Date.now() < Date.parse(data.presale.balancePaymentStartTime)
            ? <Text c="orange" data-testid="balance-hint">{t('payment.balanceBegins', { date: dayjs(data.presale.balancePaymentStartTime).format('YYYY-MM-DD HH:mm') })}</Text>
            : data.status === 'PENDING_PAY'
            ? <PaymentSection isPoint={data.isPoint} amount={data.stageAmt} ensureContract={async () => ({ id: data.id, payUniqueKey: data.payUniqueKey })} />
            : <Text c="dimmed">{t(data.status === 'PAID' ? 'payResult.success' : 'payment.notPayable')}</Text>}
        </Stack>
      </Paper>
    </Container>
  );
}

/** After an order request (exceed flow): the shopping guide steps of SPEC §2. */
export function OrderProcessPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useLocation().state as { requestId?: string; entries?: CheckoutEntry[] } | null;
  return (
    <Container size="md" py="xl">
      <Paper withBorder p="lg" data-testid="order-process">
        <Title order={1} size="h2" mb="md">{t('orderProcess.title')}</Title>
        {state?.requestId && <Text mb="md">{t('orderProcess.sent', { id: state.requestId })}</Text>}
        <Stepper active={1} orientation="vertical" size="sm">
          <Stepper.Step label={t('orderProcess.steps.submit')} />
          <Stepper.Step label={t('orderProcess.steps.negotiate')} />
          <Stepper.Step label={t('orderProcess.steps.discount')} />
          <Stepper.Step label={t('orderProcess.steps.pay')} />
        </Stepper>
        <Stack mt="md" gap="xs">
          {state?.entries?.length ? (
            <Button variant="light" onClick={() => navigate('/checkout', { replace: true, state: { from: 'cart', isExceed: true, entries: state.entries } })}>{t('orderProcess.contact')}</Button>
          ) : null}
          <Button variant="default" component={Link} to="/">{t('cart.goShopping')}</Button>
        </Stack>
      </Paper>
    </Container>
  );
}
