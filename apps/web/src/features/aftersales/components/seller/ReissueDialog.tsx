/**
 * The seller settles a checked return or exchange by sending the goods again: one confirm, then
 * the server makes the reissue order (REVERSE_REISSUE, nothing to pay) ready to ship.
 */
import { Alert, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { SellerReverse } from '@mall/contracts';
import { ConfirmDialog } from '../../../../shared/ConfirmDialog';
import { useReissue, useSellerAsError } from '../../api/seller';

export function ReissueDialog({ reverse: r, onClose }: { reverse: SellerReverse | null; onClose: () => void }) {
  const { t } = useTranslation();
  const reissue = useReissue();
  const apiError = useSellerAsError();
  const count = r ? r.reverseTradeOrderLineList.reduce((s, l) => s + Number(l.reverseQty), 0) : 0;
  const confirm = () => {
    if (!r || reissue.isPending) return;
    reissue.mutate(
      { id: r.id, body: {} },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: t('sellerAfterSales.reissue.success', { code: r.reverseTradeOrderCode }),
          });
          onClose();
        },
      },
    );
  };
  return (
    <ConfirmDialog
      opened={!!r}
      onClose={() => !reissue.isPending && onClose()}
      busy={reissue.isPending}
      onConfirm={confirm}
      title={r ? t('sellerAfterSales.reissue.title', { code: r.reverseTradeOrderCode }) : ''}
      confirmLabel={t('sellerAfterSales.reissue.confirm')}
    >
      {reissue.error && (
        <Alert color="red" role="alert">
          {apiError(reissue.error)}
        </Alert>
      )}
      <Text size="sm">{t('sellerAfterSales.reissue.text', { count })}</Text>
    </ConfirmDialog>
  );
}
