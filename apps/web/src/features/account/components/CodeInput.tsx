/**
 * A 6-digit verification code field with its "Send code" button. The parent does the sending
 * (`onSend`, e.g. with a solved captcha) and gets the server's answer back; the button then
 * counts down to the next allowed resend (resendAfterSeconds, or retryAfterSeconds of an
 * Account.codeResendTooSoon refusal). Send errors are shown translated under the field.
 */
import { useEffect, useId, useState } from 'react';
import { Button, Group, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES } from '@mall/contracts/constants';
import type { SendCodeResult } from '@mall/contracts';
import { ApiError } from '../../../shared/api';
import { errorMessage } from '../../../shared/errors';

export interface CodeInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Sends the code; resolve with the server's answer, throw its ApiError. */
  onSend: () => Promise<SendCodeResult>;
  /** False while the destination or the captcha is missing (the button stays off, `sendHint` says why). */
  canSend?: boolean;
  sendHint?: string;
  /** Shown after a send: where the code went. */
  sentTo?: string;
  /** Error of the code itself (wrong, expired...), from the parent's verify call. */
  error?: string | null;
  label?: string;
  disabled?: boolean;
}

/** Seconds left until `until` (ms timestamp), ticking every second. */
function useSecondsLeft(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return Math.max(0, Math.ceil((until - now) / 1000));
}

export function CodeInput({
  value,
  onChange,
  onSend,
  canSend = true,
  sendHint,
  sentTo,
  error,
  label,
  disabled,
}: CodeInputProps) {
  const { t } = useTranslation();
  const [until, setUntil] = useState(0);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const left = useSecondsLeft(until);
  const errorId = useId();

  const send = async () => {
    if (sending || left > 0 || !canSend) return;
    setSending(true);
    setSendError(null);
    try {
      const answer = await onSend();
      setUntil(Date.now() + answer.resendAfterSeconds * 1000);
      setSent(true);
    } catch (e) {
      if (e instanceof ApiError && e.code === ERROR_CODES.codeResendTooSoon) {
        const seconds = Number((e.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds ?? 60);
        setUntil(Date.now() + seconds * 1000);
      }
      setSendError(errorMessage(t, e));
    } finally {
      setSending(false);
    }
  };

  const buttonText =
    left > 0
      ? t('security.code.resendIn', { seconds: left })
      : sent
        ? t('security.code.resend')
        : t('security.code.send');
  const shownError = error ?? sendError;
  return (
    <div>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={label ?? t('security.code.label')}
          placeholder={t('security.code.placeholder')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
          aria-invalid={!!shownError}
          aria-describedby={shownError ? errorId : undefined}
        />
        <Button
          variant="light"
          onClick={() => void send()}
          loading={sending}
          disabled={disabled || !canSend || left > 0}
        >
          {buttonText}
        </Button>
      </Group>
      {shownError && (
        <Text id={errorId} size="sm" c="red.8" mt={4} role="alert">
          {shownError}
        </Text>
      )}
      {!canSend && sendHint && !sent && (
        <Text size="xs" c="dimmed" mt={4}>
          {sendHint}
        </Text>
      )}
      {sent && sentTo && !shownError && (
        <Text size="xs" c="dimmed" mt={4} role="status">
          {t('security.code.sent', { to: sentTo })}
        </Text>
      )}
    </div>
  );
}
