/**
 * /buyer/my-coupons (SPEC §2, §3 Coupon, §9): available, used and expired tabs in pages of 4,
 * from the same coupons the checkout offers. Percent coupons show 100 - 10 x value; amount
 * coupons their amount; not-combinable ones say so. The tab and page live in the URL.
 */
import { Link, useSearchParams } from 'react-router';
import { Badge, Button, Group, Pagination, Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { COUPON_LIST_PAGE_SIZE, MY_COUPON_TABS } from '@mall/contracts/constants';
import type { MyCoupon, MyCouponTab } from '@mall/contracts';
import { EmptyBlock } from '../../shared/EmptyBlock';
import { useMoney } from '../../shared/format';
import { CardsSkeleton, LoadError } from '../../shared/States';
import { useMyCoupons } from './api';
import phone from '../../shared/phoneLayout.module.css';

const isTab = (v: string | null): v is MyCouponTab => !!v && (MY_COUPON_TABS as readonly string[]).includes(v);

export function MyCouponsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: MyCouponTab = isTab(params.get('tab')) ? (params.get('tab') as MyCouponTab) : 'AVAILABLE';
  const pageNo = Math.max(1, Number(params.get('pageNo')) || 1);
  const q = useMyCoupons(tab, pageNo);
  const pages = q.data ? Math.max(1, Math.ceil(q.data.total / COUPON_LIST_PAGE_SIZE)) : 1;
  const go = (next: { tab?: MyCouponTab; pageNo?: number }) => {
    const p = new URLSearchParams(params);
    if (next.tab) {
      p.set('tab', next.tab);
      p.delete('pageNo');
    }
    if (next.pageNo) {
      if (next.pageNo > 1) p.set('pageNo', String(next.pageNo));
      else p.delete('pageNo');
    }
    setParams(p, { replace: !!next.pageNo });
  };
  const count = (k: MyCouponTab) => (q.data ? ` (${q.data.counts[k]})` : '');

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('buyer.menu.coupons')}
      </Title>
      <Tabs value={tab} onChange={(v) => isTab(v) && go({ tab: v })} keepMounted={false}>
        <Tabs.List aria-label={t('myCoupons.tabsLabel')}>
          {MY_COUPON_TABS.map((k) => (
            <Tabs.Tab key={k} value={k} data-testid={`coupon-tab-${k}`} className={phone.tabGrowOnPhone}>
              {t(`myCoupons.tab.${k}`)}
              {count(k)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {q.isLoading ? (
        <CardsSkeleton count={2} />
      ) : q.error && !q.data ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : q.data!.data.length === 0 ? (
        <EmptyBlock title={t('buyer.empty.coupons')} icon={<IconTicket size={30} />}>
          <Button variant="light" component={Link} to="/">
            {t('myCoupons.goShopping')}
          </Button>
        </EmptyBlock>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }} aria-busy={q.isPlaceholderData} data-testid="my-coupons">
            {q.data!.data.map((c) => (
              <CouponCard key={c.ownerCouponId} c={c} />
            ))}
          </SimpleGrid>
          {pages > 1 && (
            <Pagination
              total={pages}
              value={Math.min(pageNo, pages)}
              onChange={(p) => go({ pageNo: p })}
              className={phone.paginationSmOnPhone}
              data-testid="coupon-pagination"
              getControlProps={(c) => ({
                'aria-label': c === 'previous' ? t('orders.page.previous') : c === 'next' ? t('orders.page.next') : c,
              })}
              getItemProps={(p) => ({ 'aria-label': t('orders.page.number', { page: p }) })}
            />
          )}
        </>
      )}
    </Stack>
  );
}

function CouponCard({ c }: { c: MyCoupon }) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const available = c.status === 'AVAILABLE';
  const value =
    c.display.type === 'percent'
      ? t('checkout.coupon.percentOff', { percent: c.display.discount })
      : fmt(c.deductionAmt!);
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      data-testid="my-coupon"
      aria-label={c.couponCampaignName}
      style={{ borderLeft: `6px solid var(--mantine-color-${available ? 'red-7' : 'gray-5'})` }}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={800} size="xl" c={available ? 'red.8' : 'gray.7'} data-testid="coupon-value">
            {value}
          </Text>
          <Badge variant="light" color={available ? 'blue' : 'gray'}>
            {c.shopName ?? t('checkout.coupon.scope.PLATFORM')}
          </Badge>
        </Group>
        <Text fw={600}>{c.couponCampaignName}</Text>
        <Text size="sm" c="gray.7">
          {c.couponCampaignDescription}
        </Text>
        <Text size="sm">{t('checkout.coupon.minSpend', { amount: fmt(c.minSpend) })}</Text>
        <Text size="sm" c="gray.7">
          {t('myCoupons.valid', {
            start: dayjs(c.startTime).format('YYYY-MM-DD'),
            end: dayjs(c.endTime).format('YYYY-MM-DD'),
          })}
        </Text>
        {c.useLimit && (
          <Text size="sm" c="orange.9">
            {t('checkout.coupon.combination')}
          </Text>
        )}
        <Group justify="space-between" mt={4}>
          {c.status === 'USED' && (
            <Badge color="gray">
              {t('myCoupons.usedOn', { date: c.usedTime ? dayjs(c.usedTime).format('YYYY-MM-DD') : '' })}
            </Badge>
          )}
          {c.status === 'EXPIRED' && <Badge color="gray">{t('myCoupons.tab.EXPIRED')}</Badge>}
          {available && (
            <Button size="compact-sm" component={Link} to="/" data-testid="use-now">
              {t('myCoupons.useNow')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
