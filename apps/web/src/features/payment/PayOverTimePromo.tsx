/**
 * A pay-over-time provider's own promotional message in its panel ("as low as $x/month"), drawn by
 * the provider's script (Affirm's affirm.js, named by the channel's configMap `promoScript` with
 * its `publicKey`). The payment itself is a redirect and never needs the script; when the script
 * cannot be loaded the panel says so (SPEC §8: the Affirm script missing is an error for that
 * channel only) and its pay button still works.
 */
import { useEffect, useState } from 'react';
import { ScriptError, ScriptLoading } from './ScriptState';

interface AffirmGlobal {
  ui?: { ready: (cb: () => void) => void; refresh: () => void };
}
const affirmOf = () => (window as unknown as { affirm?: AffirmGlobal }).affirm;

let loading: { src: string; promise: Promise<AffirmGlobal> } | null = null;
function loadPromoScript(src: string, publicKey: string): Promise<AffirmGlobal> {
  const ready = affirmOf();
  if (ready?.ui) return Promise.resolve(ready);
  if (loading?.src !== src) {
    // affirm.js reads its configuration from this global before it starts.
    (window as unknown as { _affirm_config?: Record<string, string> })._affirm_config = {
      public_api_key: publicKey,
      script: src,
    };
    const promise = new Promise<AffirmGlobal>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => {
        const a = affirmOf();
        if (a?.ui) resolve(a);
        else reject(new Error('affirm.js did not start'));
      };
      script.onerror = () => {
        script.remove();
        reject(new Error('affirm.js could not be loaded'));
      };
      document.head.appendChild(script);
    });
    loading = { src, promise };
    promise.catch(() => {
      loading = null;
    });
  }
  return loading.promise;
}

export function PayOverTimePromo({
  script,
  publicKey,
  amount,
}: {
  script: string;
  publicKey: string;
  amount: { value: string; currency: string };
}) {
  const [state, setState] = useState<{ status: 'loading' | 'failed' } | { status: 'ready'; affirm: AffirmGlobal }>({
    status: 'loading',
  });
  useEffect(() => {
    let live = true;
    loadPromoScript(script, publicKey).then(
      (affirm) => {
        if (live) setState({ status: 'ready', affirm });
      },
      () => {
        if (live) setState({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [script, publicKey]);
  useEffect(() => {
    if (state.status === 'ready') state.affirm.ui?.ready(() => state.affirm.ui?.refresh());
  }, [state, amount.value]);
  if (state.status === 'failed') return <ScriptError />;
  if (state.status === 'loading') return <ScriptLoading />;
  // Affirm fills this element with its message for the amount, in cents.
  return (
    <p
      className="affirm-as-low-as"
      data-page-type="payment"
      data-amount={String(Math.round(Number(amount.value) * 100))}
      data-testid="pay-over-time-promo"
    />
  );
}
