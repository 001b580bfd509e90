/**
 * The confirm-pay view of a bulk order (SPEC §2 Exceed variant, /checkout?tradeContractId): the
 * shipping address, the items table (product, unit price, quantity, subtotal; a DIY group's parts
 * two at a time with view more / less) and the summary, and the billing address the buyer may
 * change before paying (SPEC §7 update billing address). The payment section follows it.
 */
import { Suspense, lazy, useState } from 'react';
import { Button, Checkbox, Group, Image, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { BulkOrderDetail } from '@mall/contracts';
import { useCountryName } from '../../../shared/countries';
import { notifyError } from '../../../shared/errors';
import { useMoney } from '../../../shared/format';
import { PartLoading } from '../../../shared/PartLoading';
import { formatAddressLines } from '../../address/components/addressLines';
import { toBody, useAddressForm } from '../../address/formState';
import { useBulkOrder, useUpdateBilling } from '../api/bulk';
import { DiyParts } from './parts';

const AddressFields = lazy(() => import('../../address/AddressForm').then((m) => ({ default: m.AddressFields })));

export function BulkConfirmPay({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const { data, isLoading } = useBulkOrder(orderId);
  if (isLoading) return <PartLoading />;
  if (!data) return null;
  const mains = data.lines.filter((l) => l.parentId === null);
  return (
    <Stack gap="md" data-testid="bulk-confirm">
      <Paper withBorder p={{ base: 'sm', sm: 'md' }}>
        <Title order={2} size="h4" mb="xs">
          {t('bulk.confirm.shippingAddress')}
        </Title>
        <AddressText address={data.shippingAddress} testId="bulk-shipping-address" />
      </Paper>
      <Paper withBorder p={{ base: 'sm', sm: 'md' }}>
        <Title order={2} size="h4" mb="xs">
          {t('bulk.confirm.items', { shop: data.shopName })}
        </Title>
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing="xs" data-testid="bulk-items">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('bulk.confirm.product')}</Table.Th>
                <Table.Th ta="right">{t('bulk.confirm.unitPrice')}</Table.Th>
                <Table.Th ta="right">{t('bulk.confirm.quantity')}</Table.Th>
                <Table.Th ta="right">{t('bulk.confirm.subtotal')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {mains.map((l) => {
                const parts = data.lines.filter((c) => c.parentId === l.id);
                return (
                  <Table.Tr key={l.id}>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap" align="flex-start">
                        {l.image && (
                          <Image src={l.image} alt="" w={48} h={48} radius="sm" fit="cover" style={{ flexShrink: 0 }} />
                        )}
                        <Stack gap={0}>
                          <Text size="sm" fw={500}>
                            {l.itemName}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {l.skuName}
                          </Text>
                          <DiyParts
                            parts={parts.map((p) => ({ key: p.id, text: `${p.itemName} · ${p.skuName} × ${p.qty}` }))}
                          />
                        </Stack>
                      </Group>
                    </Table.Td>
                    <Table.Td ta="right">{fmt(l.unitPrice)}</Table.Td>
                    <Table.Td ta="right">
                      {l.qty}
                      {l.unit ? ` ${l.unit}` : ''}
                    </Table.Td>
                    <Table.Td ta="right">{fmt(l.amount)}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Stack gap={4} mt="sm" data-testid="bulk-summary">
          <Group justify="space-between">
            <Text size="sm">{t('bulk.goods')}</Text>
            <Text size="sm">{fmt(data.skuAmt)}</Text>
          </Group>
          <Group justify="space-between">
            <Text size="sm">{t('bulk.shipping')}</Text>
            <Text size="sm">{fmt(data.shippingAmt)}</Text>
          </Group>
          <Group justify="space-between">
            <Text size="sm">{t(data.taxDisplay === 'EXCLUSIVE' ? 'bulk.tax' : 'bulk.taxIncluded')}</Text>
            <Text size="sm">{fmt(data.taxAmt)}</Text>
          </Group>
          <Group justify="space-between">
            <Text fw={700}>{t('bulk.total')}</Text>
            <Text fw={700} size="lg" data-testid="bulk-confirm-total">
              {fmt(data.needPayAmt)}
            </Text>
          </Group>
        </Stack>
      </Paper>
      <BillingAddress detail={data} />
    </Stack>
  );
}

function AddressText({ address, testId }: { address: BulkOrderDetail['shippingAddress']; testId: string }) {
  const { countryName } = useCountryName();
  if (!address) return null;
  return (
    <Stack gap={0} data-testid={testId}>
      <Text size="sm" fw={500}>
        {[address.personName, address.company].filter(Boolean).join(' · ')}
      </Text>
      {formatAddressLines(address, countryName)
        .filter(Boolean)
        .map((line) => (
          <Text key={line} size="sm">
            {line}
          </Text>
        ))}
      <Text size="sm" c="dimmed">
        {[address.areaCode, address.personPhone].filter(Boolean).join(' ')}
      </Text>
    </Stack>
  );
}

function BillingAddress({ detail }: { detail: BulkOrderDetail }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const form = useAddressForm(detail.billingAddress ?? detail.shippingAddress, 'BILLING', { typed: true });
  const update = useUpdateBilling(detail.orderId);
  const save = () => {
    if (form.validate().hasErrors) return;
    update.mutate(toBody(form.values, 'BILLING'), {
      onSuccess: () => {
        setEditing(false);
        notifications.show({ color: 'green', message: t('bulk.confirm.billingSaved') });
      },
      onError: (e) => notifyError(t, e),
    });
  };
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} data-testid="bulk-billing">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {t('bulk.confirm.billingAddress')}
        </Title>
        {detail.billingEditable && !editing && (
          <Button size="xs" variant="light" onClick={() => setEditing(true)} data-testid="bulk-billing-edit">
            {t('bulk.confirm.changeBilling')}
          </Button>
        )}
      </Group>
      {!editing &&
        (detail.billingAddress ? (
          <AddressText address={detail.billingAddress} testId="bulk-billing-address" />
        ) : (
          <Checkbox checked readOnly label={t('bulk.confirm.billingSame')} />
        ))}
      {editing && (
        <Stack gap="sm">
          <Suspense fallback={<PartLoading />}>
            <AddressFields form={form} purpose="BILLING" serverError={update.error} typed />
          </Suspense>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEditing(false)}>
              {t('bulk.keep')}
            </Button>
            <Button onClick={save} loading={update.isPending} data-testid="bulk-billing-save">
              {t('bulk.confirm.saveBilling')}
            </Button>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
