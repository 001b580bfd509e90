import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReverseStatusValue, ReverseTypeValue } from '@mall/contracts';
import { STATUS_COLOR, statusKey, typeKey } from './labels';

export function ReverseStatusBadge({ status, size = 'md' }: { status: ReverseStatusValue; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  return <Badge variant="light" size={size} color={STATUS_COLOR[status]} tt="none" data-testid="as-status" data-status={status}>{t(statusKey(status))}</Badge>;
}

export function ReverseTypeBadge({ type, size = 'md' }: { type: ReverseTypeValue; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  return <Badge variant="outline" size={size} color="gray.7" tt="none" data-testid="as-type" data-type={type}>{t(typeKey(type))}</Badge>;
}
