import { Alert, Button, Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/errors';

export function Loading() {
  const { t } = useTranslation();
  return <Center py="xl"><Loader aria-label={t('common.loading')} /></Center>;
}

export function LoadError({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert" title={t('content.loadError')}>
      {errorMessage(t, error)}
      <div><Button variant="light" size="xs" mt="sm" onClick={retry}>{t('content.retry')}</Button></div>
    </Alert>
  );
}
