/** The captcha challenge URL the ALTCHA widget fetches, and how a solved payload becomes the §7 `captcha, token` pair. */
export const CAPTCHA_CHALLENGE_URL = '/api/captcha/challenge';

export interface CaptchaValue {
  /** The widget's payload (base64 JSON of challenge + solution). */
  captcha: string;
  /** The challenge id (parameters.nonce) the server checks against the payload. */
  token: string;
}

export function captchaValueOf(payload: string): CaptchaValue | null {
  try {
    const decoded = JSON.parse(atob(payload)) as { challenge?: { parameters?: { nonce?: string } } };
    const token = decoded.challenge?.parameters?.nonce;
    return token ? { captcha: payload, token } : null;
  } catch {
    return null;
  }
}
