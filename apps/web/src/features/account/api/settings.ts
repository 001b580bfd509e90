/**
 * Account settings calls of SPEC §7 used by /buyer/account-security: profile (user-info),
 * bind / change email and phone, delete account, invitation code and the enterprise's notice
 * emails. The server acts on the session's own account; no id here chooses whose.
 */
import { useQuery } from '@tanstack/react-query';
import { IDENTITY_PROVIDER } from '@mall/contracts/constants';
import { type NoticeEmail, type Profile, type ProfileBody, type SendCodeResult } from '@mall/contracts';
import { api } from '../../../shared/api';
import type { CaptchaValue } from './captcha';

const P = `/auth/${IDENTITY_PROVIDER}`;
type Contact = { email: string | null; mobile: string | null; mobilePrefix: string | null };

export const profileKey = ['account', 'profile'] as const;
export const useProfile = () => useQuery({ queryKey: profileKey, queryFn: () => api<Profile>(`${P}/user/user-info`) });
export const saveProfile = (body: ProfileBody) => api<Profile>(`${P}/user/user-info`, { method: 'PUT', body });

// ---------- email ----------
export const sendBindEmailCode = (email: string) =>
  api<SendCodeResult>(`${P}/captcha/bind/send-email-code`, { body: { email } });
export const bindEmail = (email: string, emailCode: string) =>
  api<Contact>('/api/user/web/email/bind', { body: { email, emailCode } });
export const sendChangeEmailCode = (target: 'old' | 'new', email?: string) =>
  api<SendCodeResult>(`${P}/captcha/email/reset-send-email-code`, {
    body: target === 'new' ? { target, email } : { target },
  });
export const changeEmail = (body: { email: string; emailCode: string; oldCode?: string; password?: string }) =>
  api<Contact>(`${P}/user/reset-email`, { body });

// ---------- phone ----------
export const sendBindMobileCode = (mobilePrefix: string, mobile: string) =>
  api<SendCodeResult>('/api/user/web/mobile/bind/send-sms-code', { body: { mobilePrefix, mobile } });
export const bindMobile = (mobilePrefix: string, mobile: string, smsCode: string) =>
  api<Contact>('/api/user/web/mobile/bind', { body: { mobilePrefix, mobile, smsCode } });
export const sendChangeMobileCode = (target: 'old' | 'new', mobilePrefix?: string, mobile?: string) =>
  api<SendCodeResult>('/api/user/web/mobile/reset/send-sms', {
    body: target === 'new' ? { target, mobilePrefix, mobile } : { target },
  });
export const changeMobile = (body: {
  mobilePrefix: string;
  mobile: string;
  smsCode: string;
  oldCode?: string;
  password?: string;
}) => api<Contact>('/api/user/web/mobile/change', { body });

// ---------- delete account ----------
export const sendDestroyEmailCode = (email: string, captcha: CaptchaValue) =>
  api<SendCodeResult>(`${P}/captcha/destroy-send-email-code`, { body: { email, ...captcha } });
export const sendDestroySmsCode = (prefix: string, mobile: string, captcha: CaptchaValue) =>
  api<SendCodeResult>('/api/user/web/destroy-send-sms-code', { body: { prefix, mobile, ...captcha } });
export const destroyAccount = (body: {
  email?: string;
  emailCode?: string;
  prefix?: string;
  mobile?: string;
  smsCode?: string;
}) => api<{ destroyed: true }>(`${P}/user/user-destroy`, { method: 'PUT', body });

// ---------- invitation code ----------
export const fillInvitationCode = (invitationCode: string) =>
  api<{ filled: true; rewardPoints: number }>('/sapi/mall-customer/customer/fillInTheInvitationCodeFlow', {
    body: { invitationCode },
  });

// ---------- enterprise notice emails (main account) ----------
const N = '/sapi/mall-enterprise/enterprise/notice';
export const noticeEmailsKey = ['account', 'noticeEmails'] as const;
export const useNoticeEmails = (enabled: boolean) =>
  useQuery({
    queryKey: noticeEmailsKey,
    enabled,
    queryFn: () => api<{ data: NoticeEmail[]; max: number }>(`${N}/queryEnterpriseNoticeEmailList`, { body: {} }),
  });
export const createNoticeEmail = (email: string) =>
  api<NoticeEmail>(`${N}/createEnterpriseEmailNotice`, { body: { email } });
export const updateNoticeEmail = (id: string, email: string) =>
  api<NoticeEmail>(`${N}/updateEnterpriseEmailNotice`, { body: { id, email } });
export const deleteNoticeEmail = (id: string) =>
  api<{ deleted: true }>(`${N}/deleteEnterpriseEmailNotice`, { body: { id } });
