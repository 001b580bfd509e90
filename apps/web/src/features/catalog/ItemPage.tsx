import { HydrateApart } from '../../shared/HydrateApart';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Chip,
  Container,
  Group,
  Image,
  List,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { ItemDetail } from '@mall/contracts';
import { bundleUnitPrice, clampQuantity } from '@mall/domain';
import { useMoney, formatQty } from '../../shared/format';
import { useCountryName } from '../../shared/countries';
import { QuantityStepper } from '../../shared/QuantityStepper';
import { EmptyBlock } from '../../shared/EmptyBlock';
import { notifyError } from '../../shared/errors';
import { useAddToCart } from '../cart/api';
import { useItem } from './api';
export { loadItemPage } from './api';
import { skuRule } from './skuRule';
import { ItemRatingSummary } from '../comment/components/ItemRatingSummary';
import { ItemReviews } from '../comment/components/ItemReviews';
import { Columns } from '../../shared/Columns';
import { PageLoading } from '../../shared/PageLoading';
import { GroupBuyPanel } from '../group-buy/components/GroupBuyPanel';

export function ItemPage() {
  const { urlKey = '' } = useParams();
  const { t } = useTranslation();
  const { data: item, isLoading, error } = useItem(urlKey);
  if (isLoading) return <PageLoading />;
  if (error || !item) {
    return (
      <EmptyBlock title={t('catalog.notFound')}>
        <Anchor component={Link} to="/">
          {t('common.backHome')}
        </Anchor>
      </EmptyBlock>
    );
  }
  return <ItemView item={item} />;
}

function ItemView({ item }: { item: ItemDetail }) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const { countryName } = useCountryName();
  const firstInStock = item.skus.find((s) => Number(s.stock) > 0) ?? item.skus[0]!;
  const [skuId, setSkuId] = useState(firstInStock.id);
  const sku = item.skus.find((s) => s.id === skuId) ?? firstInStock;
  const rule = skuRule(sku);
  const [qty, setQty] = useState(clampQuantity(sku.minQty, rule));
  useEffect(() => setQty((q) => clampQuantity(q, skuRule(sku))), [sku]);
  const add = useAddToCart();
  const soldOut = Number(sku.stock) <= 0;
  // SPEC §6: a frozen or cleared seller's items cannot be bought.
  const notSelling = item.sellerSelling === false;

  // The headline is what the cart charges for one unit: a DIY bundle includes its parts.
  const unitPrice = bundleUnitPrice(sku.salePrc, item.diyChildren);
  const addedMessage = () =>
    sku.qtyDecimals > 0
      ? t('catalog.addedWeight', { qty: formatQty(qty, sku.marketingUnit.unitName, sku.qtyDecimals) })
      : t('catalog.added', { count: Number(qty) });
  const onAdd = () =>
    add.mutate(
      { skuId: sku.id, qty },
      {
        onSuccess: () => notifications.show({ color: 'green', message: addedMessage() }),
        onError: (e) => notifyError(t, e),
      },
    );
  const shownAttributes = [...sku.attributes, ...sku.nonfixedAttributes.filter((a) => a.isShow)];

  return (
    <Container size="lg" py="md">
      <Columns widths={[6, 6]} gap="xl">
        <div>
          {/* A square box before the picture arrives, so the text under it does not jump (layout shift). */}
          <Image
            src={sku.image || item.mainImage}
            alt={item.itemName}
            fit="contain"
            radius="md"
            style={{ aspectRatio: '1 / 1' }}
          />
        </div>
        <div>
          <Stack gap="sm">
            {/* The kind of item (bulk, presale...) tells the buyer how it is bought; the catalog's B2C/B2B code told a shopper nothing. */}
            {item.businessTypeDict !== 'NORMAL' && (
              <Group gap="xs">
                <Badge color="blue" variant="light">
                  {t(`catalog.kind.${item.businessTypeDict}`)}
                </Badge>
              </Group>
            )}
            <Title order={1} size="h2">
              {item.itemName}
            </Title>
            <HydrateApart>
              <ItemRatingSummary urlKey={item.urlKey} />
            </HydrateApart>
            <Text size="sm" c="dimmed">
              {t('catalog.soldBy', { shop: item.shop.name })}
            </Text>
            <Text fw={700} fz={28} data-testid="item-price">
              {sku.pointsPrice !== null ? t('catalog.points', { count: sku.pointsPrice }) : fmt(unitPrice)}
              {sku.qtyDecimals > 0 && (
                <Text span size="sm" c="dimmed">
                  {' '}
                  / {sku.marketingUnit.unitName}
                </Text>
              )}
            </Text>
            {item.crossBorder && (
              <Text size="sm" c="indigo" data-testid="item-cross-border">
                {t('crossBorder.itemNote', { country: countryName(item.crossBorder.originCountry) })}
              </Text>
            )}
            {item.diyChildren.length > 0 && (
              <Text size="sm" c="dimmed" data-testid="bundle-note">
                {t('catalog.bundleNote', { sku: sku.name, main: fmt(sku.salePrc) })}
              </Text>
            )}
            <Text>{item.description}</Text>

            {item.presale && (
              <Alert color="grape" title={t('catalog.presale.title')}>
                <Text size="sm">
                  {t('catalog.presale.deposit', {
                    amount: fmt(item.presale.deposit),
                    date: dayjs(item.presale.depositEndTime).format('YYYY-MM-DD'),
                  })}
                </Text>
                <Text size="sm">
                  {t('catalog.presale.balance', {
                    amount: fmt(item.presale.balance),
                    start: dayjs(item.presale.balancePaymentStartTime).format('YYYY-MM-DD'),
                    end: dayjs(item.presale.balancePaymentEndTime).format('YYYY-MM-DD'),
                  })}
                </Text>
              </Alert>
            )}
            {item.service && (
              <Alert color="teal">
                {t('catalog.service', { uses: item.service.uses, days: item.service.validDays })}
              </Alert>
            )}
            {item.isExceed && <Alert color="orange">{t('catalog.exceed')}</Alert>}
            {/* Picture, name, price and description first (a phone's first screen); the choices
                and the buy buttons in the next task. */}

            {item.diyChildren.length > 0 && (
              <div>
                <Text fw={500} size="sm">
                  {t('catalog.diyIncludes')}
                </Text>
                <List size="sm">
                  {item.diyChildren.map((p) => (
                    <List.Item key={p.sku.id}>
                      {p.itemName} · {p.sku.name} × {p.qty} ({fmt(p.sku.salePrc)})
                    </List.Item>
                  ))}
                </List>
              </div>
            )}
            {item.gifts.length > 0 && (
              <div>
                <Text fw={500} size="sm">
                  {t('catalog.gifts')}
                </Text>
                <List size="sm">
                  {item.gifts.map((p) => (
                    <List.Item key={p.sku.id}>
                      {p.itemName} × {p.qty}
                    </List.Item>
                  ))}
                </List>
              </div>
            )}

            {item.skus.length > 1 && (
              <div role="radiogroup" aria-label={t('catalog.chooseSku')}>
                <Text fw={500} size="sm" mb={4}>
                  {t('catalog.chooseSku')}
                </Text>
                <Chip.Group value={skuId} onChange={setSkuId}>
                  <Group gap="xs">
                    {item.skus.map((s) => (
                      <Chip key={s.id} value={s.id} disabled={Number(s.stock) <= 0}>
                        {s.name}
                      </Chip>
                    ))}
                  </Group>
                </Chip.Group>
              </div>
            )}
            {shownAttributes.length > 0 && (
              <Table withRowBorders={false} verticalSpacing={2} fz="sm" maw={360}>
                <Table.Tbody>
                  {shownAttributes.map((a) => (
                    <Table.Tr key={a.attrKey}>
                      <Table.Td c="dimmed">{a.attrKey}</Table.Td>
                      <Table.Td>{a.attrVal}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            <Group gap="md">
              <QuantityStepper
                label={t('quantity.label')}
                value={qty}
                rule={rule}
                unit={sku.marketingUnit.unitName}
                onChange={setQty}
                disabled={soldOut}
              />
              <Text size="sm" c={soldOut ? 'red' : 'dimmed'}>
                {soldOut
                  ? t('catalog.soldOut')
                  : t('catalog.stock', { stock: formatQty(sku.stock, sku.baseUnit, sku.qtyDecimals) })}
              </Text>
            </Group>
            {notSelling && (
              <Alert color="orange" role="status" data-testid="seller-not-selling">
                {t('catalog.sellerNotSelling')}
              </Alert>
            )}
            <Group>
              <Button
                variant="filled"
                size="md"
                onClick={onAdd}
                loading={add.isPending}
                disabled={soldOut || notSelling}
              >
                {t('catalog.addToCart')}
              </Button>
              <Button component={Link} to="/cart" variant="light" size="md">
                {t('catalog.viewCart')}
              </Button>
            </Group>
            {/* The item's group-buy, read in the browser: its groups and countdowns change by the minute. */}
            <HydrateApart>
              <GroupBuyPanel itemId={item.id} />
            </HydrateApart>
          </Stack>
        </div>
      </Columns>
      {/* After the buy box, so it starts out where it stays: below a phone's first screen. */}
      <HydrateApart>
        <ItemReviews key={item.urlKey} urlKey={item.urlKey} />
      </HydrateApart>
    </Container>
  );
}
