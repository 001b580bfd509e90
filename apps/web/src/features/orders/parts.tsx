/**
 * Small pieces the order screens share: countdowns, an order line, a package's header and lines,
 * copy-to-clipboard, and the translated error of an order call.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ActionIcon, Anchor, Badge, Box, Group, Image, Stack, Text, type StyleProp } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { OrderLine, ShipmentPackage } from '@mall/contracts';
import { ApiError } from '../../shared/api';
import { errorMessage } from '../../shared/errors';
import { LazyTooltip } from '../../shared/LazyTooltip';
import { useMoney } from '../../shared/format';
import { formatRemaining, lineQty, skuText } from './labels';

/** Order-call errors: the orders area's own texts first (SPEC §8), then the shared ones. */
export function orderError(t: TFunction, err: unknown): string {
  if (err instanceof ApiError) {
    const own = t(`orders.errors.${err.code}`, { defaultValue: '' });
    if (own) return own;
  }
  return errorMessage(t, err);
}
export function notifyOrderError(t: TFunction, err: unknown) {
  notifications.show({ color: 'red', message: orderError(t, err) });
}

/** The current time, refreshed every `everyMs`. */
export function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}

/** "{label} 01:02:03" until `deadline`, then `expired`; calls onExpire once when it runs out. */
export function Countdown({
  deadline,
  labelKey,
  testId,
  onExpire,
}: {
  deadline: number;
  labelKey: string;
  testId?: string;
  onExpire?: () => void;
}) {
  const { t } = useTranslation();
  const now = useNow();
  const left = deadline - now;
  const over = left <= 0;
  useEffect(() => {
    if (over) onExpire?.();
  }, [over]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    // The time left differs between the server's render and the browser's by the time in between.
    <Text size="sm" c={over ? 'dimmed' : 'orange'} data-testid={testId} suppressHydrationWarning>
      {over ? t('orders.deadlinePassed') : t(labelKey, { time: formatRemaining(left) })}
    </Text>
  );
}

/** Copies text; falls back to a hidden textarea where the Clipboard API is not allowed. */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    if (!ok) throw new Error('copy failed');
  }
}

export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  return (
    <LazyTooltip label={label}>
      <ActionIcon
        variant="subtle"
        size="sm"
        aria-label={label}
        onClick={() =>
          copyText(value).then(
            () => notifications.show({ color: 'green', message: t('orders.copied') }),
            () => notifications.show({ color: 'red', message: t('orders.copyFailed') }),
          )
        }
      >
        <IconCopy size={16} />
      </ActionIcon>
    </LazyTooltip>
  );
}

/** One order line: image (`imageSize` px square, or per breakpoint), item name (links to the item), SKU, quantity (weight with unit), amount. */
export function LineRow({
  line,
  imageSize,
  showPrice = true,
  badge,
  dimmed,
}: {
  line: OrderLine;
  imageSize: StyleProp<number>;
  showPrice?: boolean;
  badge?: ReactNode;
  dimmed?: boolean;
}) {
  const fmt = useMoney();
  const { t } = useTranslation();
  const points = line.tradeOrderLinePrice.actualNeedPayPoints;
  const name = line.sku.item.itemName;
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="order-line" opacity={dimmed ? 0.85 : 1}>
      <Image
        src={line.sku.image}
        alt={name}
        w={imageSize}
        h={imageSize}
        radius="sm"
        fit="cover"
        style={{ flexShrink: 0 }}
      />
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6} wrap="nowrap">
          {badge}
          {line.sku.item.urlKey ? (
            <Anchor component={Link} to={`/item/${line.sku.item.urlKey}`} size="sm" fw={500} lineClamp={2} c="inherit">
              {name}
            </Anchor>
          ) : (
            <Text size="sm" fw={500} lineClamp={2}>
              {name}
            </Text>
          )}
        </Group>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {skuText(line)}
        </Text>
        <Text size="xs" c="dimmed" data-testid="line-qty">
          {lineQty(line)}
        </Text>
        {line.reverseStatus !== 'NOT_REQUESTED' && (
          <Badge size="xs" variant="light" color="yellow" mt={2}>
            {t(`orders.reverseStatus.${line.reverseStatus}`)}
          </Badge>
        )}
      </Box>
      {showPrice && (
        <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
          <Text size="sm">
            {points > 0 && Number(line.tradeOrderLinePrice.needPaySkuAmt.value) === 0
              ? t('orders.points', { count: points })
              : fmt(line.tradeOrderLinePrice.needPaySkuAmt)}
          </Text>
          {points > 0 && Number(line.tradeOrderLinePrice.needPaySkuAmt.value) > 0 && (
            <Text size="xs" c="dimmed">
              + {t('orders.points', { count: points })}
            </Text>
          )}
        </Stack>
      )}
    </Group>
  );
}

/** Packages carry no item type: a unit other than pieces (kg, pack) is shown, pieces as "× n". */
export const packageQty = (qty: string, unit: string | null) => (unit && unit !== 'pc' ? `${qty} ${unit}` : `× ${qty}`);

const PACKAGE_COLOR: Record<ShipmentPackage['fulfillmentProgressStatus'], string> = {
  SEND_DELIVERY: 'cyan',
  SIGN_IN: 'green',
  CANCEL: 'gray',
};

/** Carrier, tracking number with copy, status and what is in the package. */
export function PackageSummary({ pkg, index }: { pkg: ShipmentPackage; index?: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="wrap">
          {index !== undefined && <Text fw={600}>{t('orders.package.title', { n: index + 1 })}</Text>}
          <Text size="sm" data-testid="carrier">
            {pkg.fulfillmentServiceProvider.entityName}
          </Text>
          <Group gap={2} wrap="nowrap">
            <Text size="sm" ff="monospace" data-testid="tracking-code">
              {pkg.serviceCode}
            </Text>
            <CopyButton value={pkg.serviceCode} label={t('orders.package.copyTracking', { code: pkg.serviceCode })} />
          </Group>
        </Group>
        <Badge variant="light" color={PACKAGE_COLOR[pkg.fulfillmentProgressStatus]} data-testid="package-status">
          {t(`orders.package.status.${pkg.fulfillmentProgressStatus}`)}
        </Badge>
      </Group>
      <Stack gap={6}>
        {pkg.fulfillmentProgressLineList.map((l) => (
          <Group key={l.tradeOrderLine.id} gap="sm" wrap="nowrap">
            <Image src={l.tradeOrderLine.image} alt={l.tradeOrderLine.name} w={48} h={48} radius="sm" />
            <Box style={{ minWidth: 0 }}>
              <Text size="sm" lineClamp={1}>
                {l.tradeOrderLine.name}
              </Text>
              <Text size="xs" c="dimmed">
                {l.tradeOrderLine.skuName} · {packageQty(l.actualExecuteQty, l.tradeOrderLine.unitName)}
              </Text>
            </Box>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
