/**
 * Ship the replacement of an exchange: which items go out (the exchange SKU of each returned line),
 * a logistics company and a tracking number (letters and digits, in the carrier's format where known).
 */
import { Alert, Button, Card, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ShipExchangeBody, type SellerReverse } from '@mall/contracts';
import { useCarriers } from '../../../merchant/seller/api';
import { qtyText } from '../../../merchant/seller/SellerOrderCard';
import { useSellerAsError, useShipExchange } from '../../api/seller';
import { CarrierFields, carrierRules } from '../../../merchant/seller/CarrierFields';
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
      ...carrierRules(t, carriers),
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
        <CarrierFields form={form} carriers={carriers} apiError={apiError} testIdPrefix="ship-exchange" />
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
