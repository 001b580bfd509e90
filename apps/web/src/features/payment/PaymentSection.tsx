/**
 * Step 1 of checkout and /buyer/pre-pay: one accordion panel per channel with its submit button,
 * and the repeat-payment guard of SPEC §4 "Payment start" in front of every start.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Accordion, Button, FileInput, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { RATE_LIMIT_SUBMIT_DELAY_MS, UPLOAD_LIMITS, uploadMegabytes } from '@mall/contracts/constants';
import type { CreditBalance } from '@mall/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api';
import { useMoney } from '../../shared/format';
import { useSession } from '../../shared/session';
import { ApiError } from '../../shared/api';
import { errorMessage } from '../../shared/errors';
import { safeTarget } from '../../shared/safeTarget';
import { closeRecord, firstPay, paymentStatusOf, uploadProof, usePayChannels } from './api';
import { useSavedCards } from '../card/api';
import { CardForm } from '../card/CardForm';
import { CardLabel } from '../card/components/CardLabel';

export function PaymentSection(props: {
  /** Returns the contract to pay, creating the order first when needed (checkout). */
  ensureContract: () => Promise<{ id: string; payUniqueKey: string } | null>;
  isPoint: boolean;
  /** Amount to pay, for the enterprise order limits of SPEC §5. */
  amount: { value: string; currency: string };
  onBack?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, isLoading } = usePayChannels(props.isPoint);
  const [methods, setMethods] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [blocked, setBlocked] = useState(false);
  const [guard, setGuard] = useState<{ contractId: string; payUniqueKey: string; recordId: string; channel: string; method: string } | null>(null);
  const registered = useSession().data?.userType === 'REGISTERED';
  // Registered buyers get a 'savedCard' method on channels whose provider saves cards (the server adds it).
  const channels = (data?.payChannelGroups ?? []).flatMap((g) => g.channels);
  /** Payment terms on enterprise credit: the channel whose method is an invoice. */
  const onTerms = (channel: string) => channels.find((c) => c.channelName === channel)?.paymentMethods.some((m) => m.type === 'invoice') ?? false;
  const savedCards = useSavedCards(registered);
  const [cardId, setCardId] = useState<string | null>(null);
  const [addingCard, setAddingCard] = useState(false);
  const [proofUrl, setProofUrl] = useState<string | null>(null);
  const credit = useQuery({ queryKey: ['credit'], enabled: channels.some((c) => onTerms(c.channelName)), queryFn: () => api<CreditBalance>('/sapi/mall-pay/creditCustomer/accountBalance', { body: {} }) });
  const { data: session } = useSession();
  const enterprise = session?.enterprise ?? null;
  const limits = useQuery({
    queryKey: ['enterprise-info'], enabled: !!enterprise,
    queryFn: () => api<{ isMain: boolean; accountLimitInfo: { orderAmt: { value: string } } }>('/sapi/mall-enterprise/enterprise/queryEnterpriseUserInfo', { body: {} }),
  });
  const isSub = !!enterprise && !enterprise.isMain;
  // SPEC §5: pay buttons wait for the account info, and a sub-account over its order limit cannot pay itself.
  const canPay = !enterprise || (limits.data !== undefined && (limits.data.isMain || Number(limits.data.accountLimitInfo.orderAmt.value) >= Number(props.amount.value)));
  const [master, setMaster] = useState(false);
  const toMaster = async () => {
    if (master) return;
    setMaster(true);
    try {
      const contract = await props.ensureContract();
      if (!contract) return;
      await api('/api/payments/submit-to-master', { body: { contractId: contract.id } });
      navigate(`/buyer/pay-result?status=master-pending&contractId=${contract.id}`);
    } catch (e) {
      notifications.show({ color: 'red', message: errorMessage(t, e) });
    } finally {
      setMaster(false);
    }
  };
  // The first channel is open once the list has loaded.
  const [open, setOpen] = useState<string | null | undefined>(undefined);
  const chosenCard = cardId ?? savedCards.data?.find((c) => c.isDefault)?.id ?? null;

  const fail = (e: unknown, contractId: string | null) => {
    if (e instanceof ApiError && (e.code === 'Trade.itemSoldOut' || e.code === 'Trade.priceChanged')) {
      notifications.show({ color: 'orange', message: t('errors.Trade.itemSoldOut') });
      navigate('/cart');
    } else if (e instanceof ApiError && e.code === 'Payment.creditLimitExceeded') {
      notifications.show({ color: 'red', message: t('errors.Payment.creditLimitExceeded') });
    } else if (e instanceof ApiError && e.status === 429) {
      setBlocked(true);
      setTimeout(() => setBlocked(false), RATE_LIMIT_SUBMIT_DELAY_MS);
    } else if (contractId) {
      navigate(`/buyer/pay-result?status=failed&contractId=${contractId}&error=${encodeURIComponent(errorMessage(t, e))}`);
    } else notifications.show({ color: 'red', message: errorMessage(t, e) });
  };

  const go = async (contractId: string, channel: string, method: string) => {
    const r = await firstPay(contractId, channel, method, method === 'savedCard' ? chosenCard ?? undefined : undefined, onTerms(channel) ? proofUrl ?? undefined : undefined);
    // The provider's page only if it is this shop's or the channel's configured host (safeTarget).
    const hosts = channels.find((c) => c.channelName === channel)?.redirectHosts ?? [];
    window.location.assign(safeTarget(r.redirectUrl, { allowedHosts: hosts }).url);
  };

  const pay = async (channel: string) => {
    if (busy || blocked) return;
    const method = methods[channel] ?? channels.find((c) => c.channelName === channel)?.paymentMethods[0]?.type ?? 'card';
    if (onTerms(channel) && credit.data?.needPi && !proofUrl) { notifications.show({ color: 'orange', message: t('payment.proofRequired') }); return; }
    if (method === 'savedCard' && !chosenCard) { notifications.show({ color: 'orange', message: t(savedCards.data?.length ? 'card.select' : 'buyer.empty.cards') }); return; }
    setBusy(channel);
    let contractId: string | null = null;
    try {
      const contract = await props.ensureContract();
      if (!contract) return;
      contractId = contract.id;
      const status = await paymentStatusOf(contract.id);
      if (status.paymentRecordStatus === 'PAY_SUCCESS') { navigate(`/buyer/pay-result?status=success&contractId=${contract.id}`); return; }
      if ((status.paymentRecordStatus === 'PAY_PENDING' || status.paymentRecordStatus === 'PAY_FAILED') && status.paymentRecordId) {
        setGuard({ contractId: contract.id, payUniqueKey: status.payUniqueKey, recordId: status.paymentRecordId, channel, method });
        return;
      }
      await go(contract.id, channel, method);
    } catch (e) {
      fail(e, contractId);
    } finally {
      setBusy(null);
    }
  };

  const payAgain = async () => {
    if (!guard) return;
    const g = guard;
    setGuard(null);
    setBusy(g.channel);
    try {
      await closeRecord(g.payUniqueKey, g.recordId);
    } catch {
      // SPEC §8: a failed close silently aborts the repeat payment.
      setBusy(null);
      return;
    }
    try { await go(g.contractId, g.channel, g.method); } catch (e) { fail(e, g.contractId); } finally { setBusy(null); }
  };

  return (
    <Stack data-testid="payment-section">
      {!isLoading && channels.length === 0 && <Text c="dimmed">{t('payment.noChannels')}</Text>}
      <Accordion variant="separated" value={open === undefined ? channels[0]?.channelName ?? null : open} onChange={setOpen}>
        {channels.map((c) => (
          <Accordion.Item key={c.channelName} value={c.channelName}>
            <Accordion.Control>{t(`payment.channel.${c.channelName}`, { defaultValue: c.channelName })}</Accordion.Control>
            <Accordion.Panel>
              <Radio.Group value={methods[c.channelName] ?? c.paymentMethods[0]?.type} onChange={(v) => setMethods((m) => ({ ...m, [c.channelName]: v }))}>
                <Group>{c.paymentMethods.map((m) => <Radio key={m.type} value={m.type} label={t(`payment.method.${m.type}`, { defaultValue: m.name })} />)}</Group>
              </Radio.Group>
              {(methods[c.channelName] ?? c.paymentMethods[0]?.type) === 'savedCard' && (
                <Stack gap="xs" mt="sm" data-testid="saved-cards">
                  {savedCards.data?.length
                    ? <Radio.Group value={chosenCard} onChange={setCardId}>
                        <Stack gap={6}>{savedCards.data.map((card) => <Radio key={card.id} value={card.id} label={<CardLabel card={card} />} />)}</Stack>
                      </Radio.Group>
                    : <Text size="sm" c="dimmed">{t('buyer.empty.cards')}</Text>}
                  <Button variant="subtle" size="compact-sm" w="fit-content" onClick={() => setAddingCard(true)}>{t('card.add')}</Button>
                </Stack>
              )}
              {onTerms(c.channelName) && credit.data?.needPi && <ProofUpload value={proofUrl} onChange={setProofUrl} />}
              {onTerms(c.channelName) ? <CreditNote /> : (methods[c.channelName] ?? c.paymentMethods[0]?.type) !== 'savedCard' && <Text size="xs" c="dimmed" mt="xs">{t('payment.redirectNote')}</Text>}
              {canPay && (
                <Button mt="sm" onClick={() => void pay(c.channelName)} loading={busy === c.channelName} disabled={blocked} data-testid={`pay-${c.channelName}`}>
                  {t('payment.payNow')}
                </Button>
              )}
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      {isSub && (
        <Stack gap={4}>
          {!canPay && limits.data && <Text size="sm" c="orange">{t('payment.overLimit')}</Text>}
          <Button variant="light" onClick={() => void toMaster()} loading={master} data-testid="submit-master">{t('payment.submitMaster')}</Button>
        </Stack>
      )}
      {props.onBack && <Button variant="subtle" w="fit-content" onClick={props.onBack}>{t('checkout.back')}</Button>}
      <Modal opened={addingCard} onClose={() => setAddingCard(false)} title={t('card.add')} size="lg">
        {addingCard && <CardForm onDone={() => setAddingCard(false)} onCancel={() => setAddingCard(false)} />}
      </Modal>
      <Modal opened={!!guard} onClose={() => setGuard(null)} title={t('checkout.notice')} centered>
        <Text>{t('payment.repeatNotice')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => { const g = guard; setGuard(null); if (g) navigate(`/buyer/pay-result?contractId=${g.contractId}`); }}>{t('payment.waitResult')}</Button>
          <Button onClick={() => void payAgain()}>{t('payment.payAgain')}</Button>
        </Group>
      </Modal>
    </Stack>
  );
}

function CreditNote() {
  const { t } = useTranslation();
  const fmt = useMoney();
  const { data } = useQuery({ queryKey: ['credit'], queryFn: () => api<CreditBalance>('/sapi/mall-pay/creditCustomer/accountBalance', { body: {} }) });
  return <Text size="xs" c="dimmed" mt="xs">{data ? t('payment.creditAvailable', { amount: fmt(data.availableCreditAmt) }) : t('common.loading')}</Text>;
}

const PROOF_TYPES = ['image/png', 'image/jpeg', 'image/bmp', 'image/webp'];

/** Proof of invoice (SPEC §5): one png/jpeg/bmp/webp file, at most 10 MB. */
function ProofUpload({ value, onChange }: { value: string | null; onChange: (url: string | null) => void }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <FileInput mt="sm" label={t('payment.proofLabel')} accept={PROOF_TYPES.join(',')} clearable disabled={busy} error={error}
      description={value ? t('payment.proofUploaded') : t('payment.proofHint', { mb: uploadMegabytes('invoice') })} data-testid="proof-upload"
      onChange={async (file) => {
        setError(null);
        onChange(null);
        if (!file) return;
        if (file.size > UPLOAD_LIMITS.invoice.maxBytes) { setError(t('payment.fileTooLarge', { mb: uploadMegabytes('invoice') })); return; }
        if (!PROOF_TYPES.includes(file.type)) { setError(t('errors.Upload.fileType')); return; }
        setBusy(true);
        try { onChange(await uploadProof(file)); } catch (e) { setError(errorMessage(t, e)); } finally { setBusy(false); }
      }} />
  );
}
