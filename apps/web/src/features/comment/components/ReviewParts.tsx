/**
 * Pieces of a published review used by the item page and the seller console: read-only stars
 * with a spoken value, the text (always plain text), the photos with their lightbox, the shop's
 * reply and the buyer's follow-up. Texts are ratings.* (locales/ratings).
 */
import type { CSSProperties } from 'react';
import { Box, Group, Paper, Stack, Text, type MantineSize } from '@mantine/core';
import { IconCornerDownRight, IconMessageReply } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Review } from '@mall/contracts';
import { ImageGallery } from '../../../shared/ImageGallery';
import { formatMediumDate } from '../../../shared/dates';
import { formatRating } from '../../../shared/rating';

/** Star colour: 3.6:1 on white (and 3:1 against the empty stars), unlike the default yellow. */
export const STAR_COLOR = 'orange.8';
/** Secondary text: gray.7 keeps AA contrast (the theme's "dimmed" gray.6 is 3.3:1 on white). */
export const MUTED = 'gray.7';

type ReviewBase = Omit<Review, 'reviewComments'>;

/** One decimal in the reader's language (4.3, 4,3). */
export function useRatingNumber() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return (n: number) => formatRating(n, language);
}

/** A review's date in the reader's language ("Mar 4, 2026", "04.03.2026"). */
export function useReviewDate() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return (iso: string) => formatMediumDate(iso, language);
}

export function ReviewDate({ iso, size = 'xs', c = MUTED }: { iso: string; size?: MantineSize; c?: string }) {
  const date = useReviewDate();
  return (
    <Text component="time" dateTime={iso} size={size} c={c}>
      {date(iso)}
    </Text>
  );
}

/** Mantine Rating's star and its sizes (--rating-size-*), so read-only stars match the input's. */
const STAR_PATH =
  'M12 17.75l-6.172 3.245l1.179 -6.873l-5 -4.867l6.9 -1l3.086 -6.253l3.086 6.253l6.9 1l-5 4.867l1.179 6.873z';
const STAR_REM: Record<MantineSize, number> = { xs: 0.875, sm: 1.125, md: 1.25, lg: 1.75, xl: 2 };

function StarRow() {
  return (
    <>
      {[0, 1, 2, 3, 4].map((i) => (
        <svg key={i} viewBox="0 0 24 24" strokeLinecap="round" strokeLinejoin="round">
          <path d={STAR_PATH} />
        </svg>
      ))}
    </>
  );
}

/**
 * Read-only stars; screen readers hear "Rated 4.3 out of 5". Drawn as two rows of five stars,
 * the filled one cut at the value: Mantine's Rating is an input (a radio, a label and two
 * symbols per star and fraction: 150 components for a rating in tenths), which made the item
 * page's reviews one of its longest renders on a phone.
 */
export function ReadOnlyStars({
  value,
  size = 'sm',
  fractions = 1,
}: {
  value: number;
  size?: MantineSize | number;
  fractions?: number;
}) {
  const { t } = useTranslation();
  const num = useRatingNumber();
  const label = t('ratings.rated', { value: fractions > 1 ? num(value) : String(value) });
  // Rounded as Mantine's Rating rounds it: to the nearest 1/fractions of a star.
  const shown = Math.min(5, Math.max(0, Math.round(value * fractions) / fractions));
  const starSize = typeof size === 'number' ? `${size / 16}rem` : `${STAR_REM[size]}rem`;
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      className="read-only-stars"
      style={
        {
          '--star-size': `calc(${starSize} * var(--mantine-scale))`,
          '--star-color': `var(--mantine-color-${STAR_COLOR.replace('.', '-')})`,
        } as CSSProperties
      }
    >
      <StarRow />
      <span className="read-only-stars-filled" style={{ width: `${shown * 20}%` }}>
        <StarRow />
      </span>
    </span>
  );
}

/** The buyer's words exactly as typed: plain text, line breaks kept, long words wrapped. */
export function ReviewText({ content, size = 'sm' }: { content: string; size?: MantineSize }) {
  if (!content.trim()) return null;
  return (
    <Text size={size} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {content}
    </Text>
  );
}

export function ReviewPhotos({ files, size = 64 }: { files: ReviewBase['images']['files']; size?: number }) {
  const { t } = useTranslation();
  if (!files.length) return null;
  return (
    <ImageGallery
      images={files.map((f) => ({ src: f.url, thumb: f.thumbUrl }))}
      size={size}
      testId="review-photos"
      labels={{
        enlarge: (n) => t('ratings.photo.enlarge', { n }),
        imageOf: (n, total) => t('ratings.photo.of', { n, total }),
      }}
    />
  );
}

/** The shop's one reply to the first review. */
export function ShopReply({ review, label }: { review: ReviewBase; label?: string }) {
  const { t } = useTranslation();
  const reply = review.replyComment.data[0];
  if (!reply) return null;
  return (
    <Paper
      bg="gray.0"
      p="sm"
      radius="sm"
      data-testid="shop-reply"
      style={{ borderInlineStart: '3px solid var(--mantine-color-blue-6)' }}
    >
      <Stack gap={4}>
        <Group gap={6} justify="space-between" wrap="wrap">
          <Group gap={6} wrap="nowrap">
            <IconMessageReply size={16} aria-hidden color="var(--mantine-color-blue-7)" />
            <Text size="sm" fw={600}>
              {label ?? t('ratings.shopReply')}
            </Text>
          </Group>
          <ReviewDate iso={reply.createdAt} />
        </Group>
        <ReviewText content={reply.content} />
      </Stack>
    </Paper>
  );
}

const DAY = 86_400_000;

/** The buyer's follow-up(s), with how long after the first review they came. */
export function FollowUps({ review, photoSize }: { review: Review; photoSize?: number }) {
  const { t } = useTranslation();
  const date = useReviewDate();
  if (!review.reviewComments.length) return null;
  return (
    <Stack gap="xs">
      {review.reviewComments.map((f) => {
        const days = Math.max(0, Math.floor((Date.parse(f.createdAt) - Date.parse(review.createdAt)) / DAY));
        return (
          <Box
            key={f.id}
            data-testid="review-follow-up"
            pl="sm"
            style={{ borderInlineStart: '3px solid var(--mantine-color-gray-4)' }}
          >
            <Stack gap={4}>
              <Group gap={6} wrap="wrap" align="baseline">
                <Group gap={6} wrap="nowrap" align="center">
                  <IconCornerDownRight size={16} aria-hidden color="var(--mantine-color-gray-7)" />
                  <Text size="sm" fw={600}>
                    {t('ratings.followUp')}
                  </Text>
                </Group>
                <Text size="xs" c={MUTED}>
                  {days === 0 ? t('ratings.followUpSameDay') : t('ratings.followUpAfter', { count: days })}
                  {' · '}
                  <time dateTime={f.createdAt}>{date(f.createdAt)}</time>
                </Text>
              </Group>
              <ReviewText content={f.content} />
              <ReviewPhotos files={f.images.files} size={photoSize} />
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}
