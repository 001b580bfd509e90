/**
 * What a merged payment pays (SPEC §9 "merge-order carousel 5 slides"): one slide per order, at
 * most MERGE_CAROUSEL_SLIDES; past that the last slide holds the remaining orders. Previous and
 * next buttons, a dot per slide and the arrow keys move it; each slide is announced as "n of m".
 */
import { useState, type KeyboardEvent } from 'react';
import { ActionIcon, Box, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MERGE_CAROUSEL_SLIDES } from '@mall/contracts/constants';
import type { ContractOrder } from '@mall/contracts';
import { ContractOrders } from '../payment/ContractOrders';

/** The orders split into at most `max` slides: one order each, the rest together on the last. */
export function slidesOf<T>(orders: T[], max = MERGE_CAROUSEL_SLIDES): T[][] {
  if (orders.length <= max) return orders.map((o) => [o]);
  return [...orders.slice(0, max - 1).map((o) => [o]), orders.slice(max - 1)];
}

export function MergeCarousel({ orders }: { orders: ContractOrder[] }) {
  const { t } = useTranslation();
  const slides = slidesOf(orders);
  const [index, setIndex] = useState(0);
  const at = Math.min(index, slides.length - 1);
  const go = (i: number) => setIndex((i + slides.length) % slides.length);
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft') {
      e.preventDefault();
      go(at - 1);
    }
    if (e.key === 'ArrowRight') {
      e.preventDefault();
      go(at + 1);
    }
  };
  if (!slides.length) return null;
  return (
    <Box
      role="region"
      aria-roledescription={t('orders.merge.carousel')}
      aria-label={t('orders.merge.carouselLabel', { count: orders.length })}
      onKeyDown={onKey}
      data-testid="merge-carousel"
    >
      <Box
        role="group"
        aria-roledescription={t('orders.merge.slide')}
        aria-label={t('orders.merge.slideOf', { n: at + 1, total: slides.length })}
        aria-live="polite"
        data-testid="merge-slide"
      >
        <ContractOrders orders={slides[at]!} email={null} />
      </Box>
      {slides.length > 1 && (
        <Group justify="center" gap="xs" mt="xs">
          <ActionIcon
            variant="default"
            onClick={() => go(at - 1)}
            aria-label={t('orders.merge.previous')}
            data-testid="merge-prev"
          >
            <IconChevronLeft size={16} aria-hidden />
          </ActionIcon>
          {slides.map((_, i) => (
            <UnstyledButton
              key={i}
              onClick={() => go(i)}
              aria-label={t('orders.merge.slideOf', { n: i + 1, total: slides.length })}
              aria-current={i === at}
              style={{ width: 24, height: 24, display: 'grid', placeItems: 'center' }}
            >
              <Box w={10} h={10} bg={i === at ? 'blue.6' : 'gray.4'} style={{ borderRadius: '50%' }} />
            </UnstyledButton>
          ))}
          <ActionIcon
            variant="default"
            onClick={() => go(at + 1)}
            aria-label={t('orders.merge.next')}
            data-testid="merge-next"
          >
            <IconChevronRight size={16} aria-hidden />
          </ActionIcon>
        </Group>
      )}
      <Text size="xs" c="dimmed" ta="center" mt={4}>
        {t('orders.merge.slideOf', { n: at + 1, total: slides.length })}
      </Text>
    </Box>
  );
}
