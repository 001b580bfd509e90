import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Anchor, Button, Container, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PAY_SUCCESS_COUNTDOWN_S, type CheckoutEntry } from '@mall/contracts';
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

/** /buyer/pay-result: the success screen with its 10-second countdown (SPEC §2). */
export function PayResultPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const status = params.get('status');
  const target = resolveTarget(params.get('target'));
  const [left, setLeft] = useState(PAY_SUCCESS_COUNTDOWN_S);
  const go = () => (target.internal ? navigate(target.url, { replace: true }) : window.location.assign(target.url));
  useEffect(() => {
    if (status !== 'success') return;
    if (left <= 0) { go(); return; }
    const id = setTimeout(() => setLeft((l) => l - 1), 1000);
    return () => clearTimeout(id);
  }, [left, status]); // eslint-disable-line react-hooks/exhaustive-deps
  if (status !== 'success') return <EmptyBlock title={t('payResult.unknown')}><Anchor component={Link} to="/buyer/orders">{t('buyer.menu.orders')}</Anchor></EmptyBlock>;
  return (
    <Container size="sm" py="xl">
      <Paper withBorder p="lg" data-testid="pay-success">
        <Stack align="center">
          <Title order={1} size="h2">{t('payResult.success')}</Title>
          {params.get('contractId') && <Text size="sm" c="dimmed">{t('checkout.submitted.number', { id: params.get('contractId') })}</Text>}
          <Text>{t('payResult.countdown', { seconds: left })}</Text>
          <Anchor component="button" type="button" onClick={go}>{t('payResult.goBack')}</Anchor>
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
