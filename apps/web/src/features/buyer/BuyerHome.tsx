/**
 * The registered buyer's user centre home (SPEC §2 /buyer/index): greeting, level, points,
 * coupons and super member from one summary call (GET /api/buyer/home), orders per status from
 * the orders page's own counts call, the latest order, and what waits (after-sales, reviews).
 */
import { Link } from 'react-router';
import {
  Anchor,
  Badge,
  Card,
  Group,
  Image,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconChevronRight, IconCrown, IconMessageStar, IconReceiptRefund } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useGreeting } from '../../shared/useHydrated';
import type { BuyerHome as BuyerHomeData } from '@mall/contracts';
import { BUYER_HOME_PATH } from '@mall/contracts/constants';
import { api } from '../../shared/api';
import { useMoney } from '../../shared/format';
import { LoadError } from '../../shared/States';
import { useOrderCounts } from '../orders/api';
import { STATUS_COLOR, statusKey, tabKey, type DisplayStatus } from '../orders/labels';

/** Statuses the home counts, each linking to its tab of the orders list. */
const HOME_TABS = ['PENDING_PAY', 'UN_DELIVERY', 'UN_RECEIVED', 'COMPLETE'] as const;

export const buyerHomeKey = ['buyer-home'] as const;

export function BuyerHome() {
  const { t } = useTranslation();
  const fmt = useMoney();
  const home = useQuery({
    queryKey: buyerHomeKey,
    queryFn: ({ signal }) => api<BuyerHomeData>(BUYER_HOME_PATH, { signal }),
  });
  const counts = useOrderCounts({});
  const greeting = useGreeting();
  if (home.error && !home.data) return <LoadError error={home.error} onRetry={() => void home.refetch()} />;
  const h = home.data;
  const count = (tab: string) => counts.data?.find((c) => c.displayOrderStatus === tab)?.quantity;

  return (
    <Stack data-testid="buyer-home">
      <Card withBorder padding="lg">
        {!h ? (
          <Skeleton h={56} />
        ) : (
          <Group justify="space-between" wrap="wrap" gap="md">
            <Stack gap={4}>
              <Text fw={700} size="lg" data-testid="home-greeting">
                {greeting}, {h.nickname}
              </Text>
              <Group gap="xs">
                {h.level && (
                  <Badge variant="light" data-testid="home-level">
                    {h.level.name}
                  </Badge>
                )}
                {h.superMember.active ? (
                  <Badge color="yellow.8" variant="filled" leftSection={<IconCrown size={12} />}>
                    {t('buyerHome.superMemberUntil', { date: dayjs(h.superMember.endTime).format('YYYY-MM-DD') })}
                  </Badge>
                ) : (
                  <Anchor component={Link} to="/user/super-member" size="sm">
                    {t('buyerHome.becomeSuperMember')}
                  </Anchor>
                )}
              </Group>
            </Stack>
            <Group gap="xl">
              <Figure label={t('buyerHome.points')} value={h.points} to="/user/member/score" testId="home-points" />
              <Figure
                label={t('buyer.menu.coupons')}
                value={h.couponsAvailable}
                to="/buyer/my-coupons"
                testId="home-coupons"
              />
            </Group>
          </Group>
        )}
      </Card>

      <Card withBorder padding="lg">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4">
            {t('buyer.menu.orders')}
          </Title>
          <Anchor component={Link} to="/buyer/orders" size="sm">
            {t('buyerHome.allOrders')}
          </Anchor>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          {HOME_TABS.map((tab) => (
            <UnstyledButton
              key={tab}
              component={Link}
              to={`/buyer/orders?status=${tab}`}
              data-testid={`home-orders-${tab}`}
              style={{
                border: '1px solid var(--mantine-color-gray-3)',
                borderRadius: 8,
                padding: 12,
                textAlign: 'center',
              }}
            >
              <Text fw={700} size="xl">
                {count(tab) ?? '–'}
              </Text>
              <Text size="sm" c="gray.7">
                {t(tabKey(tab))}
              </Text>
            </UnstyledButton>
          ))}
        </SimpleGrid>
        {h?.latestOrder && (
          <Card
            withBorder
            mt="md"
            padding="sm"
            component={Link}
            to={`/buyer/order/detail/${h.latestOrder.id}`}
            data-testid="home-latest-order"
          >
            <Group wrap="nowrap" gap="sm">
              {h.latestOrder.image && <Image src={h.latestOrder.image} w={56} h={56} radius="sm" alt="" />}
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Text size="xs" c="gray.7">
                  {t('buyerHome.latestOrder')} · {dayjs(h.latestOrder.createdAt).format('YYYY-MM-DD')}
                </Text>
                <Text fw={500} truncate>
                  {h.latestOrder.itemName}
                  {h.latestOrder.lineCount > 1
                    ? ` ${t('buyerHome.andMore', { count: h.latestOrder.lineCount - 1 })}`
                    : ''}
                </Text>
                <Text size="sm">{fmt(h.latestOrder.needPayAmt)}</Text>
              </Stack>
              <Badge color={STATUS_COLOR[h.latestOrder.displayStatus as DisplayStatus] ?? 'gray'} variant="light">
                {t(statusKey(h.latestOrder.displayStatus as DisplayStatus))}
              </Badge>
              <IconChevronRight size={18} aria-hidden />
            </Group>
          </Card>
        )}
      </Card>

      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ToDo
          to="/buyer/as-list"
          icon={<IconReceiptRefund size={22} />}
          title={t('buyer.menu.afterSales')}
          testId="home-after-sales"
          text={h ? t('buyerHome.afterSales', { count: h.afterSalesOpen, waiting: h.afterSalesForBuyer }) : null}
        />
        <ToDo
          to="/buyer/comments?status=unComment"
          icon={<IconMessageStar size={22} />}
          title={t('buyer.menu.reviews')}
          testId="home-reviews"
          text={h ? t('buyerHome.reviews', { count: h.reviewsToDo }) : null}
        />
      </SimpleGrid>
    </Stack>
  );
}

function Figure({ label, value, to, testId }: { label: string; value: number; to: string; testId: string }) {
  return (
    <UnstyledButton component={Link} to={to} data-testid={testId} style={{ textAlign: 'center' }}>
      <Text fw={800} size="xl">
        {value.toLocaleString()}
      </Text>
      <Text size="sm" c="gray.7">
        {label}
      </Text>
    </UnstyledButton>
  );
}

function ToDo({
  to,
  icon,
  title,
  text,
  testId,
}: {
  to: string;
  icon: ReactNode;
  title: string;
  text: string | null;
  testId: string;
}) {
  return (
    <Card withBorder padding="md" component={Link} to={to} data-testid={testId}>
      <Group wrap="nowrap" gap="sm">
        {icon}
        <Stack gap={2} style={{ flex: 1 }}>
          <Text fw={600}>{title}</Text>
          {text === null ? (
            <Skeleton h={12} w="60%" />
          ) : (
            <Text size="sm" c="gray.7">
              {text}
            </Text>
          )}
        </Stack>
        <IconChevronRight size={18} aria-hidden />
      </Group>
    </Card>
  );
}
