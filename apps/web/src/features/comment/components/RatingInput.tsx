/**
 * The star input of a first review (SPEC §9: 5 stars). Filled stars are solid, empty ones
 * outlined, so the choice does not depend on colour alone; both have at least 3:1 contrast on
 * white. (Read-only stars: ReviewParts' ReadOnlyStars.)
 */
import { useId, type KeyboardEvent } from 'react';
import { Group, Rating, Text } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { REVIEW } from '@mall/contracts/constants';
import classes from './RatingInput.module.css';

/** orange.8: 3.6:1 on white (WCAG non-text contrast); the outline is gray.7. */
const FULL = 'var(--mantine-color-orange-8)';
const EMPTY = 'var(--mantine-color-gray-7)';

/** Drawn at 30 px; the CSS module sizes them (bigger on phones). */
const symbols = (size: number) => ({
  fullSymbol: <IconStarFilled size={size} color={FULL} aria-hidden style={{ display: 'block' }} />,
  emptySymbol: <IconStar size={size} color={EMPTY} stroke={1.5} aria-hidden style={{ display: 'block' }} />,
});

/**
 * The rating of a first review: radio buttons (one per star, "3 stars"), arrow keys move and
 * pick, the chosen word is shown beside the stars. Big stars on phones (quick to tap).
 */
export function RatingInput({
  id,
  value,
  onChange,
  error,
  disabled,
  labelId,
  errorId,
}: {
  id: string;
  value: number;
  onChange: (v: number) => void;
  error?: string;
  disabled?: boolean;
  labelId: string;
  errorId: string;
}) {
  const { t } = useTranslation();
  const wordId = useId();
  // Arrow keys pick at once (the native radio group would only preview the star).
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const d =
      e.key === 'ArrowRight' || e.key === 'ArrowUp' ? 1 : e.key === 'ArrowLeft' || e.key === 'ArrowDown' ? -1 : 0;
    if (!d || disabled) return;
    e.preventDefault();
    const next = Math.min(REVIEW.stars, Math.max(1, (value || 0) + d));
    onChange(next);
    e.currentTarget.querySelector<HTMLInputElement>(`input[value="${next}"]`)?.focus();
  };
  return (
    <Group gap="sm" wrap="nowrap" align="center">
      <Rating
        id={id}
        value={value}
        onChange={onChange}
        count={REVIEW.stars}
        {...symbols(30)}
        readOnly={disabled}
        getSymbolLabel={(v) => (v ? t('comment.stars.symbol', { count: v }) : t('comment.stars.none'))}
        role="radiogroup"
        aria-labelledby={labelId}
        aria-describedby={[wordId, error ? errorId : ''].filter(Boolean).join(' ')}
        aria-invalid={!!error || undefined}
        aria-required
        onKeyDown={onKeyDown}
        data-testid="rating-input"
        data-value={value}
        className={classes.rating}
        classNames={{ symbolBody: classes.symbolBody }}
      />
      <Text size="sm" c={value ? 'dark.7' : 'gray.7'} id={wordId} aria-live="polite" data-testid="rating-word">
        {value ? t(`comment.stars.word.${value}`) : t('comment.stars.none')}
      </Text>
    </Group>
  );
}
