/**
 * /order-process/:requestId: one order request for its buyer: where it stands in the shopping
 * guide, the lines with the seller's exclusive prices, the quote (accept or decline; an expired
 * one waits for the seller's revision), the messages with the seller, and once accepted the way
 * to pay the bulk order.
 */
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert, Anchor, Button, Container, Group, Modal, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api';
import { EmptyBlock } from '../../../shared/EmptyBlock';
import { notifyError } from '../../../shared/errors';
import { useAccept, useBulkRequest, useDecline } from '../api/bulk';
import { MessageThread } from '../components/MessageThread';
import { BulkStatusBadge, GuideSteps, QuoteSummary, RequestLines } from '../components/parts';

export function OrderRequestPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { requestId = '' } = useParams();
  const { data: view, isLoading, error } = useBulkRequest(requestId);
  const accept = useAccept(requestId);
  const decline = useDecline(requestId);
  const [confirmDecline, setConfirmDecline] = useState(false);
  if (error instanceof ApiError && error.status === 404)
    return (
      <Container size="md" py="xl">
        <EmptyBlock title={t('bulk.notFound')} />
      </Container>
    );
  if (isLoading)
    return (
      <Container size="md" py="xl">
        <Skeleton h={300} />
      </Container>
    );
  if (!view)
    return (
      <Container size="md" py="xl">
        <Alert color="red">{t('errors.Common.internal')}</Alert>
      </Container>
    );
  return (
    <Container size="md" py="xl" px={{ base: 'xs', sm: 'md' }}>
      <Stack gap="md">
        <Anchor component={Link} to="/order-process" size="sm">
          ← {t('bulk.back')}
        </Anchor>
        <Paper withBorder p={{ base: 'sm', sm: 'lg' }} data-testid="bulk-request">
          <Stack gap="md">
            <Group justify="space-between" wrap="wrap">
              <Title order={1} size="h2">
                {t('bulk.requestTitle', { shop: view.shop.name })}
              </Title>
              <BulkStatusBadge status={view.status} />
            </Group>
            <Text size="xs" c="dimmed">
              {t('bulk.requestNo', { id: view.id })}
            </Text>
            <GuideSteps active={view.guideStep} />
            {view.requirements && (
              <Alert variant="light" title={t('bulk.requirements')}>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {view.requirements}
                </Text>
              </Alert>
            )}
            <RequestLines view={view} />
            <QuoteSummary view={view} />
            {view.status === 'EXPIRED' && (
              <Alert color="orange" data-testid="quote-expired">
                {t('bulk.expiredHint')}
              </Alert>
            )}
            <Group gap="xs">
              {view.actions.includes('accept') && (
                <Button
                  loading={accept.isPending}
                  data-testid="bulk-accept"
                  onClick={() =>
                    accept.mutate(undefined, {
                      onSuccess: (r) => void navigate(`/bulk-to-pay/${r.orderId}`),
                      onError: (e) => notifyError(t, e),
                    })
                  }
                >
                  {t('bulk.accept')}
                </Button>
              )}
              {view.order && view.actions.includes('pay') && (
                <Button component={Link} to={`/bulk-to-pay/${view.order.id}`} data-testid="bulk-pay">
                  {t('bulk.pay')}
                </Button>
              )}
              {view.order && (
                <Button variant="default" component={Link} to={`/buyer/order/detail/${view.order.id}`}>
                  {t('bulk.viewOrder')}
                </Button>
              )}
              {view.actions.includes('decline') && (
                <Button
                  variant="subtle"
                  color="gray"
                  onClick={() => setConfirmDecline(true)}
                  data-testid="bulk-decline"
                >
                  {t('bulk.decline')}
                </Button>
              )}
            </Group>
          </Stack>
        </Paper>
        <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
          <Title order={2} size="h4" mb="sm">
            {t('bulk.messages')}
          </Title>
          <MessageThread view={view} />
        </Paper>
      </Stack>
      <Modal opened={confirmDecline} onClose={() => setConfirmDecline(false)} title={t('bulk.declineTitle')} centered>
        <Stack>
          <Text size="sm">{t('bulk.declineText')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmDecline(false)}>
              {t('bulk.keep')}
            </Button>
            <Button
              color="red"
              loading={decline.isPending}
              onClick={() =>
                decline.mutate(undefined, {
                  onSettled: () => setConfirmDecline(false),
                  onError: (e) => notifyError(t, e),
                })
              }
              data-testid="bulk-decline-confirm"
            >
              {t('bulk.decline')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Container>
  );
}
