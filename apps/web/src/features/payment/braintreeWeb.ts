/**
 * Braintree's hosted fields (braintree-web), loaded from Braintree's CDN when a Braintree panel
 * first needs it, never bundled: the card number, expiry date and security code are typed into
 * Braintree's own frames, so the card never touches the shop's page. The hosted-fields script
 * creates its client from the client token itself (no separate client script). A failed load is
 * forgotten, so a later panel tries again; without internet it fails and the panel says so
 * (SPEC §8) while the other channels keep working.
 */
import { useEffect, useState } from 'react';

/** The braintree-web version the shop is written against (v3, promise API). */
export const BRAINTREE_WEB_VERSION = '3.123.2';
export const BRAINTREE_HOSTED_FIELDS_SCRIPT = `https://js.braintreegateway.com/web/${BRAINTREE_WEB_VERSION}/js/hosted-fields.min.js`;

export type HostedFieldName = 'number' | 'expirationDate' | 'cvv';
export interface HostedFieldState {
  isEmpty: boolean;
  isValid: boolean;
  isPotentiallyValid: boolean;
  isFocused: boolean;
}
export interface HostedFieldsEvent {
  emittedBy: HostedFieldName;
  fields: Record<HostedFieldName, HostedFieldState>;
}
/** What the shop uses of a hosted fields instance. */
export interface HostedFieldsInstance {
  getState: () => { fields: Record<HostedFieldName, HostedFieldState> };
  on: (event: 'validityChange' | 'blur' | 'empty' | 'notEmpty', handler: (e: HostedFieldsEvent) => void) => void;
  tokenize: () => Promise<{ nonce: string; details?: { lastFour?: string; cardType?: string } }>;
  teardown: () => Promise<void>;
}
/** What the shop uses of `window.braintree`. */
export interface BraintreeWebGlobal {
  hostedFields: {
    create: (options: {
      authorization: string;
      fields: Record<HostedFieldName, { container: HTMLElement; placeholder?: string }>;
      styles?: Record<string, Record<string, string>>;
    }) => Promise<HostedFieldsInstance>;
  };
}

let loading: Promise<BraintreeWebGlobal> | null = null;
const present = () => {
  const bt = (window as unknown as { braintree?: Partial<BraintreeWebGlobal> }).braintree;
  return bt?.hostedFields ? (bt as BraintreeWebGlobal) : undefined;
};

function loadBraintreeWeb(): Promise<BraintreeWebGlobal> {
  const ready = present();
  if (ready) return Promise.resolve(ready);
  if (!loading) {
    loading = new Promise<BraintreeWebGlobal>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = BRAINTREE_HOSTED_FIELDS_SCRIPT;
      script.async = true;
      script.crossOrigin = 'anonymous';
      script.onload = () => {
        const bt = present();
        if (bt) resolve(bt);
        else reject(new Error('Braintree hosted fields did not start'));
      };
      script.onerror = () => {
        script.remove();
        reject(new Error('Braintree hosted fields could not be loaded'));
      };
      document.head.appendChild(script);
    });
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

export type BraintreeScript =
  { status: 'idle' | 'loading' | 'failed' } | { status: 'ready'; braintree: BraintreeWebGlobal };

/** braintree-web's hosted fields once `wanted` (false: not needed, nothing is loaded). */
export function useBraintreeScript(wanted: boolean): BraintreeScript {
  const [state, setState] = useState<BraintreeScript>({ status: 'idle' });
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    setState((s) => (s.status === 'ready' ? s : { status: 'loading' }));
    loadBraintreeWeb().then(
      (braintree) => {
        if (live) setState({ status: 'ready', braintree });
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

/**
 * Which fields the buyer must correct (SPEC §5: invalid ones flagged). While typing, a field is
 * flagged only once it cannot become valid any more or the buyer left it; on paying, every field
 * that is not valid is, empty ones included.
 */
export function invalidFields(
  fields: Record<HostedFieldName, HostedFieldState>,
  submitting: boolean,
  left: ReadonlySet<HostedFieldName> = new Set(),
): HostedFieldName[] {
  return (Object.keys(fields) as HostedFieldName[]).filter((name) => {
    const f = fields[name];
    if (f.isValid) return false;
    if (submitting) return true;
    return !f.isEmpty && (!f.isPotentiallyValid || left.has(name));
  });
}
