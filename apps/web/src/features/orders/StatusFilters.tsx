/**
 * The order list's status filters (SPEC §2 Orders), with counts: tabs and a canceled toggle from
 * the phone breakpoint (48em) up, one native status dropdown below it. Both are in the page; CSS
 * shows one.
 */
import { Button, NativeSelect, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrderCountBody, OrderTab } from '@mall/contracts';
import { CANCELED_FILTER } from './labels';
import { useTabLabel } from './listParts';

interface StatusProps {
  tabs: readonly OrderTab[];
  status: OrderTab;
  countBody: OrderCountBody;
  enabled: boolean;
  onStatus: (tab: string | null) => void;
}

/** Status tabs (desktop). */
export function StatusTabs({ tabs, status, countBody, enabled, onStatus }: StatusProps) {
  const { t } = useTranslation();
  const tabLabel = useTabLabel(countBody, enabled);
  return (
    <Tabs value={status === CANCELED_FILTER ? null : status} onChange={onStatus} keepMounted={false} visibleFrom="sm">
      <Tabs.List aria-label={t('orders.filter.status')}>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab} value={tab} data-testid={`tab-${tab}`}>
            {tabLabel(tab)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}

/** The status dropdown (phone), the canceled filter among its options. */
export function StatusSelect({ tabs, status, countBody, enabled, onStatus }: StatusProps) {
  const { t } = useTranslation();
  const tabLabel = useTabLabel(countBody, enabled);
  return (
    <NativeSelect
      label={t('orders.filter.status')}
      data-testid="status-select"
      hiddenFrom="sm"
      data={[...tabs, CANCELED_FILTER].map((tab) => ({ value: tab, label: tabLabel(tab) }))}
      value={status}
      onChange={(e) => onStatus(e.currentTarget.value)}
    />
  );
}

/** The canceled filter (desktop), a toggle with its count. */
export function CanceledFilter({
  active,
  countBody,
  enabled,
  onToggle,
}: {
  active: boolean;
  countBody: OrderCountBody;
  enabled: boolean;
  onToggle: () => void;
}) {
  const tabLabel = useTabLabel(countBody, enabled);
  return (
    <Button
      variant={active ? 'light' : 'default'}
      aria-pressed={active}
      data-testid="canceled-filter"
      onClick={onToggle}
      visibleFrom="sm"
    >
      {tabLabel(CANCELED_FILTER)}
    </Button>
  );
}
