/** Order detail of a cross-border order (NORMAL_SALE_CBE): what was declared to customs with it. */
import { Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../shared/format';
import { useCountryName } from '../../../shared/countries';
import { Section } from '../../../shared/Section';
import { useHydrated } from '../../../shared/useHydrated';
import { useCustomsDeclaration } from '../api';

export function CustomsDeclarationSection({ orderId, tradeType }: { orderId: string; tradeType: string }) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const { countryName } = useCountryName();
  // Read in the browser once the page is live (the server renders the order without it).
  const hydrated = useHydrated();
  const { data } = useCustomsDeclaration(orderId, hydrated && tradeType === 'NORMAL_SALE_CBE');
  if (!data) return null;
  const row = (label: string, value: string, testId?: string) => (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" data-testid={testId} ta="right">
        {value}
      </Text>
    </Group>
  );
  return (
    <Section title={t('crossBorder.declaration.title')} testId="customs-declaration">
      <Stack gap={6}>
        {row(t('crossBorder.declaration.origin'), countryName(data.originCountry), 'customs-origin')}
        {row(t('crossBorder.declaration.declaredValue'), fmt(data.declaredValue), 'customs-value')}
        {row(t('crossBorder.declaration.shipping'), fmt(data.shippingAmt))}
        {row(t('crossBorder.duties'), fmt(data.dutyAmt), 'customs-duty')}
        {row(t('crossBorder.importTax'), fmt(data.importTaxAmt), 'customs-import-tax')}
        {data.certificate &&
          row(
            t('crossBorder.declaration.certificate'),
            `${data.certificate.name} (${data.certificate.certificateNumber})`,
            'customs-certificate',
          )}
        <Table.ScrollContainer minWidth={360}>
          <Table fz="sm" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('crossBorder.declaration.item')}</Table.Th>
                <Table.Th>{t('crossBorder.declaration.hsCode')}</Table.Th>
                <Table.Th ta="right">{t('crossBorder.declaration.declaredValue')}</Table.Th>
                <Table.Th ta="right">{t('crossBorder.duties')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.lines.map((l) => (
                <Table.Tr key={l.skuId} data-testid="customs-line">
                  <Table.Td>
                    {l.itemName} × {l.qty}
                  </Table.Td>
                  <Table.Td>{l.hsCode}</Table.Td>
                  <Table.Td ta="right">{fmt(l.declaredValue)}</Table.Td>
                  <Table.Td ta="right">
                    {fmt(l.dutyAmt)} (
                    {t('crossBorder.declaration.rate', { rate: (Number(l.dutyRate) * 100).toFixed(1) })})
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Section>
  );
}
