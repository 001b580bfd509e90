import { useState } from 'react';
import { Button, Grid, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { lazySchemas, withSchemas, zodValidate } from '../../shared/zodForm';
import { errorMessage } from '../../shared/errors';
import { useSession } from '../../shared/session';
import { CardSetupError, cardsKey, saveCard } from './api';

const CARD_ERRORS: Record<string, string> = {
  'Invalid card number': 'card.invalidNumber', 'Invalid Expiry date': 'card.invalidExpiry', 'Invalid security code': 'card.invalidCvc',
};

// The server's holder schema (and zod) arrive when the buyer starts filling in the form; submit waits for it.
const cardSchemas = lazySchemas(() => import('./formSchemas'));

/** Card form of SPEC §3/§5: card fields go to the provider, holder fields to the shop. */
export function CardForm({ onDone, onCancel }: { onDone: () => void; onCancel?: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const email = useSession().data?.user?.email ?? '';
  const [saving, setSaving] = useState(false);
  const form = useForm({
    initialValues: { cardNumber: '', expiry: '', cvc: '', cardHolderName: '', mobile: '', email, country: '', city: '', street: '', houseNumber: '', zipCode: '' },
    validate: (v) => {
      const card = {
        ...(!v.cardNumber.trim() && { cardNumber: t('card.numberEmpty') }),
        ...(!v.cvc.trim() && { cvc: t('card.cvcEmpty') }),
        ...(!v.expiry.trim() && { expiry: t('card.expiryEmpty') }),
      };
      return withSchemas(cardSchemas, (s) => ({
        ...zodValidate(s.CardForm, t)({ cardHolderName: v.cardHolderName, mobile: v.mobile, email: v.email, country: v.country, city: v.city, street: v.street, houseNumber: v.houseNumber, zipCode: v.zipCode, isSave: 1 }),
        ...card,
      }), card);
    },
  });
  const submit = form.onSubmit(async (v) => {
    if (saving) return;
    setSaving(true);
    try {
      await saveCard(
        { cardHolderName: v.cardHolderName, mobile: v.mobile, email: v.email, country: v.country, city: v.city, street: v.street, houseNumber: v.houseNumber, zipCode: v.zipCode, isSave: 1 },
        { cardNumber: v.cardNumber, expiry: v.expiry, cvc: v.cvc },
      );
      await qc.invalidateQueries({ queryKey: cardsKey });
      notifications.show({ color: 'green', message: t('card.added') });
      onDone();
    } catch (e) {
      if (e instanceof CardSetupError && e.message === 'timeout') notifications.show({ color: 'orange', message: t('card.setupTimeout') });
      else if (e instanceof CardSetupError && CARD_ERRORS[e.message]) form.setFieldError(e.message.includes('Expiry') ? 'expiry' : e.message.includes('security') ? 'cvc' : 'cardNumber', t(CARD_ERRORS[e.message]!));
      else if (e instanceof CardSetupError) notifications.show({ color: 'red', message: t('card.loadError') });
      else notifications.show({ color: 'red', message: errorMessage(t, e) });
    } finally {
      setSaving(false);
    }
  });
  return (
    <form noValidate onSubmit={submit} onFocus={cardSchemas.preload}>
      <Stack gap="sm">
        <Grid gap="sm">
          <Grid.Col span={12}><TextInput label={t('card.number')} required inputMode="numeric" autoComplete="cc-number" {...form.getInputProps('cardNumber')} /></Grid.Col>
          <Grid.Col span={6}><TextInput label={t('card.expiry')} placeholder="MM/YY" required autoComplete="cc-exp" {...form.getInputProps('expiry')} /></Grid.Col>
          <Grid.Col span={6}><TextInput label={t('card.cvc')} required inputMode="numeric" autoComplete="cc-csc" maxLength={4} {...form.getInputProps('cvc')} /></Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}><TextInput label={t('card.holder')} required autoComplete="cc-name" {...form.getInputProps('cardHolderName')} /></Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}><TextInput label={t('address.phone')} required type="tel" {...form.getInputProps('mobile')} /></Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}><TextInput label={t('address.email')} required type="email" {...form.getInputProps('email')} /></Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}><TextInput label={t('address.country')} required autoComplete="country-name" {...form.getInputProps('country')} /></Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}><TextInput label={t('address.city')} required {...form.getInputProps('city')} /></Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}><TextInput label={t('card.street')} required {...form.getInputProps('street')} /></Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}><TextInput label={t('card.houseNumber')} required {...form.getInputProps('houseNumber')} /></Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}><TextInput label={t('address.postalCode')} required {...form.getInputProps('zipCode')} /></Grid.Col>
        </Grid>
        <Group justify="flex-end">
          {onCancel && <Button variant="default" onClick={onCancel}>{t('common.cancel')}</Button>}
          <Button type="submit" loading={saving}>{t('card.save')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
