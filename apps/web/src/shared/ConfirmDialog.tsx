import type { ReactNode } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LazyModal } from './LazyModal';

/** Confirmation before an action: a message, a way back, and the action's button (busy while it runs). */
export function ConfirmDialog({
  opened,
  onClose,
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  busy,
  danger,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  busy?: boolean;
  danger?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <LazyModal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="xs">{children}</Stack>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {cancelLabel ?? t('common.cancel')}
        </Button>
        <Button color={danger ? 'red' : undefined} loading={busy} disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </LazyModal>
  );
}
