/**
 * Return and exchange shipping (SPEC §2 logistics page): a tab per direction, each with the
 * carrier, the tracking code (copy) and the timeline of time and context, or 'No logistics
 * information yet'. Used by the mobile page and the desktop modal.
 */
import { Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReverseShipment, ReverseTypeValue } from '@mall/contracts';
import { TrackTimeline } from '../../orders/ExpressTrickPage';
import { CopyButton } from '../../orders/parts';

type Direction = ReverseShipment['direction'];

export function LogisticsView({
  list,
  type,
  initial,
}: {
  list: ReverseShipment[];
  type?: ReverseTypeValue;
  initial?: Direction;
}) {
  const { t } = useTranslation();
  const directions: Direction[] =
    type === 'SALE_EXCHANGE' || list.some((s) => s.direction === 'EXCHANGE') ? ['RETURN', 'EXCHANGE'] : ['RETURN'];
  const first = initial ?? [...directions].reverse().find((d) => list.some((s) => s.direction === d)) ?? 'RETURN';
  return (
    <Tabs defaultValue={first} keepMounted={false} data-testid="as-logistics">
      <Tabs.List grow aria-label={t('aftersales.logistics.title')}>
        {directions.map((d) => (
          <Tabs.Tab key={d} value={d} data-testid={`logistics-tab-${d}`}>
            {t(`aftersales.logistics.${d}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {directions.map((d) => {
        const shipments = list.filter((s) => s.direction === d);
        return (
          <Tabs.Panel key={d} value={d} pt="md">
            {shipments.length === 0 ? (
              <Text size="sm" c="gray.7" data-testid="no-tracking">
                {t('orders.track.none')}
              </Text>
            ) : (
              <Stack gap="md">
                {shipments.map((s) => (
                  <Shipment key={s.id} shipment={s} />
                ))}
              </Stack>
            )}
          </Tabs.Panel>
        );
      })}
    </Tabs>
  );
}

function Shipment({ shipment: s }: { shipment: ReverseShipment }) {
  const { t } = useTranslation();
  // Newest first, whichever order the list came in.
  const entries = [...s.logisticsList].sort((a, b) =>
    a.originTime < b.originTime ? 1 : a.originTime > b.originTime ? -1 : 0,
  );
  return (
    <Paper withBorder p="sm" data-testid="as-shipment">
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={600} data-testid="carrier">
            {s.fulfillmentServiceProvider.entityName}
          </Text>
          <Group gap={2} wrap="nowrap">
            <Text size="sm" ff="monospace" data-testid="tracking-code">
              {s.serviceCode}
            </Text>
            <CopyButton value={s.serviceCode} label={t('orders.package.copyTracking', { code: s.serviceCode })} />
          </Group>
        </Group>
        <TrackTimeline entries={entries} />
      </Stack>
    </Paper>
  );
}
