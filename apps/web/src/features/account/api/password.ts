/**
 * Password reset (by email or SMS) and change: the §7 account calls on `/auth/mall/...`
 * (IDENTITY_PROVIDER) and `/api/user/web/...`. Send calls answer SendCodeResult (resend
 * countdown); their errors carry stable codes (Account.*, Common.tooManyRequests).
 */
import { useMutation } from '@tanstack/react-query';
import { IDENTITY_PROVIDER } from '@mall/contracts/constants';
import {
  type ChangePasswordBody,
  type ResetByTokenBody,
  type ResetCheckSmsCodeBody,
  type ResetEmailCodeVerifyBody,
  type ResetSendEmailCodeBody,
  type ResetSendSmsBody,
  type ResetTokenResult,
  type SendCodeResult,
} from '@mall/contracts';
import { api } from '../../../shared/api';

const P = `/auth/${IDENTITY_PROVIDER}`;

export const sendResetEmailCode = (body: ResetSendEmailCodeBody) =>
  api<SendCodeResult>(`${P}/captcha/password/reset-send-email-code`, { body });
export const verifyResetEmailCode = (body: ResetEmailCodeVerifyBody) =>
  api<ResetTokenResult>(`${P}/password/reset-email-code-verify`, { body });
export const resetPasswordByToken = (body: ResetByTokenBody) =>
  api<{ ok: true }>(`${P}/password/reset-by-verify-token`, { body });

export const sendResetSms = (body: ResetSendSmsBody) =>
  api<SendCodeResult>('/api/user/web/password/send-sms', { body });
export const checkResetSmsCode = (body: ResetCheckSmsCodeBody) =>
  api<ResetTokenResult>('/api/user/web/mobile/reset/check-sms-code', { body });
export const resetPasswordBySms = (body: ResetByTokenBody) => api<{ ok: true }>('/api/user/web/mobile/reset', { body });

export const changePassword = (body: ChangePasswordBody) =>
  api<{ ok: true }>(`${P}/user/change-password`, { method: 'PUT', body });

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
