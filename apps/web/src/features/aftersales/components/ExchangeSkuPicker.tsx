/**
 * The replacement SKU of an exchanged line (SPEC §5: exchange requires choosing one), from the
 * same item's SKUs; those out of stock are listed but cannot be chosen. A native select: the
 * phone's own picker, and no Mantine combobox (floating-ui) on the apply page's first load.
 */
import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ApplyLineView } from '@mall/contracts';
import { useMoney } from '../../../shared/format';
import { useExchangeSkus } from '../api/exchangeSkus';
import { aftersalesError, skuLabel } from './labels';

export function ExchangeSkuPicker({
  line,
  value,
  onChange,
  error,
}: {
  line: ApplyLineView;
  value: string | null;
  onChange: (skuId: string | null) => void;
  error?: string | null;
}) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const skus = useExchangeSkus(line.itemId, line.id);
  const options = (skus.data ?? []).map((s) => ({
    value: s.id,
    label: `${skuLabel(s, 'name')} · ${fmt(s.salePrc)}${s.inStock ? '' : ` (${t('aftersales.exchange.outOfStock')})`}`,
    disabled: !s.inStock,
  }));
  // The first, empty option says what to do, that the list is loading, or that there is nothing to exchange for.
  const prompt = skus.isLoading
    ? t('common.loading')
    : skus.data && !options.length
      ? t('aftersales.exchange.none')
      : t('aftersales.exchange.placeholder');
  return (
    <NativeSelect
      label={t('aftersales.exchange.label')}
      data={[{ value: '', label: prompt, disabled: true }, ...options]}
      value={value ?? ''}
      onChange={(e) => onChange(e.currentTarget.value || null)}
      withAsterisk
      maw={480}
      error={error ?? (skus.error ? aftersalesError(t, skus.error) : undefined)}
      disabled={skus.isLoading}
      data-testid="exchange-sku"
    />
  );
}
