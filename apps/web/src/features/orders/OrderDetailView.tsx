/**
 * The order detail (SPEC §2 Orders detail, §3 Order, §4): progress and status with deadlines,
 * lines (DIY groups, gifts), delivery or pickup, shipping method, billing, invoice, payment,
 * use info of service items, bill summary, earned points and remark. Used by the detail page
 * and, read-only, by the guest lookup.
 */
import { useEffect, useState, type ReactNode } from 'react';
import {
  Anchor,
  Badge,
  Box,
  Divider,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Stepper,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { OrderDetail, OrderLine } from '@mall/contracts';
import { RISK_REVIEW_HOURS } from '@mall/domain';
import { useMoney } from '../../shared/format';
import { useInvalidateOrders } from './api';
import { DATE_TIME, lineQty, skuText, STATUS_COLOR, statusKey, taxPercent } from './labels';
import { OrderOperations } from './OrderOperations';
import classes from './OrderProgress.module.css';
import { useCountryName } from '../../shared/countries';
import { EnterpriseTags, GroupTag } from './OrderCard';
import { CopyButton, Countdown, LineRow } from './parts';
import { showsVatInvoice, VatInvoicePanel } from '../invoice/components/VatInvoicePanel';
import { CustomsBillRows, CustomsDeclarationSection } from '../cross-border/components/CustomsDeclarationSection';
import { ServiceCodes } from './ServiceCodes';
import { Section } from '../../shared/Section';

const DIY_SHOWN = 2;
const CANCELLED = ['CLOSED', 'CANCELED', 'CANCEL_ALL'];

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" miw={130} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Box style={{ minWidth: 0 }}>{children}</Box>
    </Group>
  );
}

type LooseAddress = Record<string, unknown> & {
  personName?: string;
  firstName?: string;
  lastName?: string;
  company?: string | null;
  poiName?: string;
  detailAddress?: string;
  city?: string;
  province?: string | null;
  postalCode?: string;
  country?: string;
  region?: { regionShortName?: string };
  personPhone?: string;
  areaCode?: string | null;
  email?: string;
};
function addressLines(a: LooseAddress, countryName: (code: string) => string): string[] {
  const name = a.personName || [a.firstName, a.lastName].filter(Boolean).join(' ');
  return [
    name,
    a.company ?? '',
    [a.poiName, a.detailAddress].filter(Boolean).join(', '),
    [a.city, a.province, a.postalCode].filter(Boolean).join(', '),
    a.region?.regionShortName ? countryName(a.region.regionShortName) : (a.country ?? ''),
    [a.areaCode, a.personPhone].filter(Boolean).join(' '),
    a.email ?? '',
  ].filter((l) => !!l && l.trim() !== '');
}

/** The pickup store as the order carries it: the known fields, and the country object some answers add. */
type PickupStoreInfo = Record<string, unknown> & {
  storeName?: string;
  storeAddress?: string;
  address?: string;
  storeCity?: string;
  storeState?: string;
  storeZipCode?: string;
  businessHours?: string;
  storeCountry?: { regionName?: string };
};

function AddressBlock({ address, testId }: { address: LooseAddress; testId: string }) {
  const { countryName } = useCountryName();
  return (
    <Stack gap={2} data-testid={testId}>
      {addressLines(address, countryName).map((l, i) => (
        <Text key={i} size="sm">
          {l}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * A top-level line with its DIY parts (two, then 'view more') and gifts (60 px, labelled); a line
 * with after-sales links to them (the after-sales list's order-and-product lookup).
 */
function LineGroup({ line, orderId, readOnly }: { line: OrderLine; orderId: string; readOnly: boolean }) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const [all, setAll] = useState(false);
  const parts = line.diySkuLineList;
  const shown = all ? parts : parts.slice(0, DIY_SHOWN);
  return (
    <Stack gap="xs" data-testid="line-group">
      <LineRow
        line={line}
        imageSize={80}
        badge={
          line.lineGroupTypeDict === 'DIY_MAIN' ? (
            <Badge size="xs" variant="light">
              {t('orders.diy')}
            </Badge>
          ) : undefined
        }
      />
      {!readOnly && line.reverseStatus !== 'NOT_REQUESTED' && (
        <Anchor
          component={Link}
          to={`/buyer/as-list?${new URLSearchParams({ tradeOrderId: orderId, skuId: line.sku.id })}`}
          size="sm"
          pl={92}
          w="fit-content"
          data-testid="line-after-sales-link"
        >
          {t('aftersales.viewForLine')}
        </Anchor>
      )}
      {line.presale && (
        <Text size="xs" c="grape" pl={92}>
          {t('orders.presaleLine', {
            deposit: fmt(line.presale.preSaleUnitAmount),
            balance: fmt(line.presale.balanceSaleUnitAmount),
          })}
        </Text>
      )}
      {parts.length > 0 && (
        <Stack gap={6} pl={{ base: 24, sm: 92 }} data-testid="diy-children">
          {shown.map((c) => (
            <LineRow key={c.id} line={c} imageSize={60} showPrice={false} dimmed />
          ))}
          {parts.length > DIY_SHOWN && (
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => setAll((v) => !v)}
              aria-expanded={all}
              w="fit-content"
            >
              {all ? t('checkout.viewLess') : t('checkout.viewMore')}
            </Anchor>
          )}
        </Stack>
      )}
      {line.giftLineList.length > 0 && (
        <Stack gap={6} pl={{ base: 24, sm: 92 }} data-testid="gift-lines">
          {line.giftLineList.map((g) => (
            <Group key={g.id} gap="sm" wrap="nowrap" data-testid="gift-line">
              <Image src={g.sku.image} alt={g.sku.item.itemName} w={60} h={60} radius="sm" />
              <Box style={{ minWidth: 0 }}>
                <Group gap={6}>
                  <Badge size="xs" color="pink" variant="light">
                    {t('cart.gift')}
                  </Badge>
                  <Text size="sm" lineClamp={1}>
                    {g.sku.item.itemName}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  {skuText(g)} · {lineQty(g)}
                </Text>
              </Box>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function Progress({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const s = order.displayStatus;
  if (CANCELLED.includes(s)) return null;
  const at = (iso: string | null) => (iso ? dayjs(iso).format(DATE_TIME) : undefined);
  const presale = !!order.presale;
  const steps = presale
    ? [
        { label: t('orders.progress.deposit'), description: at(order.timeline.depositPaidTime) },
        { label: t('orders.progress.balance'), description: at(order.timeline.paidTime) },
        { label: t('orders.progress.shipped') },
        { label: t('orders.progress.received') },
      ]
    : [
        { label: t('orders.progress.ordered'), description: at(order.timeline.orderedTime) },
        { label: t('orders.progress.paid'), description: at(order.timeline.paidTime) },
        { label: t('orders.progress.shipped') },
        { label: t('orders.progress.received') },
      ];
  const activeOf: Record<string, number> = presale
    ? { PENDING_DEPOSIT: 0, PENDING_BALANCE: 1, UN_DELIVERY: 2, PROCESSING: 2, UN_RECEIVED: 3, COMPLETE: 4 }
    : {
        PENDING_PAY: 1,
        PENDING_DEPOSIT: 1,
        PENDING_BALANCE: 1,
        UN_DELIVERY: 2,
        PROCESSING: 2,
        UN_RECEIVED: 3,
        COMPLETE: 4,
      };
  return (
    <Stepper
      active={activeOf[s] ?? 0}
      size="sm"
      allowNextStepsSelect={false}
      classNames={{ steps: classes.steps, separator: classes.separator }}
      data-testid="order-progress"
      aria-label={t('orders.progress.label')}
    >
      {steps.map((st) => (
        <Stepper.Step key={st.label} label={st.label} description={st.description} />
      ))}
    </Stepper>
  );
}

function StatusBox({
  order,
  readOnly,
  onToUse,
  onCheckVerifyCode,
}: {
  order: OrderDetail;
  readOnly: boolean;
  onToUse: () => void;
  onCheckVerifyCode: () => void;
}) {
  const { t } = useTranslation();
  const invalidate = useInvalidateOrders();
  const s = order.displayStatus;
  return (
    <Stack gap="xs">
      <Group gap="sm" align="center">
        <Title order={2} size="h3" c={STATUS_COLOR[s]} data-testid="detail-status">
          {t(statusKey(s))}
        </Title>
      </Group>
      <Text size="sm" c="dimmed">
        {t(`orders.statusText.${s}`, { days: RISK_REVIEW_HOURS / 24 })}
      </Text>
      {s === 'PENDING_PAY' && order.payDeadlineMillis !== null && (
        <Countdown
          deadline={order.payDeadlineMillis}
          labelKey="orders.deadline.pay"
          testId="pay-countdown"
          onExpire={() => invalidate()}
        />
      )}
      {s === 'PENDING_DEPOSIT' && order.payDeadlineMillis !== null && (
        <Countdown
          deadline={order.payDeadlineMillis}
          labelKey="orders.deadline.autoClose"
          testId="auto-close-countdown"
          onExpire={() => invalidate()}
        />
      )}
      {s === 'PENDING_BALANCE' && order.presale && (
        <Text size="sm" c="orange" data-testid="balance-window">
          {t('orders.deadline.balanceWindow', {
            start: dayjs(order.presale.balancePaymentStartTime).format(DATE_TIME),
            end: dayjs(order.presale.balancePaymentEndTime).format(DATE_TIME),
          })}
        </Text>
      )}
      {s === 'UN_RECEIVED' && order.receiptDeadlineMillis !== null && (
        <Text size="sm" c="cyan.8" data-testid="receipt-deadline">
          {t('orders.deadline.receipt', { date: dayjs(order.receiptDeadlineMillis).format(DATE_TIME) })}
        </Text>
      )}
      {!readOnly && (
        <Box mt="xs">
          <OrderOperations order={order} context="detail" onToUse={onToUse} onCheckVerifyCode={onCheckVerifyCode} />
        </Box>
      )}
    </Stack>
  );
}

function BillSummary({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const b = order.bill;
  const positive = (m: { value: string }) => Number(m.value) > 0;
  const row = (label: string, value: string, testId: string, strong = false) => (
    <Group justify="space-between" data-testid={testId}>
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : undefined}>
        {value}
      </Text>
    </Group>
  );
  const rate = taxPercent(b.taxRate);
  return (
    <Stack gap={6}>
      {row(t('orders.bill.goods'), fmt(b.skuAmt), 'bill-goods')}
      {row(t('orders.bill.shipping'), fmt(b.shippingAmt), 'bill-shipping')}
      {positive(b.orderDiscountAmt) && row(t('orders.bill.discount'), `− ${fmt(b.orderDiscountAmt)}`, 'bill-discount')}
      {positive(b.pointDiscountAmount) &&
        row(t('orders.bill.pointsDeduction'), `− ${fmt(b.pointDiscountAmount)}`, 'bill-points-deduction')}
      {order.tradeType === 'NORMAL_SALE_CBE' ? (
        // A cross-border order pays duty and import tax instead of the site's tax.
        <CustomsBillRows orderId={order.id} />
      ) : b.taxDisplay === 'EXCLUSIVE' ? (
        row(t('orders.bill.tax', { rate }), fmt(b.taxAmt), 'bill-tax')
      ) : (
        <Text size="xs" c="dimmed" data-testid="bill-tax">
          {t('orders.bill.vatIncluded', { rate, amount: fmt(b.taxAmt) })}
        </Text>
      )}
      {order.actualNeedPayPoints > 0 &&
        row(t('orders.bill.pointsPaid'), t('orders.points', { count: order.actualNeedPayPoints }), 'bill-points')}
      <Divider my={4} />
      {row(t('orders.total'), fmt(b.needPayAmt), 'bill-total', true)}
      {positive(b.paidAmt) && row(t('orders.bill.paid'), fmt(b.paidAmt), 'bill-paid')}
      {order.earnPoints > 0 && (
        <Text size="sm" c="grape" ta="right" data-testid="earn-points">
          {t('orders.bill.earn', { count: order.earnPoints })}
        </Text>
      )}
    </Stack>
  );
}

export function OrderDetailView({
  order,
  readOnly = false,
  openUseInfo = false,
  extra,
}: {
  order: OrderDetail;
  /** Guest lookup: no operations. */
  readOnly?: boolean;
  /** Open and show the service codes (toUse, or #use-info in the URL). */
  openUseInfo?: boolean;
  /** Shown after the lines (e.g. the guest's shipments). */
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const [reveal, setReveal] = useState(false);
  const serviceLines = order.tradeOrderLineList.filter(
    (l) =>
      l.itemBusinessType === 'SERVICE' || l.tradeOrderLineCouponsBOList.length > 0 || l.serviceRemainingTimes !== null,
  );
  const showUse = () => document.getElementById('use-info')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  const checkVerifyCode = () => {
    setReveal(true);
    showUse();
  };
  useEffect(() => {
    if (openUseInfo && serviceLines.length) showUse();
  }, [openUseInfo]); // eslint-disable-line react-hooks/exhaustive-deps
  const pickup = order.fulfillmentType === 'PICKUP';
  const store: PickupStoreInfo | null = order.pickUpStoreInfo;
  const channel = order.paymentInfo?.payChannel ?? order.payChannel;

  return (
    <Stack gap="md" data-testid="order-detail">
      <Paper withBorder p="md">
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Group gap={4} wrap="nowrap">
              <Title
                order={1}
                size="h3"
                fz={{ base: 'lg', sm: 'var(--mantine-h3-font-size)' }}
                data-testid="detail-code"
              >
                {t('orders.orderNumber', { code: order.tradeOrderCode })}
              </Title>
              <CopyButton value={order.tradeOrderCode} label={t('orders.copyNumber')} />
            </Group>
            <Group gap="sm">
              <Text size="sm" c="dimmed">
                {dayjs(order.timeline.orderedTime).format(DATE_TIME)}
              </Text>
              <Text size="sm">{order.shop.siteName}</Text>
            </Group>
          </Group>
          <EnterpriseTags order={order} />
          {order.isInGroup && (
            <Group>
              <GroupTag order={order} />
            </Group>
          )}
          {order.reissueOf && (
            <Paper bg="violet.0" p="sm" radius="sm" data-testid="reissue-of">
              <Stack gap={2}>
                <Text size="sm" fw={600}>
                  {t('orders.reissueOf.title')}
                </Text>
                <Text size="sm">{t('orders.reissueOf.text', { code: order.reissueOf.reverseTradeOrderCode })}</Text>
                {!readOnly && (
                  <Anchor component={Link} to={`/buyer/as/detail/${order.reissueOf.id}`} size="sm" fw={600}>
                    {t('orders.reissueOf.view', { code: order.reissueOf.reverseTradeOrderCode })}
                  </Anchor>
                )}
              </Stack>
            </Paper>
          )}
          <Progress order={order} />
          <StatusBox order={order} readOnly={readOnly} onToUse={showUse} onCheckVerifyCode={checkVerifyCode} />
        </Stack>
      </Paper>

      <Section title={t('orders.section.items', { count: order.lineCount })} testId="detail-lines">
        <Stack gap="md">
          {order.tradeOrderLineList.map((l, i) => (
            <Box key={l.id}>
              {i > 0 && <Divider mb="md" />}
              <LineGroup line={l} orderId={order.id} readOnly={readOnly} />
            </Box>
          ))}
        </Stack>
      </Section>

      {extra}

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Section
          title={t(pickup ? 'orders.section.pickup' : 'orders.section.delivery')}
          testId={pickup ? 'pickup-info' : 'delivery-info'}
        >
          <Stack gap="xs">
            {pickup && store ? (
              <Stack gap={2}>
                <Text size="sm" fw={500}>
                  {store.storeName}
                </Text>
                <Text size="sm">{store.storeAddress || store.address}</Text>
                <Text size="sm">
                  {[store.storeCity, store.storeState, store.storeZipCode].filter(Boolean).join(', ')}
                </Text>
                {store.storeCountry?.regionName && <Text size="sm">{store.storeCountry.regionName}</Text>}
                {store.businessHours && (
                  <Text size="xs" c="dimmed">
                    {t('orders.pickupHours', { hours: store.businessHours })}
                  </Text>
                )}
              </Stack>
            ) : order.selectedAddress ? (
              <AddressBlock address={order.selectedAddress} testId="shipping-address" />
            ) : (
              <Text size="sm" c="dimmed">
                —
              </Text>
            )}
            <Divider />
            <Field label={t('orders.shippingMethod')}>
              <Text size="sm" data-testid="shipping-method">
                {order.shippingTimeInfo.shippingMethod ?? (pickup ? t('orders.pickupMethod') : '—')}
              </Text>
              {(order.shippingTimeInfo.deliveryDay || order.shippingTimeInfo.deliveryTime) && (
                <Text size="xs" c="dimmed">
                  {[order.shippingTimeInfo.deliveryDay, order.shippingTimeInfo.deliveryTime]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              )}
            </Field>
            {order.notifyInfo && (
              <Field label={t('orders.notify')}>
                <Text size="sm">{order.notifyInfo.contactInfo}</Text>
              </Field>
            )}
          </Stack>
        </Section>
        <Section title={t('orders.section.billing')} testId="billing-info">
          <Stack gap="xs">
            {order.billingAddress ? (
              <AddressBlock address={order.billingAddress} testId="billing-address" />
            ) : (
              <Text size="sm" c="dimmed">
                {t('orders.billingSame')}
              </Text>
            )}
            {/* An order with a VAT invoice (asked for, or to ask for) shows that instead of the plain invoice link. */}
            {order.invoice && (readOnly || !showsVatInvoice(order)) && (
              <>
                <Divider />
                <Field label={t('orders.invoice.label')}>
                  <Group gap="xs">
                    <Text size="sm" data-testid="invoice-status">
                      {t(`orders.invoice.${order.invoice.status}`)}
                    </Text>
                    {order.invoice.invoiceUrl && (
                      <Anchor href={order.invoice.invoiceUrl} target="_blank" rel="noopener" size="sm">
                        {t('orders.op.viewInvoice')}
                      </Anchor>
                    )}
                  </Group>
                </Field>
              </>
            )}
            {!readOnly && showsVatInvoice(order) && (
              <>
                <Divider />
                <VatInvoicePanel order={order} />
              </>
            )}
          </Stack>
        </Section>
      </SimpleGrid>

      {order.paymentInfo && (
        <Section title={t('orders.section.payment')} testId="payment-info">
          <Stack gap="xs">
            <Field label={t('orders.payment.channel')}>
              <Text size="sm">{channel ? t(`payment.channel.${channel}`, { defaultValue: channel }) : '—'}</Text>
            </Field>
            <Field label={t('orders.payment.number')}>
              <Text size="sm" ff="monospace">
                {order.paymentInfo.paymentOrderId}
              </Text>
            </Field>
            {order.paymentInfo.togetherWith.length > 0 && (
              <Field label={t('orders.payment.togetherWith', { count: order.paymentInfo.togetherWith.length })}>
                <Box data-testid="paid-together">
                  <Group gap="xs">
                    {order.paymentInfo.togetherWith.map((x) =>
                      readOnly ? (
                        <Text key={x.id} size="sm" ff="monospace">
                          {x.tradeOrderCode}
                        </Text>
                      ) : (
                        <Anchor key={x.id} component={Link} to={`/buyer/order/detail/${x.id}`} size="sm" ff="monospace">
                          {x.tradeOrderCode}
                        </Anchor>
                      ),
                    )}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {t('orders.payment.onePayment', {
                      count: order.paymentInfo.togetherWith.length + 1,
                      total: fmt(order.paymentInfo.contractAmount),
                    })}
                  </Text>
                </Box>
              </Field>
            )}
            {order.timeline.paidTime && (
              <Field label={t('orders.payment.paidAt')}>
                <Text size="sm">{dayjs(order.timeline.paidTime).format(DATE_TIME)}</Text>
              </Field>
            )}
            {order.paymentInfo.records.length > 0 && (
              <Table.ScrollContainer minWidth={480}>
                <Table withTableBorder fz="sm" data-testid="payment-records">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('orders.payment.time')}</Table.Th>
                      <Table.Th>{t('orders.payment.stage')}</Table.Th>
                      <Table.Th>{t('orders.payment.channel')}</Table.Th>
                      <Table.Th>{t('orders.payment.amount')}</Table.Th>
                      <Table.Th>{t('orders.payment.status')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {order.paymentInfo.records.map((r, i) => (
                      <Table.Tr key={i}>
                        <Table.Td>{dayjs(r.createdAt).format(DATE_TIME)}</Table.Td>
                        <Table.Td>{t(`orders.payment.stages.${r.stage}`, { defaultValue: r.stage })}</Table.Td>
                        <Table.Td>{t(`payment.channel.${r.payChannel}`, { defaultValue: r.payChannel })}</Table.Td>
                        <Table.Td>
                          {fmt(r.amount)}
                          {r.contractAmount.value !== r.amount.value && (
                            <Text size="xs" c="dimmed">
                              {t('orders.payment.ofTotal', { total: fmt(r.contractAmount) })}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          {t(`orders.payment.records.${r.recordStatus}`, { defaultValue: r.recordStatus })}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            {order.paymentInfo.refunds.length > 0 && (
              <Table.ScrollContainer minWidth={480}>
                <Table withTableBorder fz="sm" data-testid="payment-refunds" captionSide="top">
                  <Table.Caption>{t('orders.payment.refundsTitle')}</Table.Caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('orders.payment.time')}</Table.Th>
                      <Table.Th>{t('orders.payment.channel')}</Table.Th>
                      <Table.Th>{t('orders.payment.amount')}</Table.Th>
                      <Table.Th>{t('orders.payment.status')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {order.paymentInfo.refunds.map((r, i) => (
                      <Table.Tr key={i}>
                        <Table.Td>
                          {dayjs(r.createdAt).format(DATE_TIME)}
                          <Text size="xs" c="dimmed">
                            {t(`orders.payment.refundReason.${r.reason}`)}
                          </Text>
                        </Table.Td>
                        <Table.Td>{t(`payment.channel.${r.payChannel}`, { defaultValue: r.payChannel })}</Table.Td>
                        <Table.Td>{fmt(r.amount)}</Table.Td>
                        <Table.Td>{t(`orders.payment.refundStatus.${r.status}`)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Stack>
        </Section>
      )}

      {serviceLines.length > 0 && (
        <Section title={t('orders.section.use')} id="use-info" testId="use-info">
          <ServiceCodes
            order={order}
            lines={serviceLines}
            readOnly={readOnly}
            reveal={reveal}
            onReveal={() => setReveal(true)}
            onHide={() => setReveal(false)}
          />
        </Section>
      )}

      <CustomsDeclarationSection orderId={order.id} tradeType={order.tradeType} />

      <Section title={t('orders.section.bill')} testId="bill-summary">
        <BillSummary order={order} />
      </Section>

      {order.remark && (
        <Section title={t('orders.section.remark')} testId="remark">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {order.remark}
          </Text>
        </Section>
      )}
    </Stack>
  );
}
