/**
 * One finished order on the 'to review' tab: number (to the order), shop and finishing date, its
 * reviewable lines (reviewed ones marked, with a link to the review) and the 'Review' button
 * that opens the form with the lines not reviewed yet.
 */
import { Link } from 'react-router';
import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconBuildingStore, IconCircleCheck } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { OrderToReview } from '@mall/contracts';
import { commentAddUrl, REVIEW_DATE } from './labels';
import { ProductLine } from './ProductLine';
import phone from '../../../shared/phoneLayout.module.css';

export function OrderToReviewCard({ order }: { order: OrderToReview }) {
  const { t } = useTranslation();
  const open = order.tradeOrderLineList.filter((l) => !l.commentId).map((l) => l.id);
  const code = t('orders.orderNumber', { code: order.tradeOrderCode });
  return (
    <Card
      withBorder
      className={phone.cardPaddingSmOnPhone}
      component="article"
      aria-label={code}
      data-testid="review-order"
      data-order-id={order.id}
    >
      <Card.Section withBorder inheritPadding py="xs" bg="gray.0">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="sm" wrap="wrap">
            <Anchor component={Link} to={`/buyer/order/detail/${order.id}`} fw={600} size="sm" c="blue.8">
              {code}
            </Anchor>
            <Group gap={4} wrap="nowrap">
              <IconBuildingStore size={14} aria-hidden />
              <Text size="xs" c="gray.8">
                {order.shopName}
              </Text>
            </Group>
          </Group>
          {order.completedTime && (
            <Text size="xs" c="gray.7">
              {t('comment.list.finishedOn', { date: dayjs(order.completedTime).format(REVIEW_DATE) })}
            </Text>
          )}
        </Group>
      </Card.Section>
      <Stack gap="sm" mt="sm">
        {order.tradeOrderLineList.map((l) => (
          <Group
            key={l.id}
            justify="space-between"
            gap="xs"
            className={phone.wrapOnPhone}
            data-testid="review-order-line"
          >
            <ProductLine name={l.name} image={l.image} sku={l} urlKey={l.sku.item.urlKey} size={{ base: 56, sm: 64 }} />
            {l.commentId && (
              <Group gap="xs" wrap="nowrap" ml={{ base: 64, sm: 0 }} style={{ flexShrink: 0 }}>
                <Badge
                  variant="outline"
                  color="teal.9"
                  tt="none"
                  leftSection={<IconCircleCheck size={12} aria-hidden />}
                >
                  {t('comment.list.lineReviewed')}
                </Badge>
                <Anchor
                  component={Link}
                  to={`/buyer/comment-detail/${l.commentId}`}
                  size="sm"
                  c="blue.8"
                  aria-label={t('comment.list.viewReviewOf', { name: l.name })}
                >
                  {t('comment.list.viewReview')}
                </Anchor>
              </Group>
            )}
          </Group>
        ))}
      </Stack>
      {open.length > 0 && (
        <Group justify="flex-end" mt="sm">
          <Button
            component={Link}
            to={commentAddUrl(order.id, open)}
            size="sm"
            className={phone.buttonFullWidthOnPhone}
            aria-label={t('comment.list.reviewOrder', { code: order.tradeOrderCode })}
            data-testid="review-order-button"
          >
            {t('comment.list.review')}
          </Button>
        </Group>
      )}
    </Card>
  );
}
