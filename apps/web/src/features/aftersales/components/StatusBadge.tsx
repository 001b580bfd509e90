import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReverseStatusValue, ReverseTypeValue } from '@mall/contracts';
import { STATUS_COLOR, statusKey, typeKey } from './labels';

/**
 * Status chip: the status colour as a tint and a dot, the text in near-black so it keeps WCAG AA
 * contrast whatever the colour (the default light badge text of green, orange or cyan does not).
 */
export function ReverseStatusBadge({ status, size = 'md' }: { status: ReverseStatusValue; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  const c = STATUS_COLOR[status];
  return (
    <Badge
      size={size}
      tt="none"
      variant="dot"
      color={c}
      data-testid="as-status"
      data-status={status}
      styles={{
        root: {
          background: `var(--mantine-color-${c}-0)`,
          borderColor: `var(--mantine-color-${c}-3)`,
          color: 'var(--mantine-color-dark-7)',
        },
      }}
    >
      {t(statusKey(status))}
    </Badge>
  );
}

export function ReverseTypeBadge({ type, size = 'md' }: { type: ReverseTypeValue; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  return (
    <Badge variant="outline" size={size} color="gray.7" tt="none" data-testid="as-type" data-type={type}>
      {t(typeKey(type))}
    </Badge>
  );
}
