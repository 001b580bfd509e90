/**
 * Step 1 of checkout and /buyer/pre-pay: one accordion panel per channel with its submit button,
 * and the repeat-payment guard of SPEC §4 "Payment start" in front of every start. What a panel
 * holds follows the channel's configuration (channelMode.ts), never its name: a redirect to the
 * provider's page by default, the provider's card element when the channel is embedded, its
 * buttons when its script loads, device wallets only once the device reports one.
 */
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Accordion, Box, Button, FileInput, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { RATE_LIMIT_SUBMIT_DELAY_MS, UPLOAD_LIMITS, uploadMegabytes } from '@mall/contracts/constants';
import type { CreditBalance, Currency, FirstPayResult } from '@mall/contracts';
import { toProviderAmount, type MoneyValue } from '@mall/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api';
import { useMoney } from '../../shared/format';
import { useSession } from '../../shared/session';
import { ApiError } from '../../shared/api';
import { errorMessage } from '../../shared/errors';
import { closeRecord, firstPay, paymentStatusOf, uploadProof, usePayChannels } from './api';
import {
  browserCanPay,
  channelMode,
  payResultUrl,
  shownMethods,
  WALLET_METHOD,
  type ChannelMode,
  type PayChannel,
} from './channelMode';
import { providerTarget } from './providerTarget';
import { ScriptError, ScriptLoading } from './ScriptState';
import { useStripeScript } from './useStripeScript';
import { AdyenPay, type AdyenSession } from './AdyenDropIn';
import { KlarnaPay } from './KlarnaWidget';
import { BraintreePay } from './BraintreeHostedFields';
import { PayOverTimePromo } from './PayOverTimePromo';
import { useSavedCards } from '../card/api';
import { CardForm } from '../card/CardForm';
import { CardLabel } from '../card/components/CardLabel';

// Providers' widgets and their libraries load only for a channel that uses them.
const StripePaymentForm = lazy(() => import('./StripeWidgets').then((m) => ({ default: m.StripePaymentForm })));
const StripeWallet = lazy(() => import('./StripeWidgets').then((m) => ({ default: m.StripeWallet })));
const StripeNextAction = lazy(() => import('./StripeWidgets').then((m) => ({ default: m.StripeNextAction })));
const PaypalButtons = lazy(() => import('./PaypalButtons'));

/** A payment the shop started, as firstPay answered it. */
interface Started {
  contractId: string;
  result: FirstPayResult;
}
/** An embedded widget's session: the PaymentIntent the browser confirms with the provider's script. */
interface WidgetSession {
  contractId: string;
  clientSecret: string;
  publishableKey: string | null;
  method: string;
  adyen?: AdyenSession;
}

export function PaymentSection(props: {
  /** Returns the contract to pay, creating the order first when needed (checkout). */
  ensureContract: () => Promise<{ id: string; payUniqueKey: string } | null>;
  isPoint: boolean;
  /** Amount to pay, for the enterprise order limits of SPEC §5 (and device wallets, which show it before a payment exists). */
  amount: { value: string; currency: string };
  onBack?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, isLoading } = usePayChannels(props.isPoint);
  const [methods, setMethods] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [blocked, setBlocked] = useState(false);
  const [guard, setGuard] = useState<{
    contractId: string;
    payUniqueKey: string;
    recordId: string;
    channel: string;
    method: string;
  } | null>(null);
  const [sessions, setSessions] = useState<Record<string, WidgetSession>>({});
  /** The contract of the latest start (PayPal's buttons come back to its result page). */
  const lastContract = useRef<string | null>(null);
  const registered = useSession().data?.userType === 'REGISTERED';
  // Registered buyers get a 'savedCard' method on channels whose provider saves cards (the server adds it).
  const channels = (data?.payChannelGroups ?? []).flatMap((g) => g.channels);
  const channelOf = (name: string) => channels.find((c) => c.channelName === name);
  /** Payment terms on enterprise credit: the channel whose method is an invoice. */
  const onTerms = (channel: string) => channelOf(channel)?.paymentMethods.some((m) => m.type === 'invoice') ?? false;
  // Device-only methods (Adyen's Apple Pay) once the browser has said it can pay with them (after hydration: the server cannot know).
  const [deviceCan, setDeviceCan] = useState<(method: string) => boolean>(() => () => false);
  useEffect(() => setDeviceCan(() => browserCanPay), []);
  const methodsOf = (c: PayChannel) => shownMethods(c, deviceCan);
  const methodOf = (c: PayChannel) =>
    channelMode(c).kind === 'wallet' ? WALLET_METHOD : (methods[c.channelName] ?? methodsOf(c)[0]?.type ?? 'card');
  const savedCards = useSavedCards(registered);
  const [cardId, setCardId] = useState<string | null>(null);
  const [addingCard, setAddingCard] = useState(false);
  const [proofUrl, setProofUrl] = useState<string | null>(null);
  const credit = useQuery({
    queryKey: ['credit'],
    enabled: channels.some((c) => onTerms(c.channelName)),
    queryFn: () => api<CreditBalance>('/sapi/mall-pay/creditCustomer/accountBalance', { body: {} }),
  });
  const { data: session } = useSession();
  const enterprise = session?.enterprise ?? null;
  const limits = useQuery({
    queryKey: ['enterprise-info'],
    enabled: !!enterprise,
    queryFn: () =>
      api<{ isMain: boolean; accountLimitInfo: { orderAmt: { value: string } } }>(
        '/sapi/mall-enterprise/enterprise/queryEnterpriseUserInfo',
        { body: {} },
      ),
  });
  const isSub = !!enterprise && !enterprise.isMain;
  // SPEC §5: pay buttons wait for the account info, and a sub-account over its order limit cannot pay itself.
  const canPay =
    !enterprise ||
    (limits.data !== undefined &&
      (limits.data.isMain || Number(limits.data.accountLimitInfo.orderAmt.value) >= Number(props.amount.value)));
  const [master, setMaster] = useState(false);
  const toMaster = async () => {
    if (master) return;
    setMaster(true);
    try {
      const contract = await props.ensureContract();
      if (!contract) return;
      await api('/api/payments/submit-to-master', { body: { contractId: contract.id } });
      void navigate(`/buyer/pay-result?status=master-pending&contractId=${contract.id}`);
    } catch (e) {
      notifications.show({ color: 'red', message: errorMessage(t, e) });
    } finally {
      setMaster(false);
    }
  };
  // Device wallets sit above the list, and only once the device has one (StripeWallet).
  const wallets = channels.filter((c) => channelMode(c).kind === 'wallet');
  const listed = channels.filter((c) => channelMode(c).kind !== 'wallet');
  // The first channel is open once the list has loaded.
  const [open, setOpen] = useState<string | null | undefined>(undefined);
  const opened = open === undefined ? (listed[0]?.channelName ?? null) : open;
  /** The saved cards a channel can charge (those saved with its provider). */
  const cardsFor = (channel: string) => savedCards.data?.filter((card) => card.payChannels.includes(channel)) ?? [];
  const chosenCardFor = (channel: string) => {
    const cards = cardsFor(channel);
    return (
      cards.find((card) => card.id === cardId)?.id ?? cards.find((card) => card.isDefault)?.id ?? cards[0]?.id ?? null
    );
  };

  const fail = (e: unknown, contractId: string | null) => {
    if (e instanceof ApiError && (e.code === 'Trade.itemSoldOut' || e.code === 'Trade.priceChanged')) {
      notifications.show({ color: 'orange', message: t('errors.Trade.itemSoldOut') });
      void navigate('/cart');
    } else if (e instanceof ApiError && e.code === 'Risk.underReview' && registered) {
      // Held by risk screening: the order waits in the buyer's list, marked 'Under review'.
      notifications.show({ color: 'violet', message: t('errors.Risk.underReview') });
      void navigate('/buyer/orders');
    } else if (e instanceof ApiError && e.code === 'Payment.creditLimitExceeded') {
      notifications.show({ color: 'red', message: t('errors.Payment.creditLimitExceeded') });
    } else if (e instanceof ApiError && e.status === 429) {
      setBlocked(true);
      setTimeout(() => setBlocked(false), RATE_LIMIT_SUBMIT_DELAY_MS);
    } else if (contractId) {
      void navigate(
        `/buyer/pay-result?status=failed&contractId=${contractId}&error=${encodeURIComponent(errorMessage(t, e))}`,
      );
    } else notifications.show({ color: 'red', message: errorMessage(t, e) });
  };

  const startAt = (contractId: string, channel: string, method: string) =>
    firstPay(
      contractId,
      channel,
      method,
      method === 'savedCard' ? (chosenCardFor(channel) ?? undefined) : undefined,
      onTerms(channel) ? (proofUrl ?? undefined) : undefined,
    );

  /**
   * Where a started payment goes next: an embedded widget's session stays in the page (the
   * panel mounts the provider's element with it); anything else is a page to go to, the
   * provider's only if it is one of the channel's configured hosts (providerTarget).
   */
  const follow = (channel: string, method: string, { contractId, result }: Started) => {
    const secret = result.clientSession?.clientSecret;
    const adyen = result.clientSession;
    // Braintree's hosted fields pay the started attempt in the panel (after the Notice's "pay again").
    const mode = channelOf(channel);
    if (mode && channelMode(mode).kind === 'hostedFields' && result.clientSession?.clientToken) {
      setSessions((s) => ({ ...s, [channel]: { contractId, clientSecret: '', publishableKey: null, method } }));
      return;
    }
    if (adyen?.sessionId && adyen.sessionData && adyen.clientKey && adyen.environment) {
      const session = {
        contractId,
        sessionId: adyen.sessionId,
        sessionData: adyen.sessionData,
        clientKey: adyen.clientKey,
        environment: adyen.environment,
      };
      setSessions((s) => ({
        ...s,
        [channel]: { contractId, clientSecret: '', publishableKey: null, method, adyen: session },
      }));
      return;
    }
    if (secret) {
      const publishableKey =
        result.clientSession?.publishableKey ?? channelOf(channel)?.configMap.publishableKey ?? null;
      setSessions((s) => ({ ...s, [channel]: { contractId, clientSecret: secret, publishableKey, method } }));
      return;
    }
    window.location.assign(providerTarget(result.redirectUrl, channelOf(channel)?.redirectHosts ?? []).url);
  };

  /**
   * Starts a payment with the repeat-payment guard in front, then hands the attempt to `then`.
   * Null when nothing was started: busy, a field missing, already paid, or the buyer is asked
   * first (the Notice; its "pay again" continues with `follow`).
   */
  const run = async <T,>(channel: string, method: string, then: (s: Started) => T | Promise<T>): Promise<T | null> => {
    if (busy || blocked) return null;
    if (onTerms(channel) && credit.data?.needPi && !proofUrl) {
      notifications.show({ color: 'orange', message: t('payment.proofRequired') });
      return null;
    }
    if (method === 'savedCard' && !chosenCardFor(channel)) {
      notifications.show({
        color: 'orange',
        message: t(cardsFor(channel).length ? 'card.select' : 'buyer.empty.cards'),
      });
      return null;
    }
    setBusy(channel);
    let contractId: string | null = null;
    try {
      const contract = await props.ensureContract();
      if (!contract) return null;
      contractId = contract.id;
      lastContract.current = contract.id;
      const status = await paymentStatusOf(contract.id);
      if (status.paymentRecordStatus === 'PAY_SUCCESS') {
        void navigate(`/buyer/pay-result?status=success&contractId=${contract.id}`);
        return null;
      }
      if (
        (status.paymentRecordStatus === 'PAY_PENDING' || status.paymentRecordStatus === 'PAY_FAILED') &&
        status.paymentRecordId
      ) {
        setGuard({
          contractId: contract.id,
          payUniqueKey: status.payUniqueKey,
          recordId: status.paymentRecordId,
          channel,
          method,
        });
        return null;
      }
      return await then({ contractId: contract.id, result: await startAt(contract.id, channel, method) });
    } catch (e) {
      fail(e, contractId);
      return null;
    } finally {
      setBusy(null);
    }
  };

  const pay = (channel: string, method: string) => void run(channel, method, (s) => follow(channel, method, s));

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
    try {
      follow(g.channel, g.method, {
        contractId: g.contractId,
        result: await startAt(g.contractId, g.channel, g.method),
      });
    } catch (e) {
      fail(e, g.contractId);
    } finally {
      setBusy(null);
    }
  };

  /** A wallet's payment: the session a "pay again" already started, else a new one. */
  const startWallet = (channel: string) => async () => {
    const ready = sessions[channel];
    if (ready) return { clientSecret: ready.clientSecret, returnUrl: payResultUrl(ready.contractId) };
    return run(channel, WALLET_METHOD, (s) => {
      const clientSecret = s.result.clientSession?.clientSecret;
      if (clientSecret) return { clientSecret, returnUrl: payResultUrl(s.contractId) };
      follow(channel, WALLET_METHOD, s);
      return null;
    });
  };

  return (
    <Stack data-testid="payment-section">
      {!isLoading && channels.length === 0 && <Text c="dimmed">{t('payment.noChannels')}</Text>}
      {canPay &&
        wallets.map((c) => (
          <WalletChannel key={c.channelName} channel={c} amount={props.amount} start={startWallet(c.channelName)} />
        ))}
      <Accordion variant="separated" value={opened} onChange={setOpen}>
        {listed.map((c) => {
          const method = methodOf(c);
          const payButton = (label = t('payment.payNow')) => (
            <Button
              mt="sm"
              onClick={() => pay(c.channelName, method)}
              loading={busy === c.channelName}
              disabled={blocked}
              data-testid={`pay-${c.channelName}`}
            >
              {label}
            </Button>
          );
          return (
            <Accordion.Item key={c.channelName} value={c.channelName} data-testid={`channel-${c.channelName}`}>
              <Accordion.Control>
                {t(`payment.channel.${c.channelName}`, { defaultValue: c.channelName })}
              </Accordion.Control>
              <Accordion.Panel>
                <Radio.Group value={method} onChange={(v) => setMethods((m) => ({ ...m, [c.channelName]: v }))}>
                  <Group>
                    {methodsOf(c).map((m) => (
                      <Radio
                        key={m.type}
                        value={m.type}
                        label={t(`payment.method.${m.type}`, { defaultValue: m.name })}
                      />
                    ))}
                  </Group>
                </Radio.Group>
                {method === 'savedCard' && (
                  <Stack gap="xs" mt="sm" data-testid="saved-cards">
                    {cardsFor(c.channelName).length ? (
                      <Radio.Group value={chosenCardFor(c.channelName)} onChange={setCardId}>
                        <Stack gap={6}>
                          {cardsFor(c.channelName).map((card) => (
                            <Radio key={card.id} value={card.id} label={<CardLabel card={card} />} />
                          ))}
                        </Stack>
                      </Radio.Group>
                    ) : (
                      <Text size="sm" c="dimmed">
                        {t('buyer.empty.cards')}
                      </Text>
                    )}
                    <Button variant="subtle" size="compact-sm" w="fit-content" onClick={() => setAddingCard(true)}>
                      {t('card.add')}
                    </Button>
                  </Stack>
                )}
                {onTerms(c.channelName) && credit.data?.needPi && (
                  <ProofUpload value={proofUrl} onChange={setProofUrl} />
                )}
                {onTerms(c.channelName) ? (
                  <CreditNote />
                ) : (
                  method !== 'savedCard' && (
                    <Text size="xs" c="dimmed" mt="xs">
                      {t(
                        channelMode(c).kind === 'cardElement' || channelMode(c).kind === 'hostedFields'
                          ? 'payment.embeddedNote'
                          : 'payment.redirectNote',
                      )}
                    </Text>
                  )
                )}
                {canPay && (
                  <ChannelPay
                    mode={channelMode(c)}
                    method={method}
                    open={opened === c.channelName}
                    session={sessions[c.channelName]}
                    currency={props.amount.currency}
                    amountLabel={props.amount}
                    payButton={payButton}
                    createOrder={() =>
                      run(c.channelName, method, (s) => {
                        const orderId = s.result.clientSession?.orderId;
                        if (orderId) return orderId;
                        follow(c.channelName, method, s);
                        return null;
                      })
                    }
                    startWidget={() =>
                      run(c.channelName, method, (s) => {
                        // Klarna's widget goes on with the attempt's session; without one, its page.
                        if (s.result.clientSession?.clientToken) return s.contractId;
                        follow(c.channelName, method, s);
                        return null;
                      })
                    }
                    onApproved={() => navigate(`/buyer/pay-result?contractId=${lastContract.current ?? ''}`)}
                    onActionDone={(contractId, sessionResult) =>
                      navigate(
                        `/buyer/pay-result?contractId=${contractId}${sessionResult ? `&sessionResult=${encodeURIComponent(sessionResult)}` : ''}`,
                      )
                    }
                  />
                )}
                {c.configMap.promoScript && c.configMap.publicKey && opened === c.channelName && (
                  <PayOverTimePromo
                    script={c.configMap.promoScript}
                    publicKey={c.configMap.publicKey}
                    amount={props.amount}
                  />
                )}
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
      {isSub && (
        <Stack gap={4}>
          {!canPay && limits.data && (
            <Text size="sm" c="orange">
              {t('payment.overLimit')}
            </Text>
          )}
          <Button variant="light" onClick={() => void toMaster()} loading={master} data-testid="submit-master">
            {t('payment.submitMaster')}
          </Button>
        </Stack>
      )}
      {props.onBack && (
        <Button variant="subtle" w="fit-content" onClick={props.onBack}>
          {t('checkout.back')}
        </Button>
      )}
      <Modal opened={addingCard} onClose={() => setAddingCard(false)} title={t('card.add')} size="lg">
        {addingCard && <CardForm onDone={() => setAddingCard(false)} onCancel={() => setAddingCard(false)} />}
      </Modal>
      <Modal opened={!!guard} onClose={() => setGuard(null)} title={t('checkout.notice')} centered>
        <Text>{t('payment.repeatNotice')}</Text>
        <Group justify="flex-end" mt="md">
          <Button
            variant="default"
            onClick={() => {
              const g = guard;
              setGuard(null);
              if (g) void navigate(`/buyer/pay-result?contractId=${g.contractId}`);
            }}
          >
            {t('payment.waitResult')}
          </Button>
          <Button onClick={() => void payAgain()}>{t('payment.payAgain')}</Button>
        </Group>
      </Modal>
    </Stack>
  );
}

/**
 * The part of a panel that pays: the pay button (redirect), or the provider's card element with
 * its own pay button once a payment is started, or the provider's buttons when their script loads.
 */
function ChannelPay(props: {
  mode: ChannelMode;
  method: string;
  open: boolean;
  session: WidgetSession | undefined;
  currency: string;
  amountLabel: { value: string; currency: string };
  payButton: (label?: string) => ReactNode;
  createOrder: () => Promise<string | null>;
  /** Starts a payment for a pay-later widget: the contract id, or null when the buyer was sent elsewhere or asked first. */
  startWidget: () => Promise<string | null>;
  onApproved: () => void;
  /** A saved card's 3-D Secure step or a widget ended in the page: the result page says how (Adyen's Drop-in adds its sessionResult). */
  onActionDone: (contractId: string, sessionResult?: string) => void;
}) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const { mode, method } = props;
  // The payment started here with the method now chosen (another choice pays anew, after the Notice).
  const session = props.session?.method === method ? props.session : undefined;
  // A saved card is charged by the shop: no script, unless its bank asks for 3-D Secure here.
  const inPage = mode.kind === 'cardElement' && method !== 'savedCard';
  const key = session ? session.publishableKey : inPage ? mode.publishableKey : null;
  const script = useStripeScript(props.open || session ? key : null);
  if (mode.kind === 'dropIn' && method !== 'savedCard') {
    return (
      <AdyenPay
        open={props.open}
        session={session?.adyen}
        payButton={() => props.payButton()}
        onDone={props.onActionDone}
      />
    );
  }
  if (mode.kind === 'hostedFields') {
    return (
      <BraintreePay
        open={props.open}
        amount={props.amountLabel}
        started={session?.contractId}
        start={props.startWidget}
        onDone={props.onActionDone}
      />
    );
  }
  if (mode.kind === 'payLaterWidget' && method !== 'savedCard') {
    return (
      <KlarnaPay
        open={props.open}
        payButton={() => props.payButton()}
        start={props.startWidget}
        onDone={props.onActionDone}
      />
    );
  }
  if (key) {
    if (script.status === 'failed') return <ScriptError />;
    if (script.status !== 'ready') return <ScriptLoading />;
    if (session && method === 'savedCard') {
      return (
        <Suspense fallback={<ScriptLoading />}>
          <StripeNextAction
            stripe={script.stripe}
            clientSecret={session.clientSecret}
            onDone={() => props.onActionDone(session.contractId)}
          />
        </Suspense>
      );
    }
    if (session) {
      return (
        <Suspense fallback={<ScriptLoading />}>
          <StripePaymentForm
            stripe={script.stripe}
            clientSecret={session.clientSecret}
            returnUrl={payResultUrl(session.contractId)}
            payLabel={t('payment.payAmount', { amount: fmt(props.amountLabel as MoneyValue) })}
          />
        </Suspense>
      );
    }
    return props.payButton(t('payment.enterCard'));
  }
  if (mode.kind === 'buttons' && props.open && method !== 'savedCard') {
    return (
      <Suspense fallback={props.payButton()}>
        <PaypalButtons
          clientId={mode.clientId}
          currency={props.currency}
          fallback={props.payButton()}
          createOrder={props.createOrder}
          onApprove={props.onApproved}
        />
      </Suspense>
    );
  }
  return props.payButton();
}

/**
 * A device wallet channel (Apple Pay, Google Pay, Link): the provider's element is mounted with
 * the amount, and the channel shows only when the element reports a wallet on this device. Until
 * then (and when the script cannot be loaded, as without internet) the buyer sees nothing of it.
 */
function WalletChannel({
  channel,
  amount,
  start,
}: {
  channel: PayChannel;
  amount: { value: string; currency: string };
  start: () => Promise<{ clientSecret: string; returnUrl: string } | null>;
}) {
  const { t } = useTranslation();
  const mode = channelMode(channel);
  const [available, setAvailable] = useState(false);
  const script = useStripeScript(mode.kind === 'wallet' ? mode.publishableKey : null);
  let amountMinor = 0;
  try {
    amountMinor = toProviderAmount({ value: amount.value, currency: amount.currency as Currency });
  } catch {
    amountMinor = 0;
  }
  if (script.status !== 'ready' || amountMinor <= 0) return null;
  return (
    // Not display:none while the element looks for a wallet: it has to be in the layout to be drawn.
    <Box
      data-testid={`wallet-${channel.channelName}`}
      aria-hidden={!available}
      inert={!available}
      style={
        available
          ? undefined
          : { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clipPath: 'inset(50%)' }
      }
    >
      {available && (
        <Text fw={500} mb="xs">
          {t(`payment.channel.${channel.channelName}`, { defaultValue: channel.channelName })}
        </Text>
      )}
      <Suspense fallback={null}>
        <StripeWallet
          stripe={script.stripe}
          amountMinor={amountMinor}
          currency={amount.currency}
          onAvailable={setAvailable}
          start={start}
        />
      </Suspense>
    </Box>
  );
}

function CreditNote() {
  const { t } = useTranslation();
  const fmt = useMoney();
  const { data } = useQuery({
    queryKey: ['credit'],
    queryFn: () => api<CreditBalance>('/sapi/mall-pay/creditCustomer/accountBalance', { body: {} }),
  });
  return (
    <Text size="xs" c="dimmed" mt="xs">
      {data ? t('payment.creditAvailable', { amount: fmt(data.availableCreditAmt) }) : t('common.loading')}
    </Text>
  );
}

const PROOF_TYPES = ['image/png', 'image/jpeg', 'image/bmp', 'image/webp'];

/** Proof of invoice (SPEC §5): one png/jpeg/bmp/webp file, at most 10 MB. */
function ProofUpload({ value, onChange }: { value: string | null; onChange: (url: string | null) => void }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <FileInput
      mt="sm"
      label={t('payment.proofLabel')}
      accept={PROOF_TYPES.join(',')}
      clearable
      disabled={busy}
      error={error}
      description={value ? t('payment.proofUploaded') : t('payment.proofHint', { mb: uploadMegabytes('invoice') })}
      data-testid="proof-upload"
      onChange={async (file) => {
        setError(null);
        onChange(null);
        if (!file) return;
        if (file.size > UPLOAD_LIMITS.invoice.maxBytes) {
          setError(t('payment.fileTooLarge', { mb: uploadMegabytes('invoice') }));
          return;
        }
        if (!PROOF_TYPES.includes(file.type)) {
          setError(t('errors.Upload.fileType'));
          return;
        }
        setBusy(true);
        try {
          onChange(await uploadProof(file));
        } catch (e) {
          setError(errorMessage(t, e));
        } finally {
          setBusy(false);
        }
      }}
    />
  );
}
