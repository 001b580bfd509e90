/**
 * The body of the item page's ratings and reviews section (ItemReviews.tsx holds the section and
 * its heading): the average with stars, the count, one bar per star (5 to 1) that filters the
 * list by that star, and the newest published reviews, 5 a page, each with the shortened
 * reviewer name, stars, date, SKU, text, photos (lightbox), the shop's reply and the follow-up.
 * Loaded as its own chunk once the section comes near the screen; its first page is the same
 * request as the summary under the title.
 */
import { memo, useCallback, useRef, useState } from 'react';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Center,
  Divider,
  Group,
  Pagination,
  Progress,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconMessageCircle, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ItemReviews, Review } from '@mall/contracts';
import { EmptyBlock } from '../../../shared/EmptyBlock';
import { errorMessage } from '../../../shared/errors';
import { ITEM_REVIEWS_PAGE_SIZE, useItemReviews } from '../api/itemReviews';
import { REVIEWS_HEADING_ID, REVIEWS_SECTION_ID } from './ItemRatingSummary';
import { ReviewsSkeleton } from './ReviewsSkeleton';
import {
  FollowUps,
  MUTED,
  ReadOnlyStars,
  ReviewDate,
  ReviewPhotos,
  ReviewText,
  STAR_COLOR,
  ShopReply,
  useRatingNumber,
} from './ReviewParts';
import classes from './ItemReviewsSection.module.css';
import { Columns } from '../../../shared/Columns';

type Summary = Pick<ItemReviews, 'average' | 'count' | 'perStar'>;
const STARS = [5, 4, 3, 2, 1] as const;

export function ItemReviewsSection({ urlKey }: { urlKey: string }) {
  const { t } = useTranslation();
  const [star, setStar] = useState<number | undefined>();
  const [pageNo, setPageNo] = useState(1);
  const q = useItemReviews(urlKey, { pageNo, star });
  // The summary stays on screen if a later page fails to load.
  // The same object while the answer is the same, so the memoised overview skips the list's slices.
  const lastSummary = useRef<{ from: unknown; summary: Summary } | null>(null);
  if (q.data && lastSummary.current?.from !== q.data) {
    lastSummary.current = {
      from: q.data,
      summary: { average: q.data.average, count: q.data.count, perStar: q.data.perStar },
    };
  }
  const summary = lastSummary.current?.summary ?? null;
  // Below the item, out of the first screen: the rating overview first, then one review per task
  // (the overview and two reviews in one render held a phone's main thread ~45 ms, 4x that throttled).

  const toTop = () => {
    const el = document.getElementById(REVIEWS_SECTION_ID);
    if (el && el.getBoundingClientRect().top < 0) el.scrollIntoView({ block: 'start' });
  };
  const pickStar = useCallback((s: number | undefined) => {
    setStar(s);
    setPageNo(1);
  }, []);
  const goPage = (n: number) => {
    setPageNo(n);
    toTop();
    document.getElementById(REVIEWS_HEADING_ID)?.focus({ preventScroll: true });
  };

  let body;
  if (q.isLoading && !summary) {
    body = <ReviewsSkeleton loading />;
  } else if (!summary) {
    body = <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  } else if (summary.count === 0) {
    body = (
      <EmptyBlock title={t('ratings.empty')} icon={<IconMessageCircle size={30} />}>
        <Text size="sm" c={MUTED} ta="center" maw={420}>
          {t('ratings.emptyHint')}
        </Text>
      </EmptyBlock>
    );
  } else {
    const total = q.data?.total ?? 0;
    const pages = Math.max(1, Math.ceil(total / ITEM_REVIEWS_PAGE_SIZE));
    body = (
      <Columns widths={[4, 8]} gap="xl">
        <div>
          <Overview summary={summary} star={star} onStar={pickStar} />
        </div>
        <div>
          <Stack gap="sm">
            <Group justify="space-between" gap="xs" mih={30} aria-live="polite">
              <Text size="sm" c={MUTED}>
                {star ? t('ratings.showingStar', { count: star, total: q.data?.total ?? 0 }) : t('ratings.newestFirst')}
              </Text>
              {star && (
                <Button variant="subtle" size="compact-sm" onClick={() => pickStar(undefined)}>
                  {t('ratings.showAll')}
                </Button>
              )}
            </Group>
            {q.isError ? (
              <LoadError error={q.error} onRetry={() => void q.refetch()} />
            ) : q.data && q.data.data.length === 0 ? (
              <Text size="sm" c={MUTED} py="md" ta="center">
                {t('ratings.emptyStar', { count: star ?? 0 })}
              </Text>
            ) : q.data ? (
              <Box
                component="ul"
                className={classes.list}
                aria-label={t('ratings.listLabel')}
                aria-busy={q.isFetching}
                style={{ opacity: q.isPlaceholderData ? 0.6 : 1 }}
                data-testid="item-review-list"
              >
                {q.data.data.map((r, i) => (
                  <li key={r.id}>
                    {i > 0 && <Divider my="md" />}
                    <ReviewItem review={r} />
                  </li>
                ))}
              </Box>
            ) : null}
            {total > ITEM_REVIEWS_PAGE_SIZE && !q.isError && (
              <Center pt="sm">
                <Pagination
                  total={pages}
                  value={Math.min(pageNo, pages)}
                  onChange={goPage}
                  size="sm"
                  siblings={1}
                  getControlProps={(c) => ({ 'aria-label': t(`ratings.page.${c}`) })}
                  getItemProps={(n) => ({ 'aria-label': t('ratings.page.number', { n }) })}
                />
              </Center>
            )}
          </Stack>
        </div>
      </Columns>
    );
  }

  return body;
}

/** The average, the count and one bar per star, each a toggle that filters the list by its star. */
const Overview = memo(function Overview({
  summary,
  star,
  onStar,
}: {
  summary: Summary;
  star: number | undefined;
  onStar: (s: number | undefined) => void;
}) {
  const { t } = useTranslation();
  const num = useRatingNumber();
  const average = summary.average ?? 0;
  return (
    <Stack gap="sm" data-testid="rating-overview">
      <Group gap="sm" align="center" wrap="nowrap">
        <Text fw={700} fz={44} lh={1} aria-hidden>
          {num(average)}
        </Text>
        <Stack gap={4}>
          <ReadOnlyStars value={average} fractions={10} size="md" />
          <Text size="sm" c={MUTED}>
            {t('ratings.count', { count: summary.count })}
          </Text>
        </Stack>
      </Group>
      <Stack gap={2} role="group" aria-label={t('ratings.byStar')}>
        {STARS.map((s) => {
          const n = summary.perStar[s - 1] ?? 0;
          const pct = summary.count ? Math.round((n / summary.count) * 100) : 0;
          const pressed = star === s;
          return (
            <UnstyledButton
              key={s}
              className={classes.bar}
              data-pressed={pressed ? 'true' : undefined}
              aria-pressed={pressed}
              disabled={n === 0 && !pressed}
              onClick={() => onStar(pressed ? undefined : s)}
              data-testid={`star-bar-${s}`}
            >
              {/* Named by its content, the full sentence, rather than an aria-label that would not contain the visible "5 … 3" (WCAG 2.5.3). */}
              <VisuallyHidden>
                {t('ratings.barLabel', {
                  stars: t('ratings.starCount', { count: s }),
                  reviews: t('ratings.count', { count: n }),
                  percent: pct,
                })}
              </VisuallyHidden>
              <Group gap={8} wrap="nowrap" aria-hidden>
                <Group gap={2} wrap="nowrap" justify="flex-end" w={30}>
                  <Text size="sm" fw={500}>
                    {s}
                  </Text>
                  <IconStarFilled
                    size={12}
                    color={`var(--mantine-color-${STAR_COLOR.replace('.', '-')})`}
                    aria-hidden
                  />
                </Group>
                {/* Its track is Mantine's gray.2 in the light scheme. */}
                <Progress value={pct} color={STAR_COLOR} size="md" radius="xl" aria-hidden style={{ flex: 1 }} />
                <Text size="sm" c={MUTED} ta="right" w={32}>
                  {n}
                </Text>
              </Group>
            </UnstyledButton>
          );
        })}
      </Stack>
      <Text size="xs" c={MUTED}>
        {t('ratings.barHint')}
      </Text>
    </Stack>
  );
});

/** Memoised: a review renders again only when it changes. */
const ReviewItem = memo(function ReviewItem({ review: r }: { review: Review }) {
  const { t } = useTranslation();
  const skuText = r.sku.name || r.sku.attributes.map((a) => `${a.attrKey}: ${a.attrVal}`).join(' · ');
  return (
    <Stack
      component="article"
      gap={8}
      data-testid="item-review"
      aria-label={t('ratings.reviewBy', { name: r.commentator.name })}
    >
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" miw={0}>
          <Avatar size={32} radius="xl" color="gray" variant="light" aria-hidden>
            {r.commentator.name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Stack gap={0} miw={0}>
            <Text size="sm" fw={600} truncate>
              {r.commentator.name}
            </Text>
            {r.rateDict !== null && <ReadOnlyStars value={r.rateDict} size="xs" />}
          </Stack>
        </Group>
        <ReviewDate iso={r.createdAt} />
      </Group>
      {skuText && (
        <Text size="xs" c={MUTED}>
          {t('ratings.sku', { name: skuText })}
        </Text>
      )}
      <ReviewText content={r.content} />
      <ReviewPhotos files={r.images.files} />
      <ShopReply review={r} />
      <FollowUps review={r} />
    </Stack>
  );
});

function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert" title={t('ratings.loadFailed')}>
      <Group justify="space-between" gap="xs">
        <Text size="sm">{errorMessage(t, error)}</Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          {t('ratings.retry')}
        </Button>
      </Group>
    </Alert>
  );
}

export default ItemReviewsSection;
