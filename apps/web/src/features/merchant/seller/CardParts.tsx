/** Pieces of the seller console's cards (orders, after-sales): a labelled value, a copy button, a shipment's events. */
import type { ReactNode } from 'react';
import { ActionIcon, Box, Button, CopyButton, Text, Timeline, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconPlus } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { TrackEntry } from '@mall/contracts';
import { useTranslation } from 'react-i18next';

/** One term and its value of a card's description list (`shrink`: may narrow below its content in a grid). */
export function Info({
  label,
  children,
  labelColor = 'dimmed',
  shrink,
}: {
  label: string;
  children: ReactNode;
  labelColor?: string;
  shrink?: boolean;
}) {
  return (
    <Box miw={shrink ? 0 : undefined}>
      <Text component="dt" size="xs" c={labelColor}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Box>
  );
}

/** Copies a code (order number, tracking number) and says so in its tooltip. */
export function CopyCode({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t('seller.copied') : label} withArrow>
          <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} size="sm" onClick={copy} aria-label={label}>
            {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

export const when = (iso: string | null | undefined) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—');

/**
 * A shipment's tracking events, newest first (or that there are none yet), and the button that
 * adds one when `onAddEvent` is given.
 */
export function ShipmentEvents({
  events,
  serviceCode,
  onAddEvent,
  addTestId,
}: {
  events: TrackEntry[];
  serviceCode: string;
  onAddEvent?: () => void;
  addTestId?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {events.length ? (
        <Timeline
          active={0}
          bulletSize={10}
          lineWidth={2}
          mt="sm"
          role="list"
          aria-label={t('seller.package.timeline')}
          styles={{ item: { marginTop: 8 } }}
        >
          {events.map((e, i) => (
            <Timeline.Item
              key={`${e.originTime}-${i}`}
              role="listitem"
              title={
                <Text size="sm" fw={i === 0 ? 600 : 400}>
                  {e.context}
                </Text>
              }
            >
              <Text size="xs" c="dimmed">
                {when(e.originTime)}
                {e.areaName ? ` · ${e.areaName}` : ''} · {t(`seller.package.by.${e.operaterType}`)}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      ) : (
        <Text size="sm" c="dimmed" mt="xs">
          {t('seller.package.noEvents')}
        </Text>
      )}
      {onAddEvent && (
        <Button
          mt="sm"
          size="xs"
          variant="light"
          w="fit-content"
          leftSection={<IconPlus size={14} />}
          onClick={onAddEvent}
          aria-label={t('seller.event.buttonFor', { code: serviceCode })}
          data-testid={addTestId}
        >
          {t('seller.event.button')}
        </Button>
      )}
    </>
  );
}
