/**
 * Klarna's widget library (Klarna Payments JS SDK), loaded from Klarna's CDN when a Klarna panel
 * first needs it, never bundled: the script puts `window.Klarna.Payments` in place (init, load,
 * authorize). A failed load is forgotten, so a later panel tries again; without internet it fails,
 * the panel says so (SPEC §8) and the buyer still pays on Klarna's hosted page.
 */
import { useEffect, useState } from 'react';

export const KLARNA_PAYMENTS_SCRIPT = 'https://x.klarnacdn.net/kp/lib/v1/api.js';

export interface KlarnaAuthorizeResult {
  approved: boolean;
  show_form: boolean;
  authorization_token?: string;
  error?: { invalid_fields?: string[] };
}
/** What the shop uses of `window.Klarna.Payments`. */
export interface KlarnaPaymentsGlobal {
  init: (options: { client_token: string }) => void;
  load: (
    options: { container: string | HTMLElement; payment_method_category: string },
    data: Record<string, unknown>,
    callback: (res: { show_form: boolean; error?: unknown }) => void,
  ) => void;
  authorize: (
    options: { payment_method_category: string },
    data: Record<string, unknown>,
    callback: (res: KlarnaAuthorizeResult) => void,
  ) => void;
}

let loading: Promise<KlarnaPaymentsGlobal> | null = null;
const present = () => (window as unknown as { Klarna?: { Payments?: KlarnaPaymentsGlobal } }).Klarna?.Payments;

function loadKlarnaPayments(): Promise<KlarnaPaymentsGlobal> {
  const ready = present();
  if (ready) return Promise.resolve(ready);
  if (!loading) {
    loading = new Promise<KlarnaPaymentsGlobal>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = KLARNA_PAYMENTS_SCRIPT;
      script.async = true;
      script.onload = () => {
        const kp = present();
        if (kp) resolve(kp);
        else reject(new Error('Klarna Payments did not start'));
      };
      script.onerror = () => {
        script.remove();
        reject(new Error('Klarna Payments could not be loaded'));
      };
      document.head.appendChild(script);
    });
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

export type KlarnaScript =
  { status: 'idle' | 'loading' | 'failed' } | { status: 'ready'; klarna: KlarnaPaymentsGlobal };

/** Klarna Payments once `wanted` (false: not needed, nothing is loaded). */
export function useKlarnaScript(wanted: boolean): KlarnaScript {
  const [state, setState] = useState<KlarnaScript>({ status: 'idle' });
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    setState((s) => (s.status === 'ready' ? s : { status: 'loading' }));
    loadKlarnaPayments().then(
      (klarna) => {
        if (live) setState({ status: 'ready', klarna });
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
