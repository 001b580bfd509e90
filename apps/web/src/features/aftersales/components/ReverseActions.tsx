/**
 * Buyer actions of an after-sales order (SPEC §4), one button per entry of the server's
 * operationList: cancel (asks first; the application closes), send back (desktop modal, mobile
 * page), confirm receipt of the replacement (asks first), logistics (desktop modal, mobile
 * page with the list in navigation state) and the seller's or platform's rejection reason.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { ReverseDetail } from '@mall/contracts';
import { ConfirmDialog } from '../../../shared/ConfirmDialog';
import { useCancelReverse } from '../api/cancel';
import { useConfirmExchangeReceipt } from '../api/confirmReceipt';
import { aftersalesError } from './labels';
import { LogisticsView } from './LogisticsView';
import { SendBackForm } from './SendBackForm';
import { usePhoneAfterMount } from '../../../shared/usePhoneAfterMount';

const KNOWN = ['sendBack', 'confirmReceipt', 'checkLogistics', 'viewRejectReason', 'cancel'] as const;
type Op = (typeof KNOWN)[number];
const PRIMARY: readonly Op[] = ['sendBack', 'confirmReceipt'];

export function ReverseActions({ reverse: r }: { reverse: ReverseDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Read only when a button is clicked, so settling after mount is soon enough.
  const mobile = usePhoneAfterMount();
  const [dialog, setDialog] = useState<Op | null>(null);
  const cancel = useCancelReverse();
  const confirm = useConfirmExchangeReceipt();
  const ops = KNOWN.filter((op) => r.operationList.includes(op));
  if (!ops.length) return null;

  const click = (op: Op) => {
    // fromDetail: those pages return with history back, so the detail is not stacked twice.
    if (op === 'sendBack' && mobile)
      return navigate(`/buyer/send-back-items?id=${r.id}`, { state: { fromDetail: true } });
    if (op === 'checkLogistics' && mobile) {
      return navigate(`/buyer/m-logistics?id=${r.id}`, {
        state: { list: r.fulfillmentProgressList, type: r.reverseTradeOrderType, fromDetail: true },
      });
    }
    setDialog(op);
  };
  const close = () => setDialog(null);
  const failed = (e: unknown) => {
    close();
    notifications.show({ color: 'red', message: aftersalesError(t, e) });
  };

  return (
    <>
      <Group gap="xs" wrap="wrap" data-testid="as-operations">
        {ops.map((op) => (
          <Button
            key={op}
            size="sm"
            variant={PRIMARY.includes(op) ? 'filled' : 'default'}
            onClick={() => click(op)}
            data-op={op}
          >
            {t(`aftersales.op.${op}`)}
          </Button>
        ))}
      </Group>

      <ConfirmDialog
        opened={dialog === 'cancel'}
        onClose={close}
        title={t('aftersales.cancel.title')}
        danger
        cancelLabel={t('aftersales.cancel.keep')}
        confirmLabel={t('aftersales.cancel.confirm')}
        busy={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(r.id, {
            onSuccess: () => {
              close();
              notifications.show({ color: 'green', message: t('aftersales.cancel.done') });
            },
            onError: failed,
          })
        }
      >
        <Text size="sm">{t('aftersales.cancel.text')}</Text>
      </ConfirmDialog>

      <ConfirmDialog
        opened={dialog === 'confirmReceipt'}
        onClose={close}
        title={t('aftersales.confirm.title')}
        confirmLabel={t('aftersales.confirm.confirm')}
        busy={confirm.isPending}
        onConfirm={() =>
          confirm.mutate(r.id, {
            onSuccess: () => {
              close();
              notifications.show({ color: 'green', message: t('aftersales.confirm.done') });
            },
            onError: failed,
          })
        }
      >
        <Text size="sm">{t('aftersales.confirm.text')}</Text>
      </ConfirmDialog>

      <Modal opened={dialog === 'sendBack'} onClose={close} title={t('aftersales.sendBack.title')} size="lg">
        {dialog === 'sendBack' && (
          <SendBackForm
            reverseId={r.id}
            returnAddress={r.returnAddress}
            onCancel={close}
            onDone={() => {
              close();
              notifications.show({ color: 'green', message: t('aftersales.sendBack.done') });
            }}
          />
        )}
      </Modal>

      <Modal opened={dialog === 'checkLogistics'} onClose={close} title={t('aftersales.logistics.title')} size="lg">
        {dialog === 'checkLogistics' && (
          <LogisticsView list={r.fulfillmentProgressList} type={r.reverseTradeOrderType} />
        )}
      </Modal>

      <Modal opened={dialog === 'viewRejectReason'} onClose={close} title={t('aftersales.reject.title')} centered>
        <RejectReasons reverse={r} />
        <Group justify="flex-end" mt="md">
          <Button onClick={close}>{t('common.ok')}</Button>
        </Group>
      </Modal>
    </>
  );
}

/** The seller's audit rejection and the quality-check rejection, whichever exist. */
export function RejectReasons({ reverse: r }: { reverse: ReverseDetail }) {
  const { t } = useTranslation();
  const audit = r.auditRejectReason ?? r.reverseNotes.auditRejectReason;
  return (
    <Stack gap="sm" data-testid="reject-reasons">
      {audit && (
        <div>
          <Text size="sm" fw={600}>
            {t('aftersales.reject.audit')}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {audit}
          </Text>
        </div>
      )}
      {r.qcRejectReason && (
        <div>
          <Text size="sm" fw={600}>
            {t('aftersales.reject.qc')}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {r.qcRejectReason}
          </Text>
        </div>
      )}
      {!audit && !r.qcRejectReason && (
        <Text size="sm" c="gray.7">
          {t('aftersales.reject.none')}
        </Text>
      )}
    </Stack>
  );
}
