/**
 * Ship the replacement of an exchange: which items go out (the exchange SKU of each returned line),
 * a logistics company and a tracking number (letters and digits, in the carrier's format where known).
 */
import { Alert, Button, Card, Group, Image, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ShipExchangeBody, type SellerReverse } from '@mall/contracts';
import { useCarriers } from '../../../merchant/seller/api';
import { qtyText } from '../../../merchant/seller/SellerOrderCard';
import { useSellerAsError, useShipExchange } from '../../api/seller';
import { checkTracking, trackingPlaceholder } from '../../../../shared/tracking';
import { usePhoneAfterMount } from '../../../../shared/usePhoneAfterMount';

export function ShipExchangeModal({ reverse, onClose }: { reverse: SellerReverse | null; onClose: () => void }) {
  const { t } = useTranslation();
  const mobile = usePhoneAfterMount();
  return (
    <Modal
      opened={!!reverse}
      onClose={onClose}
      title={reverse ? t('sellerAfterSales.ship.title', { code: reverse.reverseTradeOrderCode }) : ''}
      size="lg"
      centered
      fullScreen={mobile}
    >
      {reverse && <ShipForm key={reverse.id} reverse={reverse} onDone={onClose} />}
    </Modal>
  );
}

function ShipForm({ reverse: r, onDone }: { reverse: SellerReverse; onDone: () => void }) {
  const { t } = useTranslation();
  const apiError = useSellerAsError();
  const carriers = useCarriers(true);
  const ship = useShipExchange();
  const form = useForm<{ carrierId: string | null; serviceCode: string }>({
    initialValues: { carrierId: null, serviceCode: '' },
    validate: {
      carrierId: (v) => (v ? null : t('seller.ship.carrierRequired')),
      // Letters and digits, and the chosen carrier's own format where it has one (the server's schema).
      serviceCode: (v, values) => {
        const checked = checkTracking(
          t,
          carriers.data?.find((c) => c.id === values.carrierId),
          v,
          { required: 'seller.ship.trackingRequired', invalid: 'seller.ship.trackingInvalid' },
        );
        return checked.ok ? null : checked.error;
      },
    },
  });
  const submit = form.onSubmit((v) => {
    if (ship.isPending) return;
    ship.mutate(
      {
        id: r.id,
        body: ShipExchangeBody.parse({ carrierId: v.carrierId, serviceCode: v.serviceCode.trim().toUpperCase() }),
      },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: t('sellerAfterSales.ship.success', { code: r.reverseTradeOrderCode }),
          });
          onDone();
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={submit} aria-label={t('sellerAfterSales.ship.title', { code: r.reverseTradeOrderCode })}>
      <Stack>
        {ship.error && (
          <Alert color="red" role="alert" data-testid="ship-exchange-error">
            {apiError(ship.error)}
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          {t('sellerAfterSales.ship.hint', { buyer: r.buyerName })}
        </Text>
        <Stack gap="xs" role="list" aria-label={t('sellerAfterSales.ship.items')}>
          {r.reverseTradeOrderLineList.map((l) => {
            const s = l.derivativeSku ?? l.sku;
            return (
              <Card key={l.id} withBorder padding="xs" role="listitem" data-testid="ship-exchange-line">
                <Group gap="sm" wrap="nowrap">
                  <Image src={s.image} alt="" w={48} h={48} radius="sm" fit="contain" bg="gray.0" />
                  <div style={{ minWidth: 0, flex: 1 }}>
                    <Text size="sm" fw={500} lineClamp={2}>
                      {s.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('seller.sku')}: {s.skuName}
                    </Text>
                  </div>
                  <Text size="sm" fw={600}>
                    × {qtyText(l.reverseQty, l.sku)}
                  </Text>
                </Group>
              </Card>
            );
          })}
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('seller.ship.carrier')}
            placeholder={carriers.isLoading ? t('common.loading') : t('seller.ship.carrierPlaceholder')}
            withAsterisk
            searchable
            nothingFoundMessage={t('seller.ship.noCarrier')}
            data={(carriers.data ?? []).map((c) => ({ value: c.id, label: c.entityName }))}
            disabled={carriers.isLoading}
            {...form.getInputProps('carrierId')}
            error={form.errors.carrierId ?? (carriers.error ? apiError(carriers.error) : undefined)}
            comboboxProps={{ withinPortal: true }}
            data-testid="ship-exchange-carrier"
          />
          <TextInput
            label={t('seller.ship.tracking')}
            placeholder={trackingPlaceholder(
              t,
              carriers.data?.find((c) => c.id === form.values.carrierId),
              'seller.ship.trackingPlaceholder',
            )}
            withAsterisk
            autoComplete="off"
            maxLength={40}
            {...form.getInputProps('serviceCode')}
            data-testid="ship-exchange-tracking"
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={ship.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={ship.isPending} disabled={ship.isPending} data-testid="ship-exchange-submit">
            {t('sellerAfterSales.ship.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
