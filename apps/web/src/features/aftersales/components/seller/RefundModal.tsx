/**
 * The seller refunds a request: the amount (prefilled with the most it may refund, maxRefundAmt)
 * and, optionally, the buyer's return shipping, within what the order can still give back (goods
 * and shipping, shown). SellerRefundBody checks the format; the limits and the currency's decimals
 * are checked as the seller types, and the server checks them again.
 */
import { useState } from 'react';
import { Alert, Button, Checkbox, Divider, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { CURRENCY_DIGITS, SellerRefundBody, type SellerReverse } from '@mall/contracts';
import { fromMinor, toMinor } from '@mall/domain';
import { useMoney } from '../../../../shared/format';
import { useSellerAsError, useSellerRefund } from '../../api/seller';
import { usePhoneAfterMount } from '../../../../shared/usePhoneAfterMount';

export function RefundModal({ reverse, onClose }: { reverse: SellerReverse | null; onClose: () => void }) {
  const { t } = useTranslation();
  const mobile = usePhoneAfterMount();
  return (
    <Modal
      opened={!!reverse}
      onClose={onClose}
      title={reverse ? t('sellerAfterSales.refund.title', { code: reverse.reverseTradeOrderCode }) : ''}
      centered
      fullScreen={mobile}
    >
      {reverse && <RefundForm key={reverse.id} reverse={reverse} onDone={onClose} />}
    </Modal>
  );
}

const minorOf = (value: string, currency: SellerReverse['maxRefundAmt']['currency']) => {
  try {
    return toMinor(value.trim(), currency);
  } catch {
    return null;
  }
};

function RefundForm({ reverse: r, onDone }: { reverse: SellerReverse; onDone: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const apiError = useSellerAsError();
  const refund = useSellerRefund();
  const currency = r.maxRefundAmt.currency;
  const digits = CURRENCY_DIGITS[currency];
  const maxMinor = minorOf(r.maxRefundAmt.value, currency) ?? 0n;
  const shippingMaxMinor = minorOf(r.refundableShippingAmt.value, currency) ?? 0n;
  const [amount, setAmount] = useState(r.maxRefundAmt.value);
  const [withShipping, setWithShipping] = useState(false);
  const [shipping, setShipping] = useState('');

  /** null when fine, else the message for the field. */
  const check = (value: string, max: bigint, tooHigh: string): string | null => {
    if (!value.trim()) return t('sellerAfterSales.refund.amountRequired');
    const format = SellerRefundBody.shape.amount.safeParse(value);
    const minor = minorOf(value, currency);
    if (!format.success || minor === null) return t('sellerAfterSales.refund.amountInvalid', { count: digits });
    if (minor > max) return t(tooHigh, { max: money({ value: fromMinor(max, currency), currency }) });
    return null;
  };

  // Checked as the seller types: the total and the button only ever show an amount that can be refunded.
  const amountError = check(amount, maxMinor, 'sellerAfterSales.refund.amountTooHigh');
  const shippingError = withShipping
    ? check(shipping, shippingMaxMinor, 'sellerAfterSales.refund.shippingTooHigh')
    : null;
  const amountMinor = amountError ? null : minorOf(amount, currency);
  const shippingMinor = !withShipping ? 0n : shippingError ? null : minorOf(shipping, currency);
  const zero = amountMinor === 0n && shippingMinor === 0n;
  const valid = amountMinor !== null && shippingMinor !== null && !zero;
  const total = valid ? money({ value: fromMinor(amountMinor + shippingMinor, currency), currency }) : '—';

  const submit = () => {
    if (refund.isPending || !valid) return;
    const body = SellerRefundBody.parse({
      amount: amount.trim(),
      ...(withShipping ? { refundShippingAmt: shipping.trim() } : {}),
    });
    refund.mutate(
      { id: r.id, body },
      {
        onSuccess: (res) => {
          notifications.show({
            color: 'green',
            title: t('sellerAfterSales.refund.success', { code: r.reverseTradeOrderCode, amount: total }),
            message: t(`sellerAfterSales.status.${res.reverseTradeOrderStatus}`, {
              defaultValue: res.reverseTradeOrderStatus,
            }),
          });
          onDone();
        },
      },
    );
  };

  const suffix = (
    <Text size="xs" c="dimmed">
      {currency}
    </Text>
  );
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      aria-label={t('sellerAfterSales.refund.title', { code: r.reverseTradeOrderCode })}
    >
      <Stack>
        {refund.error && (
          <Alert color="red" role="alert" data-testid="refund-error">
            {apiError(refund.error)}
          </Alert>
        )}
        <SimpleGrid cols={2} spacing="sm">
          <div>
            <Text size="xs" c="dimmed">
              {t('sellerAfterSales.applyRefundAmt')}
            </Text>
            <Text size="sm" fw={500}>
              {money(r.applyRefundAmt)}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              {t('sellerAfterSales.maxRefundAmt')}
            </Text>
            <Text size="sm" fw={500}>
              {money(r.maxRefundAmt)}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              {t('sellerAfterSales.refund.roomGoods')}
            </Text>
            <Text size="sm" fw={500} data-testid="refund-room-goods">
              {money(r.refundableGoodsAmt)}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              {t('sellerAfterSales.refund.roomShipping')}
            </Text>
            <Text size="sm" fw={500} data-testid="refund-room-shipping">
              {money(r.refundableShippingAmt)}
            </Text>
          </div>
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t('sellerAfterSales.refund.roomHint', {
            goods: money(r.refundableGoodsAmt),
            shipping: money(r.refundableShippingAmt),
          })}
        </Text>
        <TextInput
          label={t('sellerAfterSales.refund.amount')}
          description={t('sellerAfterSales.refund.amountHint', { max: money(r.maxRefundAmt) })}
          withAsterisk
          inputMode="decimal"
          autoComplete="off"
          maxLength={12}
          rightSection={suffix}
          data-autofocus
          data-testid="refund-amount"
          value={amount}
          onChange={(e) => setAmount(e.currentTarget.value)}
          error={amountError ?? (zero ? t('sellerAfterSales.refund.amountZero') : undefined)}
        />
        <Checkbox
          label={t('sellerAfterSales.refund.withShipping')}
          description={t('sellerAfterSales.refund.withShippingHint')}
          checked={withShipping}
          disabled={shippingMaxMinor === 0n}
          onChange={(e) => setWithShipping(e.currentTarget.checked)}
        />
        {withShipping && (
          <TextInput
            label={t('sellerAfterSales.refund.shipping')}
            withAsterisk
            inputMode="decimal"
            autoComplete="off"
            maxLength={12}
            rightSection={suffix}
            data-testid="refund-shipping"
            description={t('sellerAfterSales.refund.amountHint', { max: money(r.refundableShippingAmt) })}
            value={shipping}
            onChange={(e) => setShipping(e.currentTarget.value)}
            error={shippingError}
          />
        )}
        <Divider />
        <Group justify="space-between">
          <Text size="sm">{t('sellerAfterSales.refund.total')}</Text>
          <Text fw={700} data-testid="refund-total">
            {total}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {t('sellerAfterSales.refund.finalHint')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={refund.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            loading={refund.isPending}
            disabled={refund.isPending || !valid}
            data-testid="refund-submit"
          >
            {valid ? t('sellerAfterSales.refund.submit', { amount: total }) : t('sellerAfterSales.action.refund')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
