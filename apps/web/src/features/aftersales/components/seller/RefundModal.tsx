/**
 * The seller refunds a request: the amount (prefilled with the most it may refund, maxRefundAmt)
 * and, optionally, the buyer's return shipping. SellerRefundBody checks the format; the limit and
 * the currency's decimals are checked here too, the server checks them again.
 */
import { useState } from 'react';
import { Alert, Button, Checkbox, Divider, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { CURRENCY_DIGITS, SellerRefundBody, type SellerReverse } from '@mall/contracts';
import { fromMinor, toMinor } from '@mall/domain';
import { useMoney } from '../../../../shared/format';
import { useSellerAsError, useSellerRefund } from '../../api/seller';
import { useMobile } from '../../../../shared/useMobile';

export function RefundModal({ reverse, onClose }: { reverse: SellerReverse | null; onClose: () => void }) {
  const { t } = useTranslation();
  const mobile = useMobile();
  return (
    <Modal opened={!!reverse} onClose={onClose} title={reverse ? t('sellerAfterSales.refund.title', { code: reverse.reverseTradeOrderCode }) : ''} centered fullScreen={mobile}>
      {reverse && <RefundForm key={reverse.id} reverse={reverse} onDone={onClose} />}
    </Modal>
  );
}

const minorOf = (value: string, currency: SellerReverse['maxRefundAmt']['currency']) => {
  try { return toMinor(value.trim(), currency); } catch { return null; }
};

function RefundForm({ reverse: r, onDone }: { reverse: SellerReverse; onDone: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const apiError = useSellerAsError();
  const refund = useSellerRefund();
  const currency = r.maxRefundAmt.currency;
  const digits = CURRENCY_DIGITS[currency];
  const maxMinor = minorOf(r.maxRefundAmt.value, currency) ?? 0n;
  const [amount, setAmount] = useState(r.maxRefundAmt.value);
  const [withShipping, setWithShipping] = useState(false);
  const [shipping, setShipping] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; shipping?: string }>({});

  /** null when fine, else the message for the field. */
  const check = (value: string, max: bigint | null): string | null => {
    if (!value.trim()) return t('sellerAfterSales.refund.amountRequired');
    const format = SellerRefundBody.shape.amount.safeParse(value);
    const minor = minorOf(value, currency);
    if (!format.success) return t('sellerAfterSales.refund.amountInvalid', { count: digits });
    if (minor === null) return t('sellerAfterSales.refund.amountInvalid', { count: digits });
    if (max !== null && minor > max) return t('sellerAfterSales.refund.amountTooHigh', { max: money({ value: fromMinor(max, currency), currency }) });
    return null;
  };

  const amountMinor = minorOf(amount, currency);
  const shippingMinor = withShipping ? minorOf(shipping, currency) : 0n;
  const total = amountMinor !== null && shippingMinor !== null ? money({ value: fromMinor(amountMinor + shippingMinor, currency), currency }) : '—';

  const submit = () => {
    if (refund.isPending) return;
    const next = { amount: check(amount, maxMinor) ?? undefined, shipping: withShipping ? check(shipping, null) ?? undefined : undefined };
    setErrors(next);
    if (next.amount || next.shipping) return;
    const body = SellerRefundBody.parse({ amount: amount.trim(), ...(withShipping ? { refundShippingAmt: shipping.trim() } : {}) });
    refund.mutate({ id: r.id, body }, {
      onSuccess: (res) => {
        notifications.show({
          color: 'green', title: t('sellerAfterSales.refund.success', { code: r.reverseTradeOrderCode, amount: total }),
          message: t(`sellerAfterSales.status.${res.reverseTradeOrderStatus}`, { defaultValue: res.reverseTradeOrderStatus }),
        });
        onDone();
      },
    });
  };

  const suffix = <Text size="xs" c="dimmed">{currency}</Text>;
  return (
    <form noValidate onSubmit={(e) => { e.preventDefault(); submit(); }} aria-label={t('sellerAfterSales.refund.title', { code: r.reverseTradeOrderCode })}>
      <Stack>
        {refund.error && <Alert color="red" role="alert" data-testid="refund-error">{apiError(refund.error)}</Alert>}
        <SimpleGrid cols={2} spacing="sm">
          <div><Text size="xs" c="dimmed">{t('sellerAfterSales.applyRefundAmt')}</Text><Text size="sm" fw={500}>{money(r.applyRefundAmt)}</Text></div>
          <div><Text size="xs" c="dimmed">{t('sellerAfterSales.maxRefundAmt')}</Text><Text size="sm" fw={500}>{money(r.maxRefundAmt)}</Text></div>
        </SimpleGrid>
        <TextInput
          label={t('sellerAfterSales.refund.amount')} description={t('sellerAfterSales.refund.amountHint', { max: money(r.maxRefundAmt) })} withAsterisk
          inputMode="decimal" autoComplete="off" maxLength={12} rightSection={suffix} data-autofocus data-testid="refund-amount"
          value={amount} onChange={(e) => { setAmount(e.currentTarget.value); setErrors((x) => ({ ...x, amount: undefined })); }} error={errors.amount}
        />
        <Checkbox
          label={t('sellerAfterSales.refund.withShipping')} description={t('sellerAfterSales.refund.withShippingHint')}
          checked={withShipping} onChange={(e) => { setWithShipping(e.currentTarget.checked); setErrors((x) => ({ ...x, shipping: undefined })); }}
        />
        {withShipping && (
          <TextInput
            label={t('sellerAfterSales.refund.shipping')} withAsterisk inputMode="decimal" autoComplete="off" maxLength={12} rightSection={suffix} data-testid="refund-shipping"
            value={shipping} onChange={(e) => { setShipping(e.currentTarget.value); setErrors((x) => ({ ...x, shipping: undefined })); }} error={errors.shipping}
          />
        )}
        <Divider />
        <Group justify="space-between">
          <Text size="sm">{t('sellerAfterSales.refund.total')}</Text>
          <Text fw={700} data-testid="refund-total">{total}</Text>
        </Group>
        <Text size="xs" c="dimmed">{t('sellerAfterSales.refund.finalHint')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={refund.isPending}>{t('common.cancel')}</Button>
          <Button type="submit" loading={refund.isPending} disabled={refund.isPending} data-testid="refund-submit">{t('sellerAfterSales.refund.submit', { amount: total })}</Button>
        </Group>
      </Stack>
    </form>
  );
}
