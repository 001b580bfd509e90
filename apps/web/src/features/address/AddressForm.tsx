/**
 * The address form of SPEC §5, validated with the same schema as the server
 * (`addressInput` in contracts). Country, province, city and district come from the region
 * table; a level with no regions below it becomes a free text field. Choices are native selects:
 * the phone's own picker, and no Mantine combobox (floating-ui, ~30 KB gzip) on the checkout's
 * first load. The form's state and rules are in ./formState.ts: checkout keeps its forms from its
 * first paint and loads these fields only when it shows them.
 */
import { useEffect } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Grid,
  Group,
  NativeSelect,
  SegmentedControl,
  Stack,
  TextInput,
  Textarea,
  Text,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ADDRESS_CACHE_DAYS, ADDRESS_TYPES, GENDERS, HEAR_FROM_OPTIONS } from '@mall/contracts/constants';
import type { Address } from '@mall/contracts';
import { useSite } from '../../shared/session';
import { errorMessage } from '../../shared/errors';
import { ApiError } from '../../shared/api';
import { useCountryName } from '../../shared/countries';
import { useRegions, type RegionOption } from './api';
import {
  addressSchemas,
  noChoice,
  toBody,
  useAddressForm,
  type AddressFormState,
  type AddressFormValues,
} from './formState';

type RegionPick = Pick<AddressFormValues, 'countryId' | 'countryCode' | 'province' | 'provinceId' | 'city' | 'cityId'>;
const REGION_COOKIE = 'address_region';

function readRegionCookie(): RegionPick | null {
  const raw = document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${REGION_COOKIE}=`))
    ?.slice(REGION_COOKIE.length + 1);
  if (!raw) return null;
  try {
    return JSON.parse(decodeURIComponent(raw)) as RegionPick;
  } catch {
    return null;
  }
}

function writeRegionCookie(pick: RegionPick) {
  document.cookie = `${REGION_COOKIE}=${encodeURIComponent(JSON.stringify(pick))}; path=/; max-age=${ADDRESS_CACHE_DAYS * 86400}; samesite=lax`;
}

function LevelField(props: {
  label: string;
  parentId: string | null;
  value: string;
  valueId: string;
  required?: boolean;
  error?: string;
  onChange: (name: string, id: string, region?: RegionOption) => void;
  testId: string;
}) {
  const { data: options, isLoading } = useRegions(props.parentId, !!props.parentId);
  if (props.parentId && options && options.length > 0) {
    return (
      <NativeSelect
        label={props.label}
        required={props.required}
        data-testid={props.testId}
        error={props.error}
        data={[noChoice(props.required), ...options.map((o) => ({ value: o.id, label: o.regionName }))]}
        value={props.valueId}
        onChange={(e) => {
          const id = e.currentTarget.value;
          const o = options.find((x) => x.id === id);
          props.onChange(o?.regionName ?? '', id, o);
        }}
      />
    );
  }
  return (
    <TextInput
      label={props.label}
      required={props.required}
      value={props.value}
      disabled={isLoading}
      error={props.error}
      data-testid={props.testId}
      onChange={(e) => props.onChange(e.currentTarget.value, '')}
    />
  );
}

/**
 * The address fields. `typed`: an address typed at checkout for one order (SPEC §5 keeps the
 * address-book rules; typed ones make gender and the second address line optional).
 */
export function AddressFields({
  form,
  purpose,
  serverError,
  hideQuickQuiz,
  typed,
}: {
  form: AddressFormState;
  purpose: 'SHIPPING' | 'BILLING';
  serverError?: unknown;
  hideQuickQuiz?: boolean;
  typed?: boolean;
}) {
  const { t } = useTranslation();
  const optional = (label: string) => (typed ? t('address.optionalLabel', { label }) : label);
  const site = useSite();
  const { data: countries } = useRegions(undefined);
  // Countries by their names in the page's language (the region table names them in English).
  const { countryName, language } = useCountryName();
  const countryOptions = (countries ?? [])
    .map((c) => ({ value: c.id, label: countryName(c.regionShortName) }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
  const v = form.values;
  // A new address starts from the last region picked (cookie) or the site's default country.
  useEffect(() => {
    if (!v.countryId && countries?.length) {
      const cached = readRegionCookie();
      if (cached && countries.some((x) => x.id === cached.countryId)) {
        form.setValues(cached);
        return;
      }
      const c = countries.find((x) => x.regionShortName === site.features.defaultCountry) ?? countries[0]!;
      form.setValues({ countryId: c.id, countryCode: c.regionShortName });
    }
  }, [countries]); // eslint-disable-line react-hooks/exhaustive-deps
  // Remember the picked region levels for the next address form.
  useEffect(() => {
    if (v.countryId)
      writeRegionCookie({
        countryId: v.countryId,
        countryCode: v.countryCode,
        province: v.province,
        provinceId: v.provinceId,
        city: v.city,
        cityId: v.cityId,
      });
  }, [v.countryId, v.provinceId, v.cityId]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => addressSchemas.preload(), []);
  const serverFieldErrors =
    serverError instanceof ApiError && Array.isArray(serverError.details)
      ? (serverError.details as { path: string; message: string }[])
      : [];
  const err = (field: keyof AddressFormValues) =>
    (form.errors[field] as string | undefined) ??
    (() => {
      const e = serverFieldErrors.find((d) => d.path === `/${field}`);
      return e ? t(e.message, { defaultValue: e.message }) : undefined;
    })();

  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label={t('address.firstName')}
          required
          autoComplete="given-name"
          {...form.getInputProps('firstName')}
          error={err('firstName')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label={t('address.lastName')}
          required
          autoComplete="family-name"
          {...form.getInputProps('lastName')}
          error={err('lastName')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <NativeSelect
          label={optional(t('address.gender'))}
          required={!typed}
          data={[noChoice(!typed), ...GENDERS.map((g) => ({ value: g, label: t(`address.genders.${g}`) }))]}
          {...form.getInputProps('gender')}
          error={err('gender')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label={t('address.email')}
          required
          type="email"
          autoComplete="email"
          {...form.getInputProps('email')}
          error={err('email')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 4, sm: 2 }}>
        <TextInput
          label={t('address.areaCode')}
          placeholder="+1"
          {...form.getInputProps('areaCode')}
          error={err('areaCode')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 8, sm: 4 }}>
        <TextInput
          label={t('address.phone')}
          required
          type="tel"
          autoComplete="tel-national"
          {...form.getInputProps('personPhone')}
          error={err('personPhone')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <NativeSelect
          label={t('address.country')}
          required
          data={[noChoice(), ...countryOptions]}
          value={v.countryId}
          error={err('countryId')}
          data-testid="address-country"
          onChange={(e) => {
            const id = e.currentTarget.value;
            const c = countries?.find((x) => x.id === id);
            form.setValues({
              countryId: id,
              countryCode: c?.regionShortName ?? '',
              province: '',
              provinceId: '',
              city: '',
              cityId: '',
              district: '',
              districtId: '',
            });
          }}
        />
      </Grid.Col>
      {site.features.renderProvince && (
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <LevelField
            label={t('address.province')}
            required
            testId="address-province"
            parentId={v.countryId || null}
            value={v.province}
            valueId={v.provinceId}
            error={err('province')}
            onChange={(name, id) =>
              form.setValues({ province: name, provinceId: id, city: '', cityId: '', district: '', districtId: '' })
            }
          />
        </Grid.Col>
      )}
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <LevelField
          label={t('address.city')}
          required
          testId="address-city"
          parentId={site.features.renderProvince ? v.provinceId || null : v.countryId || null}
          value={v.city}
          valueId={v.cityId}
          error={err('city')}
          onChange={(name, id) => form.setValues({ city: name, cityId: id, district: '', districtId: '' })}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <LevelField
          label={t('address.district')}
          testId="address-district"
          parentId={v.cityId || null}
          value={v.district}
          valueId={v.districtId}
          onChange={(name, id) => form.setValues({ district: name, districtId: id })}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <TextInput
          label={t('address.postalCode')}
          required
          autoComplete="postal-code"
          {...form.getInputProps('postalCode')}
          error={err('postalCode')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 8 }}>
        <TextInput
          label={t('address.street')}
          required
          autoComplete="address-line1"
          {...form.getInputProps('poiName')}
          error={err('poiName')}
        />
      </Grid.Col>
      <Grid.Col span={12}>
        <Textarea
          label={optional(t('address.detail'))}
          required={!typed}
          autosize
          minRows={1}
          maxLength={200}
          {...form.getInputProps('detailAddress')}
          error={err('detailAddress')}
        />
      </Grid.Col>
      {purpose === 'SHIPPING' && (
        <Grid.Col span={12}>
          <Text size="sm" fw={500} mb={4}>
            {t('address.type')}
          </Text>
          <SegmentedControl
            data={ADDRESS_TYPES.map((a) => ({ value: a, label: t(`address.types.${a}`) }))}
            {...form.getInputProps('addressType')}
          />
        </Grid.Col>
      )}
      {v.addressType === 'COMPANY' && (
        <>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t(purpose === 'BILLING' ? 'address.billingCompany' : 'address.company')}
              required
              autoComplete="organization"
              {...form.getInputProps('company')}
              error={err('company')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={t('address.taxCode')} {...form.getInputProps('taxCode')} error={err('taxCode')} />
          </Grid.Col>
        </>
      )}
      {purpose === 'SHIPPING' && site.features.quickQuiz && !hideQuickQuiz && (
        <>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NativeSelect
              label={t('address.hearFrom')}
              required
              data={[
                noChoice(),
                ...HEAR_FROM_OPTIONS.map((o) => ({ value: o, label: t(`address.hearFromOptions.${o}`) })),
              ]}
              {...form.getInputProps('hearFrom')}
              error={err('hearFrom')}
            />
          </Grid.Col>
          {v.hearFrom === 'other' && (
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label={t('address.hearFromInput')}
                required
                maxLength={200}
                {...form.getInputProps('hearFromInput')}
                error={err('hearFromInput')}
              />
            </Grid.Col>
          )}
        </>
      )}
    </Grid>
  );
}

export function AddressForm(props: {
  initial?: Address | null;
  purpose?: 'SHIPPING' | 'BILLING';
  submitLabel: string;
  saving?: boolean;
  error?: unknown;
  showDefault?: boolean;
  onSubmit: (body: ReturnType<typeof toBody>) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const purpose = props.purpose ?? 'SHIPPING';
  const form = useAddressForm(props.initial, purpose);
  const submit = form.onSubmit((values) => {
    if (!props.saving) props.onSubmit(toBody(values, purpose));
  });
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        // The schema may still be on its way: validate once it is there (or let the server check, offline).
        if (addressSchemas.current()) submit(e);
        else
          void addressSchemas.load().then(
            () => submit(e),
            () => submit(e),
          );
      }}
    >
      <Stack gap="sm">
        {props.error != null && (
          <Alert color="red" role="alert">
            {errorMessage(t, props.error)}
          </Alert>
        )}
        <AddressFields form={form} purpose={purpose} serverError={props.error} />
        {props.showDefault && (
          <Checkbox
            label={t('address.setDefault')}
            {...form.getInputProps('isDefault', { type: 'checkbox' })}
            disabled={props.initial?.isDefault === true}
            description={props.initial?.isDefault ? t('address.defaultLocked') : undefined}
          />
        )}
        <Group justify="flex-end">
          {props.onCancel && (
            <Button variant="default" onClick={props.onCancel}>
              {t('common.cancel')}
            </Button>
          )}
          <Button type="submit" loading={props.saving}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
