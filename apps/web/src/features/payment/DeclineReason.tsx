import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { declineTextKey, isCode } from './declineReasons';

/** A failed payment's reason as a sentence (declineReasons.ts); the code beside it, small, for support. */
export function DeclineReason({ code }: { code: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap={2} align="center" data-testid="failed-reason">
      <Text c="red.8" ta="center">
        {t(declineTextKey(code, (key) => i18n.exists(key)))}
      </Text>
      {isCode(code) && (
        <Text size="xs" c="dimmed" data-testid="failed-code">
          {t('payResult.reasonCode', { code })}
        </Text>
      )}
    </Stack>
  );
}
