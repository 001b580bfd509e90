/**
 * /order-process: the shopping guide of the exceed flow (SPEC §2 Merchant shopping guide) and
 * the buyer's order requests, one per shop, each with where it stands and a link to its page
 * (messages, quote, accept). Reached after sending a request, with its number in the history
 * state and the checkout's entries for "Contact us".
 */
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert, Anchor, Button, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { CheckoutEntry } from '@mall/contracts';
import { EmptyBlock } from '../../../shared/EmptyBlock';
import { useMoney } from '../../../shared/format';
import { useBulkRequests } from '../api/bulk';
import { BulkStatusBadge, GuideSteps } from '../components/parts';

export function OrderProcessPage() {
  const { t } = useTranslation();
  const fmt = useMoney();
  const navigate = useNavigate();
  const state = useLocation().state as { requestId?: string; entries?: CheckoutEntry[] } | null;
  const requests = useBulkRequests();
  const current = requests.data?.[0];
  return (
    <Container size="md" py="xl" px={{ base: 'xs', sm: 'md' }}>
      <Stack gap="md">
        <Paper withBorder p={{ base: 'sm', sm: 'lg' }} data-testid="order-process">
          <Stack gap="md">
            <Title order={1} size="h2">
              {t(state?.requestId ? 'orderProcess.title' : 'bulk.title')}
            </Title>
            {state?.requestId && <Text data-testid="request-sent">{t('bulk.sent')}</Text>}
            <Text size="sm" c="dimmed">
              {t('bulk.guideIntro')}
            </Text>
            <GuideSteps active={current ? current.guideStep : 1} />
            <Group gap="xs">
              {state?.entries?.length ? (
                <Button
                  variant="light"
                  onClick={() =>
                    navigate('/checkout', {
                      replace: true,
                      state: { from: 'cart', isExceed: true, entries: state.entries },
                    })
                  }
                >
                  {t('orderProcess.contact')}
                </Button>
              ) : null}
              <Button variant="default" component={Link} to="/">
                {t('cart.goShopping')}
              </Button>
            </Group>
          </Stack>
        </Paper>

        <Title order={2} size="h3">
          {t('bulk.myRequests')}
        </Title>
        {requests.isLoading && <Skeleton h={120} />}
        {requests.error && <Alert color="red">{t('errors.Common.internal')}</Alert>}
        {requests.data && !requests.data.length && <EmptyBlock title={t('bulk.none')} />}
        {requests.data?.map((r) => (
          <Paper key={r.id} withBorder p={{ base: 'sm', sm: 'md' }} data-testid="bulk-request-card">
            <Stack gap="sm">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={0}>
                  <Text fw={600}>{r.shop.name}</Text>
                  <Text size="xs" c="dimmed">
                    {t('bulk.requestNo', { id: r.id })} · {dayjs(r.createdAt).format('YYYY-MM-DD')}
                  </Text>
                </Stack>
                <BulkStatusBadge status={r.status} />
              </Group>
              <Text size="sm">
                {r.lineCount > 1
                  ? t('bulk.itemsMore', { name: r.firstItemName, count: r.lineCount - 1 })
                  : r.firstItemName}
              </Text>
              <GuideSteps active={r.guideStep} />
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text size="sm">
                  {r.quote ? t('bulk.quotedTotal', { amount: fmt(r.quote.needPayAmt) }) : t('bulk.waitingQuote')}
                </Text>
                <Group gap="xs">
                  {r.order && r.actions.includes('pay') && (
                    <Button size="xs" component={Link} to={`/bulk-to-pay/${r.order.id}`} data-testid="bulk-card-pay">
                      {t('bulk.pay')}
                    </Button>
                  )}
                  <Anchor component={Link} to={`/order-process/${r.id}`} size="sm" data-testid="bulk-open">
                    {t('bulk.open')}
                  </Anchor>
                </Group>
              </Group>
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Container>
  );
}
