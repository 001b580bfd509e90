/** Loading and error states of the buyer-centre pages: placeholders while data loads, a failed load with retry (or log in). */
import { Link, useLocation } from 'react-router';
import { Button, Card, Group, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyBlock } from './EmptyBlock';
import { errorMessage, isUnauthorized } from './errors';

/** The translated error of a failed load, announced to screen readers, with a retry (or log in). */
export function LoadError({ error, onRetry, message }: { error: unknown; onRetry?: () => void; message?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const text = message ?? errorMessage(t, error);
  return (
    <EmptyBlock title={text} icon={<IconAlertCircle size={30} />}>
      <VisuallyHidden role="alert">{text}</VisuallyHidden>
      <Group>
        {isUnauthorized(error) ? (
          <Button component={Link} to={`/login?target=${encodeURIComponent(location.pathname + location.search)}`}>
            {t('topbar.login')}
          </Button>
        ) : (
          onRetry && (
            <Button variant="light" onClick={onRetry}>
              {t('orders.retry')}
            </Button>
          )
        )}
      </Group>
    </EmptyBlock>
  );
}

/** Placeholder cards while a list loads. */
export function CardsSkeleton({ count = 3, testId = 'loading' }: { count?: number; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" aria-busy="true" aria-label={t('common.loading')} data-testid={testId}>
      {Array.from({ length: count }, (_, i) => (
        <Card key={i} withBorder padding="md">
          <Group justify="space-between" mb="sm">
            <Skeleton h={16} w="40%" />
            <Skeleton h={20} w={90} radius="xl" />
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Skeleton h={64} w={64} />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton h={12} w="70%" />
              <Skeleton h={12} w="45%" />
            </Stack>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** Placeholder of a detail or form page. */
export function PageSkeleton({ testId = 'loading' }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" aria-busy="true" aria-label={t('common.loading')} data-testid={testId}>
      <Skeleton h={28} w="50%" />
      <Skeleton h={90} />
      <Skeleton h={160} />
      <Skeleton h={120} />
    </Stack>
  );
}
