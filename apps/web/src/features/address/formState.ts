/**
 * The state of an address form (SPEC §5) without its fields (./AddressForm.tsx): values, the
 * request body, the schema check and the field labels. Checkout holds its shipping and billing
 * forms from its first paint but shows the fields only when an address is typed in.
 */
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { Address } from '@mall/contracts';
import { useSite } from '../../shared/session';
import { lazySchemas, zodValidate } from '../../shared/zodForm';

export interface AddressFormValues {
  firstName: string;
  lastName: string;
  gender: string;
  personPhone: string;
  areaCode: string;
  email: string;
  countryId: string;
  countryCode: string;
  province: string;
  provinceId: string;
  city: string;
  cityId: string;
  district: string;
  districtId: string;
  postalCode: string;
  poiName: string;
  detailAddress: string;
  addressType: string;
  company: string;
  taxCode: string;
  isDefault: boolean;
  hearFrom: string;
  hearFromInput: string;
}

export function valuesFrom(a?: Address | null): AddressFormValues {
  const district = a?.districtList.find((d) => d.level === 4);
  return {
    firstName: a?.firstName ?? '',
    lastName: a?.lastName ?? '',
    gender: a?.gender ?? '',
    personPhone: a?.personPhone ?? '',
    areaCode: a?.areaCode ?? '',
    email: a?.email ?? '',
    countryId: a?.countryId ?? '',
    countryCode: a?.region.regionShortName ?? '',
    province: a?.province ?? '',
    provinceId: a?.provinceId ?? '',
    city: a?.city ?? '',
    cityId: a?.cityId ?? '',
    district: district?.name ?? '',
    districtId: district?.id ?? '',
    postalCode: a?.postalCode ?? '',
    poiName: a?.poiName ?? '',
    detailAddress: a?.detailAddress ?? '',
    addressType: a?.addressType ?? 'PERSON',
    company: a?.company ?? '',
    taxCode: a?.taxCode ?? '',
    isDefault: a?.isDefault ?? false,
    hearFrom: a?.hearFrom ?? '',
    hearFromInput: a?.hearFromInput ?? '',
  };
}

/** Form values -> request body: empty optional fields left out, levels as districtList. */
export function toBody(v: AddressFormValues, purpose: 'SHIPPING' | 'BILLING') {
  const opt = (s: string) => (s.trim() ? s.trim() : undefined);
  const districtList = [
    v.province && { level: 2, name: v.province, ...(v.provinceId && { id: v.provinceId }) },
    v.city && { level: 3, name: v.city, ...(v.cityId && { id: v.cityId }) },
    v.district && { level: 4, name: v.district, ...(v.districtId && { id: v.districtId }) },
  ].filter(Boolean);
  return {
    firstName: v.firstName,
    lastName: v.lastName,
    gender: opt(v.gender),
    personPhone: v.personPhone,
    areaCode: opt(v.areaCode),
    email: v.email,
    countryId: v.countryId,
    countryCode: v.countryCode,
    province: opt(v.province),
    provinceId: opt(v.provinceId),
    city: v.city,
    cityId: opt(v.cityId),
    districtList,
    postalCode: v.postalCode,
    poiName: v.poiName,
    detailAddress: v.detailAddress,
    addressType: purpose === 'SHIPPING' ? opt(v.addressType) : undefined,
    company: v.addressType === 'COMPANY' ? opt(v.company) : undefined,
    taxCode: opt(v.taxCode),
    isDefault: v.isDefault,
    hearFrom: opt(v.hearFrom),
    hearFromInput: v.hearFrom === 'other' ? opt(v.hearFromInput) : undefined,
  };
}

/**
 * The first option of a native select with nothing chosen yet: empty, and not a choice of its own
 * when the field is required (an optional field can be emptied again with it).
 */
export const noChoice = (required = true) => ({ value: '', label: '', disabled: required });

/**
 * The address schema (and zod): fetched once address fields are on screen, after they paint, so
 * a page that shows none (checkout with a saved address) does not load it. The form's own submit
 * waits for it, and so does checkout's Continue before its synchronous check.
 */
export const addressSchemas = lazySchemas(() => import('./formSchemas'));

/**
 * The form state with the shared schema; checkout drives it directly, the address book through AddressForm.
 * `quickQuizElsewhere`: the form hides the quick quiz because the page asks it in its own section
 * (checkout), so the form must not require it either.
 */
export function useAddressForm(
  initial: Address | null | undefined,
  purpose: 'SHIPPING' | 'BILLING',
  opts?: { quickQuizElsewhere?: boolean; typed?: boolean },
) {
  const { t } = useTranslation();
  const site = useSite();
  const rulesSite = opts?.quickQuizElsewhere ? { ...site, features: { ...site.features, quickQuiz: false } } : site;
  // A typed (one-order) address at checkout follows the typed rules, exactly as the server checks it.
  const rules = { site: rulesSite, purpose, kind: opts?.typed ? ('typed' as const) : ('saved' as const) };
  return useForm<AddressFormValues>({
    initialValues: valuesFrom(initial),
    validate: (v) => {
      const schemas = addressSchemas.current();
      if (!schemas) {
        addressSchemas.preload();
        return {};
      }
      return zodValidate(schemas.addressInput(rules), t)(toBody(v, purpose));
    },
  });
}
export type AddressFormState = ReturnType<typeof useAddressForm>;

/** Field path -> label key, for naming the fields of an address in the checkout tip. */
export const ADDRESS_FIELD_LABELS: Record<string, string> = {
  firstName: 'address.firstName',
  lastName: 'address.lastName',
  gender: 'address.gender',
  email: 'address.email',
  areaCode: 'address.areaCode',
  personPhone: 'address.phone',
  countryId: 'address.country',
  countryCode: 'address.country',
  province: 'address.province',
  city: 'address.city',
  postalCode: 'address.postalCode',
  poiName: 'address.street',
  detailAddress: 'address.detail',
  addressType: 'address.type',
  company: 'address.company',
  taxCode: 'address.taxCode',
  hearFrom: 'address.hearFrom',
  hearFromInput: 'address.hearFromInput',
};
