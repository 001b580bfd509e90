/** /user/member/equity: every level of the site with its threshold and benefits; the buyer's own is marked. */
import { Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../shared/format';
import { LoadError } from '../../../shared/States';
import { useLevels } from '../api/membership';
import { MemberNav } from '../components/MemberNav';
import { BenefitList } from '../components/BenefitList';

export function EquityPage() {
  const { t } = useTranslation();
  const fmt = useMoney();
  const levels = useLevels();
  const p = levels.data;
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('membership.equity.title')}
      </Title>
      <MemberNav />
      {levels.error && !p ? (
        <LoadError error={levels.error} onRetry={() => void levels.refetch()} />
      ) : !p ? (
        <Skeleton h={240} data-testid="loading" />
      ) : p.data.length === 0 ? (
        <Text c="gray.7">{t('membership.equity.none')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {p.data.map((l) => {
            const mine = l.id === p.currentLevelId;
            return (
              <Card
                key={l.id}
                withBorder
                padding="lg"
                data-testid={`level-${l.code}`}
                aria-current={mine ? 'true' : undefined}
                style={mine ? { borderColor: 'var(--mantine-color-yellow-8)', borderWidth: 2 } : undefined}
              >
                <Group justify="space-between" mb="xs">
                  <Title order={2} size="h4">
                    {l.name}
                  </Title>
                  {mine && <Badge color="yellow.8">{t('membership.equity.yours')}</Badge>}
                </Group>
                <Text size="sm" c="gray.7" mb="sm">
                  {Number(l.threshold.value) === 0
                    ? t('membership.equity.entry')
                    : t('membership.equity.threshold', { amount: fmt(l.threshold) })}
                </Text>
                <BenefitList b={l.benefits} />
              </Card>
            );
          })}
        </SimpleGrid>
      )}
      <Text size="sm" c="gray.7">
        {t('membership.member.growthRule')}
      </Text>
    </Stack>
  );
}
