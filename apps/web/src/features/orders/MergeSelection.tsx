/**
 * Pay together and cancel together in the order list (SPEC §4 MERGE_PAY, MERGE_CANCEL): the
 * orders whose operationList has mergePay get a checkbox; a bar above the list says what is
 * selected and offers "Pay together" (on to /buyer/merge-pay) and "Cancel together" (after a
 * confirmation). Orders of one checkout are paid and cancelled together, so ticking one ticks
 * the others of its checkout shown in the list.
 */
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button, Checkbox, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { OrderSummary } from '@mall/contracts';
import { money, sumMinor, toMinor } from '@mall/domain';
import { useMoney } from '../../shared/format';
import { errorMessage } from '../../shared/errors';
import { useInvalidateOrders } from './api';
import { cancelTogether } from './mergeApi';

export const isMergeable = (o: OrderSummary) => o.operationList.includes('mergePay');

interface MergeState {
  selected: ReadonlySet<string>;
  toggle: (o: OrderSummary) => void;
}
const MergeContext = createContext<MergeState | null>(null);

/** The selection of the orders in `orders` (the list's loaded pages) and the bar; orders that left the list drop out of it. */
export function MergeSelection({ orders, children }: { orders: OrderSummary[]; children: ReactNode }) {
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const mergeable = useMemo(() => orders.filter(isMergeable), [orders]);
  const selectedOrders = useMemo(() => mergeable.filter((o) => picked.has(o.id)), [mergeable, picked]);
  const selected = useMemo(() => new Set(selectedOrders.map((o) => o.id)), [selectedOrders]);
  const state = useMemo<MergeState>(
    () => ({
      selected,
      toggle: (o) =>
        setPicked((prev) => {
          const next = new Set(prev);
          const on = !prev.has(o.id);
          // The whole checkout goes together.
          for (const x of mergeable.filter((m) => m.tradeContract.id === o.tradeContract.id)) {
            if (on) next.add(x.id);
            else next.delete(x.id);
          }
          return next;
        }),
    }),
    [selected, mergeable],
  );
  const checkouts = new Set(mergeable.map((o) => o.tradeContract.id)).size;
  return (
    <MergeContext.Provider value={state}>
      {children}
      {checkouts >= 2 && <MergeBar selectedOrders={selectedOrders} onDone={() => setPicked(new Set())} />}
    </MergeContext.Provider>
  );
}

/** The checkbox of one order card (nothing when the order cannot be merged or there is no list selection). */
export function MergeCheckbox({ order }: { order: OrderSummary }) {
  const { t } = useTranslation();
  const ctx = useContext(MergeContext);
  if (!ctx || !isMergeable(order)) return null;
  return (
    <Checkbox
      size="sm"
      checked={ctx.selected.has(order.id)}
      onChange={() => ctx.toggle(order)}
      data-testid="merge-select"
      aria-label={t('orders.merge.select', { code: order.tradeOrderCode })}
    />
  );
}

function MergeBar({ selectedOrders, onDone }: { selectedOrders: OrderSummary[]; onDone: () => void }) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const navigate = useNavigate();
  const invalidate = useInvalidateOrders();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const ids = selectedOrders.map((o) => o.id);
  const checkouts = new Set(selectedOrders.map((o) => o.tradeContract.id)).size;
  const currencies = [...new Set(selectedOrders.map((o) => o.needPayAmt.currency))];
  const mixed = currencies.length > 1;
  const total =
    !mixed && currencies[0]
      ? money(sumMinor(selectedOrders.map((o) => toMinor(o.needPayAmt.value, o.needPayAmt.currency))), currencies[0])
      : null;
  const ready = checkouts >= 2;

  const cancel = async () => {
    setBusy(true);
    try {
      const res = await cancelTogether(ids);
      notifications.show({
        color: 'green',
        message: t('orders.merge.cancelled', { count: res.closedOrderIds.length }),
      });
      onDone();
      invalidate(true);
    } catch (e) {
      notifications.show({ color: 'red', message: errorMessage(t, e) });
      invalidate();
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      data-testid="merge-bar"
      role="region"
      aria-label={t('orders.merge.region')}
      // Stays at the screen's bottom while the list scrolls under it.
      style={{ position: 'sticky', bottom: 8, zIndex: 5, boxShadow: 'var(--mantine-shadow-md)' }}
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={2}>
          <Text size="sm" fw={600} aria-live="polite" data-testid="merge-summary">
            {selectedOrders.length
              ? t('orders.merge.selected', { count: selectedOrders.length, total: total ? fmt(total) : '' })
              : t('orders.merge.hint')}
          </Text>
          {selectedOrders.length > 0 && !ready && (
            <Text size="xs" c="dimmed">
              {t('orders.merge.needTwo')}
            </Text>
          )}
          {mixed && (
            <Text size="xs" c="orange">
              {t('orders.merge.mixed')}
            </Text>
          )}
        </Stack>
        <Group gap="xs">
          <Button
            size="sm"
            variant="default"
            disabled={!ready || busy}
            onClick={() => setConfirming(true)}
            data-testid="merge-cancel"
          >
            {t('orders.merge.cancelTogether')}
          </Button>
          <Button
            size="sm"
            disabled={!ready || mixed || busy}
            data-testid="merge-pay"
            onClick={() => navigate(`/buyer/merge-pay?orders=${ids.join(',')}`)}
          >
            {t('orders.merge.payTogether')}
          </Button>
        </Group>
      </Group>
      <Modal
        opened={confirming}
        onClose={() => !busy && setConfirming(false)}
        title={t('orders.merge.cancelTitle')}
        centered
      >
        <Text>{t('orders.merge.cancelText', { count: selectedOrders.length })}</Text>
        <Text size="sm" c="dimmed" mt="xs">
          {t('orders.cancel.together')}
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirming(false)} disabled={busy}>
            {t('orders.keepOrder')}
          </Button>
          <Button color="red" loading={busy} onClick={() => void cancel()} data-testid="merge-cancel-confirm">
            {t('orders.merge.cancelConfirm')}
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}
