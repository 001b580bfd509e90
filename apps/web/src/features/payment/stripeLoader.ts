/**
 * Stripe.js, loaded from Stripe when a page first needs it (never as part of the shop's own
 * bundle, as Stripe requires). `@stripe/stripe-js/pure` adds the script only when asked; the plain
 * entry would add it as soon as the module is imported. One Stripe object per publishable key;
 * a failed load is forgotten, so a later call (a new panel, a new card form) tries again.
 */
import type { Stripe, StripeElementLocale } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

const loaded = new Map<string, Promise<Stripe>>();

export function stripeFor(publishableKey: string): Promise<Stripe> {
  let p = loaded.get(publishableKey);
  if (!p) {
    p = loadStripe(publishableKey).then((stripe) => {
      // null: no window (server side); here it means the script never arrived.
      if (!stripe) throw new Error('Stripe.js is not available');
      return stripe;
    });
    p.catch(() => loaded.delete(publishableKey));
    loaded.set(publishableKey, p);
  }
  return p;
}

/** Stripe writes its own texts (field labels, card errors) in these of the shop's languages. */
const STRIPE_LOCALES = new Set(['de', 'en', 'es', 'fr', 'it', 'ja', 'nl']);
export const stripeLocale = (language: string): StripeElementLocale =>
  STRIPE_LOCALES.has(language) ? (language as StripeElementLocale) : 'auto';
