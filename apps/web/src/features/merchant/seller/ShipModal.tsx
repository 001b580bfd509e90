/**
 * Ship some lines of an order in one package: a quantity per line (0 leaves it out), a carrier
 * and a tracking number (same rules as return shipping, SPEC §5, in the carrier's format where known).
 */
import { useState } from 'react';
import { Alert, Box, Button, Card, Group, Image, Modal, NumberInput, Stack, Table, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { SellerOrder } from '@mall/contracts';
import { CarrierFields, carrierRules } from './CarrierFields';
import { ApiError } from '../../../shared/api';
import { isWeightLine, qtyLeft, round3, useCarriers, useCreatePackage } from './api';
import { useSellerError } from './errors';
import { qtyText } from './SellerOrderCard';
import { usePhoneAfterMount } from '../../../shared/usePhoneAfterMount';

type Line = SellerOrder['lines'][number];
interface FormValues {
  carrierId: string | null;
  serviceCode: string;
  lines: { id: string; qty: number | string }[];
}

export function ShipModal({ order, onClose }: { order: SellerOrder | null; onClose: () => void }) {
  const { t } = useTranslation();
  // Opens after a click, so the phone layout (full screen, a card per line) is known by then.
  const mobile = usePhoneAfterMount();
  return (
    <Modal
      opened={!!order}
      onClose={onClose}
      title={order ? t('seller.ship.title', { code: order.tradeOrderCode }) : ''}
      size="xl"
      fullScreen={mobile}
      centered
    >
      {order && <ShipForm key={order.id} order={order} mobile={mobile} onDone={onClose} />}
    </Modal>
  );
}

function ShipForm({ order, mobile, onDone }: { order: SellerOrder; mobile: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const apiError = useSellerError();
  const lines = order.lines.filter((l) => qtyLeft(l) > 0);
  // Pickup orders are handed over in the store: no carrier, the server makes a pickup code.
  const pickup = order.fulfillmentType === 'PICKUP';
  const carriers = useCarriers(!pickup);
  const create = useCreatePackage(order.id);
  const [nothing, setNothing] = useState(false);

  const form = useForm<FormValues>({
    initialValues: { carrierId: null, serviceCode: '', lines: lines.map((l) => ({ id: l.id, qty: qtyLeft(l) })) },
    validate: {
      ...carrierRules(t, carriers, pickup),
      lines: {
        qty: (v, _values, path) => {
          const line = lines[Number(path.split('.')[1])]!;
          if (v === '' || v === null || v === undefined) return t('seller.ship.qtyRequired');
          const n = Number(v);
          if (!Number.isFinite(n) || n < 0) return t('seller.ship.qtyRequired');
          if (n > qtyLeft(line) + 1e-9) return t('seller.ship.qtyAtMost', { left: qtyLeft(line) });
          if (!isWeightLine(line) && !Number.isInteger(n)) return t('seller.ship.qtyWhole');
          return null;
        },
      },
    },
  });

  const submit = form.onSubmit((v) => {
    if (create.isPending) return;
    const chosen = v.lines
      .map((l) => ({ tradeOrderLineId: l.id, qty: round3(Number(l.qty)) }))
      .filter((l) => l.qty > 0);
    setNothing(!chosen.length);
    if (!chosen.length) return;
    create.mutate(
      {
        ...(pickup ? {} : { carrierId: v.carrierId!, serviceCode: v.serviceCode.trim().toUpperCase() }),
        lines: chosen.map((l) => ({ tradeOrderLineId: l.tradeOrderLineId, qty: String(l.qty) })),
      },
      {
        onSuccess: (r) => {
          notifications.show({
            color: 'green',
            title: t('seller.ship.success'),
            message:
              r.orderStatus === 'UN_RECEIVED'
                ? t('seller.ship.allShipped', { code: order.tradeOrderCode })
                : t('seller.ship.partShipped', { code: order.tradeOrderCode }),
          });
          onDone();
        },
        onError: (e) => {
          // The server names the line it refused and how much is left of it.
          const d =
            e instanceof ApiError ? (e.details as { tradeOrderLineId?: string; left?: string } | undefined) : undefined;
          const i = d?.tradeOrderLineId ? v.lines.findIndex((l) => l.id === d.tradeOrderLineId) : -1;
          if (i >= 0)
            form.setFieldError(`lines.${i}.qty`, t('seller.ship.qtyAtMost', { left: d!.left ?? qtyLeft(lines[i]!) }));
        },
      },
    );
  });

  const qtyInput = (l: Line, i: number) => (
    <NumberInput
      {...form.getInputProps(`lines.${i}.qty`)}
      label={mobile ? t('seller.ship.qty') : undefined}
      aria-label={t('seller.ship.qtyFor', { name: `${l.name} (${l.skuName})` })}
      min={0}
      max={qtyLeft(l)}
      step={isWeightLine(l) ? 0.1 : 1}
      allowNegative={false}
      allowDecimal={isWeightLine(l)}
      decimalScale={isWeightLine(l) ? 3 : 0}
      rightSection={
        l.unitName && isWeightLine(l) ? (
          <Text size="xs" c="dimmed">
            {l.unitName}
          </Text>
        ) : undefined
      }
      w={mobile ? '100%' : 120}
      data-testid="ship-qty"
    />
  );
  const product = (l: Line) => (
    <Group gap="sm" wrap="nowrap">
      <Image src={l.image} alt="" w={48} h={48} radius="sm" fit="contain" />
      <div>
        <Text size="sm" fw={500} lineClamp={2}>
          {l.name}
        </Text>
        <Text size="xs" c="dimmed">
          {t('seller.sku')}: {l.skuName}
        </Text>
      </div>
    </Group>
  );

  return (
    <form noValidate onSubmit={submit} aria-label={t('seller.ship.formLabel')}>
      <Stack>
        {create.error && (
          <Alert color="red" role="alert" data-testid="ship-error">
            {apiError(create.error)}
          </Alert>
        )}
        {nothing && (
          <Alert color="orange" role="alert">
            {t('seller.ship.nothingChosen')}
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          {t('seller.ship.hint')}
        </Text>
        {mobile ? (
          <Stack gap="xs">
            {lines.map((l, i) => (
              <Card key={l.id} withBorder padding="sm" data-testid="ship-line">
                {product(l)}
                <Group gap="md" mt="xs">
                  <Text size="xs">
                    {t('seller.bought')}: {qtyText(l.tradeQty, l)}
                  </Text>
                  <Text size="xs">
                    {t('seller.shipped')}: {qtyText(l.shippedQty, l)}
                  </Text>
                  <Text size="xs">
                    {t('seller.left')}: {qtyText(String(qtyLeft(l)), l)}
                  </Text>
                </Group>
                <Box mt="xs">{qtyInput(l, i)}</Box>
              </Card>
            ))}
          </Stack>
        ) : (
          <Table withTableBorder verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('seller.product')}</Table.Th>
                <Table.Th>{t('seller.bought')}</Table.Th>
                <Table.Th>{t('seller.shipped')}</Table.Th>
                <Table.Th>{t('seller.left')}</Table.Th>
                <Table.Th>{t('seller.ship.qty')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((l, i) => (
                <Table.Tr key={l.id} data-testid="ship-line">
                  <Table.Td>{product(l)}</Table.Td>
                  <Table.Td>{qtyText(l.tradeQty, l)}</Table.Td>
                  <Table.Td>{qtyText(l.shippedQty, l)}</Table.Td>
                  <Table.Td>{qtyText(String(qtyLeft(l)), l)}</Table.Td>
                  <Table.Td>{qtyInput(l, i)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {pickup ? (
          <Alert color="blue" data-testid="pickup-handover">
            {t('seller.ship.pickupHint', { store: order.shipTo })}
          </Alert>
        ) : (
          <CarrierFields form={form} carriers={carriers} apiError={apiError} />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={create.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending} disabled={create.isPending}>
            {t(pickup ? 'seller.ship.readyForPickup' : 'seller.ship.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
