/**
 * The seller's yes/no decisions on a request, each confirmed in this dialog: the audit (approve
 * or reject the application) and the quality check of returned goods (pass or reject). Rejecting
 * needs a reason the buyer sees (AuditBody / QcBody).
 */
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AuditBody, QcBody, type ReturnAddress, type SellerReverse } from '@mall/contracts';
import { useMoney } from '../../../../shared/format';
import { isReturnAddressMissing, useAudit, useQc, useSellerAsError } from '../../api/seller';
import { formatAddress, needsReturnAddress } from './SellerReverseCard';
import { usePhoneAfterMount } from '../../../../shared/usePhoneAfterMount';

export const REASON_MAX = 300;

export interface Decision {
  reverse: SellerReverse;
  kind: 'audit' | 'qc';
  approve: boolean;
}

interface Props {
  decision: Decision | null;
  onClose: () => void;
  /** The shop's saved return address (undefined: not loaded). */
  addressOf: (shopId: string) => ReturnAddress | null | undefined;
  onEditAddress: (shopId: string) => void;
}

export function DecisionModal({ decision, onClose, addressOf, onEditAddress }: Props) {
  const { t } = useTranslation();
  const mobile = usePhoneAfterMount();
  const d = decision;
  const title = !d
    ? ''
    : t(`sellerAfterSales.${d.kind}.${d.approve ? 'approveTitle' : 'rejectTitle'}`, {
        code: d.reverse.reverseTradeOrderCode,
      });
  return (
    <Modal opened={!!d} onClose={onClose} title={title} centered fullScreen={mobile && !!d && !d.approve}>
      {d && (
        <DecisionForm
          key={`${d.reverse.id}-${d.kind}-${d.approve}`}
          decision={d}
          onDone={onClose}
          address={addressOf(d.reverse.shopId)}
          onEditAddress={onEditAddress}
        />
      )}
    </Modal>
  );
}

function DecisionForm({
  decision: { reverse: r, kind, approve },
  onDone,
  address,
  onEditAddress,
}: {
  decision: Decision;
  onDone: () => void;
  address: ReturnAddress | null | undefined;
  onEditAddress: (shopId: string) => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const apiError = useSellerAsError();
  const audit = useAudit();
  const qc = useQc();
  const m = kind === 'audit' ? audit : qc;
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const code = r.reverseTradeOrderCode;
  const type = r.reverseTradeOrderType;
  const returnGoods = needsReturnAddress(r);
  // Approving a return or exchange of a shop without a return address cannot succeed: set it first.
  const blocked = kind === 'audit' && approve && returnGoods && address === null;

  const text =
    kind === 'audit'
      ? approve
        ? type === 'SALE_REFUND'
          ? t('sellerAfterSales.audit.approveRefund', { amount: money(r.applyRefundAmt) })
          : returnGoods
            ? t(
                type === 'SALE_EXCHANGE'
                  ? 'sellerAfterSales.audit.approveExchange'
                  : 'sellerAfterSales.audit.approveReturn',
              )
            : t('sellerAfterSales.audit.approveCancel', { amount: money(r.applyRefundAmt) })
        : t('sellerAfterSales.audit.rejectText')
      : approve
        ? t(type === 'SALE_EXCHANGE' ? 'sellerAfterSales.qc.approveExchange' : 'sellerAfterSales.qc.approveReturn')
        : t('sellerAfterSales.qc.rejectText');

  const validate = () => {
    const body = kind === 'audit' ? { approve: false, reason: reason.trim() } : { pass: false, reason: reason.trim() };
    const res = (kind === 'audit' ? AuditBody : QcBody).safeParse(body);
    if (res.success) return null;
    const issue = res.error.issues[0]!;
    return issue.code === 'too_big'
      ? t('errors.field.tooLong', { max: REASON_MAX })
      : t('sellerAfterSales.reasonRequired');
  };

  const confirm = () => {
    if (m.isPending || blocked) return;
    if (!approve) {
      const err = validate();
      setReasonError(err);
      if (err) return;
    }
    const onSuccess = () => {
      notifications.show({
        color: approve ? 'green' : 'blue',
        message: t(`sellerAfterSales.${kind}.${approve ? 'approved' : 'rejected'}`, { code }),
      });
      onDone();
    };
    const why = approve ? {} : { reason: reason.trim() };
    if (kind === 'audit') audit.mutate({ id: r.id, body: { approve, ...why } }, { onSuccess });
    else qc.mutate({ id: r.id, body: { pass: approve, ...why } }, { onSuccess });
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        confirm();
      }}
      aria-label={t(`sellerAfterSales.${kind}.${approve ? 'approveTitle' : 'rejectTitle'}`, { code })}
    >
      <Stack>
        {m.error && !(blocked && isReturnAddressMissing(m.error)) && (
          <Alert color="red" role="alert" data-testid="decision-error">
            <Stack gap="xs">
              <Text size="sm">{apiError(m.error)}</Text>
              {isReturnAddressMissing(m.error) && (
                <Button
                  size="xs"
                  variant="white"
                  color="red"
                  w="fit-content"
                  leftSection={<IconMapPin size={14} />}
                  onClick={() => onEditAddress(r.shopId)}
                >
                  {t('sellerAfterSales.address.set')}
                </Button>
              )}
            </Stack>
          </Alert>
        )}
        <Text size="sm">{text}</Text>
        {kind === 'audit' &&
          approve &&
          returnGoods &&
          address !== undefined &&
          (address ? (
            <Alert color="blue" icon={<IconMapPin size={18} />} p="xs" data-testid="approve-address">
              <Text size="sm" fw={500}>
                {address.contactName} · {address.phone}
              </Text>
              <Text size="sm">{formatAddress(address)}</Text>
            </Alert>
          ) : (
            <Alert color="orange" icon={<IconMapPin size={18} />} p="xs" data-testid="approve-address-missing">
              <Stack gap="xs">
                <Text size="sm">{t('sellerAfterSales.address.neededToApprove', { shop: r.shopName })}</Text>
                <Button
                  size="xs"
                  variant="white"
                  color="orange"
                  w="fit-content"
                  onClick={() => onEditAddress(r.shopId)}
                >
                  {t('sellerAfterSales.address.set')}
                </Button>
              </Stack>
            </Alert>
          ))}
        {!approve && (
          <Textarea
            label={t('sellerAfterSales.reasonLabel')}
            description={t('sellerAfterSales.reasonHint')}
            placeholder={t(`sellerAfterSales.${kind}.reasonPlaceholder`)}
            withAsterisk
            autosize
            minRows={3}
            maxLength={REASON_MAX}
            data-autofocus
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              if (reasonError) setReasonError(null);
            }}
            error={reasonError}
          />
        )}
        {!approve && (
          <Text size="xs" c="dimmed" mt={-8}>
            {t('common.remaining', { count: REASON_MAX - reason.length })}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={m.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            color={approve ? undefined : 'red'}
            loading={m.isPending}
            disabled={m.isPending || blocked}
            data-testid="decision-confirm"
          >
            {t(`sellerAfterSales.${kind}.${approve ? 'approveConfirm' : 'rejectConfirm'}`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
