/**
 * The card form's card fields when cards are saved with Stripe: Stripe's Card Number, Expiry and
 * CVC elements (frames served by Stripe, so the card data never touches the shop), and the
 * confirmation of the card's SetupIntent with the holder's billing details. Loaded only then.
 */
import { useEffect, type MutableRefObject, type ReactNode } from 'react';
import { Grid, Input } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  CardCvcElement,
  CardExpiryElement,
  CardNumberElement,
  Elements,
  useElements,
  useStripe,
} from '@stripe/react-stripe-js';
import type { Stripe, StripeElementChangeEvent, StripeElementStyle } from '@stripe/stripe-js';
import { stripeLocale } from '../payment/stripeLoader';

export type StripeCardField = 'cardNumber' | 'expiry' | 'cvc';

export interface BillingDetails {
  name: string;
  email: string;
  phone: string;
  address: { line1: string; city: string; postal_code: string; country?: string };
}

/** What the form does with the fields: confirm the setup; `field` is where Stripe's message belongs. */
export interface StripeCardHandle {
  confirm(
    clientSecret: string,
    billing: BillingDetails,
  ): Promise<{ ok: true } | { ok: false; message: string; field: StripeCardField | null }>;
}

const STYLE: StripeElementStyle = {
  base: {
    fontSize: '14px',
    color: '#212529',
    fontFamily: 'Inter Variable, system-ui, sans-serif',
    '::placeholder': { color: '#adb5bd' },
  },
  invalid: { color: '#e03131' },
};

export default function StripeCardFields(props: {
  stripe: Stripe;
  errors: Partial<Record<StripeCardField, string>>;
  onChange: (field: StripeCardField, e: StripeElementChangeEvent) => void;
  handle: MutableRefObject<StripeCardHandle | null>;
}) {
  const { i18n } = useTranslation();
  return (
    <Elements stripe={props.stripe} options={{ locale: stripeLocale(i18n.language) }}>
      <Fields {...props} />
    </Elements>
  );
}

function Fields({ errors, onChange, handle }: Omit<Parameters<typeof StripeCardFields>[0], 'stripe'>) {
  const { t } = useTranslation();
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    handle.current = {
      async confirm(clientSecret, billing) {
        const card = elements?.getElement(CardNumberElement);
        if (!stripe || !card) return { ok: false, message: t('card.loadError'), field: null };
        const { error } = await stripe.confirmCardSetup(clientSecret, {
          payment_method: { card, billing_details: billing },
        });
        if (!error) return { ok: true };
        // Confirmed by an earlier try (the poll then timed out): nothing is left to confirm.
        if (error.code === 'setup_intent_unexpected_state' && error.setup_intent?.status === 'succeeded')
          return { ok: true };
        const field: StripeCardField | null =
          error.code === 'incorrect_cvc' || error.code === 'invalid_cvc'
            ? 'cvc'
            : error.code === 'expired_card' || error.code?.startsWith('invalid_expiry')
              ? 'expiry'
              : error.type === 'card_error' || error.type === 'validation_error'
                ? 'cardNumber'
                : null;
        return { ok: false, message: error.message ?? t('card.loadError'), field };
      },
    };
    return () => {
      handle.current = null;
    };
  }, [stripe, elements, handle, t]);
  const box = (field: StripeCardField, label: string, el: ReactNode) => (
    <Input.Wrapper label={label} required error={errors[field]} data-testid={`stripe-${field}`}>
      <Input component="div" error={!!errors[field]} style={{ display: 'flex', alignItems: 'center' }}>
        <div style={{ flex: 1 }}>{el}</div>
      </Input>
    </Input.Wrapper>
  );
  return (
    <>
      <Grid.Col span={12}>
        {box(
          'cardNumber',
          t('card.number'),
          <CardNumberElement options={{ style: STYLE, showIcon: true }} onChange={(e) => onChange('cardNumber', e)} />,
        )}
      </Grid.Col>
      <Grid.Col span={6}>
        {box(
          'expiry',
          t('card.expiry'),
          <CardExpiryElement options={{ style: STYLE }} onChange={(e) => onChange('expiry', e)} />,
        )}
      </Grid.Col>
      <Grid.Col span={6}>
        {box('cvc', t('card.cvc'), <CardCvcElement options={{ style: STYLE }} onChange={(e) => onChange('cvc', e)} />)}
      </Grid.Col>
    </>
  );
}
