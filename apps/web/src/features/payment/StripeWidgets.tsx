/**
 * Stripe's elements in the payment section, loaded only when a channel needs them: the Payment
 * Element (card details typed into Stripe's frame, confirmed with the PaymentIntent's client
 * secret), the Express Checkout Element (device wallets) and the 3-D Secure step of a saved card.
 * The card data never reaches the shop; Stripe sends the buyer back to the pay-result page.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Elements, ExpressCheckoutElement, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeError, StripeExpressCheckoutElementConfirmEvent } from '@stripe/stripe-js';
import { stripeLocale } from './stripeLoader';

/** Stripe's own sentence for what the buyer can fix (a declined or mistyped card); ours otherwise. */
function useStripeErrorText() {
  const { t } = useTranslation();
  return (e: StripeError) =>
    (e.type === 'card_error' || e.type === 'validation_error') && e.message ? e.message : t('payment.declinedInPage');
}

/**
 * The Payment Element for a PaymentIntent the shop just created, and its pay button. A declined
 * card stays here with Stripe's reason; anything else takes the buyer to the pay-result page.
 */
export function StripePaymentForm({
  stripe,
  clientSecret,
  returnUrl,
  payLabel,
}: {
  stripe: Stripe;
  clientSecret: string;
  returnUrl: string;
  payLabel: string;
}) {
  const { i18n } = useTranslation();
  return (
    <Elements stripe={stripe} options={{ clientSecret, locale: stripeLocale(i18n.language) }}>
      <PaymentForm returnUrl={returnUrl} payLabel={payLabel} />
    </Elements>
  );
}

function PaymentForm({ returnUrl, payLabel }: { returnUrl: string; payLabel: string }) {
  const { t } = useTranslation();
  const stripe = useStripe();
  const elements = useElements();
  const errorText = useStripeErrorText();
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    if (!stripe || !elements || busy) return;
    setBusy(true);
    setError(null);
    // On success Stripe leaves this page for returnUrl; only an error comes back here.
    const { error: e } = await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl } });
    setError(errorText(e));
    setBusy(false);
  };
  if (failed)
    return (
      <Text c="red.8" size="sm" role="alert" data-testid="script-error">
        {t('payment.scriptError')}
      </Text>
    );
  return (
    <Stack gap="sm" mt="sm" data-testid="card-element">
      <PaymentElement onReady={() => setReady(true)} onLoadError={() => setFailed(true)} />
      {error && (
        <Text c="red.8" size="sm" role="alert">
          {error}
        </Text>
      )}
      <Button onClick={() => void confirm()} loading={busy || !ready} disabled={!stripe || !elements} w="fit-content">
        {payLabel}
      </Button>
    </Stack>
  );
}

/**
 * The Express Checkout Element (Apple Pay, Google Pay, Link) on an amount known before any
 * payment exists. It draws nothing until Stripe finds a wallet on this device; `onAvailable`
 * tells the section whether to show the channel at all.
 */
export function StripeWallet(props: {
  stripe: Stripe;
  amountMinor: number;
  currency: string;
  onAvailable: (available: boolean) => void;
  /** Starts the payment at the shop: the PaymentIntent's client secret and the page Stripe returns to, or null when the buyer was sent elsewhere. */
  start: () => Promise<{ clientSecret: string; returnUrl: string } | null>;
}) {
  const { i18n } = useTranslation();
  return (
    <Elements
      stripe={props.stripe}
      options={{
        mode: 'payment',
        amount: props.amountMinor,
        currency: props.currency.toLowerCase(),
        locale: stripeLocale(i18n.language),
      }}
    >
      <Wallet {...props} />
    </Elements>
  );
}

function Wallet({
  onAvailable,
  start,
}: {
  onAvailable: (available: boolean) => void;
  start: () => Promise<{ clientSecret: string; returnUrl: string } | null>;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const errorText = useStripeErrorText();
  const [error, setError] = useState<string | null>(null);
  const onConfirm = async (event: StripeExpressCheckoutElementConfirmEvent) => {
    if (!stripe || !elements) return;
    setError(null);
    // The wallet's sheet first checks what the buyer chose; then the shop creates the payment.
    const submitted = await elements.submit();
    if (submitted.error) {
      setError(errorText(submitted.error));
      event.paymentFailed();
      return;
    }
    const started = await start().catch(() => null);
    if (!started) {
      event.paymentFailed();
      return;
    }
    const { error: e } = await stripe.confirmPayment({
      elements,
      clientSecret: started.clientSecret,
      confirmParams: { return_url: started.returnUrl },
    });
    setError(errorText(e));
    event.paymentFailed({ reason: 'fail' });
  };
  return (
    <>
      <ExpressCheckoutElement
        onReady={(e) =>
          onAvailable(!!e.availablePaymentMethods && Object.values(e.availablePaymentMethods).some(Boolean))
        }
        onLoadError={() => onAvailable(false)}
        onConfirm={(e) => void onConfirm(e)}
      />
      {error && (
        <Text c="red.8" size="sm" role="alert">
          {error}
        </Text>
      )}
    </>
  );
}

/**
 * A saved card whose bank asks the cardholder to authenticate, without a page to send the buyer
 * to: Stripe.js shows the bank's 3-D Secure step here, then the pay-result page says the outcome.
 */
export function StripeNextAction({
  stripe,
  clientSecret,
  onDone,
}: {
  stripe: Stripe;
  clientSecret: string;
  onDone: () => void;
}) {
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void stripe.handleNextAction({ clientSecret }).finally(onDone);
  }, [stripe, clientSecret, onDone]);
  return null;
}
