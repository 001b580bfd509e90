import { useEffect, useState } from 'react';
import type { Stripe } from '@stripe/stripe-js';

/**
 * The loader module, then Stripe's script. Two steps on purpose: a `.then` chained to the
 * import() would go inside Vite's preload wrapper, and Stripe's script failing to load would then
 * count as a failed chunk (vite:preloadError), which reloads the page (main.tsx).
 */
async function loadStripeJs(publishableKey: string): Promise<Stripe> {
  const loader = await import('./stripeLoader');
  return loader.stripeFor(publishableKey);
}

export type StripeScript = { status: 'idle' | 'loading' | 'failed' } | { status: 'ready'; stripe: Stripe };

/**
 * Stripe.js for a publishable key, loaded from Stripe when first asked (null: not needed, nothing
 * is loaded). 'failed' when the script cannot be had, as on a machine without internet.
 */
export function useStripeScript(publishableKey: string | null): StripeScript {
  const [state, setState] = useState<{ key: string; stripe: Stripe | null } | null>(null);
  useEffect(() => {
    if (!publishableKey) return;
    let live = true;
    loadStripeJs(publishableKey).then(
      (stripe) => {
        if (live) setState({ key: publishableKey, stripe });
      },
      () => {
        if (live) setState({ key: publishableKey, stripe: null });
      },
    );
    return () => {
      live = false;
    };
  }, [publishableKey]);
  if (!publishableKey) return { status: 'idle' };
  if (state?.key !== publishableKey) return { status: 'loading' };
  return state.stripe ? { status: 'ready', stripe: state.stripe } : { status: 'failed' };
}
