/**
 * The item page's group-buy: the group price against the regular one, the group size and time
 * limit, a button to start a group, and the groups forming now with their slots left and
 * countdown, each with a button to join it.
 */
import { Link } from 'react-router';
import { Anchor, Avatar, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../shared/format';
import { useItemGroupBuy } from '../api';
import { Countdown } from './Countdown';
import { useGoGroupCheckout } from './startGroupBuy';

export function GroupBuyPanel({ itemId }: { itemId: string }) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const { data: offer } = useItemGroupBuy(itemId);
  const go = useGoGroupCheckout();
  if (!offer) return null;
  const c = offer.campaign;
  const soldOut = c.stockLeft < c.groupSize;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="group-buy-title" data-testid="group-buy">
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap">
          <IconUsersGroup size={20} aria-hidden />
          <Text fw={600} id="group-buy-title">
            {t('groupBuy.title')}
          </Text>
          <Badge variant="light" color="grape">
            {t('groupBuy.people', { count: c.groupSize })}
          </Badge>
        </Group>
        <Group gap="xs" align="baseline">
          <Text fw={700} fz={24} c="grape.9" data-testid="group-price">
            {fmt(c.groupPrice)}
          </Text>
          {c.listPrice && (
            <Text td="line-through" c="dimmed" size="sm">
              {fmt(c.listPrice)}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {c.skuName}
          </Text>
        </Group>
        <Text size="sm">{t('groupBuy.rule', { count: c.groupSize, hours: c.hours })}</Text>
        <Group>
          <Button color="grape" onClick={() => go(c.skuId, { campaignId: c.id })} disabled={soldOut}>
            {t('groupBuy.start')}
          </Button>
          {soldOut && (
            <Text size="sm" c="red">
              {t('errors.GroupBuy.soldOut')}
            </Text>
          )}
        </Group>
        {offer.groups.length > 0 && (
          <Stack gap={6} mt="xs">
            <Text size="sm" fw={500}>
              {t('groupBuy.forming')}
            </Text>
            {offer.groups.map((g) => (
              <Group key={g.id} gap="sm" wrap="nowrap" justify="space-between" data-testid="forming-group">
                <Group gap="xs" wrap="nowrap">
                  <Avatar size="sm" color="grape" radius="xl" aria-hidden>
                    {g.leaderInitial}
                  </Avatar>
                  <Stack gap={0}>
                    <Anchor component={Link} to={`/group-buy/${g.id}`} size="sm">
                      {t('groupBuy.slotsLeft', { count: g.slotsLeft })}
                    </Anchor>
                    <Countdown expiresAt={g.expiresAt} size="xs" c="dimmed" />
                  </Stack>
                </Group>
                {g.joined ? (
                  <Badge variant="light">{t('groupBuy.joined')}</Badge>
                ) : (
                  <Button
                    size="xs"
                    variant="light"
                    color="grape"
                    onClick={() => go(c.skuId, { campaignId: c.id, groupId: g.id })}
                  >
                    {t('groupBuy.join')}
                  </Button>
                )}
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
