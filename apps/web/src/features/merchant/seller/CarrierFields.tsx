/**
 * The carrier and tracking number of a shipment the seller sends (an order's package, an exchange's
 * replacement): the rules of the form and its two fields. A tracking number is letters and digits,
 * in the chosen carrier's own format where it has one (the server's schema).
 */
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Carrier } from '@mall/contracts';
import { checkTracking, trackingPlaceholder } from '../../../shared/tracking';
import type { useCarriers } from './api';

export interface CarrierValues {
  carrierId: string | null;
  serviceCode: string;
}

type Carriers = ReturnType<typeof useCarriers>;
const carrierOf = (carriers: Carriers, id: string | null): Carrier | undefined =>
  carriers.data?.find((c) => c.id === id);

/** The form's rules for both fields; `skip` (a pickup order) asks for neither. */
export function carrierRules(t: TFunction, carriers: Carriers, skip = false) {
  return {
    carrierId: (v: string | null) => (skip || v ? null : t('seller.ship.carrierRequired')),
    serviceCode: (v: string, values: CarrierValues) => {
      if (skip) return null;
      const checked = checkTracking(t, carrierOf(carriers, values.carrierId), v, {
        required: 'seller.ship.trackingRequired',
        invalid: 'seller.ship.trackingInvalid',
      });
      return checked.ok ? null : checked.error;
    },
  };
}

export function CarrierFields<V extends CarrierValues>({
  form,
  carriers,
  apiError,
  testIdPrefix,
}: {
  form: UseFormReturnType<V>;
  carriers: Carriers;
  apiError: (err: unknown) => string;
  /** `<prefix>-carrier` and `<prefix>-tracking` data-testids. */
  testIdPrefix?: string;
}) {
  const { t } = useTranslation();
  // Both fields exist on every form that uses this (V extends CarrierValues).
  const f = form as unknown as UseFormReturnType<CarrierValues>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Select
        label={t('seller.ship.carrier')}
        placeholder={carriers.isLoading ? t('common.loading') : t('seller.ship.carrierPlaceholder')}
        withAsterisk
        searchable
        nothingFoundMessage={t('seller.ship.noCarrier')}
        data={(carriers.data ?? []).map((c) => ({ value: c.id, label: c.entityName }))}
        disabled={carriers.isLoading}
        {...f.getInputProps('carrierId')}
        error={f.errors.carrierId ?? (carriers.error ? apiError(carriers.error) : undefined)}
        comboboxProps={{ withinPortal: true }}
        data-testid={testIdPrefix && `${testIdPrefix}-carrier`}
      />
      <TextInput
        label={t('seller.ship.tracking')}
        placeholder={trackingPlaceholder(t, carrierOf(carriers, f.values.carrierId), 'seller.ship.trackingPlaceholder')}
        withAsterisk
        autoComplete="off"
        maxLength={40}
        {...f.getInputProps('serviceCode')}
        data-testid={testIdPrefix && `${testIdPrefix}-tracking`}
      />
    </SimpleGrid>
  );
}
