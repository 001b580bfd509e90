/**
 * Dialogs of the order summary (SPEC §2 step 0): the coupon chooser (platform and shop coupons,
 * a page of four at a time) and the product list. Loaded on the first open of either
 * (summary.tsx), with the Modal they show in: their pagination and table are no part of the
 * checkout's first load.
 */
import { useEffect, useState } from 'react';
import { Badge, Button, Group, Image, Pagination, Paper, Radio, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CheckoutCoupon, PreviewResult } from '@mall/contracts';
import { formatQty, useMoney } from '../../shared/format';
import { MountedModal } from '../../shared/ModalImpl';

const COUPON_PAGE = 4;

export interface CouponModalProps {
  opened: boolean;
  onClose: () => void;
  coupons: CheckoutCoupon[];
  onChoose: (ids: string[], noPlatform: boolean) => void;
}

export function CouponModal(props: CouponModalProps) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const [page, setPage] = useState(1);
  const [platform, setPlatform] = useState<string>('');
  const [shop, setShop] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!props.opened) return;
    setPage(1);
    setPlatform(props.coupons.find((c) => c.scope === 'PLATFORM' && c.selected)?.ownerCouponId ?? 'none');
    setShop(
      Object.fromEntries(
        props.coupons.filter((c) => c.scope === 'SHOP' && c.selected).map((c) => [c.shopId!, c.ownerCouponId]),
      ),
    );
  }, [props.opened, props.coupons]);
  const shown = props.coupons.slice((page - 1) * COUPON_PAGE, page * COUPON_PAGE);
  const label = (c: CheckoutCoupon) =>
    c.display.type === 'percent'
      ? t('checkout.coupon.percentOff', { percent: c.display.discount })
      : fmt(c.deductionAmt!);
  return (
    <MountedModal opened={props.opened} onClose={props.onClose} title={t('checkout.coupon.title')} size="lg">
      {props.coupons.length === 0 ? (
        <Text c="dimmed">{t('buyer.empty.coupons')}</Text>
      ) : (
        <Stack>
          {shown.map((c) => {
            const checked = c.scope === 'PLATFORM' ? platform === c.ownerCouponId : shop[c.shopId!] === c.ownerCouponId;
            const toggle = () =>
              c.scope === 'PLATFORM'
                ? setPlatform(checked ? 'none' : c.ownerCouponId)
                : setShop((s) => ({ ...s, [c.shopId!]: checked ? '' : c.ownerCouponId }));
            return (
              <Paper
                key={c.ownerCouponId}
                withBorder
                p="sm"
                style={{ opacity: c.usable ? 1 : 0.55 }}
                data-testid="coupon"
              >
                <Group justify="space-between" wrap="nowrap">
                  <div>
                    <Group gap="xs">
                      <Text fw={700}>{label(c)}</Text>
                      <Badge size="xs" variant="light">
                        {t(`checkout.coupon.scope.${c.scope}`)}
                      </Badge>
                      {c.useLimit && (
                        <Badge size="xs" color="orange" variant="light">
                          {t('checkout.coupon.noCombine')}
                        </Badge>
                      )}
                    </Group>
                    <Text size="sm">{c.couponCampaignName}</Text>
                    <Text size="xs" c="dimmed">
                      {c.couponCampaignDescription} · {t('checkout.coupon.minSpend', { amount: fmt(c.minSpend) })} ·{' '}
                      {c.endTime.slice(0, 10)}
                    </Text>
                  </div>
                  <Radio
                    checked={checked}
                    disabled={!c.usable}
                    onChange={toggle}
                    onClick={() => checked && toggle()}
                    aria-label={c.couponCampaignName}
                  />
                </Group>
              </Paper>
            );
          })}
          {props.coupons.length > COUPON_PAGE && (
            <Pagination
              total={Math.ceil(props.coupons.length / COUPON_PAGE)}
              value={page}
              onChange={setPage}
              size="sm"
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('common.cancel')}
            </Button>
            <Button
              onClick={() => {
                props.onChoose(
                  [...(platform !== 'none' ? [platform] : []), ...Object.values(shop).filter(Boolean)],
                  platform === 'none',
                );
                props.onClose();
              }}
            >
              {t('checkout.coupon.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </MountedModal>
  );
}

export interface ProductListModalProps {
  opened: boolean;
  onClose: () => void;
  preview: PreviewResult;
}

/** Every line of the order with its unit price, quantity and subtotal (the summary shows thumbnails only). */
export function ProductListModal({ opened, onClose, preview: p }: ProductListModalProps) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const lines = p.renderTradeOrderTOList.flatMap((o) => o.lines);
  return (
    <MountedModal
      opened={opened}
      onClose={onClose}
      size={p.isExceed ? 962 : 960}
      title={t('checkout.summary.productList')}
    >
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('checkout.table.product')}</Table.Th>
            <Table.Th>{t('checkout.table.unitPrice')}</Table.Th>
            <Table.Th>{t('checkout.table.quantity')}</Table.Th>
            <Table.Th>{t('checkout.table.subtotal')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l) => (
            <Table.Tr key={l.skuId}>
              <Table.Td>
                <Group wrap="nowrap">
                  <Image src={l.sku.image} alt="" w={56} h={56} />
                  <Text size="sm">
                    {l.item.itemName} · {l.sku.name}
                  </Text>
                </Group>
              </Table.Td>
              <Table.Td>
                {l.points > 0 ? t('catalog.points', { count: l.sku.pointsPrice ?? 0 }) : fmt(l.unitPrice)}
              </Table.Td>
              <Table.Td>{formatQty(l.qty, l.sku.marketingUnit.unitName, l.sku.qtyDecimals)}</Table.Td>
              <Table.Td>{l.points > 0 ? t('catalog.points', { count: l.points }) : fmt(l.skuAmt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </MountedModal>
  );
}
