/**
 * The password block of /buyer/account-security: a "Change password" button opening a dialog
 * (current password, new password twice). The change keeps this session and signs out every
 * other device; the server emails a notice.
 */
import { Suspense, useState } from 'react';
import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES } from '@mall/contracts/constants';
import { ApiError } from '../../../shared/api';
import { errorMessage } from '../../../shared/errors';
import { useChangePassword } from '../api/password';
import { accountSchemas } from '../api/schemas';
import { useSchemas } from '../../../shared/zodForm';
import { LazyModal } from '../../../shared/LazyModal';
import { PartLoading } from '../../../shared/PartLoading';

export function PasswordSection() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [changed, setChanged] = useState(false);
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div style={{ flex: '1 1 240px' }}>
          <Title order={2} size="h4">
            {t('security.password.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('security.password.description')}
          </Text>
        </div>
        <Button
          variant="default"
          onClick={() => {
            setChanged(false);
            setOpen(true);
          }}
        >
          {t('security.password.change')}
        </Button>
      </Group>
      {changed && (
        <Alert color="green" mt="sm" role="status">
          {t('security.password.changed')}
        </Alert>
      )}
      <LazyModal opened={open} onClose={() => setOpen(false)} title={t('security.password.dialogTitle')} centered>
        {open && (
          <Suspense fallback={<PartLoading />}>
            <ChangePasswordForm
              onCancel={() => setOpen(false)}
              onDone={() => {
                setOpen(false);
                setChanged(true);
              }}
            />
          </Suspense>
        )}
      </LazyModal>
    </Paper>
  );
}

function ChangePasswordForm({ onCancel, onDone }: { onCancel: () => void; onDone: () => void }) {
  const { Password } = useSchemas(accountSchemas);
  const { t } = useTranslation();
  const change = useChangePassword();
  const [values, setValues] = useState({ oldPassword: '', newPassword: '', confirm: '' });
  const [touched, setTouched] = useState(false);
  const set = (k: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [k]: e.currentTarget.value }));
  const errors = {
    oldPassword: values.oldPassword ? null : t('errors.field.invalid'),
    newPassword: Password.safeParse(values.newPassword).success ? null : t('auth.passwordHint'),
    confirm: values.confirm === values.newPassword ? null : t('security.forgot.mismatch'),
  };
  // A wrong current password belongs to its field; other failures go on top.
  const wrongCurrent = change.error instanceof ApiError && change.error.code === ERROR_CODES.passwordIncorrect;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (errors.oldPassword || errors.newPassword || errors.confirm || change.isPending) return;
    change.mutate({ oldPassword: values.oldPassword, newPassword: values.newPassword }, { onSuccess: onDone });
  };
  return (
    <form noValidate onSubmit={submit}>
      <Stack>
        {change.error && !wrongCurrent && (
          <Alert color="red" role="alert">
            {errorMessage(t, change.error)}
          </Alert>
        )}
        <PasswordInput
          label={t('security.password.current')}
          autoComplete="current-password"
          required
          data-autofocus
          value={values.oldPassword}
          onChange={set('oldPassword')}
          error={wrongCurrent ? errorMessage(t, change.error) : touched ? errors.oldPassword : null}
        />
        <PasswordInput
          label={t('security.password.new')}
          description={t('auth.passwordHint')}
          autoComplete="new-password"
          required
          value={values.newPassword}
          onChange={set('newPassword')}
          error={touched ? errors.newPassword : null}
        />
        <PasswordInput
          label={t('security.password.confirm')}
          autoComplete="new-password"
          required
          value={values.confirm}
          onChange={set('confirm')}
          error={touched ? errors.confirm : null}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('security.password.cancel')}
          </Button>
          <Button type="submit" loading={change.isPending}>
            {t('security.password.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
