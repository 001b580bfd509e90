/**
 * /buyer/comments?status=unComment|comment&pageNo=&pageSize= (SPEC §2 Reviews): the tabs 'to
 * review' (finished orders with lines left to review, with their count) and 'reviewed' (the
 * buyer's reviews), paged (default size 4). The URL is the state.
 */
import { Group, Pagination, Stack, Tabs, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { REVIEW } from '@mall/contracts/constants';
import { EmptyBlock } from '../../../shared/EmptyBlock';
import { CardsSkeleton, LoadError } from '../../../shared/States';
import { useUrlParams } from '../../../shared/urlParams';
import phone from '../../../shared/phoneLayout.module.css';
import { useMyReviews } from '../api/pageMyReviews';
import { useOrdersToReview, useToReviewCount } from '../api/pageOrdersToReview';
import { OrderToReviewCard } from '../components/OrderToReviewCard';
import { ReviewCard } from '../components/ReviewCard';

type Status = 'unComment' | 'comment';
const intParam = (v: string | null, fallback: number, max = 100000) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
};

export function CommentsPage() {
  const { t } = useTranslation();
  const [params, update] = useUrlParams();
  const status: Status = params.get('status') === 'comment' ? 'comment' : 'unComment';
  const pageNo = intParam(params.get('pageNo'), 1);
  const pageSize = intParam(params.get('pageSize'), REVIEW.pageSize, 50);

  const orders = useOrdersToReview({ commentStatus: 'unComment', pageNo, pageSize }, status === 'unComment');
  const reviews = useMyReviews({ pageNo, pageSize }, status === 'comment');
  const count = useToReviewCount();
  const active = status === 'unComment' ? orders : reviews;
  const total = active.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  let body: ReactNode;
  if (active.isLoading) body = <CardsSkeleton count={Math.min(pageSize, 4)} testId="review-loading" />;
  else if (active.error && !active.data)
    body = <LoadError error={active.error} onRetry={() => void active.refetch()} />;
  else if (status === 'unComment') {
    const list = orders.data?.data ?? [];
    body =
      list.length === 0 ? (
        <EmptyBlock title={t('comment.empty.unComment')} />
      ) : (
        <Results fetching={orders.isPlaceholderData} shown={t('comment.list.shownOrders', { count: list.length })}>
          {list.map((o) => (
            <OrderToReviewCard key={o.id} order={o} />
          ))}
        </Results>
      );
  } else {
    const list = reviews.data?.data ?? [];
    body =
      list.length === 0 ? (
        <EmptyBlock title={t('comment.empty.comment')} />
      ) : (
        <Results fetching={reviews.isPlaceholderData} shown={t('comment.list.shownReviews', { count: list.length })}>
          {list.map((e) => (
            <ReviewCard key={e.comment.id} entry={e} />
          ))}
        </Results>
      );
  }

  return (
    <Stack gap="md" data-testid="comments-page">
      <Title order={1} size="h2">
        {t('buyer.menu.reviews')}
      </Title>
      <Tabs
        value={status}
        onChange={(v) => update({ status: v === 'comment' ? 'comment' : 'unComment' })}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('comment.tabs.label')}>
          <Tabs.Tab value="unComment" data-testid="tab-unComment" className={phone.tabGrowOnPhone}>
            {t('comment.tabs.unComment')}
            {/* A space, not a margin: the tab's name and text read "to review (12)", as the orders' tabs do. */}
            {count !== undefined && (
              <>
                {' '}
                <Text span fw={700} fz="sm" c="blue.8" data-testid="to-review-count">
                  ({count})
                </Text>
              </>
            )}
          </Tabs.Tab>
          <Tabs.Tab value="comment" data-testid="tab-comment" className={phone.tabGrowOnPhone}>
            {t('comment.tabs.comment')}
          </Tabs.Tab>
        </Tabs.List>
        {(['unComment', 'comment'] as const).map((s) => (
          <Tabs.Panel key={s} value={s} pt="md">
            <Stack gap="md">
              {body}
              {active.data && total > pageSize && (
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Text size="sm" c="gray.7">
                    {t(status === 'unComment' ? 'comment.list.totalOrders' : 'comment.list.totalReviews', {
                      count: total,
                    })}
                  </Text>
                  <Pagination
                    total={pages}
                    value={Math.min(pageNo, pages)}
                    className={phone.paginationSmOnPhone}
                    data-testid="review-pagination"
                    getControlProps={(c) => ({
                      'aria-label':
                        c === 'previous' ? t('orders.page.previous') : c === 'next' ? t('orders.page.next') : c,
                    })}
                    getItemProps={(p) => ({ 'aria-label': t('orders.page.number', { page: p }) })}
                    onChange={(p) => {
                      update({ pageNo: p === 1 ? null : String(p) }, true);
                      window.scrollTo({ top: 0, behavior: 'smooth' });
                    }}
                  />
                </Group>
              )}
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

function Results({ fetching, shown, children }: { fetching: boolean; shown: string; children: ReactNode }) {
  return (
    <Stack
      gap="md"
      data-testid="review-list"
      aria-busy={fetching}
      style={{ opacity: fetching ? 0.6 : 1, transition: 'opacity 150ms' }}
    >
      <VisuallyHidden aria-live="polite">{shown}</VisuallyHidden>
      {children}
    </Stack>
  );
}
