/**
 * The operator console's held orders (risk screening): each with its buyer, amount, score and
 * the reasons it scored and when it closes if nobody decides; approve (the buyer can pay) or cancel,
 * each after a confirmation. The decided ones (and those closed unreviewed) are listed apart.
 */
import { useState } from 'react';
import { Badge, Button, Card, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { HeldOrder } from '@mall/contracts';
import { riskReviewEndsAt } from '@mall/domain';
import { notifyError } from '../../../shared/errors';
import { useDateTime, useMoney } from '../../../shared/format';
import { Loading, LoadError } from '../../content/components/States';
import { useDecideHold, useHolds, type HoldFilter, type RiskDecision } from '../api/risk';

const OUTCOME_COLOR = { HELD: 'violet', APPROVED: 'green', REJECTED: 'red', EXPIRED: 'gray', PASSED: 'gray' } as const;

export function HeldOrders() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const date = useDateTime();
  const [filter, setFilter] = useState<HoldFilter>('HELD');
  const q = useHolds(filter);
  const decide = useDecideHold();
  const [pending, setPending] = useState<{ hold: HeldOrder; decision: RiskDecision } | null>(null);
  // A provider's own reason codes have no text here: shown as they are.
  const reasonText = (code: string) =>
    i18n.exists(`operator.risk.reason.${code}`) ? t(`operator.risk.reason.${code}`) : code;
  const code = (h: HeldOrder) => h.tradeOrderCodes.join(', ');
  return (
    <Stack>
      <SegmentedControl
        aria-label={t('operator.risk.show')}
        value={filter}
        onChange={(v) => setFilter(v)}
        data={[
          { value: 'HELD', label: t('operator.risk.held') },
          { value: 'DECIDED', label: t('operator.risk.decided') },
        ]}
        style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
      />
      {q.isLoading ? (
        <Loading />
      ) : q.error ? (
        <LoadError error={q.error} retry={() => void q.refetch()} />
      ) : !q.data?.length ? (
        <Text c="dimmed">{t('operator.risk.empty')}</Text>
      ) : (
        q.data.map((h) => (
          <Card key={h.contractId} withBorder padding="md" data-testid="risk-hold">
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={600}>
                    {t('operator.risk.order')} {code(h)}
                  </Text>
                  <Badge color={OUTCOME_COLOR[h.outcome]} variant="light">
                    {t(`operator.risk.outcomes.${h.outcome}`)}
                  </Badge>
                </Group>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {t('operator.risk.buyer')}: {h.buyer.nickname} ({h.buyer.email ?? '—'}) · {h.site}
                </Text>
                <Text size="sm">
                  {t('operator.risk.amount')}: {money(h.amount)} · {t('operator.risk.score')}:{' '}
                  <Text span fw={600}>
                    {t('operator.risk.scoreOf', { score: h.score, threshold: h.threshold })}
                  </Text>
                </Text>
                <Group gap={6} aria-label={t('operator.risk.reasons')}>
                  {h.reasons.map((r) => (
                    <Badge key={r.code} color="orange" variant="outline" style={{ textTransform: 'none' }}>
                      {reasonText(r.code)} +{r.points}
                    </Badge>
                  ))}
                </Group>
                <Text size="sm" c="dimmed">
                  {t('operator.risk.heldAt')}: {date(h.createdAt)}
                  {h.decidedAt ? ` · ${t('operator.risk.decidedAt')}: ${date(h.decidedAt)}` : ''}
                  {h.outcome === 'HELD'
                    ? ` · ${t('operator.risk.closesAt')}: ${date(riskReviewEndsAt(new Date(h.createdAt)).toISOString())}`
                    : ''}
                </Text>
              </Stack>
              {h.outcome === 'HELD' && (
                <Group gap="xs">
                  <Button
                    color="green"
                    aria-label={`${t('operator.risk.approve')} ${code(h)}`}
                    onClick={() => setPending({ hold: h, decision: 'APPROVE' })}
                  >
                    {t('operator.risk.approve')}
                  </Button>
                  <Button
                    color="red"
                    variant="outline"
                    aria-label={`${t('operator.risk.reject')} ${code(h)}`}
                    onClick={() => setPending({ hold: h, decision: 'REJECT' })}
                  >
                    {t('operator.risk.reject')}
                  </Button>
                </Group>
              )}
            </Group>
          </Card>
        ))
      )}
      <Modal
        opened={!!pending}
        onClose={() => setPending(null)}
        centered
        title={
          pending
            ? t(pending.decision === 'APPROVE' ? 'operator.risk.approveTitle' : 'operator.risk.rejectTitle', {
                code: code(pending.hold),
              })
            : ''
        }
      >
        <Text mb="md">
          {pending ? t(pending.decision === 'APPROVE' ? 'operator.risk.approveBody' : 'operator.risk.rejectBody') : ''}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setPending(null)}>
            {t('operator.cancel')}
          </Button>
          <Button
            color={pending?.decision === 'APPROVE' ? 'green' : 'red'}
            loading={decide.isPending}
            onClick={() =>
              decide.mutate(
                { contractId: pending!.hold.contractId, decision: pending!.decision },
                {
                  onSuccess: () => setPending(null),
                  onError: (e) => {
                    setPending(null);
                    notifyError(t, e);
                  },
                },
              )
            }
          >
            {t('operator.confirm')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
