import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/errors';
import { PageLoading } from '../../../shared/PageLoading';

export function Loading() {
  return <PageLoading />;
}

export function LoadError({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert" title={t('content.loadError')}>
      {errorMessage(t, error)}
      <div>
        <Button variant="light" size="xs" mt="sm" onClick={retry}>
          {t('content.retry')}
        </Button>
      </div>
    </Alert>
  );
}
