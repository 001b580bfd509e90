/** Order detail of a cross-border order (NORMAL_SALE_CBE): what was declared to customs with it. */
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { taxPercent, useMoney } from '../../../shared/format';
import { useCountryName } from '../../../shared/countries';
import { Section } from '../../../shared/Section';
import { useHydrated } from '../../../shared/useHydrated';
import { useCustomsDeclaration } from '../api';

export function CustomsDeclarationSection({
  orderId,
  tradeType,
  side = 'buyer',
}: {
  orderId: string;
  tradeType: string;
  /** The seller console reads it through the seller's call, under the order's own heading. */
  side?: 'buyer' | 'seller';
}) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const { countryName } = useCountryName();
  // Read in the browser once the page is live (the server renders the order without it).
  const hydrated = useHydrated();
  const { data } = useCustomsDeclaration(orderId, hydrated && tradeType === 'NORMAL_SALE_CBE', side);
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
    <Section
      title={t('crossBorder.declaration.title')}
      testId="customs-declaration"
      titleOrder={side === 'seller' ? 3 : 2}
      compactOnPhone={side === 'seller'}
    >
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
        {/* One block per line, not a table: it fits a phone's width. */}
        {data.lines.map((l) => (
          <Stack key={l.skuId} gap={0} pt={6} data-testid="customs-line">
            <Text size="sm" fw={500}>
              {l.itemName} × {l.qty}
            </Text>
            <Text size="xs" c="dimmed">
              {t('crossBorder.declaration.line', {
                hsCode: l.hsCode,
                value: fmt(l.declaredValue),
                duty: fmt(l.dutyAmt),
                rate: taxPercent(Number(l.dutyRate)),
              })}
            </Text>
          </Stack>
        ))}
      </Stack>
    </Section>
  );
}

/** The bill rows of a cross-border order: its duty and import tax (in its total) instead of a sales tax row. */
export function CustomsBillRows({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const hydrated = useHydrated();
  const { data } = useCustomsDeclaration(orderId, hydrated);
  if (!data) return null;
  return (
    <>
      <Group justify="space-between" data-testid="bill-duty">
        <Text size="sm">{t('crossBorder.duties')}</Text>
        <Text size="sm">{fmt(data.dutyAmt)}</Text>
      </Group>
      <Group justify="space-between" data-testid="bill-import-tax">
        <Text size="sm">{t('crossBorder.importTax')}</Text>
        <Text size="sm">{fmt(data.importTaxAmt)}</Text>
      </Group>
    </>
  );
}
