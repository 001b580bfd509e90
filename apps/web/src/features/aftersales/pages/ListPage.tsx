/**
 * /buyer/as-list (SPEC §2 After-sales list): the URL is the state — keyword (after-sale
 * number), pageNo, pageSize, applied (all / processing / finished, or one status),
 * reverseOrderId (comma-separated). With tradeOrderId and skuId it shows the after-sales of
 * that product of that order instead. Pagination when the total exceeds 10.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { parseEnum, useUrlParams } from '../../../shared/urlParams';
import {
  Alert,
  Anchor,
  Box,
  Button,
  CloseButton,
  Group,
  Pagination,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AFTER_SALES, REVERSE_STATUS_VALUES } from '@mall/contracts/constants';
import type { ReverseListBody, ReverseStatusValue, ReverseSummary } from '@mall/contracts';
import { EmptyBlock } from '../../../shared/EmptyBlock';
import phone from '../../../shared/phoneLayout.module.css';
import { isId } from '../api/keys';
import { useReverseByOrderSku } from '../api/queryByOrderSku';
import { useReversePage } from '../api/queryPage';
import { ReverseCard } from '../components/ReverseCard';
import { CardsSkeleton, LoadError } from '../components/States';
import { statusKey } from '../components/labels';

const intParam = (v: string | null, fallback: number, max = 100000) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
};
const FILTERS = ['all', 'processing', 'finished'] as const;

export function ListPage() {
  const { t } = useTranslation();
  const [params, update] = useUrlParams();
  const tradeOrderId = params.get('tradeOrderId');
  const skuId = params.get('skuId');
  const byOrderSku = isId(tradeOrderId) && isId(skuId);

  const keyword = params.get('keyword')?.trim().slice(0, 40) || undefined;
  const pageNo = intParam(params.get('pageNo'), 1);
  const pageSize = intParam(params.get('pageSize'), AFTER_SALES.listPageSize, 50);
  const appliedRaw = params.get('applied');
  const status = parseEnum<ReverseStatusValue>(REVERSE_STATUS_VALUES, appliedRaw);
  const applied =
    appliedRaw === 'processing' || appliedRaw === 'finished' ? appliedRaw : status.success ? status.data : undefined;
  const reverseOrderIds = (params.get('reverseOrderId') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(isId)
    .slice(0, 100);

  const [draft, setDraft] = useState(keyword ?? '');
  useEffect(() => setDraft(keyword ?? ''), [keyword]);
  const search = (e: FormEvent) => {
    e.preventDefault();
    update({ keyword: draft.trim() || null });
  };

  const body: ReverseListBody = {
    pageNo,
    pageSize,
    ...(keyword ? { keyword } : {}),
    ...(applied ? { applied } : {}),
    ...(reverseOrderIds.length ? { reverseOrderIds } : {}),
  };
  const page = useReversePage(body, !byOrderSku);
  const bySku = useReverseByOrderSku(tradeOrderId ?? '', skuId ?? '', byOrderSku);

  const filterValue = applied === 'processing' || applied === 'finished' ? applied : applied ? '' : 'all';

  return (
    <Stack gap="md" data-testid="as-list-page">
      <Title order={1} size="h2">
        {t('buyer.menu.afterSales')}
      </Title>

      {byOrderSku ? (
        <Alert variant="light" data-testid="as-by-sku">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t('aftersales.list.byOrderSku')}</Text>
            <Group gap="md">
              <Anchor component={Link} to={`/buyer/order/detail/${tradeOrderId}`} size="sm">
                {t('orders.backToOrder')}
              </Anchor>
              <Anchor component={Link} to="/buyer/as-list" size="sm">
                {t('aftersales.list.showAll')}
              </Anchor>
            </Group>
          </Group>
        </Alert>
      ) : (
        <>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Box component="form" onSubmit={search} role="search" flex={{ base: '1 1 100%', sm: '1 1 260px' }}>
              <TextInput
                label={t('aftersales.list.search')}
                placeholder={t('aftersales.list.searchPlaceholder')}
                value={draft}
                maxLength={40}
                onChange={(e) => setDraft(e.currentTarget.value)}
                data-testid="as-search"
                rightSection={
                  <Button
                    type="submit"
                    variant="subtle"
                    size="compact-sm"
                    px={6}
                    aria-label={t('aftersales.list.searchButton')}
                  >
                    <IconSearch size={16} />
                  </Button>
                }
                rightSectionWidth={40}
              />
            </Box>
            <Stack gap={4} flex={{ base: '1 1 100%', sm: '0 0 auto' }}>
              <Text size="sm" fw={500} id="as-filter-label">
                {t('aftersales.list.filter')}
              </Text>
              <SegmentedControl
                aria-labelledby="as-filter-label"
                className={phone.segmentedFullWidthOnPhone}
                value={filterValue}
                data-testid="as-filter"
                data={FILTERS.map((f) => ({ value: f, label: t(`aftersales.list.applied.${f}`) }))}
                onChange={(v) => update({ applied: v === 'all' ? null : v })}
              />
            </Stack>
          </Group>
          {(status.success || reverseOrderIds.length > 0) && (
            <Group gap="xs" data-testid="as-extra-filters">
              {status.success && (
                <Group
                  gap={4}
                  px="xs"
                  py={2}
                  style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 999 }}
                >
                  <Text size="sm">{t('aftersales.list.statusFilter', { status: t(statusKey(status.data)) })}</Text>
                  <CloseButton
                    size="sm"
                    aria-label={t('aftersales.list.clearFilter')}
                    onClick={() => update({ applied: null })}
                  />
                </Group>
              )}
              {reverseOrderIds.length > 0 && (
                <Group
                  gap={4}
                  px="xs"
                  py={2}
                  style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 999 }}
                >
                  <Text size="sm">{t('aftersales.list.idsFilter', { count: reverseOrderIds.length })}</Text>
                  <CloseButton
                    size="sm"
                    aria-label={t('aftersales.list.clearFilter')}
                    onClick={() => update({ reverseOrderId: null })}
                  />
                </Group>
              )}
            </Group>
          )}
        </>
      )}

      {byOrderSku ? (
        <Results loading={bySku.isLoading} error={bySku.error} data={bySku.data} onRetry={() => void bySku.refetch()} />
      ) : (
        <>
          <Results
            loading={page.isLoading}
            error={page.error && !page.data ? page.error : null}
            data={page.data?.data}
            fetching={page.isPlaceholderData}
            onRetry={() => void page.refetch()}
          />
          {page.data && page.data.total > Math.min(AFTER_SALES.paginationAbove, pageSize) && (
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm" c="gray.7">
                {t('aftersales.list.total', { count: page.data.total })}
              </Text>
              <Pagination
                total={Math.max(1, Math.ceil(page.data.total / pageSize))}
                value={Math.min(pageNo, Math.ceil(page.data.total / pageSize))}
                className={phone.paginationSmOnPhone}
                data-testid="as-pagination"
                getControlProps={(c) => ({
                  'aria-label': c === 'previous' ? t('orders.page.previous') : c === 'next' ? t('orders.page.next') : c,
                })}
                getItemProps={(p) => ({ 'aria-label': t('orders.page.number', { page: p }) })}
                onChange={(p) => {
                  update({ pageNo: p === 1 ? null : String(p) }, true);
                  window.scrollTo({ top: 0, behavior: 'smooth' });
                }}
              />
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}

function Results({
  loading,
  error,
  data,
  fetching,
  onRetry,
}: {
  loading: boolean;
  error: unknown;
  data: ReverseSummary[] | undefined;
  fetching?: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  if (loading) return <CardsSkeleton />;
  if (error) return <LoadError error={error} onRetry={onRetry} />;
  if (!data?.length) return <EmptyBlock title={t('buyer.empty.afterSales')} />;
  return (
    <Stack
      gap="md"
      data-testid="as-list"
      aria-busy={fetching}
      style={{ opacity: fetching ? 0.6 : 1, transition: 'opacity 150ms' }}
    >
      <VisuallyHidden aria-live="polite">{t('aftersales.list.shown', { count: data.length })}</VisuallyHidden>
      {data.map((r) => (
        <ReverseCard key={r.id} reverse={r} />
      ))}
    </Stack>
  );
}
