/**
 * /user/member/score (points centre): the balance and every earn and spend from the points
 * ledger, newest first, paged and filtered by kind; credits show when they expire.
 */
import { useSearchParams } from 'react-router';
import { Badge, Card, Group, NativeSelect, Pagination, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { MEMBERSHIP, POINT_LINE_KINDS } from '@mall/contracts/constants';
import type { PointLineKind } from '@mall/contracts';
import { LoadError } from '../../../shared/States';
import { usePointHistory } from '../api/membership';
import { MemberNav } from '../components/MemberNav';

const isKind = (v: string | null): v is PointLineKind => !!v && (POINT_LINE_KINDS as readonly string[]).includes(v);

export function ScorePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const pageNo = Math.max(1, Number(params.get('pageNo')) || 1);
  const kind = params.get('kind');
  const q = { pageNo, pageSize: MEMBERSHIP.historyPageSize, ...(isKind(kind) ? { kinds: [kind] } : {}) };
  const history = usePointHistory(q);
  const h = history.data;
  const set = (next: Record<string, string | null>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v === null) p.delete(k);
      else p.set(k, v);
    }
    setParams(p);
  };
  const date = (v: string) => dayjs(v).format('YYYY-MM-DD');
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('membership.score.title')}
      </Title>
      <MemberNav />
      <Card withBorder padding="lg">
        <Text size="sm" c="gray.7">
          {t('membership.score.balance')}
        </Text>
        {h ? (
          <Text fz={32} fw={700} data-testid="point-balance">
            {h.balance.toLocaleString()}
          </Text>
        ) : (
          <Skeleton h={40} w={120} />
        )}
        <Text size="sm" c="gray.7" mt="xs">
          {t('membership.score.expiryRule')}
        </Text>
      </Card>
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h4">
          {t('membership.score.history')}
        </Title>
        {/* A native select: the same choice without Mantine's combobox (floating-ui) on this page's first load. */}
        <NativeSelect
          label={t('membership.score.filter')}
          w={220}
          value={isKind(kind) ? kind : 'ALL'}
          data={[
            { value: 'ALL', label: t('membership.score.all') },
            ...POINT_LINE_KINDS.map((k) => ({ value: k, label: t(`membership.kind.${k}`) })),
          ]}
          onChange={(e) => {
            const v = e.currentTarget.value;
            set({ kind: v !== 'ALL' ? v : null, pageNo: null });
          }}
        />
      </Group>
      {history.error && !h ? (
        <LoadError error={history.error} onRetry={() => void history.refetch()} />
      ) : !h ? (
        <Skeleton h={200} data-testid="loading" />
      ) : h.data.length === 0 ? (
        <Text c="gray.7" ta="center" py="xl">
          {t('membership.score.empty')}
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={360}>
            <Table striped data-testid="point-history">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('membership.score.date')}</Table.Th>
                  <Table.Th>{t('membership.score.kind')}</Table.Th>
                  <Table.Th ta="right">{t('membership.score.points')}</Table.Th>
                  <Table.Th visibleFrom="sm">{t('membership.score.detail')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {h.data.map((l) => (
                  <Table.Tr key={l.id} data-kind={l.kind}>
                    <Table.Td>{date(l.createdAt)}</Table.Td>
                    <Table.Td>
                      <Badge variant="filled" color={l.delta > 0 ? 'green.9' : 'gray.8'}>
                        {t(`membership.kind.${l.kind}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="right" fw={700} c={l.delta > 0 ? 'green.9' : 'red.9'}>
                      {l.delta > 0 ? `+${l.delta}` : l.delta}
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      <Text size="sm" c="gray.7">
                        {l.tradeOrderId
                          ? t('membership.score.order', { id: l.tradeOrderId })
                          : l.tradeContractId
                            ? t('membership.score.checkout', { id: l.tradeContractId })
                            : ''}
                        {l.kind === 'EXPIRY' && l.earnYear
                          ? t('membership.score.expiredYear', { year: l.earnYear })
                          : ''}
                        {l.expiresAt ? ` ${t('membership.score.expires', { date: date(l.expiresAt) })}` : ''}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {h.total > q.pageSize && (
            <Pagination
              total={Math.ceil(h.total / q.pageSize)}
              value={pageNo}
              onChange={(n) => set({ pageNo: String(n) })}
              getControlProps={(c) => ({ 'aria-label': t('membership.score.pageControl', { control: c }) })}
            />
          )}
        </>
      )}
    </Stack>
  );
}
