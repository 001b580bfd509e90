/** A level's benefits as a list a buyer can read. */
import { List, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { LevelBenefits } from '@mall/contracts';
import { useMoney } from '../../../shared/format';

export function BenefitList({
  b,
}: {
  b: Omit<LevelBenefits, 'monthlyCoupon'> & { monthlyCoupon?: LevelBenefits['monthlyCoupon'] };
}) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const items: string[] = [];
  if (b.discountPercent > 0) items.push(t('membership.benefit.discount', { percent: b.discountPercent }));
  if (Number(b.pointsMultiplier) > 1)
    items.push(t('membership.benefit.multiplier', { multiplier: b.pointsMultiplier }));
  if (b.freeShippingThreshold) {
    items.push(
      Number(b.freeShippingThreshold.value) === 0
        ? t('membership.benefit.freeShippingAlways')
        : t('membership.benefit.freeShipping', { amount: fmt(b.freeShippingThreshold) }),
    );
  }
  if (b.monthlyCoupon)
    items.push(
      t('membership.benefit.monthlyCoupon', {
        amount: fmt(b.monthlyCoupon.amount),
        minSpend: fmt(b.monthlyCoupon.minSpend),
      }),
    );
  if (!items.length)
    return (
      <Text size="sm" c="gray.7">
        {t('membership.benefit.basic')}
      </Text>
    );
  return (
    <List
      spacing={4}
      size="sm"
      icon={
        <ThemeIcon size={18} radius="xl" color="green.8">
          <IconCheck size={12} />
        </ThemeIcon>
      }
    >
      {items.map((i) => (
        <List.Item key={i}>{i}</List.Item>
      ))}
    </List>
  );
}
