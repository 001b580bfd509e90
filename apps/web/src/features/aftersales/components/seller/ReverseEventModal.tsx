/** Adds a tracking event (what happened, optionally where) to the replacement shipment of an exchange (ReverseEventBody). */
import { Alert, Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ReverseEventBody, type ReverseShipment } from '@mall/contracts';
import { useAddReverseEvent, useSellerAsError } from '../../api/seller';
import { usePhoneAfterMount } from '../../../../shared/usePhoneAfterMount';

const EVENT_MAX = 300;
const AREA_MAX = 100;

export function ReverseEventModal({ shipment, onClose }: { shipment: ReverseShipment | null; onClose: () => void }) {
  const { t } = useTranslation();
  const mobile = usePhoneAfterMount();
  return (
    <Modal opened={!!shipment} onClose={onClose} title={t('seller.event.title')} fullScreen={mobile} centered>
      {shipment && <EventForm key={shipment.id} shipment={shipment} onDone={onClose} />}
    </Modal>
  );
}

function EventForm({ shipment, onDone }: { shipment: ReverseShipment; onDone: () => void }) {
  const { t } = useTranslation();
  const apiError = useSellerAsError();
  const add = useAddReverseEvent();
  const form = useForm({
    initialValues: { context: '', areaName: '' },
    validate: {
      context: (v) =>
        !v.trim()
          ? t('seller.event.contextRequired')
          : ReverseEventBody.shape.context.safeParse(v).success
            ? null
            : t('errors.field.tooLong', { max: EVENT_MAX }),
      areaName: (v) =>
        ReverseEventBody.shape.areaName.safeParse(v).success ? null : t('errors.field.tooLong', { max: AREA_MAX }),
    },
  });
  const submit = form.onSubmit((v) => {
    if (add.isPending) return;
    const body = ReverseEventBody.parse({ context: v.context, ...(v.areaName.trim() ? { areaName: v.areaName } : {}) });
    add.mutate(
      { shipmentId: shipment.id, body },
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
