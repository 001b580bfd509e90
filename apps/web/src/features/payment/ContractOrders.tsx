/**
 * The orders of a contract as the pay pages show them (pay-result, pre-pay, checkout's last
 * step): each order's real number (what the order list shows and the guest lookup takes), linked
 * to the order — for guests to the lookup, prefilled — with its shop, amount and first lines.
 */
import { Link } from 'react-router';
import { Anchor, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ContractOrder } from '@mall/contracts';
import { useMoney } from '../../shared/format';
import { isLoggedIn, useSession } from '../../shared/session';
import { packageQty } from '../orders/parts';

/** Where an order number leads: the order detail, or for a guest the lookup with number and email filled in. */
export function orderLink(o: Pick<ContractOrder, 'id' | 'tradeOrderCode'>, registered: boolean, email: string | null) {
  return registered
    ? { to: `/buyer/order/detail/${o.id}` }
    : // The email travels in the navigation state, not in the address (it would land in the history).
      {
        to: `/order-lookup?tradeOrderCode=${encodeURIComponent(o.tradeOrderCode)}`,
        state: email ? { email } : undefined,
      };
}

export function ContractOrders({ orders, email }: { orders: ContractOrder[]; email: string | null }) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const { data: session } = useSession();
  const registered = isLoggedIn(session);
  if (!orders.length) return null;
  return (
    <Stack gap="sm" w="100%" data-testid="contract-orders">
      {orders.map((o) => {
        const link = orderLink(o, registered, email);
        return (
          <Paper key={o.id} withBorder p="sm" data-testid="contract-order">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm">
                {t('payResult.orderNumber')}{' '}
                <Anchor component={Link} to={link.to} state={link.state} fw={600} data-testid="order-code">
                  {o.tradeOrderCode}
                </Anchor>
              </Text>
              <Text size="sm" fw={600}>
                {fmt(o.needPayAmt)}
              </Text>
            </Group>
            <Text size="xs" c="dimmed" mb={6}>
              {o.shopName}
            </Text>
            <Stack gap={6}>
              {o.lines.map((l, i) => (
                <Group key={i} gap="sm" wrap="nowrap">
                  <Image src={l.image} alt="" w={40} h={40} radius="sm" fit="cover" style={{ flexShrink: 0 }} />
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" lineClamp={1}>
                      {l.itemName}
                    </Text>
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {l.skuName} · {packageQty(l.qty, l.unit)}
                    </Text>
                  </div>
                </Group>
              ))}
              {o.lineCount > o.lines.length && (
                <Text size="xs" c="dimmed">
                  {t('payResult.moreLines', { count: o.lineCount - o.lines.length })}
                </Text>
              )}
            </Stack>
          </Paper>
        );
      })}
      {!registered && email && (
        <Text size="xs" c="dimmed" data-testid="guest-lookup-hint">
          {t('payResult.guestHint', { email })}
        </Text>
      )}
    </Stack>
  );
}
