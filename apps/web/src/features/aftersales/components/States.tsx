/** Loading, error and not-logged-in states shared by the after-sales pages. */
import { Link, useLocation } from 'react-router';
import { Button, Card, Group, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyBlock } from '../../../shared/EmptyBlock';
import { aftersalesError, isUnauthorized } from './labels';

/** The translated error of a failed load, announced to screen readers, with a retry (or log in). */
export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <EmptyBlock title={aftersalesError(t, error)} icon={<IconAlertCircle size={30} />}>
      <VisuallyHidden role="alert">{aftersalesError(t, error)}</VisuallyHidden>
      <Group>
        {isUnauthorized(error) ? (
          <Button component={Link} to={`/login?target=${encodeURIComponent(location.pathname + location.search)}`}>{t('topbar.login')}</Button>
        ) : onRetry && <Button variant="light" onClick={onRetry}>{t('orders.retry')}</Button>}
      </Group>
    </EmptyBlock>
  );
}

/** Placeholder cards while a list loads. */
export function CardsSkeleton({ count = 3 }: { count?: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" aria-busy="true" aria-label={t('common.loading')} data-testid="as-loading">
      {Array.from({ length: count }, (_, i) => (
        <Card key={i} withBorder padding="md">
          <Group justify="space-between" mb="sm"><Skeleton h={16} w="40%" /><Skeleton h={20} w={90} radius="xl" /></Group>
          <Group gap="sm" wrap="nowrap"><Skeleton h={64} w={64} /><Stack gap={6} style={{ flex: 1 }}><Skeleton h={12} w="70%" /><Skeleton h={12} w="45%" /></Stack></Group>
        </Card>
      ))}
    </Stack>
  );
}

/** Placeholder of a detail or form page. */
export function PageSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" aria-busy="true" aria-label={t('common.loading')} data-testid="as-loading">
      <Skeleton h={28} w="50%" />
      <Skeleton h={90} />
      <Skeleton h={160} />
      <Skeleton h={120} />
    </Stack>
  );
}
