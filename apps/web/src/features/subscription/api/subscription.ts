/**
 * Subscription calls (server: modules/subscription/routes.ts): the checkout's boxes, turned into
 * subscriptions once the order is placed, and the confirm and unsubscribe links' pages.
 */
import type { SubscriptionLinkResult } from '@mall/contracts';
import { api } from '../../../shared/api';

export interface CheckoutSubscriptions {
  email: string | null;
  name?: string;
  mobile: string | null;
  country?: string;
  /** The boxes ticked (each shown only where the site offers it). */
  byEmail: boolean;
  bySms: boolean;
}

/**
 * After an order is placed. SPEC §8: a failure here never touches the order; it is logged. The
 * email subscription waits for the link in its confirmation email (double opt-in).
 */
export function subscribeAfterCheckout(s: CheckoutSubscriptions): void {
  const calls: Promise<unknown>[] = [];
  if (s.byEmail && s.email) {
    calls.push(
      api('/api/subscription/email', {
        body: {
          email: s.email,
          ...(s.name && { name: s.name }),
          source: 'CHECK_OUT_NOW',
          subscribe: true,
          ...(s.country && { country: s.country }),
        },
      }),
    );
  }
  if (s.bySms && s.mobile) {
    calls.push(
      api('/api/subscription/sms', {
        body: {
          ...(s.email && { email: s.email }),
          mobile: s.mobile,
          subscrible: true,
          source: 'CHECK_OUT_NOW',
          ...(s.country && { country: s.country }),
          sendPhoneMessage: true,
        },
      }),
    );
  }
  for (const call of calls) call.catch((e: unknown) => console.warn('subscription at checkout failed', e));
}

export const confirmSubscription = (token: string) =>
  api<SubscriptionLinkResult>('/api/subscription/confirm', { body: { token } });
export const unsubscribe = (token: string) =>
  api<SubscriptionLinkResult>('/api/subscription/unsubscribe', { body: { token } });
