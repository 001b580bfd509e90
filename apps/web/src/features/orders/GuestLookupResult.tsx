/** The order a guest found at /order-lookup, read-only with its shipments (loaded with the first answer). */
import { Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { useGuestLookup } from './api';
import { OrderDetailView } from './OrderDetailView';
import { TrackTimeline } from './ExpressTrickPage';
import { PackageSummary } from './parts';

export function GuestLookupResult({ result }: { result: NonNullable<ReturnType<typeof useGuestLookup>['data']> }) {
  const { t } = useTranslation();
  return (
    <OrderDetailView
      key={result.order.id}
      order={result.order}
      readOnly
      extra={
        result.shipments.length > 0 && (
          <Paper withBorder p="md" component="section" aria-label={t('orders.track.pageTitle')}>
            <Title order={2} size="h4" mb="sm">
              {t('orders.track.pageTitle')}
            </Title>
            <Stack gap="md">
              {result.shipments.map((p, i) => (
                <Stack
                  key={p.id}
                  gap="sm"
                  data-testid="package-card"
                  p="sm"
                  style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-md)' }}
                >
                  <PackageSummary pkg={p} index={i} />
                  <TrackTimeline entries={p.logisticsList} />
                </Stack>
              ))}
            </Stack>
          </Paper>
        )
      }
    />
  );
}
