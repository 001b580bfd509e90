/** Adds a tracking event (what happened, optionally where) to a package that is not cancelled. */
import { Alert, Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { ShipmentPackage } from '@mall/contracts';
import { useAddTrackingEvent } from './api';
import { useSellerError } from './errors';
import { usePhoneAfterMount } from '../../../shared/usePhoneAfterMount';

export const EVENT_MAX = 300;
const AREA_MAX = 100;

export function TrackingEventModal({ pkg, onClose }: { pkg: ShipmentPackage | null; onClose: () => void }) {
  const { t } = useTranslation();
  const mobile = usePhoneAfterMount();
  return (
    <Modal opened={!!pkg} onClose={onClose} title={t('seller.event.title')} fullScreen={mobile} centered>
      {pkg && <EventForm key={pkg.id} pkg={pkg} onDone={onClose} />}
    </Modal>
  );
}

function EventForm({ pkg, onDone }: { pkg: ShipmentPackage; onDone: () => void }) {
  const { t } = useTranslation();
  const apiError = useSellerError();
  const add = useAddTrackingEvent(pkg.id);
  const form = useForm({
    initialValues: { context: '', areaName: '' },
    validate: {
      context: (v) =>
        !v.trim()
          ? t('seller.event.contextRequired')
          : v.trim().length > EVENT_MAX
            ? t('errors.field.tooLong', { max: EVENT_MAX })
            : null,
      areaName: (v) => (v.trim().length > AREA_MAX ? t('errors.field.tooLong', { max: AREA_MAX }) : null),
    },
  });
  const submit = form.onSubmit((v) => {
    if (add.isPending) return;
    add.mutate(
      { context: v.context.trim(), ...(v.areaName.trim() ? { areaName: v.areaName.trim() } : {}) },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('seller.event.success') });
          onDone();
        },
      },
    );
  });
  return (
    <form noValidate onSubmit={submit} aria-label={t('seller.event.title')}>
      <Stack>
        {add.error && (
          <Alert color="red" role="alert">
            {apiError(add.error)}
          </Alert>
        )}
        <TextInput
          label={t('seller.package.tracking')}
          value={`${pkg.fulfillmentServiceProvider.entityName} · ${pkg.serviceCode}`}
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
          description={t('common.remaining', { count: EVENT_MAX - form.values.context.length })}
          {...form.getInputProps('context')}
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
          <Button type="submit" loading={add.isPending} disabled={add.isPending}>
            {t('seller.event.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
