/**
 * Checkout on a VAT site: "I need a VAT invoice" (SPEC §3 buyerSelectedInvoiceList). Ticked, it
 * shows the company details (the form loads then, with the contract's schema); the checkout asks
 * this section for them on Continue (`validate`), and sends them with the order: each shop of the
 * order issues its invoice once the order is paid.
 */
import { lazy, Suspense, useImperativeHandle, useRef, type Ref } from 'react';
import { Checkbox, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { VatInvoiceRequestBody } from '@mall/contracts';
import { PartLoading } from '../../../shared/PartLoading';

export interface CheckoutInvoiceHandle {
  /** The details to send, or null with the errors shown at their fields (also null while the form is still loading). */
  validate: () => VatInvoiceRequestBody | null;
}

const CheckoutInvoiceForm = lazy(() =>
  import('./CheckoutInvoiceForm').then((m) => ({ default: m.CheckoutInvoiceForm })),
);

export function CheckoutInvoiceOption({
  checked,
  onChange,
  defaultCountry,
  saved,
  ref,
}: {
  checked: boolean;
  onChange: (v: boolean) => void;
  defaultCountry: string;
  /** The details last checked (a buyer back from the payment step finds them again). */
  saved: VatInvoiceRequestBody | null;
  ref: Ref<CheckoutInvoiceHandle>;
}) {
  const { t } = useTranslation();
  const form = useRef<CheckoutInvoiceHandle>(null);
  useImperativeHandle(ref, () => ({ validate: () => (checked ? (form.current?.validate() ?? null) : null) }), [
    checked,
  ]);
  const title = t('orders.vatInvoice.label');
  return (
    <Paper component="section" withBorder p="md" aria-label={title} data-testid="checkout-vat-invoice">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Checkbox
        label={t('orders.vatInvoice.form.checkoutOption')}
        checked={checked}
        onChange={(e) => onChange(e.currentTarget.checked)}
        onPointerEnter={() => void import('./CheckoutInvoiceForm')}
      />
      {checked && (
        <Stack mt="sm" gap="sm">
          <Text size="sm" c="dimmed">
            {t('orders.vatInvoice.form.checkoutHint')}
          </Text>
          <Suspense fallback={<PartLoading />}>
            <CheckoutInvoiceForm ref={form} defaultCountry={defaultCountry} saved={saved} />
          </Suspense>
        </Stack>
      )}
    </Paper>
  );
}
