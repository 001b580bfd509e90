/**
 * /merchant-console/reviews: the reviews of the seller's shops, newest first, filtered by stars
 * and 'not replied', paged; the shop replies once to a review and can report one to the
 * platform. Sellers never edit or hide reviews; the page says so.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Switch,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconInfoCircle, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLastPageGuard } from '../../../merchant/seller/listParams';
import { NotSellerPage } from '../../../merchant/seller/NotSellerNotice';
import { SellerConsolePage, SellerPagedList } from '../../../merchant/seller/SellerConsolePage';
import type { SellerReview } from '@mall/contracts';
import { EmptyBlock } from '../../../../shared/EmptyBlock';
import { useMerchantStatus } from '../../../merchant/seller/api';
import { isNotSeller } from '../../../merchant/seller/errors';
import { SELLER_REVIEWS_PAGE_SIZE, useSellerReviews, useSellerReviewsError } from '../../api/seller';
import { MUTED } from '../../components/ReviewParts';
import { ReportReviewDialog } from '../../components/seller/ReportReviewDialog';
import { SellerReviewCard } from '../../components/seller/SellerReviewCard';
import classes from './SellerReviewsPage.module.css';

const STAR_OPTIONS = ['5', '4', '3', '2', '1'] as const;
const starOf = (v: string | null) => (v && (STAR_OPTIONS as readonly string[]).includes(v) ? Number(v) : undefined);

export function SellerReviewsPage() {
  const { t } = useTranslation();
  const apiError = useSellerReviewsError();
  const [params, setParams] = useSearchParams();
  const star = starOf(params.get('star'));
  const notReplied = params.get('notReplied') === '1';
  const pageNo = Math.max(1, Number(params.get('pageNo')) || 1);

  const merchant = useMerchantStatus();
  const list = useSellerReviews({ pageNo, star, notReplied });
  const [reporting, setReporting] = useState<SellerReview | null>(null);

  // A page past the end (the URL, or fewer reviews now) moves to the last page that has reviews.
  useLastPageGuard(list, pageNo, SELLER_REVIEWS_PAGE_SIZE);

  const go = (next: { star?: number | null; notReplied?: boolean; pageNo?: number }) => {
    const p = new URLSearchParams();
    const s = next.star === undefined ? star : next.star;
    const nr = next.notReplied ?? notReplied;
    const n = next.pageNo ?? 1;
    if (s) p.set('star', String(s));
    if (nr) p.set('notReplied', '1');
    if (n > 1) p.set('pageNo', String(n));
    setParams(p);
  };

  if (isNotSeller(list.error)) return <NotSellerPage auditStatus={merchant.data?.auditStatus} prefix="sellerReviews" />;

  const filtered = !!star || notReplied;
  const emptyTitle =
    star && notReplied
      ? t('sellerReviews.empty.filtered')
      : star
        ? t('ratings.emptyStar', { count: star })
        : notReplied
          ? t('sellerReviews.empty.notReplied')
          : t('sellerReviews.empty.all');

  const starData = [
    { value: '', label: t('sellerReviews.filter.all') },
    ...STAR_OPTIONS.map((s) => ({
      value: s,
      label: (
        <Group gap={3} wrap="nowrap" justify="center">
          <span aria-hidden>{s}</span>
          <IconStarFilled size={12} aria-hidden style={{ color: 'var(--mantine-color-orange-8)' }} />
          <VisuallyHidden>{t('ratings.starCount', { count: Number(s) })}</VisuallyHidden>
        </Group>
      ),
    })),
  ];

  return (
    <SellerConsolePage
      titleId="seller-reviews-title"
      title={t('merchant.consoleTitle')}
      subtitle={t('sellerReviews.subtitle')}
      subtitleColor={MUTED}
      active="reviews"
    >
      <Alert
        variant="light"
        color="blue"
        icon={<IconInfoCircle size={18} />}
        title={t('sellerReviews.policy.title')}
        data-testid="reviews-policy"
      >
        <Text size="sm">{t('sellerReviews.policy.text')}</Text>
      </Alert>

      <Paper
        withBorder
        p={{ base: 'sm', sm: 'md' }}
        radius="md"
        component="section"
        aria-label={t('sellerReviews.filter.label')}
      >
        <Group gap="md" align="flex-end" justify="space-between" wrap="wrap">
          <Stack gap={4} flex={{ base: '1 1 100%', sm: '0 1 auto' }}>
            <Text size="sm" fw={500} id="review-star-filter">
              {t('sellerReviews.filter.stars')}
            </Text>
            <SegmentedControl
              data={starData}
              value={star ? String(star) : ''}
              onChange={(v) => go({ star: v ? Number(v) : null, pageNo: 1 })}
              className={classes.stars}
              aria-labelledby="review-star-filter"
              data-testid="star-filter"
            />
          </Stack>
          <Switch
            label={t('sellerReviews.filter.notReplied')}
            checked={notReplied}
            onChange={(e) => go({ notReplied: e.currentTarget.checked, pageNo: 1 })}
            data-testid="not-replied-filter"
            mb={{ base: 0, sm: 6 }}
          />
        </Group>
      </Paper>

      {list.isError && (
        <Alert color="red" role="alert" title={t('sellerReviews.loadFailed')}>
          <Group justify="space-between">
            <Text size="sm">{apiError(list.error)}</Text>
            <Button size="xs" variant="default" onClick={() => void list.refetch()}>
              {t('seller.retry')}
            </Button>
          </Group>
        </Alert>
      )}

      <SellerPagedList
        list={list}
        pageNo={pageNo}
        pageSize={SELLER_REVIEWS_PAGE_SIZE}
        onPage={(n) => go({ pageNo: n })}
        totalText={(count) => t('sellerReviews.total', { count })}
        totalColor={MUTED}
        loading={
          <Stack gap="md" aria-busy aria-label={t('common.loading')}>
            {[0, 1].map((i) => (
              <Skeleton key={i} h={180} radius="md" />
            ))}
          </Stack>
        }
        empty={
          <EmptyBlock title={emptyTitle}>
            {filtered && (
              <Button variant="light" onClick={() => go({ star: null, notReplied: false, pageNo: 1 })}>
                {t('sellerReviews.empty.clear')}
              </Button>
            )}
          </EmptyBlock>
        }
        testId="seller-reviews"
      >
        {(items) => items.map((r) => <SellerReviewCard key={r.id} review={r} onReport={setReporting} />)}
      </SellerPagedList>

      <ReportReviewDialog review={reporting} onClose={() => setReporting(null)} />
    </SellerConsolePage>
  );
}

export default SellerReviewsPage;
