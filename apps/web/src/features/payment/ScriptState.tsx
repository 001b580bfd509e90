import { Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** While a provider's script (Stripe.js, PayPal's SDK) loads. */
export function ScriptLoading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" mt="sm" data-testid="script-loading">
      <Loader size="xs" aria-hidden />
      <Text size="sm" c="dimmed">
        {label ?? t('payment.scriptLoading')}
      </Text>
    </Group>
  );
}

/** A provider's script was needed here and could not be loaded (SPEC §8 by default); the rest of the page still works. */
export function ScriptError({ text }: { text?: string }) {
  const { t } = useTranslation();
  return (
    <Text c="red.8" size="sm" mt="sm" role="alert" data-testid="script-error">
      {text ?? t('payment.scriptError')}
    </Text>
  );
}
