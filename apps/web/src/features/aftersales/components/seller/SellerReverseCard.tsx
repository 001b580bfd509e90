/**
 * One after-sales request in the seller console: who asked for what and why, the goods (with the
 * exchange item under each returned line), the buyer's notes and evidence, the money, the return
 * and replacement shipments, and the buttons of the server's sellerOperations.
 */
import type { ReactNode } from 'react';
import {
  Alert,
  Anchor,
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
import {
  IconAlertTriangle,
  IconArrowBackUp,
  IconCheck,
  IconClockHour4,
  IconMapPin,
  IconReceiptRefund,
  IconRefresh,
  IconTruckDelivery,
  IconX,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ReturnAddress, ReverseLine, ReverseShipment, SellerReverse } from '@mall/contracts';
import { useMoney } from '../../../../shared/format';
import { qtyText } from '../../../merchant/seller/SellerOrderCard';
import { hasOp } from '../../api/seller';
import lineTable from '../../../merchant/seller/lineTable.module.css';
import phone from '../../../../shared/phoneLayout.module.css';
import classes from './SellerReverseCard.module.css';
import { CopyCode, Info, ShipmentEvents, when } from '../../../merchant/seller/CardParts';

export const REVERSE_STATUS_COLOR: Record<string, string> = {
  AS_APPLIED: 'orange',
  WAITING_FOR_AUDIT_BY_SELLER: 'orange',
  WAITING_FOR_BUYER_RETURN: 'blue',
  WAITING_FOR_QC_DONE: 'orange',
  WAITING_FOR_REFUND: 'orange',
  WAITING_FOR_SELLER_SHIP: 'orange',
  WAITING_FOR_BUYER_CONFIRMED: 'blue',
  REFUND_PENDING: 'cyan',
  REFUND_DONE: 'green',
  REVERSE_DONE: 'green',
  REVERSE_CANCELED: 'gray',
  REVERSE_CLOSE: 'gray',
  REFUND_FAIL: 'red',
};
const TYPE_COLOR: Record<string, string> = {
  SALE_CANCEL_AFTER_PAID: 'grape',
  SALE_CANCEL_BEFORE_DELIVERY: 'grape',
  SALE_REFUND: 'indigo',
  SALE_RETURN: 'teal',
  SALE_EXCHANGE: 'violet',
  PURCHASE_RETURN: 'gray',
};
/** Returns and exchanges send goods back: approving them needs the shop's return address. */
export const needsReturnAddress = (r: SellerReverse) =>
  r.reverseTradeOrderType === 'SALE_RETURN' || r.reverseTradeOrderType === 'SALE_EXCHANGE';

/** districtList runs from the country down ("United States", "California", "San Francisco"): printed street first, country last. */
export function formatAddress(a: ReturnAddress) {
  const [country, ...below] = a.districtList;
  const local = [...below].reverse().filter((s) => s.trim());
  if (a.postalCode.trim()) local.push(local.length ? `${local.pop()} ${a.postalCode.trim()}` : a.postalCode.trim());
  return [a.detailAddress, ...local, country].filter((s): s is string => !!s && !!s.trim()).join(', ');
}

export type ReverseAction =
  | { kind: 'audit'; approve: boolean }
  | { kind: 'qc'; approve: boolean }
  | { kind: 'refund' }
  | { kind: 'retryRefund' }
  | { kind: 'shipExchange' }
  | { kind: 'reissue' };

interface Props {
  reverse: SellerReverse;
  /** The shop has no return address yet (null: not known). */
  addressMissing: boolean | null;
  onAction: (r: SellerReverse, a: ReverseAction) => void;
  onAddEvent: (r: SellerReverse, s: ReverseShipment) => void;
  onEditAddress: (shopId: string) => void;
}

export function SellerReverseCard({ reverse: r, addressMissing, onAction, onAddEvent, onEditAddress }: Props) {
  const { t } = useTranslation();
  const money = useMoney();
  const titleId = `seller-reverse-${r.id}`;
  const code = r.reverseTradeOrderCode;
  const exchange = r.reverseTradeOrderType === 'SALE_EXCHANGE';
  // The application's text is usually also the first remark: each note once.
  const notes = [
    ...new Set(
      [r.reverseNotes.reverseText, ...r.remarkList.map((m) => m.remark)]
        .map((s) => s?.trim())
        .filter((s): s is string => !!s),
    ),
  ];
  const images = r.remarkList.flatMap((m) => m.attachmentList.files.map((f) => f.url));
  const auditWaiting = hasOp(r, 'audit');
  const warnAddress = auditWaiting && needsReturnAddress(r) && addressMissing === true;

  const buttons: ReactNode[] = [];
  const btn = (
    key: string,
    label: string,
    a: ReverseAction,
    props: { color?: string; variant?: string; icon?: ReactNode },
  ) =>
    buttons.push(
      <Button
        key={key}
        className={phone.buttonXsFromSm}
        color={props.color}
        variant={props.variant ?? 'filled'}
        leftSection={props.icon}
        onClick={() => onAction(r, a)}
        aria-label={t(`sellerAfterSales.actionFor.${key}`, { code })}
        data-testid={`as-${key}`}
      >
        {label}
      </Button>,
    );
  if (auditWaiting) {
    btn(
      'approve',
      t('sellerAfterSales.action.approve'),
      { kind: 'audit', approve: true },
      { icon: <IconCheck size={16} /> },
    );
    btn(
      'reject',
      t('sellerAfterSales.action.reject'),
      { kind: 'audit', approve: false },
      { variant: 'default', icon: <IconX size={16} /> },
    );
  }
  if (hasOp(r, 'qc')) {
    btn(
      'qcPass',
      t('sellerAfterSales.action.qcPass'),
      { kind: 'qc', approve: true },
      { icon: <IconCheck size={16} /> },
    );
    btn(
      'qcReject',
      t('sellerAfterSales.action.qcReject'),
      { kind: 'qc', approve: false },
      { variant: 'default', icon: <IconX size={16} /> },
    );
  }
  if (hasOp(r, 'refund'))
    btn('refund', t('sellerAfterSales.action.refund'), { kind: 'refund' }, { icon: <IconReceiptRefund size={16} /> });
  if (hasOp(r, 'retryRefund'))
    btn(
      'retryRefund',
      t('sellerAfterSales.action.retryRefund'),
      { kind: 'retryRefund' },
      { color: 'orange', icon: <IconRefresh size={16} /> },
    );
  if (hasOp(r, 'shipExchange'))
    btn(
      'shipExchange',
      t('sellerAfterSales.action.shipExchange'),
      { kind: 'shipExchange' },
      { icon: <IconTruckDelivery size={16} /> },
    );
  if (hasOp(r, 'reissue'))
    btn(
      'reissue',
      t('sellerAfterSales.reissue.action'),
      { kind: 'reissue' },
      { variant: 'light', icon: <IconTruckDelivery size={16} /> },
    );

  const product = (s: ReverseLine['sku'], size: number) => (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Image src={s.image} alt="" w={size} h={size} radius="sm" fit="contain" bg="gray.0" />
      <Box miw={0}>
        <Text size="sm" fw={500} lineClamp={2}>
          {s.name}
        </Text>
        <Text size="xs" c="dimmed">
          {t('seller.sku')}: {s.skuName}
        </Text>
      </Box>
    </Group>
  );
  // EXCHANGE marks every line of an exchange (the type badge says so already); a gift line is worth a badge.
  const lineBadges = (l: ReverseLine) =>
    l.tradeOrderLine.tradeOrderLineBusinessType === 'GIFT' && (
      <Badge size="xs" variant="light" color="gray">
        {t('sellerAfterSales.lineType.GIFT')}
      </Badge>
    );
  const exchangeItem = (l: ReverseLine) =>
    l.derivativeSku && (
      <Paper bg="violet.0" p={6} radius="sm" mt={6} data-testid="exchange-item">
        <Group gap="xs" wrap="nowrap" align="center">
          <IconArrowBackUp size={16} color="var(--mantine-color-violet-7)" aria-hidden />
          <Image src={l.derivativeSku.image} alt="" w={36} h={36} radius="sm" fit="contain" bg="white" />
          <Box miw={0}>
            <Text size="xs" c="violet.8" fw={600}>
              {t('sellerAfterSales.exchangeFor')}
            </Text>
            <Text size="xs" lineClamp={2}>
              {l.derivativeSku.skuName}
              {l.derivativeSku.attributes.length
                ? ` · ${l.derivativeSku.attributes.map((a) => `${a.attrKey}: ${a.attrVal}`).join(', ')}`
                : ''}
            </Text>
          </Box>
        </Group>
      </Paper>
    );

  return (
    <Paper
      component="article"
      withBorder
      p={{ base: 'sm', sm: 'md' }}
      radius="md"
      data-testid="seller-reverse"
      aria-labelledby={titleId}
      className={classes.card}
    >
      <Stack gap={4} className={classes.head}>
        <Group gap={6} wrap="wrap">
          <Title order={2} size="h5" id={titleId}>
            {t('sellerAfterSales.reverseNo', { code })}
          </Title>
          <CopyCode value={code} label={t('sellerAfterSales.copyReverseNo')} />
        </Group>
        <Group gap={6} wrap="wrap">
          <Badge color={TYPE_COLOR[r.reverseTradeOrderType] ?? 'gray'} variant="outline" data-testid="reverse-type">
            {t(`sellerAfterSales.type.${r.reverseTradeOrderType}`, { defaultValue: r.reverseTradeOrderType })}
          </Badge>
          <Badge
            color={REVERSE_STATUS_COLOR[r.reverseTradeOrderStatus] ?? 'gray'}
            variant="light"
            data-testid="reverse-status"
            maw="100%"
            h="auto"
            py={2}
            styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
          >
            {t(`sellerAfterSales.status.${r.reverseTradeOrderStatus}`, { defaultValue: r.reverseTradeOrderStatus })}
          </Badge>
          {r.changeToReturn && (
            <Badge color="gray" variant="light">
              {t('sellerAfterSales.changedToReturn')}
            </Badge>
          )}
        </Group>
      </Stack>
      {buttons.length > 0 && (
        <Group gap="xs" data-testid="reverse-actions" className={classes.actions}>
          {buttons}
        </Group>
      )}
      <Stack gap="sm" className={classes.body}>
        <SimpleGrid component="dl" cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="xs" m={0}>
          <Info label={t('seller.buyer')}>{r.buyerName}</Info>
          <Info label={t('seller.shop')}>{r.shopName}</Info>
          <Info label={t('sellerAfterSales.order')}>{r.tradeOrder.tradeOrderCode}</Info>
          <Info label={t('sellerAfterSales.appliedAt')}>{when(r.createdAt)}</Info>
          <Info label={t('sellerAfterSales.reason')}>
            {t(`sellerAfterSales.reasonCode.${r.reverseReason}`, { defaultValue: r.reverseReason })}
          </Info>
          <Info label={t('sellerAfterSales.orderedAt')}>{when(r.orderedTime)}</Info>
          {!exchange && <Info label={t('sellerAfterSales.applyRefundAmt')}>{money(r.applyRefundAmt)}</Info>}
          <Info label={t('sellerAfterSales.itemCount')}>{r.skuTotalCount}</Info>
        </SimpleGrid>

        {r.deadline && (
          <Group gap={6} wrap="nowrap" data-testid="reverse-deadline">
            <IconClockHour4 size={16} color="var(--mantine-color-orange-7)" aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm" c="orange.8">
              {t(`sellerAfterSales.deadline.${r.deadline.kind}`, { date: when(r.deadline.at) })}
            </Text>
          </Group>
        )}

        {warnAddress && (
          <Alert color="orange" icon={<IconMapPin size={18} />} data-testid="address-missing" p="xs">
            <Group justify="space-between" gap="xs">
              <Text size="sm">{t('sellerAfterSales.address.neededToApprove', { shop: r.shopName })}</Text>
              <Button size="xs" variant="white" color="orange" onClick={() => onEditAddress(r.shopId)}>
                {t('sellerAfterSales.address.set')}
              </Button>
            </Group>
          </Alert>
        )}

        {(r.auditRejectReason || r.reverseNotes.auditRejectReason) && (
          <Alert color="gray" p="xs" title={t('sellerAfterSales.auditRejectReason')}>
            <Text size="sm">{r.auditRejectReason ?? r.reverseNotes.auditRejectReason}</Text>
          </Alert>
        )}
        {r.qcRejectReason && (
          <Alert color="gray" p="xs" title={t('sellerAfterSales.qcRejectReason')}>
            <Text size="sm">{r.qcRejectReason}</Text>
          </Alert>
        )}

        <Table withTableBorder verticalSpacing="xs" aria-label={t('seller.lines')} className={lineTable.table}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('seller.product')}</Table.Th>
              <Table.Th w={120}>{t('sellerAfterSales.qty')}</Table.Th>
              {!exchange && <Table.Th w={160}>{t('sellerAfterSales.lineRefund')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {r.reverseTradeOrderLineList.map((l) => (
              <Table.Tr key={l.id} data-testid="reverse-line">
                <Table.Td>
                  {product(l.sku, 56)}
                  {exchangeItem(l)}
                </Table.Td>
                <Table.Td data-label={t('sellerAfterSales.qty')}>
                  <Group gap={6} display="inline-flex">
                    {qtyText(l.reverseQty, l.sku)}
                    {lineBadges(l)}
                  </Group>
                </Table.Td>
                {!exchange && (
                  <Table.Td data-label={t('sellerAfterSales.lineRefund')}>{money(l.applyRefundAmt)}</Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>

        {r.giftLineList.length > 0 && (
          <Box>
            <Text size="xs" c="dimmed" mb={4}>
              {t('sellerAfterSales.gifts')}
            </Text>
            <Group gap="sm">
              {r.giftLineList.map((g, i) => (
                <Group key={`${g.name}-${i}`} gap={6} wrap="nowrap">
                  <Image src={g.image} alt="" w={32} h={32} radius="sm" fit="contain" bg="gray.0" />
                  <Text size="xs">
                    {g.name} × {g.qty}
                  </Text>
                </Group>
              ))}
            </Group>
          </Box>
        )}

        {(notes.length > 0 || images.length > 0) && (
          <Box data-testid="reverse-notes">
            <Text size="xs" c="dimmed" mb={4}>
              {t('sellerAfterSales.buyerNotes')}
            </Text>
            <Stack gap={4}>
              {notes.map((n, i) => (
                <Text key={i} size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {n}
                </Text>
              ))}
            </Stack>
            {images.length > 0 && (
              <Group gap="xs" mt={6} aria-label={t('sellerAfterSales.evidence')} role="list">
                {images.map((url, i) => (
                  <Anchor
                    key={url}
                    href={url}
                    target="_blank"
                    rel="noreferrer"
                    role="listitem"
                    aria-label={t('sellerAfterSales.evidenceN', { n: i + 1 })}
                  >
                    <Image
                      src={url}
                      alt=""
                      w={64}
                      h={64}
                      radius="sm"
                      fit="cover"
                      bd="1px solid var(--mantine-color-gray-3)"
                    />
                  </Anchor>
                ))}
              </Group>
            )}
          </Box>
        )}

        {(!exchange || r.refund) && !r.reissueOrder && <RefundInfo r={r} />}

        {r.reissueOrder && (
          <Group gap={6} wrap="nowrap" data-testid="reissue-order">
            <IconTruckDelivery size={16} style={{ flexShrink: 0 }} aria-hidden />
            <Anchor
              component={Link}
              to={`/merchant-console/orders?status=ALL&keyword=${encodeURIComponent(r.reissueOrder.tradeOrderCode)}`}
              size="sm"
            >
              {t('sellerAfterSales.reissue.order', { order: r.reissueOrder.tradeOrderCode })}
            </Anchor>
          </Group>
        )}

        {r.returnAddress && needsReturnAddress(r) && (
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconMapPin size={16} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
            <Text size="sm">
              <Text span size="sm" c="dimmed">
                {t('sellerAfterSales.returnTo')}:{' '}
              </Text>
              {r.returnAddress.contactName} · {r.returnAddress.phone} · {formatAddress(r.returnAddress)}
            </Text>
          </Group>
        )}

        {r.fulfillmentProgressList.length > 0 && (
          <SimpleGrid cols={{ base: 1, md: r.fulfillmentProgressList.length > 1 ? 2 : 1 }} spacing="sm">
            {r.fulfillmentProgressList.map((s) => (
              <ShipmentCard
                key={s.id}
                shipment={s}
                canAddEvent={hasOp(r, 'addEvent') && s.direction === 'EXCHANGE'}
                onAddEvent={() => onAddEvent(r, s)}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}

function RefundInfo({ r }: { r: SellerReverse }) {
  const { t } = useTranslation();
  const money = useMoney();
  const refund = r.refund;
  const rows: [string, ReactNode][] = [];
  if (hasOp(r, 'refund')) rows.push([t('sellerAfterSales.maxRefundAmt'), money(r.maxRefundAmt)]);
  // The provider's refund carries the same figure once done: show it once.
  if (r.actualRefundAmt && !(refund && refund.amount.value === r.actualRefundAmt.value))
    rows.push([t('sellerAfterSales.actualRefundAmt'), money(r.actualRefundAmt)]);
  if (r.sellerConfirmRefundShippingAmt)
    rows.push([t('sellerAfterSales.confirmedShippingAmt'), money(r.sellerConfirmRefundShippingAmt)]);
  if (r.actualRefundShippingAmt) rows.push([t('sellerAfterSales.actualShippingAmt'), money(r.actualRefundShippingAmt)]);
  if (!rows.length && !refund) return null;
  return (
    <Card
      withBorder
      padding="xs"
      bg="gray.0"
      data-testid="refund-info"
      component="section"
      aria-label={t('sellerAfterSales.refundInfo')}
    >
      <Group justify="space-between" gap="xs" align="flex-start">
        <SimpleGrid component="dl" cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing={4} m={0} style={{ flex: 1 }}>
          {rows.map(([label, value]) => (
            <Info key={label} label={label}>
              {value}
            </Info>
          ))}
          {refund && <Info label={t('sellerAfterSales.refundAmount')}>{money(refund.amount)}</Info>}
        </SimpleGrid>
        {refund && (
          <Badge
            color={refund.status === 'REFUND_DONE' ? 'green' : refund.status === 'REFUND_FAIL' ? 'red' : 'cyan'}
            variant="light"
            data-testid="refund-status"
          >
            {t(`sellerAfterSales.refundStatus.${refund.status}`)}
          </Badge>
        )}
      </Group>
      {refund?.status === 'REFUND_FAIL' && (
        <Group gap={6} mt={6} wrap="nowrap">
          <IconAlertTriangle size={16} color="var(--mantine-color-red-7)" aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm" c="red.8">
            {t('sellerAfterSales.refundFailed', { reason: refund.failedReason ?? t('sellerAfterSales.noReason') })}
          </Text>
        </Group>
      )}
    </Card>
  );
}

function ShipmentCard({
  shipment: s,
  canAddEvent,
  onAddEvent,
}: {
  shipment: ReverseShipment;
  canAddEvent: boolean;
  onAddEvent: () => void;
}) {
  const { t } = useTranslation();
  const label = t(`sellerAfterSales.shipment.${s.direction}`);
  return (
    <Card
      withBorder
      padding="sm"
      data-testid="reverse-shipment"
      component="section"
      aria-label={`${label} ${s.serviceCode}`}
    >
      <Group justify="space-between" gap="xs" align="flex-start">
        <Box miw={0}>
          <Text size="sm" fw={600}>
            {label} · {s.fulfillmentServiceProvider.entityName}
          </Text>
          <Group gap={4} wrap="nowrap">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('seller.package.tracking')}: <span data-testid="tracking-number">{s.serviceCode}</span>
            </Text>
            <CopyCode value={s.serviceCode} label={t('seller.copyTracking')} />
          </Group>
          <Text size="xs" c="dimmed">
            {t('seller.package.shippedAt', { date: when(s.createdAt) })}
          </Text>
        </Box>
      </Group>
      <ShipmentEvents
        events={s.logisticsList}
        serviceCode={s.serviceCode}
        onAddEvent={canAddEvent ? onAddEvent : undefined}
        addTestId="as-addEvent"
      />
    </Card>
  );
}
