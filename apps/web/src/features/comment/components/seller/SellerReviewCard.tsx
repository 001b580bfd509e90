/**
 * One review in the seller console: the product and SKU, the buyer, the shop, stars, text,
 * photos, the follow-up and the date; the shop's one reply (a form until it is written) and a
 * report to the platform. The seller can neither edit nor hide the review.
 */
import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconCheck, IconEyeOff, IconFlag, IconMessageReply } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { REVIEW, ReplyBody, type SellerReview } from '@mall/contracts';
import { isAlreadyReplied, useReplyReview, useSellerReviewsError } from '../../api/seller';
import { FollowUps, MUTED, ReadOnlyStars, ReviewDate, ReviewPhotos, ReviewText, ShopReply } from '../ReviewParts';
import { Info as CardInfo } from '../../../merchant/seller/CardParts';
import phone from '../../../../shared/phoneLayout.module.css';
import classes from './SellerReviewCard.module.css';

// Badge text colours are darker than Mantine's light variants (green/orange 3.6-3.8:1) to keep 4.5:1.
interface Props {
  review: SellerReview;
  onReport: (r: SellerReview) => void;
}

function Info({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <CardInfo label={label} labelColor={MUTED} shrink>
      {children}
    </CardInfo>
  );
}

export function SellerReviewCard({ review: r, onReport }: Props) {
  const { t } = useTranslation();
  const [replying, setReplying] = useState(false);
  const titleId = `seller-review-${r.id}`;
  const replied = r.replyComment.data.length > 0;
  const item = r.sku.item;
  const skuText = r.sku.name || r.sku.attributes.map((a) => `${a.attrKey}: ${a.attrVal}`).join(' · ');

  return (
    <Paper
      component="article"
      withBorder
      p={{ base: 'sm', sm: 'md' }}
      radius="md"
      aria-labelledby={titleId}
      data-testid="seller-review"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" className={classes.head}>
          <Group gap="sm" wrap="nowrap" align="flex-start" miw={0}>
            <Image
              src={r.sku.image}
              alt=""
              w={{ base: 48, sm: 56 }}
              h={{ base: 48, sm: 56 }}
              radius="sm"
              fit="contain"
              bg="gray.0"
            />
            <Box miw={0}>
              <Title order={2} size="h5" id={titleId} lineClamp={2}>
                {item.urlKey ? (
                  <Anchor component={Link} to={`/item/${item.urlKey}`} inherit c="inherit" underline="hover">
                    {item.itemName}
                  </Anchor>
                ) : (
                  item.itemName
                )}
              </Title>
              {skuText && (
                <Text size="xs" c={MUTED}>
                  {t('sellerReviews.sku')}: {skuText}
                </Text>
              )}
            </Box>
          </Group>
          <Group gap={6} wrap="wrap" className={classes.badges}>
            {replied ? (
              <Badge
                color="green"
                c="#1f6f33"
                variant="light"
                leftSection={<IconCheck size={12} aria-hidden />}
                data-testid="badge-replied"
              >
                {t('sellerReviews.badge.replied')}
              </Badge>
            ) : (
              <Badge color="orange" c="#a63d00" variant="light" data-testid="badge-not-replied">
                {t('sellerReviews.badge.notReplied')}
              </Badge>
            )}
            {r.reported && (
              <Badge
                color="red"
                variant="light"
                leftSection={<IconFlag size={12} aria-hidden />}
                data-testid="badge-reported"
              >
                {t('sellerReviews.badge.reported')}
              </Badge>
            )}
            {r.hidden && (
              <Badge color="gray" variant="light" leftSection={<IconEyeOff size={12} aria-hidden />}>
                {t('sellerReviews.badge.hidden')}
              </Badge>
            )}
          </Group>
        </Group>

        <SimpleGrid component="dl" cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing={6} m={0}>
          <Info label={t('sellerReviews.buyer')}>{r.buyerName}</Info>
          <Info label={t('sellerReviews.shop')}>{r.shopName}</Info>
          <Info label={t('sellerReviews.date')}>
            <ReviewDate iso={r.createdAt} size="sm" c="inherit" />
          </Info>
        </SimpleGrid>

        <Stack gap={6}>
          {r.rateDict !== null && (
            <Group gap={8}>
              <ReadOnlyStars value={r.rateDict} size="sm" />
              <Text size="sm" fw={600} aria-hidden>
                {r.rateDict}/5
              </Text>
            </Group>
          )}
          <ReviewText content={r.content} />
          <ReviewPhotos files={r.images.files} />
        </Stack>
        <FollowUps review={r} />

        {r.hidden && (
          <Alert color="gray" variant="light" icon={<IconEyeOff size={18} />} p="xs">
            <Text size="sm">{t('sellerReviews.hiddenHint')}</Text>
          </Alert>
        )}

        {replied && <ShopReply review={r} label={t('sellerReviews.reply.yours')} />}
        {!replied && replying && <ReplyForm review={r} onDone={() => setReplying(false)} />}

        {(!replied && !replying) || !r.reported ? (
          <Group gap="xs" justify="flex-end" wrap="wrap">
            {!replied && !replying && (
              <Button
                className={`${phone.buttonXsFromSm} ${classes.action}`}
                leftSection={<IconMessageReply size={16} />}
                onClick={() => setReplying(true)}
                aria-label={t('sellerReviews.reply.buttonFor', { buyer: r.buyerName })}
                data-testid="review-reply"
              >
                {t('sellerReviews.reply.button')}
              </Button>
            )}
            {!r.reported && (
              <Button
                className={`${phone.buttonXsFromSm} ${classes.action}`}
                variant="default"
                leftSection={<IconFlag size={16} />}
                onClick={() => onReport(r)}
                aria-label={t('sellerReviews.report.buttonFor', { buyer: r.buyerName })}
                data-testid="review-report"
              >
                {t('sellerReviews.report.button')}
              </Button>
            )}
          </Group>
        ) : null}
        {r.reported && (
          <Text size="sm" c="red.8" ta={{ base: 'left', sm: 'right' }} data-testid="review-reported">
            <IconFlag size={14} aria-hidden style={{ verticalAlign: '-2px', marginInlineEnd: 4 }} />
            {t('sellerReviews.report.done')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** The one reply: checked like the server (trimmed, 1 to 300 characters); it cannot be changed afterwards. */
function ReplyForm({ review: r, onDone }: { review: SellerReview; onDone: () => void }) {
  const { t } = useTranslation();
  const apiError = useSellerReviewsError();
  const reply = useReplyReview();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const left = REVIEW.textMax - text.length;
  const id = `reply-${r.id}`;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (reply.isPending) return;
    const parsed = ReplyBody.safeParse({ content: text });
    if (!parsed.success) {
      setError(
        text.trim() ? t('sellerReviews.reply.tooLong', { max: REVIEW.textMax }) : t('sellerReviews.reply.required'),
      );
      return;
    }
    setError(null);
    reply.mutate(
      { id: r.id, body: parsed.data },
      {
        onSuccess: onDone,
        // Replied meanwhile (another tab or colleague): say so; the reloaded card shows that reply instead of the form.
        onError: (err) => {
          if (isAlreadyReplied(err)) {
            notifications.show({ color: 'orange', message: apiError(err) });
            onDone();
          }
        },
      },
    );
  };

  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      data-testid="reply-form"
      aria-label={t('sellerReviews.reply.formLabel', { buyer: r.buyerName })}
    >
      <Stack gap={6}>
        {reply.isError && (
          <Alert color="red" role="alert" p="xs">
            <Text size="sm">{apiError(reply.error)}</Text>
          </Alert>
        )}
        <Textarea
          id={id}
          label={t('sellerReviews.reply.label')}
          description={t('sellerReviews.reply.hint', { max: REVIEW.textMax })}
          placeholder={t('sellerReviews.reply.placeholder')}
          value={text}
          maxLength={REVIEW.textMax}
          autosize
          minRows={3}
          maxRows={8}
          required
          styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
          onChange={(e) => {
            setText(e.currentTarget.value);
            if (error) setError(null);
          }}
          error={error}
          autoFocus
          data-autofocus
        />
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text
            size="xs"
            c={left <= 20 ? 'red.8' : MUTED}
            aria-live={left <= 20 ? 'polite' : 'off'}
            data-testid="reply-counter"
          >
            {t('common.remaining', { count: left })}
          </Text>
          <Group gap="xs">
            <Button variant="default" size="xs" onClick={onDone} disabled={reply.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" size="xs" loading={reply.isPending} data-testid="reply-submit">
              {t('sellerReviews.reply.submit')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Box>
  );
}
