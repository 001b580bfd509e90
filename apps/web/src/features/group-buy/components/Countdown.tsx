/** Time left until a group's limit, ticking each second (hh:mm:ss, with days when more than one). */
import { Text, type TextProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../orders/parts';

export function timeLeft(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(s / 86400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const hms = `${pad(Math.floor((s % 86400) / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return days > 0 ? `${days}d ${hms}` : hms;
}

export function Countdown({ expiresAt, ...props }: { expiresAt: string } & TextProps) {
  const { t } = useTranslation();
  const now = useNow(1000);
  const left = Date.parse(expiresAt) - now;
  return (
    <Text span ff="monospace" data-testid="group-countdown" {...props}>
      {left > 0 ? t('groupBuy.endsIn', { time: timeLeft(left) }) : t('groupBuy.timeUp')}
    </Text>
  );
}
