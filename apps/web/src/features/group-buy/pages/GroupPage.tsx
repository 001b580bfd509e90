/**
 * /group-buy/:groupId, the page a group's share link opens: the product at the group price, the
 * group's slots (taken and left), the countdown to its limit, a button to join, and the link to
 * pass on. A full, filled or failed group says so instead of offering to join.
 */
import { Link, useParams } from 'react-router';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  CopyButton,
  Group,
  Image,
  Paper,
  Progress,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCheck, IconCopy, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../shared/format';
import { EmptyBlock } from '../../../shared/EmptyBlock';
import { PageLoading } from '../../../shared/PageLoading';
import { useHydrated } from '../../../shared/useHydrated';
import { useGroupPage } from '../api';
import { Countdown } from '../components/Countdown';
import { useGoGroupCheckout } from '../components/startGroupBuy';

const STATUS_COLOR = { OPEN: 'grape', FILLED: 'green', FAILED: 'gray' } as const;

export function GroupPage() {
  const { groupId = '' } = useParams();
  const { t } = useTranslation();
  const fmt = useMoney();
  const hydrated = useHydrated();
  const { data, isLoading, error } = useGroupPage(groupId);
  const go = useGoGroupCheckout();
  if (isLoading || !hydrated) return <PageLoading />;
  if (error || !data) {
    return (
      <EmptyBlock title={t('errors.GroupBuy.notFound')}>
        <Anchor component={Link} to="/">
          {t('common.backHome')}
        </Anchor>
      </EmptyBlock>
    );
  }
  const { campaign: c, group: g } = data;
  const open = g.status === 'OPEN' && Date.parse(g.expiresAt) > Date.now();
  const canJoin = open && g.slotsLeft > 0 && !g.joined;
  const link = `${window.location.origin}/group-buy/${g.id}`;
  return (
    <Container size="sm" py="md">
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="group-title">
        <Stack gap="md">
          <Group gap="xs">
            <IconUsersGroup size={22} aria-hidden />
            <Title order={1} size="h3" id="group-title">
              {t('groupBuy.pageTitle')}
            </Title>
            <Badge color={STATUS_COLOR[g.status]} variant="light" data-testid="group-status">
              {t(`groupBuy.status.${g.status}`)}
            </Badge>
          </Group>
          <Group wrap="nowrap" align="flex-start" gap="md">
            <Image src={c.image} alt="" w={96} h={96} fit="contain" radius="sm" />
            <Stack gap={4}>
              <Text fw={600}>{c.itemName}</Text>
              <Text size="sm" c="dimmed">
                {c.skuName}
              </Text>
              <Group gap="xs" align="baseline">
                <Text fw={700} fz={22} c="grape.9">
                  {fmt(c.groupPrice)}
                </Text>
                {c.listPrice && (
                  <Text td="line-through" c="dimmed" size="sm">
                    {fmt(c.listPrice)}
                  </Text>
                )}
              </Group>
            </Stack>
          </Group>
          <Stack gap={6}>
            <Group justify="space-between">
              <Text size="sm" data-testid="group-slots">
                {t('groupBuy.taken', { taken: g.members, size: g.size })} ·{' '}
                <b>{t('groupBuy.slotsLeft', { count: g.slotsLeft })}</b>
              </Text>
              {g.status === 'OPEN' && <Countdown expiresAt={g.expiresAt} size="sm" />}
            </Group>
            <Progress
              value={(100 * g.members) / g.size}
              color={STATUS_COLOR[g.status]}
              aria-label={t('groupBuy.taken', { taken: g.members, size: g.size })}
            />
          </Stack>
          {g.status === 'FILLED' && <Alert color="green">{t('groupBuy.filledNote')}</Alert>}
          {(g.status === 'FAILED' || (g.status === 'OPEN' && !open)) && (
            <Alert color="gray">{t('groupBuy.failedNote')}</Alert>
          )}
          {g.status === 'OPEN' && open && g.slotsLeft === 0 && !g.joined && (
            <Alert color="orange">{t('errors.GroupBuy.full')}</Alert>
          )}
          {g.joined && g.status === 'OPEN' && <Alert color="grape">{t('groupBuy.youAreIn')}</Alert>}
          {canJoin && (
            <Button color="grape" size="md" onClick={() => go(c.skuId, { campaignId: c.id, groupId: g.id })}>
              {t('groupBuy.joinFor', { price: fmt(c.groupPrice) })}
            </Button>
          )}
          {!canJoin && c.status === 'ACTIVE' && !g.joined && (
            <Button variant="light" color="grape" onClick={() => go(c.skuId, { campaignId: c.id })}>
              {t('groupBuy.start')}
            </Button>
          )}
          {open && (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('groupBuy.share')}
              </Text>
              <Group gap="xs" wrap="nowrap">
                <TextInput
                  value={link}
                  readOnly
                  aria-label={t('groupBuy.share')}
                  style={{ flex: 1 }}
                  onFocus={(e) => e.currentTarget.select()}
                />
                <CopyButton value={link}>
                  {({ copied, copy }) => (
                    <Button
                      variant="default"
                      onClick={copy}
                      leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                    >
                      {copied ? t('groupBuy.copied') : t('groupBuy.copy')}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            </Stack>
          )}
          <Anchor component={Link} to={`/item/${c.itemUrlKey}`} size="sm">
            {t('groupBuy.viewItem')}
          </Anchor>
        </Stack>
      </Paper>
    </Container>
  );
}
