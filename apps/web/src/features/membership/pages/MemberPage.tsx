/**
 * /user/member: the level card (level, growth, points), progress to the next level with what is
 * missing, the benefits of the current level, and the member header links (SPEC §2).
 */
import { Link } from 'react-router';
import {
  Anchor,
  Badge,
  Card,
  Group,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../shared/format';
import { LoadError } from '../../../shared/States';
import { useCustomerInfo, useLevelUpDifference } from '../api/membership';
import { MemberNav } from '../components/MemberNav';
import { BenefitList } from '../components/BenefitList';

export function MemberPage() {
  const { t } = useTranslation();
  const fmt = useMoney();
  const info = useCustomerInfo();
  const diff = useLevelUpDifference();
  const c = info.data;
  const d = diff.data;
  const error = info.error ?? diff.error;
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('membership.member.title')}
      </Title>
      <MemberNav />
      {error && (!c || !d) ? (
        <LoadError
          error={error}
          onRetry={() => {
            void info.refetch();
            void diff.refetch();
          }}
        />
      ) : !c || !d ? (
        <Skeleton h={220} data-testid="loading" />
      ) : (
        <>
          <Card withBorder padding="lg" data-testid="level-card">
            <Group justify="space-between" align="flex-start" wrap="wrap">
              <Group gap="sm">
                <ThemeIcon size={44} radius="xl" color="yellow.8">
                  <IconCrown size={26} />
                </ThemeIcon>
                <div>
                  <Text size="sm" c="gray.7">
                    {t('membership.member.yourLevel')}
                  </Text>
                  <Title order={2} size="h3" data-testid="level-name">
                    {c.level?.name ?? t('membership.member.noLevel')}
                  </Title>
                </div>
              </Group>
              <SimpleGrid cols={2} spacing="lg">
                <div>
                  <Text size="sm" c="gray.7">
                    {t('membership.member.growth')}
                  </Text>
                  <Text fw={700} data-testid="growth">
                    {fmt(c.growth)}
                  </Text>
                </div>
                <div>
                  <Text size="sm" c="gray.7">
                    {t('membership.member.points')}
                  </Text>
                  <Anchor component={Link} to="/user/member/score" fw={700} data-testid="points">
                    {c.pointBalance.toLocaleString()}
                  </Anchor>
                </div>
              </SimpleGrid>
            </Group>
            <Stack gap={6} mt="lg">
              {d.nextLevel && d.missingGrowth ? (
                <>
                  <Group justify="space-between">
                    <Text size="sm">{t('membership.member.toNext', { level: d.nextLevel.name })}</Text>
                    <Text size="sm" fw={700}>
                      {d.progress}%
                    </Text>
                  </Group>
                  <Progress
                    value={d.progress}
                    color="yellow.8"
                    size="lg"
                    aria-label={t('membership.member.progressLabel', { level: d.nextLevel.name })}
                    data-testid="level-progress"
                  />
                  <Text size="sm" c="gray.7" data-testid="missing">
                    {t('membership.member.missing', { amount: fmt(d.missingGrowth), level: d.nextLevel.name })}
                  </Text>
                </>
              ) : (
                <Badge color="yellow.8" variant="light">
                  {t('membership.member.topLevel')}
                </Badge>
              )}
            </Stack>
          </Card>
          {c.level && (
            <Card withBorder padding="lg">
              <Title order={2} size="h4" mb="sm">
                {t('membership.member.benefitsTitle', { level: c.level.name })}
              </Title>
              <BenefitList b={c.level.benefits} />
              <Anchor component={Link} to="/user/member/equity" size="sm" mt="sm" display="inline-block">
                {t('membership.member.allLevels')}
              </Anchor>
            </Card>
          )}
          <Text size="sm" c="gray.7">
            {t('membership.member.growthRule')}
          </Text>
        </>
      )}
    </Stack>
  );
}
