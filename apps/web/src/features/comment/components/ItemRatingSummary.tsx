/**
 * Average stars and review count under the item title (only when the item has reviews); the
 * count jumps to the reviews section. Shares the first-page request with that section.
 */
import { Link } from 'react-router';
import { Anchor, Group, Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useItemReviews } from '../api/itemReviews';
import { ReadOnlyStars, useRatingNumber } from './ReviewParts';

export const REVIEWS_SECTION_ID = 'reviews';
export const REVIEWS_HEADING_ID = 'item-reviews-title';

/** Scrolls to the reviews section and moves focus to its heading (keyboard and screen-reader users land there too). */
export function goToReviews() {
  const heading = document.getElementById(REVIEWS_HEADING_ID);
  const section = document.getElementById(REVIEWS_SECTION_ID);
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  (section ?? heading)?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  heading?.focus({ preventScroll: true });
}

export function ItemRatingSummary({ urlKey }: { urlKey: string }) {
  const { t } = useTranslation();
  const num = useRatingNumber();
  const { data, isLoading } = useItemReviews(urlKey);
  if (isLoading) return <Skeleton height={20} width={180} radius="sm" aria-hidden />;
  if (!data || data.count === 0 || data.average === null) return null;
  return (
    <Group gap={8} wrap="nowrap" data-testid="item-rating-summary">
      <ReadOnlyStars value={data.average} fractions={10} size="sm" />
      <Text size="sm" fw={700} aria-hidden>
        {num(data.average)}
      </Text>
      {/* A link to the section on this page; the click scrolls there itself (and moves focus), the router stays put. */}
      <Anchor
        component={Link}
        to={{ hash: REVIEWS_SECTION_ID }}
        size="sm"
        onClick={(e) => {
          e.preventDefault();
          goToReviews();
        }}
      >
        {t('ratings.count', { count: data.count })}
      </Anchor>
    </Group>
  );
}
