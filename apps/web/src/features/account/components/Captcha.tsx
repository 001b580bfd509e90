/**
 * The captcha of the §7 calls that take `captcha, token` (and of a login past the failure
 * limit): the ALTCHA widget, a proof of work the browser solves when the box is ticked (no
 * pictures, works with keyboard and screen readers). Uses ALTCHA's "external" build with its
 * SHA worker bundled as our own file, so it runs under the shop's CSP (script-src 'self', no
 * blob: workers, styles from our CSS). A solved challenge is good for one call: after each
 * attempt the parent bumps `resetKey` for a fresh one.
 */
import { useCallback, useEffect, useId, useRef } from 'react';
import { Input } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import 'altcha/external';
import 'altcha/altcha.css';
import type {} from 'altcha/types/react';
import ShaWorker from 'altcha/workers/sha?worker';
import { CAPTCHA_CHALLENGE_URL, captchaValueOf, type CaptchaValue } from '../api/captcha';

globalThis.$altcha.algorithms.set('SHA-256', () => new ShaWorker());

type WidgetElement = HTMLElement & { reset?: () => void };
/** No "Protected by ALTCHA" footer link; the label and our hint say what the box does. */
const WIDGET_CONFIG = JSON.stringify({ hideFooter: true });

export interface CaptchaProps {
  onChange: (value: CaptchaValue | null) => void;
  /** Change it to get a fresh challenge (after the solved one was sent). */
  resetKey?: unknown;
  error?: string | null;
}

export function Captcha({ onChange, resetKey, error }: CaptchaProps) {
  const { t, i18n } = useTranslation();
  const ref = useRef<WidgetElement>(null);
  const id = useId();
  const lang = i18n.language;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  // The widget's own texts, in the buyer's language, from our translations.
  const strings = {
    label: t('security.captcha.widgetLabel'),
    verifying: t('security.captcha.verifying'),
    verified: t('security.captcha.verified'),
    error: t('security.captcha.error'),
    expired: t('security.captcha.expired'),
    verificationRequired: t('security.captcha.verificationRequired'),
    waitAlert: t('security.captcha.waitAlert'),
  };
  globalThis.$altcha.i18n.set(lang, { ...globalThis.$altcha.i18n.get('en'), ...strings });

  // Listeners go on whichever widget element is mounted (a callback ref, not a mount effect:
  // React may replace the element, e.g. when a page arrives through client-side navigation, and a
  // mount-only effect would leave the new one unheard). The payload comes with "verified"; any
  // other state means no usable solution.
  const attach = useCallback((el: WidgetElement | null) => {
    ref.current = el;
    if (!el) return;
    const onState = (ev: Event) => {
      const detail = (ev as CustomEvent<{ state: string; payload?: string | null }>).detail;
      if (detail?.state === 'verified' && detail.payload) onChangeRef.current(captchaValueOf(detail.payload));
      else if (detail?.state !== 'verified') onChangeRef.current(null);
    };
    const onVerified = (ev: Event) => {
      const payload = (ev as CustomEvent<{ payload?: string }>).detail?.payload;
      if (payload) onChangeRef.current(captchaValueOf(payload));
    };
    el.addEventListener('statechange', onState);
    el.addEventListener('verified', onVerified);
    return () => {
      el.removeEventListener('statechange', onState);
      el.removeEventListener('verified', onVerified);
    };
  }, []);

  // A new round after the solved challenge was sent. Not on mount: the widget starts fresh, and a
  // reset() that reaches it while it is still starting can land after the buyer has solved it.
  const round = useRef(resetKey);
  useEffect(() => {
    if (resetKey === round.current) return;
    round.current = resetKey;
    ref.current?.reset?.();
    onChangeRef.current(null);
  }, [resetKey]);

  return (
    <Input.Wrapper label={t('security.captcha.label')} description={t('security.captcha.hint')} error={error} id={id}>
      <div role="group" aria-labelledby={`${id}-label`} aria-describedby={`${id}-description`} style={{ marginTop: 4 }}>
        <altcha-widget
          ref={attach}
          challenge={CAPTCHA_CHALLENGE_URL}
          language={lang}
          type="checkbox"
          configuration={WIDGET_CONFIG}
          data-testid="captcha"
        />
      </div>
    </Input.Wrapper>
  );
}
