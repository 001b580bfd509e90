/**
 * /merchant-console/bulk-requests: order requests (exceed flow) to the seller's shops, by status
 * (to quote, quoted, accepted, all); each opens its page to talk with the buyer and quote.
 */
import { Link, useSearchParams } from 'react-router';
import { Alert, Anchor, Container, Group, Paper, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { EmptyBlock } from '../../../shared/EmptyBlock';
import { useMoney } from '../../../shared/format';
import phone from '../../../shared/phoneLayout.module.css';
import { useMerchantStatus } from '../../merchant/seller/api';
import { isNotSeller, useSellerError } from '../../merchant/seller/errors';
import { NotSellerNotice } from '../../merchant/seller/NotSellerNotice';
import { SellerConsoleNav } from '../../merchant/seller/SellerConsoleNav';
import { useSellerRequests } from '../api/bulk';
import { BulkStatusBadge } from '../components/parts';

const TABS = ['WAITING_QUOTE', 'QUOTED', 'ACCEPTED', 'ALL'] as const;
type Tab = (typeof TABS)[number];
const isTab = (v: string | null): v is Tab => (TABS as readonly string[]).includes(v ?? '');

export function SellerBulkRequestsPage() {
  const { t } = useTranslation();
  const fmt = useMoney();
  const apiError = useSellerError();
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const tab: Tab = isTab(raw) ? raw : 'WAITING_QUOTE';
  const requests = useSellerRequests(tab === 'ALL' ? undefined : tab);
  const merchant = useMerchantStatus();
  if (isNotSeller(requests.error)) {
    const audit = merchant.data?.auditStatus === 'audit';
    return <NotSellerNotice inAudit={audit} text={audit ? t('seller.notSeller.audit') : t('seller.notSeller.text')} />;
  }
  return (
    <Container size="lg" py="md" px={{ base: 'xs', sm: 'md' }}>
      <Stack gap="md">
        <Paper
          withBorder
          p={{ base: 'sm', sm: 'md' }}
          radius="md"
          component="header"
          aria-labelledby="seller-bulk-title"
        >
          <Stack gap="sm">
            <Stack gap={4}>
              <Title order={1} size="h2" id="seller-bulk-title">
                {t('bulk.seller.title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('bulk.seller.subtitle')}
              </Text>
            </Stack>
            <SellerConsoleNav active="bulkRequests" />
          </Stack>
        </Paper>
        <Tabs
          value={tab}
          onChange={(v) => {
            if (isTab(v)) setParams(v === 'WAITING_QUOTE' ? {} : { status: v }, { replace: true });
          }}
          keepMounted={false}
        >
          <Tabs.List aria-label={t('bulk.seller.tabsLabel')}>
            {TABS.map((s) => (
              <Tabs.Tab
                key={s}
                value={s}
                fz={{ base: 'xs', sm: 'sm' }}
                px={{ base: 6, sm: 'md' }}
                className={phone.tabGrowOnPhone}
              >
                {t(`bulk.seller.tab.${s}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value={tab} pt="md">
            {requests.isError ? (
              <Alert color="red" role="alert">
                {apiError(requests.error)}
              </Alert>
            ) : requests.isPending ? (
              <Stack gap="sm">
                {[0, 1].map((i) => (
                  <Skeleton key={i} h={96} radius="md" />
                ))}
              </Stack>
            ) : !requests.data.length ? (
              <EmptyBlock title={t('bulk.seller.empty')} />
            ) : (
              <Stack
                gap="sm"
                component="ul"
                p={0}
                m={0}
                style={{ listStyle: 'none' }}
                data-testid="seller-bulk-requests"
              >
                {requests.data.map((r) => (
                  <Paper
                    key={r.id}
                    component="li"
                    withBorder
                    radius="md"
                    p={{ base: 'sm', sm: 'md' }}
                    data-testid="seller-bulk-request"
                  >
                    <Stack gap="xs">
                      <Group justify="space-between" gap="xs" wrap="wrap">
                        <Text fw={600} size="sm">
                          {t('bulk.requestNo', { id: r.id })} · {r.shop.name}
                        </Text>
                        <BulkStatusBadge status={r.status} />
                      </Group>
                      <Text size="sm">
                        {r.lineCount > 1
                          ? t('bulk.itemsMore', { name: r.firstItemName, count: r.lineCount - 1 })
                          : r.firstItemName}
                      </Text>
                      <Group justify="space-between" wrap="wrap" gap="xs">
                        <Text size="xs" c="dimmed">
                          {r.buyerName} · {dayjs(r.createdAt).format('YYYY-MM-DD')} ·{' '}
                          {t('bulk.listTotalShort', { amount: fmt(r.listAmt) })}
                          {r.quote ? ` · ${t('bulk.quotedTotal', { amount: fmt(r.quote.needPayAmt) })}` : ''}
                        </Text>
                        <Anchor
                          component={Link}
                          to={`/merchant-console/bulk-requests/${r.id}`}
                          size="sm"
                          data-testid="seller-bulk-open"
                        >
                          {t(r.actions.includes('quote') ? 'bulk.seller.answer' : 'bulk.open')}
                        </Anchor>
                      </Group>
                    </Stack>
                  </Paper>
                ))}
              </Stack>
            )}
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
