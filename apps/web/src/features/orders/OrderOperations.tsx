/**
 * The buttons of an order (SPEC §4 "Order operations"): one per entry of the server's
 * operationList, in its order, with the confirmations, payment hand-over ("Payment start") and
 * notifications of SPEC §8. After any operation the order queries are refreshed.
 */
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CANCEL_DEBOUNCE_MS } from '@mall/contracts/constants';
import type { OrderDetail, OrderSummary, ShipmentPackage } from '@mall/contracts';
import { LIST_HIDDEN_OPERATIONS, type Operation } from '@mall/domain';
import { closeRecord, paymentStatusOf } from '../payment/api';
import { cartKey } from '../cart/api';
import {
  buyAgain,
  cancelAfterPay,
  cancelBeforePay,
  detailKey,
  fetchOrderDetail,
  fetchPackages,
  packagesKey,
  postponeReceipt,
  secondaryPayStatus,
  signForDelivery,
  useInvalidateOrders,
} from './api';
import { DATE_TIME } from './labels';
import { notifyOrderError, PackageSummary, useNow } from './parts';
import type { OrderDialog } from './OrderDialogs';
import { DialogLoading } from '../../shared/DialogLoading';
import { fetchLinesForReview } from '../comment/api/linesForReview';
import { commentAddUrl, reviewableLineIds } from '../comment/components/labels';

type AnyOrder = OrderSummary | OrderDetail;
const isDetail = (o: AnyOrder): o is OrderDetail => 'bill' in o;

/**
 * Operations with a button; anything else the server may send has no action here. Reviews
 * ('comment') open the review form with the order's lines not reviewed yet. After-sales
 * ('buyerApplyReverse', detail only) opens the apply dialog.
 */
const HANDLED: readonly string[] = [
  'pay',
  'secondary_pay',
  'payDeposit',
  'payBalance',
  'buyerCancelBeforePay',
  'buyerCancelAfterPay',
  'confirm',
  'buyerPostponeConfirmDeadline',
  'checkExpressTrack',
  'buyAgain',
  'viewInvoice',
  'buyerCheckVATInvoice',
  'comment',
  'toUse',
  'checkVerifyCode',
  'buyerApplyReverse',
  'makeInvoice',
  'sendInvoiceEmail',
  'mergePay',
  'inviteToJoinGroup',
];
/** The after-sales apply dialog, loaded with the after-sales chunk when first opened. */
const ApplyDialog = lazy(() =>
  import('../aftersales/components/ApplyDialog').then((m) => ({ default: m.ApplyDialog })),
);
/** The confirmations (features/orders/OrderDialogs.tsx), loaded on the first open; pointing at a button starts the download. */
const loadDialogs = () => import('./OrderDialogs');
const OrderDialogs = lazy(() => loadDialogs().then((m) => ({ default: m.OrderDialogs })));
const RepeatPaymentDialog = lazy(() => loadDialogs().then((m) => ({ default: m.RepeatPaymentDialog })));
/** The VAT invoice's request form (MAKE_INVOICE) and email confirmation (sendInvoiceEmail), from features/invoice. */
const InvoiceRequestDialog = lazy(() =>
  import('../invoice/components/InvoiceRequestDialog').then((m) => ({ default: m.InvoiceRequestDialog })),
);
const SendInvoiceEmailDialog = lazy(() =>
  import('../invoice/components/SendInvoiceEmailDialog').then((m) => ({ default: m.SendInvoiceEmailDialog })),
);
/**
 * Not an operation of the server: a paid order waiting for delivery with lines that can still be
 * cancelled offers after-sales too, as a cancel before delivery (SPEC §4 apply dialog).
 */
const APPLY_CANCEL = 'applyCancelBeforeDelivery';
const PRIMARY: readonly string[] = ['pay', 'secondary_pay', 'payDeposit', 'payBalance', 'confirm'];

/** The full order (all lines, invoice): the detail as it is, the list's summary fetched first. */
function useFullOrder() {
  const qc = useQueryClient();
  return (o: AnyOrder): Promise<OrderDetail> =>
    isDetail(o)
      ? Promise.resolve(o)
      : qc.fetchQuery({ queryKey: detailKey(o.id), queryFn: () => fetchOrderDetail(o.id), staleTime: 5_000 });
}

type Guard = { contractId: string; payUniqueKey: string; recordId: string; prePay: string };

/**
 * Payment start (SPEC §4) from an order: bulk orders go to their pay page; a presale balance
 * waits for its window, or confirms on checkout the first time; otherwise the contract's
 * payment record decides: paid -> result, pending/failed -> ask before paying again -> pre-pay.
 */
export function usePayOrder(opts: { bulkPage?: boolean } = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [guard, setGuard] = useState<Guard | null>(null);
  const [closing, setClosing] = useState(false);

  const start = async (order: AnyOrder, op: string) => {
    if (order.tradeOrderType === 'BULK' && !opts.bulkPage) {
      void navigate(`/bulk-to-pay/${order.id}`);
      return;
    }
    if (op === 'payBalance') {
      if (order.presale && Date.now() < Date.parse(order.presale.balancePaymentStartTime)) {
        notifications.show({
          color: 'orange',
          message: t('orders.balanceBegins', { time: dayjs(order.presale.balancePaymentStartTime).format(DATE_TIME) }),
        });
        return;
      }
      if (!order.tradeContract.notFirstTime) {
        void navigate(`/checkout?tradeContractId=${order.tradeContract.id}`);
        return;
      }
    }
    const status =
      op === 'secondary_pay'
        ? await secondaryPayStatus(order.id)
        : { ...(await paymentStatusOf(order.tradeContract.id)), contractId: order.tradeContract.id };
    const contractId = status.contractId;
    const prePay = `/buyer/pre-pay?${new URLSearchParams({ tradeId: order.id, buyerId: order.buyer.id, contractId })}`;
    if (status.paymentRecordStatus === 'PAY_SUCCESS') {
      void navigate(`/buyer/pay-result?status=success&contractId=${contractId}`);
      return;
    }
    if (
      (status.paymentRecordStatus === 'PAY_PENDING' || status.paymentRecordStatus === 'PAY_FAILED') &&
      status.paymentRecordId
    ) {
      setGuard({ contractId, payUniqueKey: status.payUniqueKey, recordId: status.paymentRecordId, prePay });
      return;
    }
    void navigate(prePay);
  };

  const payAgain = async () => {
    if (!guard || closing) return;
    setClosing(true);
    try {
      await closeRecord(guard.payUniqueKey, guard.recordId);
      void navigate(guard.prePay);
    } catch {
      // SPEC §8: failing to close the old record silently aborts the repeat payment.
    } finally {
      setClosing(false);
      setGuard(null);
    }
  };

  // Mounted from the first time it is needed on (it keeps its closing animation).
  const [used, setUsed] = useState(false);
  if (guard && !used) setUsed(true);
  const dialog = used && (
    <Suspense fallback={<DialogLoading />}>
      <RepeatPaymentDialog
        opened={!!guard}
        onClose={() => setGuard(null)}
        closing={closing}
        onPayAgain={() => void payAgain()}
        onWait={() => {
          const g = guard;
          setGuard(null);
          if (g) void navigate(`/buyer/pay-result?contractId=${g.contractId}`);
        }}
      />
    </Suspense>
  );
  return { start, dialog };
}

/**
 * Confirm receipt of one package; the last one completes the order and leads to
 * /confirm-success. Shared by the operation, the confirm page and the logistics page.
 */
export function useSignPackage(orderId: string) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (packageId: string) => signForDelivery(packageId),
    onSuccess: (r) => {
      invalidate();
      if (r.orderStatus === 'COMPLETE') void navigate(`/confirm-success?orderId=${r.orderId || orderId}`);
      else notifications.show({ color: 'green', message: t('orders.confirm.done') });
    },
    onError: (e) => {
      invalidate();
      notifyOrderError(t, e);
    },
  });
}

/** Packages still on their way, each with its own Confirm button (dialog and confirm page). */
export function OpenPackages({ orderId, packages }: { orderId: string; packages: ShipmentPackage[] }) {
  const { t } = useTranslation();
  const sign = useSignPackage(orderId);
  const open = packages.filter((p) => p.fulfillmentProgressStatus === 'SEND_DELIVERY');
  return (
    <Stack gap="md">
      {open.map((p) => (
        <Stack
          key={p.id}
          gap="xs"
          p="sm"
          data-testid="package-card"
          style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-md)' }}
        >
          <PackageSummary pkg={p} index={packages.indexOf(p)} />
          <Button
            w="fit-content"
            loading={sign.isPending && sign.variables === p.id}
            disabled={sign.isPending && sign.variables !== p.id}
            onClick={() => sign.mutate(p.id)}
            aria-label={t('orders.confirm.packageButton', { code: p.serviceCode })}
          >
            {t('orders.op.confirm')}
          </Button>
        </Stack>
      ))}
    </Stack>
  );
}

type Dialog = OrderDialog;

/**
 * The confirmations of an order's operations with the calls they make (cancel, postpone, confirm
 * receipt), set up when the first of them opens: a list renders many orders and opens few dialogs.
 */
function OperationDialogs({ order, dialog, onClose }: { order: AnyOrder; dialog: Dialog | null; onClose: () => void }) {
  const { t } = useTranslation();
  const invalidate = useInvalidateOrders();
  const fullOrder = useFullOrder();
  const sign = useSignPackage(order.id);
  const cancelBefore = useMutation({
    mutationFn: () => cancelBeforePay(order.id),
    onSuccess: () => {
      onClose();
      notifications.show({ color: 'green', message: t('orders.cancel.success') });
      invalidate();
    },
    onError: () => {
      notifications.show({ color: 'red', message: t('orders.operationFailed') });
      invalidate();
    },
  });
  const cancelAfter = useMutation({
    mutationFn: async () => cancelAfterPay(await fullOrder(order)),
    onSuccess: () => {
      onClose();
      notifications.show({ color: 'blue', message: t('orders.cancel.processing') });
      invalidate();
    },
    onError: () => {
      notifications.show({ color: 'red', message: t('orders.operationFailed') });
      invalidate();
    },
  });
  // SPEC §5: the cancel-after-pay action is debounced and disabled while it runs.
  const cancelAfterDebounced = useDebouncedCallback(() => {
    if (!cancelAfter.isPending) cancelAfter.mutate();
  }, CANCEL_DEBOUNCE_MS);
  const postpone = useMutation({
    mutationFn: () => postponeReceipt(order.id),
    onSuccess: (r) => {
      onClose();
      notifications.show({ color: 'green', message: t('orders.postpone.success', { day: r.value }) });
      invalidate();
    },
    onError: (e) => {
      onClose();
      notifyOrderError(t, e);
      invalidate();
    },
  });

  return (
    <Suspense fallback={dialog ? <DialogLoading /> : null}>
      <OrderDialogs
        orderId={order.id}
        dialog={dialog}
        onClose={onClose}
        busy={{
          cancelBefore: cancelBefore.isPending,
          cancelAfter: cancelAfter.isPending,
          postpone: postpone.isPending,
          sign: sign.isPending,
        }}
        onCancelBefore={() => cancelBefore.mutate()}
        onCancelAfter={cancelAfterDebounced}
        onPostpone={() => postpone.mutate()}
        onConfirmOne={(pkg) => sign.mutate(pkg.id, { onSettled: onClose })}
      />
    </Suspense>
  );
}

export function OrderOperations({
  order,
  context,
  onToUse,
  onCheckVerifyCode,
  className,
}: {
  order: AnyOrder;
  /** The list hides some operations (SPEC §4); the bulk page pays in place. */
  context: 'list' | 'detail' | 'bulk';
  /** Detail page: go to the use information. */
  onToUse?: () => void;
  /** Detail page: read and show the service codes (checkVerifyCode). */
  onCheckVerifyCode?: () => void;
  /** The buttons' size is left to CSS (Mantine's sm unless the class sets it): the list's are compact on a phone. */
  className?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const invalidate = useInvalidateOrders();
  const fullOrder = useFullOrder();
  const pay = usePayOrder({ bulkPage: context === 'bulk' });
  const now = useNow(30_000);
  const [busy, setBusy] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [invoiceDialog, setInvoiceDialog] = useState<'makeInvoice' | 'sendInvoiceEmail' | null>(null);
  // The confirmations stay mounted from their first open on (closing animation).
  const [dialogsUsed, setDialogsUsed] = useState(false);
  if (dialog && dialog.kind !== 'apply' && !dialogsUsed) setDialogsUsed(true);

  // The list pays together through its checkboxes (MergeSelection); the detail leads there.
  const ops = order.operationList.filter(
    (op) =>
      HANDLED.includes(op) &&
      !(context === 'list' && (LIST_HIDDEN_OPERATIONS.includes(op as Operation) || op === 'mergePay')),
  );
  if (
    context === 'detail' &&
    isDetail(order) &&
    order.displayStatus === 'UN_DELIVERY' &&
    !ops.includes('buyerApplyReverse') &&
    order.tradeOrderLineList.some((l) => Number(l.canCancelQty) > 0)
  )
    ops.push(APPLY_CANCEL);

  const run = async (op: string, action: () => Promise<void>) => {
    if (busy) return;
    setBusy(op);
    try {
      await action();
    } catch (e) {
      notifyOrderError(t, e);
      invalidate();
    } finally {
      setBusy(null);
    }
  };

  const confirmReceipt = () =>
    run('confirm', async () => {
      const packages = await qc.fetchQuery({
        queryKey: packagesKey(order.id),
        queryFn: () => fetchPackages(order.id),
        staleTime: 0,
      });
      const open = packages.filter((p) => p.fulfillmentProgressStatus === 'SEND_DELIVERY');
      if (open.length === 0) {
        notifications.show({ color: 'orange', message: t('orders.confirm.nothing') });
        invalidate();
        return;
      }
      if (open.length === 1) setDialog({ kind: 'confirmOne', pkg: open[0]! });
      // Asked at the click, not during render: a phone confirms on a page of its own (SPEC §4).
      else if (!window.matchMedia('(min-width: 48em)').matches) void navigate(`/buyer/confirm/${order.id}`);
      else setDialog({ kind: 'confirmMany' });
    });

  const click = (op: string) => {
    switch (op) {
      case 'pay':
      case 'secondary_pay':
      case 'payDeposit':
      case 'payBalance':
        return run(op, () => pay.start(order, op));
      case 'buyerCancelBeforePay':
        return setDialog({ kind: 'cancelBefore' });
      case 'buyerCancelAfterPay':
        return setDialog({ kind: 'cancelAfter' });
      case 'buyerPostponeConfirmDeadline':
        return setDialog({ kind: 'postpone' });
      case 'confirm':
        return confirmReceipt();
      case 'checkExpressTrack':
        return navigate(`/buyer/express-trick/${order.id}`);
      case 'buyAgain':
        return run(op, async () => {
          const r = await buyAgain(await fullOrder(order));
          qc.setQueryData(cartKey, r.cart);
          invalidate(true);
          notifications.show({ color: 'green', message: t('orders.buyAgain.success', { count: r.num }) });
          void navigate('/cart');
        });
      case 'viewInvoice':
      case 'buyerCheckVATInvoice': {
        if (isDetail(order)) {
          const url = order.invoice?.invoiceUrl;
          if (url) window.open(url, '_blank', 'noopener');
          else notifications.show({ color: 'orange', message: t('orders.invoice.NOT_ISSUED') });
          return;
        }
        // The list has no invoice URL: open the window inside the click (popup blockers allow
        // that), then point it at the invoice once the detail has loaded.
        const win = window.open('', '_blank');
        if (win) win.opener = null;
        return run(op, async () => {
          try {
            const url = (await fullOrder(order)).invoice?.invoiceUrl;
            if (!url) {
              win?.close();
              notifications.show({ color: 'orange', message: t('orders.invoice.NOT_ISSUED') });
              return;
            }
            if (win) win.location.href = url;
            else window.open(url, '_blank', 'noopener');
          } catch (e) {
            win?.close();
            throw e;
          }
        });
      }
      case 'comment':
        // The list shows the first lines only: the detail has them all; lines reviewed already are left out.
        return run(op, async () => {
          const full = order.lineCount > order.tradeOrderLineList.length ? await fullOrder(order) : order;
          const ids = reviewableLineIds(full.tradeOrderLineList);
          const lines = ids.length ? await fetchLinesForReview(ids) : [];
          const open = lines.filter((l) => !l.commentId).map((l) => l.id);
          void navigate(commentAddUrl(order.id, open.length ? open : ids));
        });
      case 'toUse':
        return onToUse ? onToUse() : navigate(`/buyer/order/detail/${order.id}#use-info`);
      case 'checkVerifyCode':
        return onCheckVerifyCode ? onCheckVerifyCode() : navigate(`/buyer/order/detail/${order.id}#use-info`);
      case 'makeInvoice':
      case 'sendInvoiceEmail':
        return setInvoiceDialog(op);
      case 'mergePay':
        return navigate('/buyer/orders?status=PENDING_PAY');
      case 'inviteToJoinGroup':
        // The group's page: its share link, slots left and countdown.
        return order.groupBuy && navigate(`/group-buy/${order.groupBuy.groupId}`);
      case 'buyerApplyReverse':
        return setDialog({ kind: 'apply', cancelBeforeDelivery: false });
      case APPLY_CANCEL:
        return setDialog({ kind: 'apply', cancelBeforeDelivery: true });
    }
  };

  if (!ops.length) return null;
  const balanceNotYet = (op: string) =>
    op === 'payBalance' && !!order.presale && now < Date.parse(order.presale.balancePaymentStartTime);

  return (
    <>
      <Group gap="xs" justify="flex-end" wrap="wrap" data-testid="order-operations" className={className}>
        {ops.map((op) =>
          balanceNotYet(op) ? (
            <Text key={op} size="sm" c="orange" data-testid="balance-hint">
              {t('orders.balanceBegins', { time: dayjs(order.presale!.balancePaymentStartTime).format(DATE_TIME) })}
            </Text>
          ) : (
            <Button
              key={op}
              variant={PRIMARY.includes(op) ? 'filled' : 'default'}
              loading={busy === op}
              disabled={!!busy && busy !== op}
              onClick={() => void click(op)}
              onPointerEnter={() => void loadDialogs()}
              data-op={op}
            >
              {op === 'inviteToJoinGroup' && order.groupBuy
                ? t('orders.op.inviteToJoinGroupSlots', { count: order.groupBuy.slotsLeft })
                : t(`orders.op.${op === APPLY_CANCEL ? 'buyerApplyReverse' : op}`)}
            </Button>
          ),
        )}
      </Group>

      {pay.dialog}

      {dialogsUsed && <OperationDialogs order={order} dialog={dialog} onClose={() => setDialog(null)} />}

      {invoiceDialog && (
        <Suspense fallback={<DialogLoading />}>
          {invoiceDialog === 'makeInvoice' ? (
            <InvoiceRequestDialog
              orderId={order.id}
              opened
              onClose={() => setInvoiceDialog(null)}
              shippingAddress={isDetail(order) ? order.selectedAddress : undefined}
            />
          ) : (
            <SendInvoiceEmailDialog orderId={order.id} opened onClose={() => setInvoiceDialog(null)} />
          )}
        </Suspense>
      )}

      {dialog?.kind === 'apply' && (
        <Suspense fallback={null}>
          <ApplyDialog
            orderId={order.id}
            opened
            onClose={() => setDialog(null)}
            preferredType={dialog.cancelBeforeDelivery ? 'SALE_CANCEL_BEFORE_DELIVERY' : undefined}
          />
        </Suspense>
      )}
    </>
  );
}
