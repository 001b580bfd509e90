/** The replacement SKU of an exchanged line (SPEC §5: exchange requires choosing one), from the same item's SKUs. */
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ApplyLineView } from '@mall/contracts';
import { useMoney } from '../../../shared/format';
import { useExchangeSkus } from '../api/exchangeSkus';
import { aftersalesError, skuLabel } from './labels';

export function ExchangeSkuPicker({ line, value, onChange, error }: {
  line: ApplyLineView; value: string | null; onChange: (skuId: string | null) => void; error?: string | null;
}) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const skus = useExchangeSkus(line.itemId, line.id);
  const data = (skus.data ?? []).map((s) => ({
    value: s.id,
    label: `${skuLabel(s, 'name')} · ${fmt(s.salePrc)}${s.inStock ? '' : ` (${t('aftersales.exchange.outOfStock')})`}`,
    disabled: !s.inStock,
  }));
  return (
    <Select label={t('aftersales.exchange.label')} placeholder={skus.isLoading ? t('common.loading') : t('aftersales.exchange.placeholder')}
      data={data} value={value} onChange={onChange} withAsterisk allowDeselect={false} maw={480} comboboxProps={{ withinPortal: true }}
      error={error ?? (skus.error ? aftersalesError(t, skus.error) : undefined)} disabled={skus.isLoading}
      nothingFoundMessage={t('aftersales.exchange.none')} data-testid="exchange-sku" />
  );
}
