import { lazy, Suspense, useRef, useState } from 'react';
import { Button, Grid, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CardForm as Holder } from '@mall/contracts';
import type { StripeElementChangeEvent } from '@stripe/stripe-js';
import { lazySchemas, withSchemas, zodValidate } from '../../shared/zodForm';
import { errorMessage } from '../../shared/errors';
import { PartLoading } from '../../shared/PartLoading';
import { useSession } from '../../shared/session';
import { usePayChannels } from '../payment/api';
import { ScriptError, ScriptLoading } from '../payment/ScriptState';
import { useStripeScript } from '../payment/useStripeScript';
import { CardSetupError, LOAD_ERROR, cardsKey, createCard, pollCardToken, saveCard } from './api';
import type { BillingDetails, StripeCardField, StripeCardHandle } from './StripeCardFields';

const StripeCardFields = lazy(() => import('./StripeCardFields'));

const CARD_ERRORS: Record<string, string> = {
  'Invalid card number': 'card.invalidNumber',
  'Invalid Expiry date': 'card.invalidExpiry',
  'Invalid security code': 'card.invalidCvc',
};

// The server's holder schema (and zod) arrive when the buyer starts filling in the form; submit waits for it.
const cardSchemas = lazySchemas(() => import('./formSchemas'));

/**
 * Which provider's card fields the form shows, known before a card is created: Stripe's when a
 * channel that saves cards runs on Stripe.js (its publishable key), the shop's own otherwise
 * (MOCKPAY). The server picks the card provider the same way (a real provider before MOCKPAY),
 * and CreateCardFlow's answer is checked against it. undefined while the channels load.
 */
type CardProvider = { kind: 'stripe'; publishableKey: string } | { kind: 'own' };
function useCardProvider(): CardProvider | undefined {
  const { data, isError } = usePayChannels(false);
  if (isError) return { kind: 'own' };
  if (!data) return undefined;
  const stripe = data.payChannelGroups
    .flatMap((g) => g.channels)
    .find((c) => c.configMap.publishableKey && c.paymentMethods.some((m) => m.type === 'savedCard'));
  return stripe ? { kind: 'stripe', publishableKey: stripe.configMap.publishableKey! } : { kind: 'own' };
}

/** The holder's details as a card provider's billing details (a country only when it is an ISO code). */
function billingOf(h: Holder): BillingDetails {
  const country = h.country.trim().toUpperCase();
  return {
    name: h.cardHolderName,
    email: h.email,
    phone: h.mobile,
    address: {
      line1: `${h.street} ${h.houseNumber}`.trim(),
      city: h.city,
      postal_code: h.zipCode,
      ...(/^[A-Z]{2}$/.test(country) && { country }),
    },
  };
}

type ElementState = { empty: boolean; error: string | null };
const EMPTY_ELEMENTS: Record<StripeCardField, ElementState> = {
  cardNumber: { empty: true, error: null },
  expiry: { empty: true, error: null },
  cvc: { empty: true, error: null },
};
const EMPTY_TEXT: Record<StripeCardField, string> = {
  cardNumber: 'card.numberEmpty',
  expiry: 'card.expiryEmpty',
  cvc: 'card.cvcEmpty',
};

/**
 * Card form of SPEC §3/§5: card fields go to the provider, holder fields to the shop. With Stripe
 * the card fields are Stripe's elements and the setup is confirmed with Stripe.js; with the shop's
 * own provider (MOCKPAY) they are plain fields sent to its client API. Either way the shop then
 * polls the card until its token appears (SPEC §4 "Card save").
 */
export function CardForm({ onDone, onCancel }: { onDone: () => void; onCancel?: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const email = useSession().data?.user?.email ?? '';
  const provider = useCardProvider();
  const stripeKey = provider?.kind === 'stripe' ? provider.publishableKey : null;
  const script = useStripeScript(stripeKey);
  const [saving, setSaving] = useState(false);
  const [elementsState, setElementsState] = useState(EMPTY_ELEMENTS);
  const [elementErrors, setElementErrors] = useState<Partial<Record<StripeCardField, string>>>({});
  const stripeHandle = useRef<StripeCardHandle | null>(null);
  /** The card created at the shop for this form: a retry confirms or polls it again, never creates a second. */
  const created = useRef<{ id: string; clientSecret: string; confirmed: boolean } | null>(null);
  const form = useForm({
    initialValues: {
      cardNumber: '',
      expiry: '',
      cvc: '',
      cardHolderName: '',
      mobile: '',
      email,
      country: '',
      city: '',
      street: '',
      houseNumber: '',
      zipCode: '',
    },
    validate: (v) => {
      const card = stripeKey
        ? {}
        : {
            ...(!v.cardNumber.trim() && { cardNumber: t('card.numberEmpty') }),
            ...(!v.cvc.trim() && { cvc: t('card.cvcEmpty') }),
            ...(!v.expiry.trim() && { expiry: t('card.expiryEmpty') }),
          };
      return withSchemas(
        cardSchemas,
        (s) => ({
          ...zodValidate(
            s.CardForm,
            t,
          )({
            cardHolderName: v.cardHolderName,
            mobile: v.mobile,
            email: v.email,
            country: v.country,
            city: v.city,
            street: v.street,
            houseNumber: v.houseNumber,
            zipCode: v.zipCode,
            isSave: 1,
          }),
          ...card,
        }),
        card,
      );
    },
  });

  /** Stripe's element fields: each says itself when it is empty or wrong (SPEC §5 texts for empty ones). */
  const checkElements = (): boolean => {
    const errors: Partial<Record<StripeCardField, string>> = {};
    for (const f of Object.keys(elementsState) as StripeCardField[]) {
      const s = elementsState[f];
      if (s.empty) errors[f] = t(EMPTY_TEXT[f]);
      else if (s.error) errors[f] = s.error;
    }
    setElementErrors(errors);
    return Object.keys(errors).length === 0;
  };
  const onElementChange = (field: StripeCardField, e: StripeElementChangeEvent) => {
    setElementsState((s) => ({ ...s, [field]: { empty: e.empty, error: e.error?.message ?? null } }));
    setElementErrors((errs) => ({ ...errs, [field]: e.error?.message }));
  };

  const saveWithStripe = async (holder: Holder): Promise<boolean> => {
    if (!created.current) {
      const c = await createCard(holder);
      if (c.extra.provider !== 'stripe' || !c.extra.clientSecret) throw new CardSetupError(LOAD_ERROR);
      created.current = { id: c.id, clientSecret: c.extra.clientSecret, confirmed: false };
    }
    if (!created.current.confirmed) {
      if (!stripeHandle.current) throw new CardSetupError(LOAD_ERROR);
      const r = await stripeHandle.current.confirm(created.current.clientSecret, billingOf(holder));
      if (!r.ok) {
        if (r.field) setElementErrors((errs) => ({ ...errs, [r.field!]: r.message }));
        else notifications.show({ color: 'red', message: r.message });
        return false;
      }
      created.current.confirmed = true;
    }
    await pollCardToken(created.current.id);
    return true;
  };

  const submit = form.onSubmit(
    async (v) => {
      if (saving) return;
      if (stripeKey && (script.status !== 'ready' || !checkElements())) return;
      setSaving(true);
      try {
        const holder: Holder = {
          cardHolderName: v.cardHolderName,
          mobile: v.mobile,
          email: v.email,
          country: v.country,
          city: v.city,
          street: v.street,
          houseNumber: v.houseNumber,
          zipCode: v.zipCode,
          isSave: 1,
        };
        if (stripeKey) {
          if (!(await saveWithStripe(holder))) return;
        } else {
          await saveCard(holder, { cardNumber: v.cardNumber, expiry: v.expiry, cvc: v.cvc });
        }
        await qc.invalidateQueries({ queryKey: cardsKey });
        notifications.show({ color: 'green', message: t('card.added') });
        onDone();
      } catch (e) {
        if (e instanceof CardSetupError && e.message === 'timeout')
          notifications.show({ color: 'orange', message: t('card.setupTimeout') });
        else if (e instanceof CardSetupError && CARD_ERRORS[e.message])
          form.setFieldError(
            e.message.includes('Expiry') ? 'expiry' : e.message.includes('security') ? 'cvc' : 'cardNumber',
            t(CARD_ERRORS[e.message]!),
          );
        else if (e instanceof CardSetupError) notifications.show({ color: 'red', message: t('card.loadError') });
        else notifications.show({ color: 'red', message: errorMessage(t, e) });
      } finally {
        setSaving(false);
      }
    },
    () => {
      // The holder fields are not filled in: the card fields say what they miss at the same time.
      if (stripeKey && script.status === 'ready') checkElements();
    },
  );

  if (!provider) return <PartLoading />;
  const cardFields = !stripeKey ? (
    <>
      <Grid.Col span={12}>
        <TextInput
          label={t('card.number')}
          required
          inputMode="numeric"
          autoComplete="cc-number"
          {...form.getInputProps('cardNumber')}
        />
      </Grid.Col>
      <Grid.Col span={6}>
        <TextInput
          label={t('card.expiry')}
          placeholder="MM/YY"
          required
          autoComplete="cc-exp"
          {...form.getInputProps('expiry')}
        />
      </Grid.Col>
      <Grid.Col span={6}>
        <TextInput
          label={t('card.cvc')}
          required
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          {...form.getInputProps('cvc')}
        />
      </Grid.Col>
    </>
  ) : script.status === 'ready' ? (
    <Suspense
      fallback={
        <Grid.Col span={12}>
          <ScriptLoading />
        </Grid.Col>
      }
    >
      <StripeCardFields
        stripe={script.stripe}
        errors={elementErrors}
        onChange={onElementChange}
        handle={stripeHandle}
      />
    </Suspense>
  ) : (
    // SPEC §5: the setup cannot go on without the provider's fields; nothing is sent meanwhile.
    <Grid.Col span={12}>
      {script.status === 'failed' ? <ScriptError text={t('card.loadError')} /> : <ScriptLoading />}
    </Grid.Col>
  );
  return (
    <form noValidate onSubmit={submit} onFocus={cardSchemas.preload}>
      <Stack gap="sm">
        <Grid gap="sm">
          {cardFields}
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('card.holder')}
              required
              autoComplete="cc-name"
              {...form.getInputProps('cardHolderName')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={t('address.phone')} required type="tel" {...form.getInputProps('mobile')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={t('address.email')} required type="email" {...form.getInputProps('email')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('address.country')}
              required
              autoComplete="country-name"
              {...form.getInputProps('country')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={t('address.city')} required {...form.getInputProps('city')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={t('card.street')} required {...form.getInputProps('street')} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <TextInput label={t('card.houseNumber')} required {...form.getInputProps('houseNumber')} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <TextInput label={t('address.postalCode')} required {...form.getInputProps('zipCode')} />
          </Grid.Col>
        </Grid>
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
          )}
          <Button type="submit" loading={saving} disabled={!!stripeKey && script.status !== 'ready'}>
            {t('card.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
