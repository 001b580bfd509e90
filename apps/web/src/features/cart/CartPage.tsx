import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Button,
  Checkbox,
  Container,
  Flex,
  Group,
  Image,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CartLine, CheckoutEntry } from '@mall/contracts';
import { skuLabel } from '@mall/domain';
import { useMoney, formatQty } from '../../shared/format';
import { QuantityStepper } from '../../shared/QuantityStepper';
import { EmptyBlock } from '../../shared/EmptyBlock';
import { LazyModal } from '../../shared/LazyModal';
import { notifyError } from '../../shared/errors';
import { skuRule } from '../catalog/skuRule';
import { useCart, useRemoveLine, useSelectAll, useUpdateLine } from './api';
import { PageLoading } from '../../shared/PageLoading';

export function CartPage() {
  const { t } = useTranslation();
  const fmt = useMoney();
  const navigate = useNavigate();
  const { data: cart, isLoading } = useCart();
  const selectAll = useSelectAll();
  const [removing, setRemoving] = useState<CartLine | null>(null);
  const remove = useRemoveLine();

  if (isLoading) return <PageLoading />;
  if (!cart || cart.totalCount === 0) {
    return (
      <Container size="lg" py="md">
        <Title order={1} size="h2">
          {t('cart.title')}
        </Title>
        <EmptyBlock title={t('cart.empty')}>
          <Button component={Link} to="/">
            {t('cart.goShopping')}
          </Button>
        </EmptyBlock>
      </Container>
    );
  }
  const lines = cart.shops.flatMap((g) => g.lines);
  const allSelected = lines.every((l) => l.selected);
  const selected = lines.filter((l) => l.selected);
  const blocked = selected.some((l) => !l.available);
  const goCheckout = () => {
    const entries: CheckoutEntry[] = selected.map((l) => ({ cartLineId: l.id, skuId: l.sku.id, qty: l.qty }));
    void navigate('/checkout', { state: { from: 'cart', entries } });
  };

  return (
    <Container size="lg" py="md" pb={160}>
      <Title order={1} size="h2" mb="md">
        {t('cart.title')} ({cart.totalCount})
      </Title>
      <Stack gap="md">
        {cart.shops.map((group) => (
          <Paper key={group.shop.id} withBorder p="md" component="section" aria-label={group.shop.name}>
            <Group justify="space-between" mb="sm">
              <Text fw={600}>{group.shop.name}</Text>
              <Text size="sm" c="dimmed">
                {t('cart.shopSubtotal')}: {fmt(group.subtotal)}
              </Text>
            </Group>
            <Stack gap="md">
              {group.lines.map((line) => (
                <CartLineRow key={line.id} line={line} onRemove={() => setRemoving(line)} />
              ))}
            </Stack>
          </Paper>
        ))}
      </Stack>

      <Paper withBorder shadow="md" p="sm" pos="fixed" bottom={0} left={0} right={0} radius={0} style={{ zIndex: 10 }}>
        <Flex
          direction={{ base: 'column', sm: 'row' }}
          justify="space-between"
          align={{ base: 'stretch', sm: 'center' }}
          gap="xs"
          maw={1200}
          mx="auto"
        >
          <Group justify="space-between" wrap="nowrap" style={{ flex: 1 }}>
            <Checkbox
              label={t('cart.selectAll')}
              checked={allSelected}
              indeterminate={!allSelected && selected.length > 0}
              onChange={(e) => selectAll.mutate(e.currentTarget.checked, { onError: (err) => notifyError(t, err) })}
            />
            <Box ta="right">
              <Text size="sm">
                {t('cart.total')}:{' '}
                <Text span fw={700} fz="lg" data-testid="cart-total">
                  {fmt(cart.selectedTotal)}
                </Text>
              </Text>
              {cart.selectedPoints > 0 && (
                <Text size="xs" c="dimmed">
                  + {t('catalog.points', { count: cart.selectedPoints })}
                </Text>
              )}
              {blocked && (
                <Text size="xs" c="red">
                  {t('cart.fixUnavailable')}
                </Text>
              )}
            </Box>
          </Group>
          <Button onClick={goCheckout} disabled={selected.length === 0 || blocked} data-testid="checkout-button">
            {t('cart.checkout', { count: selected.length })}
          </Button>
        </Flex>
      </Paper>

      <LazyModal opened={!!removing} onClose={() => setRemoving(null)} title={t('cart.removeTitle')} centered>
        <Text size="sm">{t('cart.removeConfirm', { name: removing?.item.itemName })}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setRemoving(null)}>
            {t('common.cancel')}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() =>
              removing &&
              remove.mutate(removing.id, {
                onSuccess: () => setRemoving(null),
                onError: (e) => notifyError(t, e),
              })
            }
          >
            {t('cart.remove')}
          </Button>
        </Group>
      </LazyModal>
    </Container>
  );
}

function CartLineRow({ line, onRemove }: { line: CartLine; onRemove: () => void }) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const update = useUpdateLine();
  const unit = line.sku.marketingUnit.unitName;
  return (
    <Group align="flex-start" wrap="nowrap" gap="sm" data-testid="cart-line">
      <Checkbox
        mt={28}
        aria-label={t('cart.selectLine', { name: line.item.itemName })}
        checked={line.selected}
        onChange={(e) =>
          update.mutate({ id: line.id, selected: e.currentTarget.checked }, { onError: (err) => notifyError(t, err) })
        }
      />
      <Image src={line.sku.image} alt="" w={80} h={80} radius="sm" />
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Anchor component={Link} to={`/item/${line.item.urlKey}`} fw={500} lineClamp={2}>
          {line.item.itemName}
        </Anchor>
        <Text size="xs" c="dimmed" data-testid="line-sku">
          {skuLabel(line.sku.name, line.sku.attributes)}
        </Text>
        {line.lineGroupTypeDict === 'DIY_MAIN' && (
          <Text size="xs" c="dimmed">
            {t('catalog.diyIncludes')}: {line.diyChildren.map((c) => `${c.itemName} × ${c.qty}`).join(', ')}
          </Text>
        )}
        {line.gifts.map((g) => (
          <Badge key={g.sku.id} size="xs" variant="light" color="pink">
            {t('cart.gift')}: {g.itemName} × {g.qty}
          </Badge>
        ))}
        {!line.available && (
          <Text size="xs" c="red">
            {t('cart.notEnoughStock', { stock: formatQty(line.sku.stock, unit, line.sku.qtyDecimals) })}
          </Text>
        )}
        <Group justify="space-between" mt={4} wrap="wrap" gap="xs">
          <Text size="sm">
            {line.linePoints !== null ? t('catalog.points', { count: line.sku.pointsPrice ?? 0 }) : fmt(line.unitPrice)}
            {line.sku.qtyDecimals > 0 && ` / ${unit}`}
          </Text>
          <QuantityStepper
            label={t('cart.quantityOf', { name: line.item.itemName })}
            value={line.qty}
            rule={skuRule(line.sku)}
            unit={unit}
            disabled={update.isPending}
            onChange={(qty) => update.mutate({ id: line.id, qty }, { onError: (err) => notifyError(t, err) })}
          />
          <Text fw={600} miw={90} ta="right" data-testid="line-total">
            {line.linePoints !== null ? t('catalog.points', { count: line.linePoints }) : fmt(line.lineTotal)}
          </Text>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('cart.removeLine', { name: line.item.itemName })}
            onClick={onRemove}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      </Stack>
    </Group>
  );
}
