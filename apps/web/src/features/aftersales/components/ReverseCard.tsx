/** One after-sales order in the list (SPEC §2 After-sales list): number, date, type, status, lines with images, amount, detail link. */
import { Link } from 'react-router';
import { Anchor, Card, Divider, Group, Image, Stack, Text } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ReverseSummary } from '@mall/contracts';
import { useMoney } from '../../../shared/format';
import { LazyTooltip } from '../../../shared/LazyTooltip';
import { DATE_TIME } from '../../orders/labels';
import { ReverseStatusBadge, ReverseTypeBadge } from './StatusBadge';
import { skuLabel } from './labels';
import phone from '../../../shared/phoneLayout.module.css';

const SHOWN = 4;

export function ReverseCard({ reverse: r }: { reverse: ReverseSummary }) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const detail = `/buyer/as/detail/${r.id}`;
  const lines = r.reverseTradeOrderLineList;
  const single = lines.length === 1 ? lines[0] : null;
  const refund = r.reverseTradeOrderType === 'SALE_EXCHANGE' ? null : (r.actualRefundAmt ?? r.applyRefundAmt);
  return (
    <Card
      withBorder
      className={phone.cardPaddingSmOnPhone}
      component="article"
      data-testid="as-card"
      data-reverse-id={r.id}
      aria-label={t('aftersales.number', { code: r.reverseTradeOrderCode })}
    >
      <Card.Section withBorder inheritPadding py="xs" bg="gray.0">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="sm" wrap="wrap">
            <Anchor component={Link} to={detail} fw={600} size="sm" data-testid="as-code">
              {t('aftersales.number', { code: r.reverseTradeOrderCode })}
            </Anchor>
            <Text size="xs" c="gray.7">
              {dayjs(r.createdAt).format(DATE_TIME)}
            </Text>
            <Group gap={4} wrap="nowrap">
              <IconBuildingStore size={14} aria-hidden />
              <Text size="xs">{r.shopName}</Text>
            </Group>
          </Group>
          <Group gap={6}>
            <ReverseTypeBadge type={r.reverseTradeOrderType} size="sm" />
            <ReverseStatusBadge status={r.reverseTradeOrderStatus} size="sm" />
          </Group>
        </Group>
      </Card.Section>

      <Group mt="sm" gap="sm" wrap="nowrap" align="center" justify="space-between">
        {single ? (
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Image src={single.sku.image} alt="" w={{ base: 64, sm: 72 }} h={{ base: 64, sm: 72 }} radius="sm" />
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text size="sm" fw={500} lineClamp={2}>
                {single.sku.name}
              </Text>
              <Text size="xs" c="gray.7" lineClamp={1}>
                {skuLabel(single.sku)}
              </Text>
              <Text size="xs" c="gray.7">
                {t('aftersales.qty', { qty: single.reverseQty })}
              </Text>
            </Stack>
          </Group>
        ) : (
          <Group gap="xs" wrap="nowrap" data-testid="as-card-images">
            {lines.slice(0, SHOWN).map((l) => (
              <LazyTooltip key={l.id} label={l.sku.name}>
                <Image
                  src={l.sku.image}
                  alt={l.sku.name}
                  w={{ base: 56, sm: 64 }}
                  h={{ base: 56, sm: 64 }}
                  radius="sm"
                />
              </LazyTooltip>
            ))}
            {lines.length > SHOWN && (
              <Text size="sm" c="gray.7">
                +{lines.length - SHOWN}
              </Text>
            )}
          </Group>
        )}
        <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
          <Text size="xs" c="gray.7">
            {t('orders.itemCount', { count: r.skuTotalCount })}
          </Text>
          {refund && (
            <>
              <Text size="xs" c="gray.7">
                {r.actualRefundAmt ? t('aftersales.refund.actual') : t('aftersales.refund.applied')}
              </Text>
              <Text fw={700} data-testid="as-amount">
                {fmt(refund)}
              </Text>
            </>
          )}
        </Stack>
      </Group>

      <Divider my="sm" />
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="xs" c="gray.7">
          {t('aftersales.orderNumberShort')}{' '}
          <Anchor component={Link} to={`/buyer/order/detail/${r.tradeOrder.id}`} size="xs">
            {r.tradeOrder.tradeOrderCode}
          </Anchor>
        </Text>
        <Anchor
          component={Link}
          to={detail}
          size="sm"
          aria-label={t('aftersales.viewDetailOf', { code: r.reverseTradeOrderCode })}
          data-testid="as-detail-link"
        >
          {t('aftersales.viewDetail')}
        </Anchor>
      </Group>
    </Card>
  );
}
