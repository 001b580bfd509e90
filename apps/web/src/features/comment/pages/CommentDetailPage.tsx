/**
 * /buyer/comment-detail/:id (SPEC §2 Reviews, §4): the buyer's review with its stars, text and
 * photos (thumbnails in the page, the display image in the lightbox), the shop's reply, the
 * follow-up with its photos, and 'add follow-up review' only while there is none. A review that
 * does not exist or is someone else's shows the not-found state.
 */
import { Link, useParams } from 'react-router';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPencilPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LoadError, PageSkeleton } from '../../../shared/States';
import phone from '../../../shared/phoneLayout.module.css';
import { isId } from '../api/keys';
import { useReview, type ReviewEntry } from '../api/pageMyReviews';
import { BackLink, ReviewNotFound } from '../components/PageParts';
import { ProductLine } from '../components/ProductLine';
import { FollowUps, ReadOnlyStars, ReviewDate, ReviewPhotos, ReviewText, ShopReply } from '../components/ReviewParts';

export function CommentDetailPage() {
  const { id = '' } = useParams();
  const { data, isLoading, error, refetch } = useReview(id);
  const back = <BackLink to="/buyer/comments?status=comment" />;
  if (!isId(id) || data === null)
    return (
      <Stack>
        {back}
        <ReviewNotFound />
      </Stack>
    );
  if (isLoading) return <PageSkeleton testId="review-loading" />;
  if (error || !data)
    return (
      <Stack>
        {back}
        <LoadError error={error} onRetry={() => void refetch()} />
      </Stack>
    );
  return (
    <Stack gap="md" data-testid="comment-detail-page">
      {back}
      <DetailView entry={data} />
    </Stack>
  );
}

function DetailView({ entry }: { entry: ReviewEntry }) {
  const { t } = useTranslation();
  const c = entry.comment;
  const hasFollowUp = entry.reviewComments.length > 0;
  return (
    <>
      <Title order={1} size="h2">
        {t('comment.detail.title')}
      </Title>
      <Paper withBorder p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="review-product-heading">
        <Stack gap="md">
          <div id="review-product-heading">
            <ProductLine
              name={c.sku.item.itemName}
              image={c.sku.image}
              sku={c.sku}
              urlKey={c.sku.item.urlKey}
              size={{ base: 64, sm: 80 }}
              headingOrder={2}
            >
              <Anchor component={Link} to={`/buyer/order/detail/${c.tradeOrderId}`} size="xs" c="blue.8">
                {t('comment.detail.viewOrder')}
              </Anchor>
            </ProductLine>
          </div>
          <Stack gap="xs" data-testid="review-first">
            <Group gap="sm" wrap="wrap">
              {c.rateDict !== null && <ReadOnlyStars value={c.rateDict} size="md" />}
              {c.rateDict !== null && (
                <Text size="sm" fw={500}>
                  {t(`comment.stars.word.${c.rateDict}`)}
                </Text>
              )}
              <ReviewDate iso={c.createdAt} />
            </Group>
            <div data-testid="review-content">
              <ReviewText content={c.content} />
            </div>
            <ReviewPhotos files={c.images.files} size={80} />
          </Stack>
          <ShopReply review={{ ...c, replyComment: entry.replyComment }} />
          {hasFollowUp ? (
            <FollowUps review={{ ...c, reviewComments: entry.reviewComments }} photoSize={80} />
          ) : (
            <Group>
              <Button
                component={Link}
                to={`/buyer/comment-plus/${c.id}`}
                variant="light"
                leftSection={<IconPencilPlus size={16} aria-hidden />}
                className={phone.buttonFullWidthOnPhone}
                data-testid="add-follow-up"
              >
                {t('comment.detail.addFollowUp')}
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>
    </>
  );
}
