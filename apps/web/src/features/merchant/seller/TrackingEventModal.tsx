/**
 * Adds a tracking event (what happened, optionally where) to a shipment the seller sent: a package
 * of an order (not cancelled) or the replacement shipment of an exchange. The caller brings the call.
 */
import { Alert, Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { TrackingEventBody, type ShipmentPackage } from '@mall/contracts';
import { useAddTrackingEvent } from './api';
import { useSellerError } from './errors';
import { usePhoneAfterMount } from '../../../shared/usePhoneAfterMount';

export const EVENT_MAX = 300;
const AREA_MAX = 100;

/** What the form shows of the shipment: its carrier and tracking number. */
export interface EventShipment {
  id: string;
  serviceCode: string;
  fulfillmentServiceProvider: { entityName: string };
}

/** Sends one event of a shipment (a mutation of the caller's API). */
export interface EventSender {
  send: (body: z.output<typeof TrackingEventBody>, onSuccess: () => void) => void;
  isPending: boolean;
  error: unknown;
}

/**
 * `useSender` and `useApiError` are hooks, called once per opened shipment: pass module-level
 * functions (the same ones on every render).
 */
export function ShipmentEventModal<S extends EventShipment>({
  shipment,
  onClose,
  useSender,
  useApiError,
}: {
  shipment: S | null;
  onClose: () => void;
  useSender: (shipment: S) => EventSender;
  useApiError: () => (err: unknown) => string;
}) {
  const { t } = useTranslation();
  const mobile = usePhoneAfterMount();
  return (
    <Modal opened={!!shipment} onClose={onClose} title={t('seller.event.title')} fullScreen={mobile} centered>
      {shipment && (
        <EventForm
          key={shipment.id}
          shipment={shipment}
          onDone={onClose}
          useSender={useSender}
          useApiError={useApiError}
        />
      )}
    </Modal>
  );
}

const usePackageSender = (pkg: ShipmentPackage): EventSender => {
  const add = useAddTrackingEvent(pkg.id);
  return { send: (body, onSuccess) => add.mutate(body, { onSuccess }), isPending: add.isPending, error: add.error };
};

/** A tracking event of an order's package. */
export function TrackingEventModal({ pkg, onClose }: { pkg: ShipmentPackage | null; onClose: () => void }) {
  return (
    <ShipmentEventModal shipment={pkg} onClose={onClose} useSender={usePackageSender} useApiError={useSellerError} />
  );
}

function EventForm<S extends EventShipment>({
  shipment,
  onDone,
  useSender,
  useApiError,
}: {
  shipment: S;
  onDone: () => void;
  useSender: (shipment: S) => EventSender;
  useApiError: () => (err: unknown) => string;
}) {
  const { t } = useTranslation();
  const apiError = useApiError();
  const add = useSender(shipment);
  const form = useForm({
    initialValues: { context: '', areaName: '' },
    validate: {
      context: (v) =>
        !v.trim()
          ? t('seller.event.contextRequired')
          : TrackingEventBody.shape.context.safeParse(v).success
            ? null
            : t('errors.field.tooLong', { max: EVENT_MAX }),
      areaName: (v) =>
        TrackingEventBody.shape.areaName.safeParse(v).success ? null : t('errors.field.tooLong', { max: AREA_MAX }),
    },
  });
  const submit = form.onSubmit((v) => {
    if (add.isPending) return;
    const body = TrackingEventBody.parse({
      context: v.context,
      ...(v.areaName.trim() ? { areaName: v.areaName } : {}),
    });
    add.send(body, () => {
      notifications.show({ color: 'green', message: t('seller.event.success') });
      onDone();
    });
  });
  return (
    <form noValidate onSubmit={submit} aria-label={t('seller.event.title')}>
      <Stack>
        {!!add.error && (
          <Alert color="red" role="alert">
            {apiError(add.error)}
          </Alert>
        )}
        <TextInput
          label={t('seller.package.tracking')}
          value={`${shipment.fulfillmentServiceProvider.entityName} · ${shipment.serviceCode}`}
          readOnly
          variant="filled"
        />
        <Textarea
          label={t('seller.event.context')}
          placeholder={t('seller.event.contextPlaceholder')}
          withAsterisk
          autosize
          minRows={3}
          maxLength={EVENT_MAX}
          data-autofocus
          description={t('common.remaining', { count: EVENT_MAX - form.values.context.length })}
          {...form.getInputProps('context')}
          data-testid="event-context"
        />
        <TextInput
          label={t('seller.event.area')}
          placeholder={t('seller.event.areaPlaceholder')}
          maxLength={AREA_MAX}
          {...form.getInputProps('areaName')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={add.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={add.isPending} disabled={add.isPending} data-testid="event-submit">
            {t('seller.event.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
