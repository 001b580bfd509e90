/**
 * /user/super-member (SPEC §2 member header links, §7 paid service): the buyer's current status
 * and end date, the benefits, and the monthly and yearly plans priced on this site. "Join" or
 * "Renew" puts the plan's service item into the real checkout (no cart line), where it is paid
 * like any order; the service starts (or extends from its end) once the payment succeeds.
 */
import { useNavigate } from 'react-router';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCheck, IconCrown } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { PAID_SERVICE_PERIOD_CODES } from '@mall/contracts/constants';
import type { CheckoutEntry, PaidService, PaidServicePeriodCode } from '@mall/contracts';
import { useMoney } from '../../../shared/format';
import { useSite } from '../../../shared/session';
import { LoadError } from '../../../shared/States';
import { usePaidService, usePaidServiceItem } from '../api/paidService';

export function SuperMemberPage() {
  const { t } = useTranslation();
  const service = usePaidService();
  const s = service.data;
  return (
    <Stack>
      <Group gap="sm">
        <ThemeIcon size="lg" color="yellow.8" radius="xl">
          <IconCrown size={20} />
        </ThemeIcon>
        <Title order={1} size="h2">
          {t('superMember.title')}
        </Title>
      </Group>
      {service.error && !s ? (
        <LoadError error={service.error} onRetry={() => void service.refetch()} />
      ) : (
        <>
          <StatusCard s={s} />
          <Card withBorder padding="lg">
            <Title order={2} size="h4" mb="sm">
              {t('superMember.benefitsTitle')}
            </Title>
            <List
              spacing="xs"
              icon={
                <ThemeIcon size={20} radius="xl" color="green.8">
                  <IconCheck size={14} />
                </ThemeIcon>
              }
            >
              <List.Item>{t('superMember.benefit.discount', { percent: s?.benefits.discountPercent ?? 5 })}</List.Item>
              {(s?.benefits.freeShipping ?? true) && <List.Item>{t('superMember.benefit.freeShipping')}</List.Item>}
              <List.Item>{t('superMember.benefit.anySite')}</List.Item>
            </List>
          </Card>
          <Title order={2} size="h4">
            {t('superMember.plansTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {PAID_SERVICE_PERIOD_CODES.map((code) => (
              <Plan key={code} code={code} active={!!s?.active} ready={!!s} />
            ))}
          </SimpleGrid>
          <Text size="sm" c="gray.7">
            {t('superMember.howItWorks')}
          </Text>
        </>
      )}
    </Stack>
  );
}

function StatusCard({ s }: { s: PaidService | undefined }) {
  const { t } = useTranslation();
  if (!s) return <Skeleton h={72} />;
  const date = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD') : '');
  return (
    <Alert
      color={s.active ? 'yellow' : 'gray'}
      variant="light"
      data-testid="super-member-status"
      title={t(`superMember.status.${s.status}`)}
    >
      {s.active ? (
        <Text size="sm">
          {t('superMember.activeUntil', { start: date(s.startTime), end: date(s.endTime) })} ·{' '}
          {t(`superMember.period.${s.periodCode!}`)}
        </Text>
      ) : s.status === 'NONE' ? (
        <Text size="sm">{t('superMember.notMember')}</Text>
      ) : (
        <Text size="sm">{t('superMember.endedOn', { date: date(s.endTime) })}</Text>
      )}
    </Alert>
  );
}

function Plan({ code, active, ready }: { code: PaidServicePeriodCode; active: boolean; ready: boolean }) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const site = useSite();
  const navigate = useNavigate();
  const item = usePaidServiceItem(code, site.code);
  const buy = () => {
    if (!item.data) return;
    const entries: CheckoutEntry[] = [{ skuId: item.data.skuId, qty: '1' }];
    void navigate('/checkout', { state: { from: 'super-member', entries } });
  };
  return (
    <Card withBorder padding="lg" data-testid={`plan-${code}`}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={700} size="lg">
            {t(`superMember.period.${code}`)}
          </Text>
          {code === 'YEARLY' && <Badge color="green.8">{t('superMember.bestValue')}</Badge>}
        </Group>
        {item.isLoading ? (
          <Skeleton h={32} w="50%" />
        ) : item.error ? (
          <Text c="red.8" size="sm">
            {t('superMember.unavailable')}
          </Text>
        ) : (
          <Text fw={800} size="xl" data-testid="plan-price">
            {fmt(item.data!.price)}{' '}
            <Text span size="sm" c="gray.7">
              / {t(`superMember.per.${code}`)}
            </Text>
          </Text>
        )}
        <Button onClick={buy} disabled={!item.data || !ready} data-testid={`buy-${code}`}>
          {active ? t('superMember.renew') : t('superMember.join')}
        </Button>
      </Stack>
    </Card>
  );
}
