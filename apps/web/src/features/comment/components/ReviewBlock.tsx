/**
 * One product of the review form: the product, its 1-5 star rating, the text (required, at most
 * 300 characters with a counter) and up to 6 photos; the block's own problems are shown at their
 * fields and announced. Ids follow the line, so the page can move the focus to the first problem.
 */
import { Alert, Box, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { REVIEW } from '@mall/contracts/constants';
import type { OrderLineForReview } from '@mall/contracts';
import type { Draft } from './drafts';
import { capText, textLength, type DraftErrors } from './labels';
import { ProductLine } from './ProductLine';
import { ReviewImagesInput } from './ReviewImages';
import { RatingInput } from './RatingInput';

export const blockIds = (lineId: string) => ({
  block: `review-${lineId}`,
  heading: `review-${lineId}-name`,
  rating: `review-${lineId}-rating`,
  ratingLabel: `review-${lineId}-rating-label`,
  ratingError: `review-${lineId}-rating-error`,
  content: `review-${lineId}-content`,
  blockError: `review-${lineId}-error`,
});

export type BlockErrors = DraftErrors & { block?: string };

/** The counter under a text box (red at the limit) and its error, both in AA colours (the theme's red.6 is 3.3:1). */
export const counterStyles = (len: number) => ({
  description: {
    textAlign: 'right' as const,
    color: len >= REVIEW.textMax ? 'var(--mantine-color-red-8)' : 'var(--mantine-color-gray-7)',
  },
  error: { color: 'var(--mantine-color-red-8)' },
});

export function ReviewBlock({
  line,
  draft,
  onChange,
  errors,
  onBusyChange,
  disabled,
  index,
  total,
}: {
  line: OrderLineForReview;
  draft: Draft;
  onChange: (patch: Partial<Draft>) => void;
  errors: BlockErrors;
  onBusyChange: (busy: boolean) => void;
  disabled: boolean;
  index: number;
  total: number;
}) {
  const { t } = useTranslation();
  const ids = blockIds(line.id);
  const len = textLength(draft.content);
  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby={ids.heading}
      id={ids.block}
      tabIndex={-1}
      data-testid="review-block"
      data-line-id={line.id}
      style={
        errors.rate || errors.content || errors.images || errors.block
          ? { borderColor: 'var(--mantine-color-red-7)' }
          : undefined
      }
    >
      <Stack gap="md">
        <Box id={ids.heading}>
          {total > 1 && (
            <Text size="xs" c="gray.7">
              {t('comment.form.productOf', { n: index + 1, total })}
            </Text>
          )}
          <ProductLine
            name={line.name}
            image={line.image}
            sku={line}
            urlKey={line.sku.item.urlKey}
            size={{ base: 56, sm: 64 }}
            headingOrder={2}
          />
        </Box>

        <Box>
          <Text size="sm" fw={500} id={ids.ratingLabel} mb={4}>
            {t('comment.form.ratingLabel')}{' '}
            <Text span c="red.8" aria-hidden>
              *
            </Text>
          </Text>
          <RatingInput
            id={ids.rating}
            value={draft.rate}
            onChange={(rate) => onChange({ rate })}
            error={errors.rate}
            disabled={disabled}
            labelId={ids.ratingLabel}
            errorId={ids.ratingError}
          />
          <Text size="sm" c="red.8" id={ids.ratingError} mt={4} data-testid="rating-error" hidden={!errors.rate}>
            {errors.rate}
          </Text>
        </Box>

        <Textarea
          id={ids.content}
          label={t('comment.form.contentLabel')}
          withAsterisk
          required
          placeholder={t('comment.form.contentPlaceholder')}
          autosize
          minRows={4}
          maxRows={12}
          value={draft.content}
          disabled={disabled}
          error={errors.content}
          onChange={(e) => onChange({ content: capText(e.currentTarget.value) })}
          data-testid="review-content-input"
          description={
            <span data-testid="review-counter">{t('comment.form.counter', { n: len, max: REVIEW.textMax })}</span>
          }
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          styles={counterStyles(len)}
        />

        <ReviewImagesInput
          value={draft.images}
          onChange={(images) => onChange({ images })}
          error={errors.images}
          onBusyChange={onBusyChange}
          disabled={disabled}
        />

        {errors.block && (
          <Alert color="red" variant="light" id={ids.blockError} data-testid="block-error">
            <Text size="sm" c="dark.7">
              {errors.block}
            </Text>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
