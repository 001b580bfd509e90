/** The company details of checkout's VAT invoice option (CheckoutInvoiceOption), checked as the server checks them. */
import { useImperativeHandle, type Ref } from 'react';
import type { VatInvoiceRequestBody } from '@mall/contracts';
import type { CheckoutInvoiceHandle } from './CheckoutInvoiceOption';
import { bodyOf, InvoiceFields, useInvoiceForm, valuesOf } from './InvoiceFields';

export function CheckoutInvoiceForm({
  defaultCountry,
  saved,
  ref,
}: {
  defaultCountry: string;
  saved: VatInvoiceRequestBody | null;
  ref: Ref<CheckoutInvoiceHandle>;
}) {
  const form = useInvoiceForm(valuesOf(saved, defaultCountry));
  useImperativeHandle(ref, () => ({ validate: () => (form.validate().hasErrors ? null : bodyOf(form.values)) }));
  return <InvoiceFields form={form} />;
}
