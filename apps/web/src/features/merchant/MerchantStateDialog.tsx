/**
 * SPEC §4 "Merchant link": a frozen or cleared seller sees an info dialog before the backend
 * opens (frozen: query and history delivery/after-sales rights only; cleared: stopped or
 * removed, query only). Loaded by the top bar only when such a seller clicks the link.
 */
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function MerchantStateDialog({
  state,
  onClose,
  onContinue,
}: {
  state: 'frozen' | 'clear';
  onClose: () => void;
  onContinue: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={onClose}
      centered
      title={t(state === 'frozen' ? 'merchant.frozenTitle' : 'merchant.clearedTitle')}
    >
      <Text mb="lg" data-testid="merchant-state-info">
        {t(state === 'frozen' ? 'merchant.frozenBody' : 'merchant.clearedBody')}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('merchant.close')}
        </Button>
        <Button onClick={onContinue} data-autofocus>
          {t('merchant.goOn')}
        </Button>
      </Group>
    </Modal>
  );
}
