/**
 * The dialogs of the order operations (features/orders/OrderOperations.tsx), loaded on the first
 * open: a list of orders shows none of them on its first paint, and Mantine's Modal brings its
 * focus trap, scroll lock and transitions.
 */
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ShipmentPackage } from '@mall/contracts';
import { ConfirmDialog } from '../../shared/ConfirmDialog';
import { useOrderDetail, usePackages } from './api';
import { OpenPackages } from './OrderOperations';
import { PackageSummary } from './parts';

export type OrderDialog =
  | { kind: 'cancelBefore' }
  | { kind: 'cancelAfter' }
  | { kind: 'postpone' }
  | { kind: 'apply'; cancelBeforeDelivery: boolean }
  | { kind: 'confirmOne'; pkg: ShipmentPackage }
  | { kind: 'confirmMany' };

/** The confirmations of one order's operations; `dialog` says which one is open. */
export function OrderDialogs({
  orderId,
  dialog,
  onClose,
  busy,
  onCancelBefore,
  onCancelAfter,
  onPostpone,
  onConfirmOne,
}: {
  orderId: string;
  dialog: OrderDialog | null;
  onClose: () => void;
  busy: { cancelBefore: boolean; cancelAfter: boolean; postpone: boolean; sign: boolean };
  onCancelBefore: () => void;
  onCancelAfter: () => void;
  onPostpone: () => void;
  onConfirmOne: (pkg: ShipmentPackage) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <ConfirmDialog
        opened={dialog?.kind === 'cancelBefore'}
        onClose={onClose}
        title={t('orders.cancel.title')}
        danger
        cancelLabel={t('orders.keepOrder')}
        confirmLabel={t('orders.cancel.confirm')}
        busy={busy.cancelBefore}
        onConfirm={onCancelBefore}
      >
        <Text size="sm">{t('orders.cancel.beforePayText')}</Text>
        <PlacedTogether orderId={orderId} opened={dialog?.kind === 'cancelBefore'} />
      </ConfirmDialog>

      <ConfirmDialog
        opened={dialog?.kind === 'cancelAfter'}
        onClose={onClose}
        title={t('orders.cancel.title')}
        danger
        cancelLabel={t('orders.keepOrder')}
        confirmLabel={t('orders.cancel.confirm')}
        busy={busy.cancelAfter}
        onConfirm={onCancelAfter}
      >
        <Text size="sm">{t('orders.cancel.afterPayText')}</Text>
      </ConfirmDialog>

      <ConfirmDialog
        opened={dialog?.kind === 'postpone'}
        onClose={onClose}
        title={t('orders.postpone.title')}
        confirmLabel={t('orders.postpone.confirm')}
        busy={busy.postpone}
        onConfirm={onPostpone}
      >
        <Text size="sm">{t('orders.postpone.text')}</Text>
      </ConfirmDialog>

      <ConfirmDialog
        opened={dialog?.kind === 'confirmOne'}
        onClose={onClose}
        title={t('orders.confirm.title')}
        confirmLabel={t('orders.confirm.button')}
        busy={busy.sign}
        onConfirm={() => dialog?.kind === 'confirmOne' && onConfirmOne(dialog.pkg)}
      >
        <Text size="sm">{t('orders.confirm.text')}</Text>
        {dialog?.kind === 'confirmOne' && <PackageSummary pkg={dialog.pkg} />}
      </ConfirmDialog>

      <ConfirmManyDialog orderId={orderId} opened={dialog?.kind === 'confirmMany'} onClose={onClose} />
    </>
  );
}

/**
 * Cancelling before payment closes the whole checkout: said, with the other orders' numbers, only
 * when the checkout made other orders too (the order's detail knows; a list's order fetches it).
 */
function PlacedTogether({ orderId, opened }: { orderId: string; opened: boolean }) {
  const { t } = useTranslation();
  const others = useOrderDetail(opened ? orderId : undefined).data?.paymentInfo?.togetherWith ?? [];
  if (!others.length) return null;
  return (
    <div data-testid="cancel-together">
      <Text size="sm" c="dimmed">
        {t('orders.cancel.together')}
      </Text>
      <Text size="sm" c="dimmed">
        {t('orders.payment.togetherWith', { count: others.length })} {others.map((o) => o.tradeOrderCode).join(', ')}
      </Text>
    </div>
  );
}

function ConfirmManyDialog({ orderId, opened, onClose }: { orderId: string; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { data } = usePackages(orderId, opened);
  return (
    <Modal opened={opened} onClose={onClose} title={t('orders.confirm.manyTitle')} size="lg" centered>
      <Text size="sm" c="dimmed" mb="sm">
        {t('orders.confirm.manyText')}
      </Text>
      {data && <OpenPackages orderId={orderId} packages={data} />}
    </Modal>
  );
}

/** SPEC §8: a payment of this order is pending or failed: wait for its result or pay again. */
export function RepeatPaymentDialog({
  opened,
  onClose,
  onWait,
  onPayAgain,
  closing,
}: {
  opened: boolean;
  onClose: () => void;
  onWait: () => void;
  onPayAgain: () => void;
  closing: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('orders.notice')} centered>
      <Text>{t('payment.repeatNotice')}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onWait}>
          {t('payment.waitResult')}
        </Button>
        <Button loading={closing} onClick={onPayAgain}>
          {t('payment.payAgain')}
        </Button>
      </Group>
    </Modal>
  );
}
