/**
 * One line of the apply dialog and page (SPEC §4 apply dialog, §5): a checkbox (checked and
 * disabled when the line is already in an after-sales, or fixed for cancel-before-delivery),
 * image, name, SKU, what may be applied for, and its gifts and DIY parts underneath (they are
 * never listed on their own). The page adds the quantity stepper and the exchange picker.
 */
import type { ReactNode } from 'react';
import { Badge, Box, Checkbox, Group, Image, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ApplyLineView } from '@mall/contracts';
import { useMoney } from '../../../shared/format';
import { skuLabel } from './labels';

export function ApplyLineItem({
  line,
  max,
  checked,
  disabled,
  onToggle,
  children,
  aside,
  imageSize = 72,
}: {
  line: ApplyLineView;
  /** What may be applied for with the chosen type. */
  max: string;
  checked: boolean;
  disabled: boolean;
  onToggle?: (checked: boolean) => void;
  /** Under the line (exchange picker). */
  children?: ReactNode;
  /** Right of the line on desktop, under it on mobile (quantity stepper). */
  aside?: ReactNode;
  imageSize?: number;
}) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const labelId = `as-line-${line.id}`;
  const unitQty = (q: string) => (line.isWeight ? `${q} ${line.unitName ?? ''}`.trim() : q);
  return (
    <Box
      data-testid="apply-line"
      data-line-id={line.id}
      data-in-after-sales={line.inAfterSales || undefined}
      p="sm"
      style={{
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 'var(--mantine-radius-md)',
        background: checked && !disabled ? 'var(--mantine-color-blue-0)' : undefined,
      }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Checkbox
          mt={4}
          checked={checked}
          disabled={disabled}
          aria-labelledby={labelId}
          onChange={(e) => onToggle?.(e.currentTarget.checked)}
          data-testid="apply-line-check"
        />
        <Image src={line.image} alt="" w={imageSize} h={imageSize} radius="sm" fit="cover" style={{ flexShrink: 0 }} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={500} lineClamp={2} id={labelId}>
            {line.name}
          </Text>
          <Text size="xs" c="gray.7" lineClamp={1}>
            {skuLabel(line)}
          </Text>
          <Text size="xs" c="gray.7">
            {t('aftersales.line.ordered', { qty: unitQty(line.tradeQty) })}
            {!line.inAfterSales && (
              <>
                {' · '}
                {t('aftersales.line.available', { qty: unitQty(max) })}
              </>
            )}
          </Text>
          <Text size="xs" c="gray.7">
            {t('aftersales.line.paid', { amount: fmt(line.unitPaidAmt) })}
          </Text>
          {line.inAfterSales && (
            <Badge size="sm" variant="light" color="yellow.9" w="fit-content" tt="none" data-testid="in-after-sales">
              {t('aftersales.line.inAfterSales')}
            </Badge>
          )}
        </Stack>
        {aside && (
          <Box visibleFrom="sm" style={{ flexShrink: 0 }}>
            {aside}
          </Box>
        )}
      </Group>
      {aside && (
        <Box hiddenFrom="sm" mt="xs" pl={{ base: 34 }}>
          {aside}
        </Box>
      )}
      {(line.gifts.length > 0 || line.diyParts.length > 0) && (
        <Stack gap={4} mt="xs" pl={{ base: 34, sm: 34 + imageSize + 12 }} data-testid="apply-line-children">
          {line.diyParts.map((p, i) => (
            <Group key={`d${i}`} gap="xs" wrap="nowrap">
              <Image src={p.image} alt="" w={40} h={40} radius="sm" />
              <Text size="xs">
                <Badge size="xs" variant="light" mr={4} tt="none">
                  {t('aftersales.line.part')}
                </Badge>
                {p.name} × {p.qty}
              </Text>
            </Group>
          ))}
          {line.gifts.map((g, i) => (
            <Group key={`g${i}`} gap="xs" wrap="nowrap" data-testid="apply-line-gift">
              <Image src={g.image} alt="" w={40} h={40} radius="sm" />
              <Text size="xs">
                <Badge size="xs" variant="light" color="pink.9" mr={4} tt="none">
                  {t('aftersales.line.gift')}
                </Badge>
                {g.name} × {g.qty}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
      {children && (
        <Box mt="xs" pl={{ base: 0, sm: 34 }}>
          {children}
        </Box>
      )}
    </Box>
  );
}
