/**
 * /buyer/as/detail/:id (SPEC §2 After-sales detail): number (copy), date, type, status, the
 * status banner with the next automatic step's countdown, the actions of the server's
 * operationList, the products (the exchange item under each returned one, gifts apart), refund
 * information, reason, remarks with images, rejection reasons, return address, order number and
 * time. Back goes to the previous page or the order; tourists get no back icon.
 */
import { useEffect, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Alert, Anchor, Badge, Box, Group, Image, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowsExchange, IconInfoCircle, IconTruckReturn } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ReverseDetail, ReverseLine } from '@mall/contracts';
import { EmptyBlock } from '../../../shared/EmptyBlock';
import { useMoney } from '../../../shared/format';
import { useSession } from '../../../shared/session';
import { DATE_TIME, formatRemaining } from '../../orders/labels';
import { CopyButton, useNow } from '../../orders/parts';
import { isId, useInvalidateAfterSales } from '../api/keys';
import { isReverseNotFound, useReverseDetail } from '../api/queryById';
export { loadDetailPage } from '../api/queryById';
import { ImageGallery } from '../components/ImageGallery';
import { reasonKey, RETURNS_GOODS, skuLabel, STATUS_COLOR } from '../components/labels';
import { RejectReasons, ReverseActions } from '../components/ReverseActions';
import { ReturnAddressBlock } from '../components/ReturnAddressBlock';
import { LoadError, PageSkeleton } from '../components/States';
import classes from './DetailPage.module.css';
import { ReverseStatusBadge, ReverseTypeBadge } from '../components/StatusBadge';
import { Section } from '../../../shared/Section';

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" data-testid={testId}>
      <Text size="sm" c="gray.7" miw={140} maw={180} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Box style={{ minWidth: 0 }}>{children}</Box>
    </Group>
  );
}

export function DetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { data: session } = useSession();
  const tourist = session?.userType !== 'REGISTERED';
  const { data, isLoading, error, refetch } = useReverseDetail(id);

  const backTo = data ? `/buyer/order/detail/${data.tradeOrder.id}` : '/buyer/as-list';
  const back = tourist ? null : (
    <Anchor
      component="button"
      type="button"
      size="sm"
      w="fit-content"
      data-testid="as-back"
      onClick={() => (location.key !== 'default' ? navigate(-1) : navigate(backTo))}
    >
      <Group gap={4}>
        <IconArrowLeft size={14} aria-hidden />
        {t('orders.back')}
      </Group>
    </Anchor>
  );

  if (!isId(id) || isReverseNotFound(error)) {
    return (
      <Stack>
        {back}
        <EmptyBlock title={t('aftersales.detail.notFound')}>
          {!tourist && (
            <Anchor component={Link} to="/buyer/as-list">
              {t('buyer.menu.afterSales')}
            </Anchor>
          )}
        </EmptyBlock>
      </Stack>
    );
  }
  if (isLoading) return <PageSkeleton />;
  if (error || !data)
    return (
      <Stack>
        {back}
        <LoadError error={error} onRetry={() => void refetch()} />
      </Stack>
    );
  return (
    <Stack gap="md" data-testid="as-detail">
      {back}
      <DetailView reverse={data} />
    </Stack>
  );
}

function DetailView({ reverse: r }: { reverse: ReverseDetail }) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const invalidate = useInvalidateAfterSales();
  const s = r.reverseTradeOrderStatus;
  const exchange = r.reverseTradeOrderType === 'SALE_EXCHANGE';
  const mainLines = r.reverseTradeOrderLineList.filter((l) => l.tradeOrderLine.tradeOrderLineBusinessType !== 'GIFT');
  const giftLines = [
    ...r.giftLineList,
    ...r.reverseTradeOrderLineList
      .filter((l) => l.tradeOrderLine.tradeOrderLineBusinessType === 'GIFT')
      .map((l) => ({ name: l.sku.name, image: l.sku.image, qty: l.reverseQty })),
  ];
  const remarks = r.remarkList.length
    ? r.remarkList
    : r.reverseNotes.reverseText
      ? [{ remark: r.reverseNotes.reverseText, attachmentList: { files: [] } }]
      : [];
  const audit = r.auditRejectReason ?? r.reverseNotes.auditRejectReason;
  const shippingRefund = r.actualRefundShippingAmt ?? r.sellerConfirmRefundShippingAmt;

  return (
    <>
      <Paper withBorder p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
              <Title
                order={1}
                size="h3"
                fz={{ base: 'md', sm: 'var(--mantine-h3-font-size)' }}
                data-testid="as-detail-code"
              >
                {t('aftersales.numberLabel')} <span style={{ whiteSpace: 'nowrap' }}>{r.reverseTradeOrderCode}</span>
              </Title>
              <CopyButton value={r.reverseTradeOrderCode} label={t('aftersales.copyNumber')} />
            </Group>
            <Text size="sm" c="gray.7">
              {dayjs(r.createdAt).format(DATE_TIME)}
            </Text>
          </Group>
          <Group gap="xs">
            <ReverseTypeBadge type={r.reverseTradeOrderType} />
            <ReverseStatusBadge status={s} />
          </Group>
          <Alert
            variant="light"
            color={STATUS_COLOR[s]}
            icon={s === 'WAITING_FOR_BUYER_RETURN' ? <IconTruckReturn size={18} /> : <IconInfoCircle size={18} />}
            title={t(`aftersales.status.${s}`)}
            data-testid="as-banner"
            styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
          >
            <Stack gap={4}>
              <Text size="sm" c="dark.7">
                {t(`aftersales.statusTip.${s}`)}
              </Text>
              {s === 'REFUND_FAIL' && r.refund?.failedReason && (
                <Text size="sm" c="dark.7">
                  {r.refund.failedReason}
                </Text>
              )}
              {r.reissueOrder && (
                <Stack gap={2} data-testid="as-reissue">
                  <Text size="sm" fw={600} c="dark.7">
                    {t('aftersales.reissue.title')}
                  </Text>
                  <Text size="sm" c="dark.7">
                    {t('aftersales.reissue.text')}
                  </Text>
                  <Anchor component={Link} to={`/buyer/order/detail/${r.reissueOrder.id}`} size="sm" fw={600}>
                    {t('aftersales.reissue.view', { order: r.reissueOrder.tradeOrderCode })}
                  </Anchor>
                </Stack>
              )}
              {r.deadline && (
                <DeadlineCountdown at={r.deadline.at} kind={r.deadline.kind} onExpire={() => void invalidate()} />
              )}
            </Stack>
          </Alert>
          <ReverseActions reverse={r} />
        </Stack>
      </Paper>

      <Section compactOnPhone title={t('aftersales.detail.products')} testId="as-products">
        <Table verticalSpacing="sm" data-testid="as-lines-table" className={classes.lines}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('aftersales.detail.product')}</Table.Th>
              <Table.Th ta="center" w={100}>
                {t('aftersales.detail.quantity')}
              </Table.Th>
              {!exchange && (
                <Table.Th ta="right" w={140}>
                  {t('aftersales.detail.lineRefund')}
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {mainLines.map((l) => (
              <Table.Tr key={l.id} data-testid="as-line">
                <Table.Td className={classes.product}>
                  <LineCell line={l} />
                  {l.derivativeSku && <ExchangeItem sku={l.derivativeSku} />}
                </Table.Td>
                <Table.Td
                  ta="center"
                  style={{ verticalAlign: 'top' }}
                  className={classes.qty}
                  data-label={t('aftersales.detail.quantity')}
                >
                  {l.reverseQty}
                  {l.sku.unitName && l.sku.unitName !== 'pc' ? ` ${l.sku.unitName}` : ''}
                </Table.Td>
                {!exchange && (
                  <Table.Td ta="right" style={{ verticalAlign: 'top' }} className={classes.amount}>
                    {fmt(l.applyRefundAmt)}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>

      {giftLines.length > 0 && (
        <Section compactOnPhone title={t('aftersales.detail.gifts')} testId="as-gifts">
          <Stack gap="xs">
            {giftLines.map((g, i) => (
              <Group key={i} gap="sm" wrap="nowrap" data-testid="as-gift">
                <Image src={g.image} alt="" w={60} h={60} radius="sm" />
                <Box style={{ minWidth: 0 }}>
                  <Group gap={6}>
                    <Badge size="xs" color="pink.9" variant="light" tt="none">
                      {t('aftersales.line.gift')}
                    </Badge>
                    <Text size="sm" lineClamp={1}>
                      {g.name}
                    </Text>
                  </Group>
                  <Text size="xs" c="gray.7">
                    {t('aftersales.qty', { qty: g.qty })}
                  </Text>
                </Box>
              </Group>
            ))}
          </Stack>
        </Section>
      )}

      <SimpleGrid cols={{ base: 1, sm: exchange ? 1 : 2 }} spacing="md">
        {!exchange && !r.reissueOrder && (
          <Section compactOnPhone title={t('aftersales.detail.refundInfo')} testId="as-refund">
            <Stack gap={6}>
              <Field label={t('aftersales.refund.applied')} testId="refund-applied">
                <Text size="sm">{fmt(r.applyRefundAmt)}</Text>
              </Field>
              <Field label={t('aftersales.refund.actual')} testId="refund-actual">
                <Text size="sm" fw={r.actualRefundAmt ? 700 : undefined}>
                  {r.actualRefundAmt ? fmt(r.actualRefundAmt) : '—'}
                </Text>
              </Field>
              <Field label={t('aftersales.refund.shipping')} testId="refund-shipping">
                <Text size="sm">{shippingRefund ? fmt(shippingRefund) : '—'}</Text>
              </Field>
              <Field label={t('aftersales.refund.status')} testId="refund-status">
                <Text size="sm">
                  {r.refund ? t(`aftersales.refund.statuses.${r.refund.status}`) : t('aftersales.refund.statuses.NONE')}
                </Text>
                {r.refund?.status === 'REFUND_FAIL' && r.refund.failedReason && (
                  <Text size="xs" c="red.8">
                    {r.refund.failedReason}
                  </Text>
                )}
              </Field>
            </Stack>
          </Section>
        )}
        <Section compactOnPhone title={t('aftersales.detail.application')} testId="as-application">
          <Stack gap={6}>
            <Field label={t('aftersales.detail.reason')} testId="as-reason">
              <Text size="sm">{t(reasonKey(r.reverseReason ?? r.reverseNotes.reverseReason))}</Text>
            </Field>
            <Field label={t('aftersales.detail.appliedAt')}>
              <Text size="sm">{dayjs(r.createdAt).format(DATE_TIME)}</Text>
            </Field>
            {r.changeToReturn && (
              <Text size="sm" c="gray.7">
                {t('aftersales.detail.changeToReturn')}
              </Text>
            )}
          </Stack>
        </Section>
      </SimpleGrid>

      {remarks.length > 0 && (
        <Section compactOnPhone title={t('aftersales.detail.remarks')} testId="as-remarks">
          <Stack gap="sm">
            {remarks.map((m, i) => (
              <Stack key={i} gap={6}>
                {m.remark && (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {m.remark}
                  </Text>
                )}
                <ImageGallery urls={m.attachmentList.files.map((f) => f.url)} />
              </Stack>
            ))}
          </Stack>
        </Section>
      )}

      {(audit || r.qcRejectReason) && (
        <Section compactOnPhone title={t('aftersales.reject.title')} testId="as-rejections">
          <RejectReasons reverse={r} />
        </Section>
      )}

      {r.returnAddress && RETURNS_GOODS.includes(r.reverseTradeOrderType) && (
        <Section compactOnPhone title={t('aftersales.detail.returnAddress')} testId="as-return-address">
          <ReturnAddressBlock address={r.returnAddress} />
        </Section>
      )}

      <Section compactOnPhone title={t('aftersales.detail.orderInfo')} testId="as-order-info">
        <Stack gap={6}>
          <Field label={t('aftersales.detail.orderNumber')}>
            <Anchor
              component={Link}
              to={`/buyer/order/detail/${r.tradeOrder.id}`}
              size="sm"
              data-testid="as-order-link"
            >
              {r.tradeOrder.tradeOrderCode}
            </Anchor>
          </Field>
          <Field label={t('aftersales.detail.orderTime')}>
            <Text size="sm">{dayjs(r.tradeOrder.timeline.orderedTime ?? r.orderedTime).format(DATE_TIME)}</Text>
          </Field>
          <Field label={t('aftersales.detail.shop')}>
            <Text size="sm">{r.shopName}</Text>
          </Field>
        </Stack>
      </Section>
    </>
  );
}

/** The next automatic step (SPEC: approve, close, confirm) counting down; refreshes once it has passed. */
function DeadlineCountdown({
  at,
  kind,
  onExpire,
}: {
  at: string;
  kind: NonNullable<ReverseDetail['deadline']>['kind'];
  onExpire: () => void;
}) {
  const { t } = useTranslation();
  const now = useNow();
  const left = Date.parse(at) - now;
  const over = left <= 0;
  useEffect(() => {
    if (over) onExpire();
  }, [over]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    // The time left moves between the server's render and the browser's hydration: React takes the browser's.
    <Text size="sm" fw={600} c="dark.7" data-testid="as-countdown" data-kind={kind} suppressHydrationWarning>
      {over ? t('aftersales.deadline.passed') : t(`aftersales.deadline.${kind}`, { time: formatRemaining(left) })}
    </Text>
  );
}

function LineCell({ line: l }: { line: ReverseLine }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Image src={l.sku.image} alt="" w={60} h={60} radius="sm" style={{ flexShrink: 0 }} />
      <Box style={{ minWidth: 0 }}>
        <Text size="sm" fw={500} lineClamp={2}>
          {l.sku.name}
        </Text>
        <Text size="xs" c="gray.7" lineClamp={1}>
          {skuLabel(l.sku)}
        </Text>
      </Box>
    </Group>
  );
}

function ExchangeItem({ sku }: { sku: NonNullable<ReverseLine['derivativeSku']> }) {
  const { t } = useTranslation();
  const fmt = useMoney();
  return (
    <Group
      gap="sm"
      wrap="nowrap"
      align="flex-start"
      mt="xs"
      ml={{ base: 24, sm: 32 }}
      p="xs"
      data-testid="as-exchange-item"
      style={{
        borderLeft: '3px solid var(--mantine-color-cyan-6)',
        background: 'var(--mantine-color-cyan-0)',
        borderRadius: 4,
      }}
    >
      <IconArrowsExchange size={16} aria-hidden style={{ marginTop: 4, flexShrink: 0 }} />
      <Image src={sku.image} alt="" w={44} h={44} radius="sm" style={{ flexShrink: 0 }} />
      <Box style={{ minWidth: 0 }}>
        <Text size="xs" fw={600} c="cyan.9">
          {t('aftersales.detail.exchangeFor')}
        </Text>
        <Text size="sm" lineClamp={1}>
          {sku.name}
        </Text>
        <Text size="xs" c="gray.7" lineClamp={1}>
          {skuLabel(sku)}
          {sku.salePrc ? ` · ${fmt(sku.salePrc)}` : ''}
        </Text>
      </Box>
    </Group>
  );
}
