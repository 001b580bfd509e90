/**
 * Adyen Web (the Drop-in), loaded from Adyen's CDN when a page first needs it, never bundled:
 * Adyen serves it per version, and its card fields are Adyen's own frames. No npm package is
 * needed for it: the script puts `window.AdyenWeb` in place (AdyenCheckout, Dropin). A failed
 * load is forgotten, so a later panel tries again; without internet it fails, and the panel says
 * so (SPEC §8) while the other channels keep working.
 */
import { useEffect, useState } from 'react';
import { api } from '../../shared/api';

/** The Drop-in version the shop is written against (Adyen Web v6, Checkout API v69 or later). */
export const ADYEN_WEB_VERSION = '6.31.1';
export const ADYEN_WEB_SCRIPT = `https://checkoutshopper-live.cdn.adyen.com/checkoutshopper/sdk/${ADYEN_WEB_VERSION}/adyen.js`;
/** The Drop-in's own styles: without them its fields and buttons are unstyled. */
export const ADYEN_WEB_STYLES = `https://checkoutshopper-live.cdn.adyen.com/checkoutshopper/sdk/${ADYEN_WEB_VERSION}/adyen.css`;

/** What the shop uses of `window.AdyenWeb` (Adyen Web v6's UMD build). */
export interface AdyenWebGlobal {
  AdyenCheckout: (config: {
    environment: string;
    clientKey: string;
    locale?: string;
    countryCode?: string;
    session: { id: string; sessionData: string };
    onPaymentCompleted?: (result: { resultCode: string; sessionResult?: string }) => void;
    onPaymentFailed?: (result?: { resultCode?: string }) => void;
    onError?: (error: { name?: string; message?: string }) => void;
  }) => Promise<unknown>;
  Dropin: new (
    checkout: unknown,
    options?: Record<string, unknown>,
  ) => { mount: (el: HTMLElement) => unknown; unmount: () => void };
}

let loading: Promise<AdyenWebGlobal> | null = null;

function loadAdyenWeb(): Promise<AdyenWebGlobal> {
  const ready = (window as unknown as { AdyenWeb?: AdyenWebGlobal }).AdyenWeb;
  if (ready) return Promise.resolve(ready);
  if (!loading) {
    if (!document.querySelector(`link[href="${ADYEN_WEB_STYLES}"]`)) {
      const styles = document.createElement('link');
      styles.rel = 'stylesheet';
      styles.href = ADYEN_WEB_STYLES;
      styles.crossOrigin = 'anonymous';
      document.head.appendChild(styles);
    }
    loading = new Promise<AdyenWebGlobal>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = ADYEN_WEB_SCRIPT;
      script.async = true;
      script.crossOrigin = 'anonymous';
      script.onload = () => {
        const global = (window as unknown as { AdyenWeb?: AdyenWebGlobal }).AdyenWeb;
        if (global) resolve(global);
        else reject(new Error('Adyen Web did not start'));
      };
      script.onerror = () => {
        script.remove();
        reject(new Error('Adyen Web could not be loaded'));
      };
      document.head.appendChild(script);
    });
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

export type AdyenScript = { status: 'idle' | 'loading' | 'failed' } | { status: 'ready'; adyen: AdyenWebGlobal };

/** Adyen Web once `wanted` (null: not needed, nothing is loaded). */
export function useAdyenScript(wanted: boolean): AdyenScript {
  const [state, setState] = useState<AdyenScript>({ status: 'idle' });
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    setState((s) => (s.status === 'ready' ? s : { status: 'loading' }));
    loadAdyenWeb().then(
      (adyen) => {
        if (live) setState({ status: 'ready', adyen });
      },
      () => {
        if (live) setState({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [wanted]);
  return wanted ? state : { status: 'idle' };
}

const finished = new Map<string, Promise<unknown>>();

/**
 * Back on the pay-result page from a Drop-in redirect (3-D Secure, a bank's page): Adyen appended
 * `redirectResult`, which the shop hands to SPEC §7 adyenDetails once; the poll then reads the
 * decided result. A failure here leaves the poll and the notification to decide.
 */
export function finishAdyenReturn(params: URLSearchParams, site?: string): Promise<unknown> {
  const redirectResult = params.get('redirectResult');
  if (!redirectResult) return Promise.resolve();
  let p = finished.get(redirectResult);
  if (!p) {
    p = api('/sapi/mall-pay/payment/adyenDetails', {
      body: { details: { redirectResult }, ...(site ? { site } : {}) },
    }).catch(() => undefined);
    finished.set(redirectResult, p);
  }
  return p;
}
