/**
 * The VAT invoice details a buyer gives (company name, VAT ID, billing address): the fields and
 * their check, which is the server's own: the contract's schema (VatInvoiceRequestBody, from
 * @mall/contracts) for the shape and checkVatId (@mall/domain) for the VAT ID's format in the
 * address's country, so the message under the VAT ID is the one the server would answer (worded
 * by vatIdMessage in the page's language).
 * Used by the order's "Request VAT invoice" dialog and by checkout.
 */
import { NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { VatInvoiceRequestBody } from '@mall/contracts';
import { checkVatId, VAT_ID_FORMATS } from '@mall/domain';
import { useCountryName } from '../../../shared/countries';
import { vatIdMessage } from './vatIdMessage';

export interface InvoiceValues {
  companyName: string;
  vatId: string;
  addressLine1: string;
  addressLine2: string;
  postalCode: string;
  city: string;
  state: string;
  country: string;
}
export type InvoiceForm = UseFormReturnType<InvoiceValues>;

export const EMPTY_INVOICE: InvoiceValues = {
  companyName: '',
  vatId: '',
  addressLine1: '',
  addressLine2: '',
  postalCode: '',
  city: '',
  state: '',
  country: '',
};

/** Countries whose VAT ID format is known (the EU, the UK, Japan). */
export const INVOICE_COUNTRIES = Object.keys(VAT_ID_FORMATS);

/** A saved request back into the form's values. */
export function valuesOf(r: VatInvoiceRequestBody | null | undefined, defaultCountry = ''): InvoiceValues {
  if (!r) return { ...EMPTY_INVOICE, country: INVOICE_COUNTRIES.includes(defaultCountry) ? defaultCountry : '' };
  const a = r.billingAddress;
  return {
    companyName: r.companyName,
    vatId: r.vatId,
    addressLine1: a.addressLine1,
    addressLine2: a.addressLine2 ?? '',
    postalCode: a.postalCode ?? '',
    city: a.city,
    state: a.state ?? '',
    country: a.country,
  };
}

/** A first guess from the order's shipping address (a company address often is the billing one): company, street, city, country. */
export function valuesFromAddress(a: unknown): InvoiceValues {
  const x = (a ?? {}) as Record<string, unknown> & { region?: { regionShortName?: string } };
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const country = str(x.countryCode) || str(x.region?.regionShortName) || str(x.country);
  return {
    ...EMPTY_INVOICE,
    companyName: str(x.company),
    addressLine1: str(x.poiName),
    addressLine2: str(x.detailAddress),
    postalCode: str(x.postalCode),
    city: str(x.city),
    country: INVOICE_COUNTRIES.includes(country.toUpperCase()) ? country.toUpperCase() : '',
  };
}

/** The values as the server takes them (optional fields left out when empty). */
export function bodyOf(v: InvoiceValues): VatInvoiceRequestBody {
  const opt = (s: string) => (s.trim() ? s.trim() : undefined);
  return {
    companyName: v.companyName.trim(),
    vatId: v.vatId.trim(),
    billingAddress: {
      addressLine1: v.addressLine1.trim(),
      ...(opt(v.addressLine2) && { addressLine2: opt(v.addressLine2) }),
      ...(opt(v.postalCode) && { postalCode: opt(v.postalCode) }),
      city: v.city.trim(),
      ...(opt(v.state) && { state: opt(v.state) }),
      country: v.country.trim(),
    },
  };
}

/** Field errors of these values: the contract's schema first, then the VAT ID's format for the country. */
export function invoiceErrors(
  t: TFunction,
  v: InvoiceValues,
  countryName: (code: string) => string,
): Partial<Record<keyof InvoiceValues, string>> {
  const errors: Partial<Record<keyof InvoiceValues, string>> = {};
  const parsed = VatInvoiceRequestBody.safeParse(bodyOf(v));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[issue.path.length - 1]) as keyof InvoiceValues;
      if (errors[field]) continue;
      const max = issue.code === 'too_big' ? Number((issue as { maximum?: number | bigint }).maximum) : null;
      errors[field] =
        max !== null ? t('orders.vatInvoice.form.tooLong', { max }) : t('orders.vatInvoice.form.required');
    }
  }
  if (!errors.vatId && !errors.country) {
    const vat = checkVatId(v.country, v.vatId);
    if (!vat.ok) errors.vatId = vatIdMessage(t, countryName, vat.code, vat.params, v.country);
  }
  return errors;
}

export function useInvoiceForm(initial: InvoiceValues): InvoiceForm {
  const { t } = useTranslation();
  const { countryName } = useCountryName();
  return useForm<InvoiceValues>({ initialValues: initial, validate: (v) => invoiceErrors(t, v, countryName) });
}

/** The fields (labelled, errors under each, the VAT ID's format for the chosen country as its description). */
export function InvoiceFields({ form, disabled }: { form: InvoiceForm; disabled?: boolean }) {
  const { t } = useTranslation();
  const { countryName, language } = useCountryName();
  const countries = INVOICE_COUNTRIES.map((code) => ({ value: code, label: countryName(code) })).sort((a, b) =>
    a.label.localeCompare(b.label, language),
  );
  const format = VAT_ID_FORMATS[form.values.country];
  const L = (key: string) => t(`orders.vatInvoice.form.${key}`);
  return (
    <Stack gap="sm">
      <TextInput
        label={L('companyName')}
        withAsterisk
        autoComplete="organization"
        maxLength={200}
        disabled={disabled}
        {...form.getInputProps('companyName')}
      />
      <NativeSelect
        label={L('country')}
        withAsterisk
        disabled={disabled}
        data={[{ value: '', label: '—' }, ...countries]}
        {...form.getInputProps('country')}
        autoComplete="country"
      />
      <TextInput
        label={L('vatId')}
        withAsterisk
        maxLength={40}
        disabled={disabled}
        autoCapitalize="characters"
        spellCheck={false}
        description={
          format
            ? t('orders.vatInvoice.form.vatIdHint', {
                country: countryName(form.values.country),
                example: format.example,
              })
            : L('vatIdHintNone')
        }
        {...form.getInputProps('vatId')}
      />
      <TextInput
        label={L('addressLine1')}
        withAsterisk
        autoComplete="address-line1"
        maxLength={200}
        disabled={disabled}
        {...form.getInputProps('addressLine1')}
      />
      <TextInput
        label={L('addressLine2')}
        autoComplete="address-line2"
        maxLength={200}
        disabled={disabled}
        {...form.getInputProps('addressLine2')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
        <TextInput
          label={L('postalCode')}
          autoComplete="postal-code"
          maxLength={20}
          disabled={disabled}
          {...form.getInputProps('postalCode')}
        />
        <TextInput
          label={L('city')}
          withAsterisk
          autoComplete="address-level2"
          maxLength={100}
          disabled={disabled}
          {...form.getInputProps('city')}
        />
      </SimpleGrid>
      <TextInput
        label={L('state')}
        autoComplete="address-level1"
        maxLength={100}
        disabled={disabled}
        {...form.getInputProps('state')}
      />
    </Stack>
  );
}
