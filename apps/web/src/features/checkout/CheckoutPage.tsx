/**
 * /checkout entry (SPEC §2): the three-step bar and the lines handed over from the cart as
 * navigation state. Without that state or a tradeContractId the buyer is sent back to /cart.
 */
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { Center, Container, Group, Image, Loader, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CheckoutEntry } from '@mall/contracts';
import { useMoney, formatQty } from '../../shared/format';
import { useCart } from '../cart/api';

export function CheckoutPage() {
  const { t } = useTranslation();
  const fmt = useMoney();
  const location = useLocation();
  const [params] = useSearchParams();
  const state = location.state as { from?: string; entries?: CheckoutEntry[] } | null;
  const entries = state?.entries ?? [];
  const { data: cart, isLoading } = useCart();
  if (!entries.length && !params.get('tradeContractId')) return <Navigate to="/cart" replace />;
  if (isLoading) return <Center py="xl"><Loader aria-label={t('common.loading')} /></Center>;
  const ids = new Set(entries.map((e) => e.cartLineId));
  const lines = (cart?.shops ?? []).flatMap((g) => g.lines.filter((l) => ids.has(l.id)).map((l) => ({ ...l, shop: g.shop })));
  return (
    <Container size="lg" py="md">
      <Title order={1} size="h2" mb="md">{t('checkout.title')}</Title>
      <Stepper active={0} size="sm" mb="lg" allowNextStepsSelect={false}>
        <Stepper.Step label={t('checkout.step.fill')} />
        <Stepper.Step label={t('checkout.step.pay')} />
        <Stepper.Step label={t('checkout.step.done')} />
      </Stepper>
      <Paper withBorder p="md">
        <Text fw={600} mb="sm">{t('checkout.items')}</Text>
        <Stack gap="sm">
          {lines.map((l) => (
            <Group key={l.id} wrap="nowrap" data-testid="checkout-line">
              <Image src={l.sku.image} alt="" w={56} h={56} radius="sm" />
              <Stack gap={0} style={{ flex: 1 }}>
                <Text size="sm" fw={500}>{l.item.itemName}</Text>
                <Text size="xs" c="dimmed">{l.shop.name} · {l.sku.name} · × {formatQty(l.qty, l.sku.marketingUnit.unitName, l.sku.qtyDecimals)}</Text>
              </Stack>
              <Text size="sm" fw={600}>{l.linePoints !== null ? t('catalog.points', { count: l.linePoints }) : fmt(l.lineTotal)}</Text>
            </Group>
          ))}
        </Stack>
      </Paper>
    </Container>
  );
}
