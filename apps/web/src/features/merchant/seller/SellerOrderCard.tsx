/** One order in the seller console: who bought what, where it goes, its packages and what the seller can do next. */
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SellerOrder, ShipmentPackage } from '@mall/contracts';
import { useMoney } from '../../../shared/format';
import { canShip, isWeightLine, pendingCancel } from './api';
import lineTable from './lineTable.module.css';
import phone from '../../../shared/phoneLayout.module.css';
import { CopyCode, Info, ShipmentEvents, when } from './CardParts';
import { CustomsDeclarationSection } from '../../cross-border/components/CustomsDeclarationSection';

type Line = SellerOrder['lines'][number];

const STATUS_COLOR: Record<string, string> = {
  UN_DELIVERY: 'orange',
  UN_RECEIVED: 'blue',
  COMPLETE: 'green',
  PROCESSING: 'yellow',
  PENDING_PAY: 'gray',
  PENDING_DEPOSIT: 'gray',
  PENDING_BALANCE: 'gray',
};
const PACKAGE_COLOR: Record<ShipmentPackage['fulfillmentProgressStatus'], string> = {
  SEND_DELIVERY: 'blue',
  SIGN_IN: 'green',
  CANCEL: 'gray',
};

interface Props {
  order: SellerOrder;
  onShip: (o: SellerOrder) => void;
  onAddEvent: (p: ShipmentPackage) => void;
  onDecide: (o: SellerOrder, approve: boolean) => void;
}

/** Quantity with its unit ("1.5 kg", "1 pack"); plain pieces stay a bare number. */
export const qtyText = (q: string, l: { unitName: string | null }) =>
  l.unitName && !['pc', 'pcs'].includes(l.unitName) ? `${q} ${l.unitName}` : q;

export function SellerOrderCard({ order: o, onShip, onAddEvent, onDecide }: Props) {
  const { t } = useTranslation();
  const money = useMoney();
  const titleId = `seller-order-${o.id}`;
  const cancel = o.cancelRequest;
  const pending = pendingCancel(o);
  const statusLabel = t(`seller.status.${o.status}`, { defaultValue: o.status });

  const product = (l: Line) => (
    <Group gap="sm" wrap="nowrap">
      <Image
        src={l.image}
        alt=""
        w={{ base: 56, sm: 64 }}
        h={{ base: 56, sm: 64 }}
        radius="sm"
        fit="contain"
        bg="gray.0"
      />
      <Box miw={0}>
        <Text size="sm" fw={500} lineClamp={2}>
          {l.name}
        </Text>
        <Text size="xs" c="dimmed">
          {t('seller.sku')}: {l.skuName}
        </Text>
        {isWeightLine(l) && (
          <Badge size="xs" variant="light" mt={2}>
            {t('seller.weightItem')}
          </Badge>
        )}
      </Box>
    </Group>
  );

  return (
    <Paper
      component="article"
      withBorder
      p={{ base: 'sm', sm: 'md' }}
      radius="md"
      data-testid="seller-order"
      aria-labelledby={titleId}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Group gap={6} wrap="wrap">
            <Title order={2} size="h5" id={titleId}>
              {t('seller.orderNo', { code: o.tradeOrderCode })}
            </Title>
            <CopyCode value={o.tradeOrderCode} label={t('seller.copyOrderNo')} />
            <Badge color={STATUS_COLOR[o.status] ?? 'gray'} variant="light" data-testid="order-status">
              {statusLabel}
            </Badge>
            {o.reissueOf && (
              <Badge color="violet" variant="light" data-testid="reissue-badge">
                {t('seller.reissue.badge')}
              </Badge>
            )}
          </Group>
          {canShip(o) && (
            <Button
              leftSection={<IconTruckDelivery size={16} />}
              onClick={() => onShip(o)}
              className={phone.buttonFullWidthOnPhone}
              aria-label={t('seller.ship.buttonFor', { code: o.tradeOrderCode })}
            >
              {t('seller.ship.button')}
            </Button>
          )}
        </Group>

        <SimpleGrid component="dl" cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="xs" m={0}>
          <Info label={t('seller.shop')}>{o.shopName}</Info>
          <Info label={t('seller.buyer')}>{o.buyerName}</Info>
          <Info label={t('seller.amount')}>{money(o.needPayAmt)}</Info>
          <Info label={t('seller.paidAt')}>{when(o.paidAt)}</Info>
          <Info label={t('seller.shippingMethod')}>{o.shippingMethod ?? '—'}</Info>
          <Info label={t('seller.shipTo')}>{o.shipTo || '—'}</Info>
        </SimpleGrid>

        {o.reissueOf && (
          <Text size="sm" data-testid="reissue-of">
            {t('seller.reissue.of', { code: o.reissueOf.reverseTradeOrderCode })}
          </Text>
        )}

        {cancel && (
          <Alert
            color={pending ? 'yellow' : 'gray'}
            title={t('seller.cancel.title', { code: cancel.code })}
            data-testid="cancel-request"
          >
            <Stack gap="xs">
              <Text size="sm">
                {t('seller.cancel.info', {
                  date: when(cancel.createdAt),
                  status: t(`seller.reverseStatus.${cancel.status}`, { defaultValue: cancel.status }),
                })}
              </Text>
              {pending && (
                <Group gap="xs">
                  <Button color="red" size="xs" onClick={() => onDecide(o, true)}>
                    {t('seller.cancel.approve')}
                  </Button>
                  <Button variant="default" size="xs" onClick={() => onDecide(o, false)}>
                    {t('seller.cancel.reject')}
                  </Button>
                </Group>
              )}
            </Stack>
          </Alert>
        )}

        <Table withTableBorder verticalSpacing="xs" aria-label={t('seller.lines')} className={lineTable.table}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('seller.product')}</Table.Th>
              <Table.Th w={140}>{t('seller.bought')}</Table.Th>
              <Table.Th w={140}>{t('seller.shipped')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {o.lines.map((l) => (
              <Table.Tr key={l.id} data-testid="seller-line">
                <Table.Td>{product(l)}</Table.Td>
                <Table.Td data-label={t('seller.bought')}>{qtyText(l.tradeQty, l)}</Table.Td>
                <Table.Td data-label={t('seller.shipped')}>{qtyText(l.shippedQty, l)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>

        {/* A cross-border order: what was declared to customs (the certificate number masked). */}
        <CustomsDeclarationSection orderId={o.id} tradeType={o.tradeType} side="seller" />

        {o.packages.length > 0 && (
          <Stack gap="xs">
            <Title order={3} size="h6">
              {t('seller.package.heading', { count: o.packages.length })}
            </Title>
            <SimpleGrid cols={{ base: 1, md: o.packages.length > 1 ? 2 : 1 }} spacing="sm">
              {o.packages.map((p, i) => (
                <PackageCard key={p.id} pkg={p} index={i + 1} onAddEvent={onAddEvent} />
              ))}
            </SimpleGrid>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function PackageCard({
  pkg: p,
  index,
  onAddEvent,
}: {
  pkg: ShipmentPackage;
  index: number;
  onAddEvent: (p: ShipmentPackage) => void;
}) {
  const { t } = useTranslation();
  return (
    <Card
      withBorder
      padding="sm"
      data-testid="seller-package"
      component="section"
      aria-label={t('seller.package.label', { n: index, code: p.serviceCode })}
    >
      <Group justify="space-between" gap="xs" align="flex-start">
        <Box>
          <Text size="sm" fw={600}>
            {t('seller.package.n', { n: index })} · {p.fulfillmentServiceProvider.entityName}
          </Text>
          <Group gap={4}>
            <Text size="sm">
              {t('seller.package.tracking')}: <span data-testid="tracking-number">{p.serviceCode}</span>
            </Text>
            <CopyCode value={p.serviceCode} label={t('seller.copyTracking')} />
          </Group>
          <Text size="xs" c="dimmed">
            {t('seller.package.shippedAt', { date: when(p.createdAt) })}
            {p.signedAt ? ` · ${t('seller.package.signedAt', { date: when(p.signedAt) })}` : ''}
          </Text>
        </Box>
        <Badge color={PACKAGE_COLOR[p.fulfillmentProgressStatus]} variant="light">
          {t(`seller.package.status.${p.fulfillmentProgressStatus}`)}
        </Badge>
      </Group>
      <Text size="xs" mt={6} c="dimmed">
        {p.fulfillmentProgressLineList
          .map(
            (l) =>
              `${l.tradeOrderLine.name} (${l.tradeOrderLine.skuName}) × ${qtyText(l.actualExecuteQty, l.tradeOrderLine)}`,
          )
          .join(' · ')}
      </Text>
      <ShipmentEvents
        events={p.logisticsList}
        serviceCode={p.serviceCode}
        onAddEvent={p.fulfillmentProgressStatus !== 'CANCEL' ? () => onAddEvent(p) : undefined}
      />
    </Card>
  );
}
