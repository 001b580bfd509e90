/**
 * sendInvoiceEmail: after a confirmation the invoice (and its credit notes) goes as PDF to the
 * buyer's email. The server allows it once a minute per invoice: a refusal says so plainly.
 */
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api';
import { errorMessage } from '../../../shared/errors';
import { usePhoneAfterMount } from '../../../shared/usePhoneAfterMount';
import { useSendVatInvoiceEmail, useVatInvoice } from '../api/invoice';

export function SendInvoiceEmailDialog({
  orderId,
  opened,
  onClose,
}: {
  orderId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const phone = usePhoneAfterMount();
  const view = useVatInvoice(orderId, opened);
  const send = useSendVatInvoiceEmail(orderId);
  const invoice = view.data?.documents.find((d) => d.kind === 'INVOICE');
  const credits = view.data?.documents.some((d) => d.kind === 'CREDIT_NOTE') ?? false;
  const limited = send.error instanceof ApiError && send.error.status === 429;
  const close = () => {
    send.reset();
    onClose();
  };
  const confirm = () => {
    if (send.isPending) return;
    send.mutate(undefined, {
      onSuccess: (r) => {
        notifications.show({ color: 'green', message: t('orders.vatInvoice.email.sent', { to: r.to }) });
        close();
      },
    });
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('orders.vatInvoice.email.title')}
      fullScreen={phone}
      centered
      closeButtonProps={{ 'aria-label': t('orders.vatInvoice.close') }}
    >
      <Stack gap="md" data-testid="vat-invoice-email">
        <Text size="sm">
          {t(credits ? 'orders.vatInvoice.email.textCredits' : 'orders.vatInvoice.email.text', {
            number: invoice?.invoiceNumber ?? '',
          })}
        </Text>
        {send.error && (
          <Alert color={limited ? 'orange' : 'red'} role="alert">
            {limited ? t('orders.vatInvoice.email.rateLimited') : errorMessage(t, send.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={send.isPending}>
            {t('orders.vatInvoice.form.cancel')}
          </Button>
          <Button onClick={confirm} loading={send.isPending} disabled={limited}>
            {t('orders.vatInvoice.email.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
