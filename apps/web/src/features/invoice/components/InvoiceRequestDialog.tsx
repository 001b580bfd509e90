/**
 * MAKE_INVOICE: the buyer asks for the VAT invoice of a paid order (or corrects the request
 * before the shop issues it). Checked as the server checks (InvoiceFields); the server's refusals
 * show under the VAT ID (its format) or above the form.
 */
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { VatInvoiceView } from '@mall/contracts';
import { errorMessage } from '../../../shared/errors';
import { useCountryName } from '../../../shared/countries';
import { usePhoneAfterMount } from '../../../shared/usePhoneAfterMount';
import { useRequestVatInvoice } from '../api/invoice';
import { isVatIdError, vatIdMessage } from './vatIdMessage';
import { bodyOf, InvoiceFields, useInvoiceForm, valuesFromAddress, valuesOf } from './InvoiceFields';

export function InvoiceRequestDialog({
  orderId,
  opened,
  onClose,
  current,
  shippingAddress,
}: {
  orderId: string;
  opened: boolean;
  onClose: () => void;
  /** The request as saved: the dialog corrects it. */
  current?: VatInvoiceView['request'];
  /** The order's shipping address, a first guess at the billing details (the detail page has it). */
  shippingAddress?: unknown;
}) {
  const { t } = useTranslation();
  const phone = usePhoneAfterMount();
  const title = t(current ? 'orders.vatInvoice.form.editTitle' : 'orders.vatInvoice.form.title');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      fullScreen={phone}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('orders.vatInvoice.close') }}
    >
      {opened && (
        <RequestForm
          orderId={orderId}
          current={current ?? null}
          shippingAddress={shippingAddress}
          onDone={onClose}
          title={title}
        />
      )}
    </Modal>
  );
}

function RequestForm({
  orderId,
  current,
  shippingAddress,
  onDone,
  title,
}: {
  orderId: string;
  current: VatInvoiceView['request'];
  shippingAddress?: unknown;
  onDone: () => void;
  title: string;
}) {
  const { t } = useTranslation();
  const { countryName } = useCountryName();
  const form = useInvoiceForm(current || !shippingAddress ? valuesOf(current) : valuesFromAddress(shippingAddress));
  const request = useRequestVatInvoice(orderId);
  const submit = form.onSubmit((values) => {
    if (request.isPending) return;
    request.mutate(bodyOf(values), {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          message: t(current ? 'orders.vatInvoice.form.updated' : 'orders.vatInvoice.form.success'),
        });
        onDone();
      },
      onError: (e) => {
        if (isVatIdError(e))
          form.setFieldError('vatId', vatIdMessage(t, countryName, e.code, e.details, form.values.country));
      },
    });
  });
  const fieldError = isVatIdError(request.error);
  return (
    <form noValidate onSubmit={submit} aria-label={title} data-testid="vat-invoice-form">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('orders.vatInvoice.form.intro')}
        </Text>
        {request.error && !fieldError && (
          <Alert color="red" role="alert" data-testid="vat-invoice-error">
            {errorMessage(t, request.error)}
          </Alert>
        )}
        <InvoiceFields form={form} disabled={request.isPending} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={request.isPending}>
            {t('orders.vatInvoice.form.cancel')}
          </Button>
          <Button type="submit" loading={request.isPending}>
            {t(current ? 'orders.vatInvoice.form.save' : 'orders.vatInvoice.form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
