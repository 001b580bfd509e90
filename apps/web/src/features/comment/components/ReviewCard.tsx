/**
 * One of the buyer's reviews on the 'reviewed' tab: the product, stars and date, the text (cut
 * after three lines; plain text), photo thumbnails with their lightbox, whether the shop replied or a follow-up exists, and the
 * links to the detail and to add a follow-up.
 */
import { Link } from 'react-router';
import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconMessageReply, IconPencilPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ReviewEntry } from '../api/pageMyReviews';
import { ProductLine } from './ProductLine';
import { ReadOnlyStars, ReviewDate, ReviewPhotos } from './ReviewParts';
import phone from '../../../shared/phoneLayout.module.css';

export function ReviewCard({ entry }: { entry: ReviewEntry }) {
  const { t } = useTranslation();
  const c = entry.comment;
  const replied = entry.replyComment.data.length > 0;
  const followUp = entry.reviewComments.length > 0;
  const detail = `/buyer/comment-detail/${c.id}`;
  return (
    <Card
      withBorder
      className={phone.cardPaddingSmOnPhone}
      component="article"
      aria-label={c.sku.item.itemName}
      data-testid="review-card"
      data-review-id={c.id}
    >
      <Stack gap="sm">
        <ProductLine
          name={c.sku.item.itemName}
          image={c.sku.image}
          sku={c.sku}
          urlKey={c.sku.item.urlKey}
          size={{ base: 56, sm: 64 }}
        />
        <Group gap="sm" wrap="wrap">
          {c.rateDict !== null && <ReadOnlyStars value={c.rateDict} />}
          <ReviewDate iso={c.createdAt} />
        </Group>
        <Text
          size="sm"
          lineClamp={3}
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          data-testid="review-content"
        >
          {c.content}
        </Text>
        <ReviewPhotos files={c.images.files} size={56} />
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs">
            {replied && (
              <Badge
                variant="outline"
                color="teal.9"
                tt="none"
                leftSection={<IconMessageReply size={12} aria-hidden />}
                data-testid="review-replied"
              >
                {t('comment.list.replied')}
              </Badge>
            )}
            {followUp && (
              <Badge variant="outline" color="gray.7" tt="none" data-testid="review-has-follow-up">
                {t('comment.list.hasFollowUp')}
              </Badge>
            )}
          </Group>
          <Group gap="md">
            {!followUp && (
              <Anchor
                component={Link}
                to={`/buyer/comment-plus/${c.id}`}
                size="sm"
                c="blue.8"
                aria-label={t('comment.list.addFollowUpOf', { name: c.sku.item.itemName })}
              >
                <Group gap={4} wrap="nowrap">
                  <IconPencilPlus size={14} aria-hidden />
                  {t('comment.detail.addFollowUp')}
                </Group>
              </Anchor>
            )}
            <Anchor
              component={Link}
              to={detail}
              size="sm"
              fw={500}
              c="blue.8"
              aria-label={t('comment.list.viewReviewOf', { name: c.sku.item.itemName })}
              data-testid="review-card-detail"
            >
              {t('comment.list.viewDetail')}
            </Anchor>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
