/**
 * Why a payment failed, as the pay-result page says it (SPEC §8 "Payment failure: result type
 * failed with failedReason"). The reason is what the provider or the shop stored: MOCKPAY's and
 * the shop's own (PAYMENT_DECLINE_REASONS), Stripe's decline and error codes ('insufficient_funds',
 * 'expired_card', 'payment_intent_authentication_failure'), PayPal's issues ('INSTRUMENT_DECLINED',
 * 'PAYER_CANNOT_PAY') and capture outcomes, the shop's 'cancelled' / 'expired' /
 * 'provider_unavailable', or one of the shop's error codes ('Payment.creditLimitExceeded').
 * Each gets a sentence the buyer can act on; a reason nobody listed gets the general one.
 */

/** Sentences under payResult.declined, each for the reasons that mean the same to the buyer. */
const GROUPS: Record<string, readonly string[]> = {
  card_declined: [
    'card_declined',
    'generic_decline',
    'do_not_honor',
    'lost_card',
    'stolen_card',
    'pickup_card',
    'restricted_card',
    'fraudulent',
    'merchant_blacklist',
    'security_violation',
    'transaction_not_allowed',
    'not_permitted',
    'call_issuer',
    'card_not_supported',
    'invalid_account',
    'new_account_information_available',
    'no_action_taken',
    'revocation_of_all_authorizations',
    'revocation_of_authorization',
    'service_not_allowed',
    'stop_payment_order',
    'testmode_decline',
  ],
  insufficient_funds: ['insufficient_funds'],
  limit_exceeded: ['card_velocity_exceeded', 'withdrawal_count_limit_exceeded', 'approve_with_id'],
  expired_card: ['expired_card'],
  incorrect_cvc: ['incorrect_cvc', 'invalid_cvc'],
  incorrect_number: ['incorrect_number', 'invalid_number'],
  invalid_expiry: ['invalid_expiry_month', 'invalid_expiry_year'],
  authentication_failed: [
    'authentication_required',
    'authentication_failed',
    'payment_intent_authentication_failure',
    'setup_intent_authentication_failure',
  ],
  cancelled: ['cancelled', 'canceled', 'payer_cancelled'],
  expired: ['expired', 'session_expired', 'order_expired', 'resource_not_found'],
  provider_unavailable: [
    'provider_unavailable',
    'processing_error',
    'try_again_later',
    'issuer_not_available',
    'reenter_transaction',
    'api_connection_error',
  ],
  // PayPal: the buyer's PayPal account or funding could not pay; another method may.
  declined: [
    'declined',
    'payment_failed',
    'instrument_declined',
    'payer_cannot_pay',
    'payer_account_restricted',
    'payer_account_locked_or_closed',
    'transaction_refused',
    'compliance_violation',
    'max_number_of_payment_attempts_exceeded',
    'redirect_payer_for_alternate_funding',
    'capture_declined',
    'capture_denied',
    'capture_failed',
    'duplicate_invoice_id',
    // Klarna refused the purchase, or its page failed.
    'klarna_rejected',
    'klarna_failed',
    // Braintree: the bank declined the settlement of a sale (bank accounts).
    'settlement_declined',
  ],
  invalid_token: ['invalid_token', 'payment_method_unexpected_state'],
  amount_mismatch: ['amount_mismatch'],
};

const KEY_OF = new Map(Object.entries(GROUPS).flatMap(([key, codes]) => codes.map((code) => [code, key] as const)));

/** A code as a support person would want it: letters, digits and `_.-` (a sentence stored by mistake is not one). */
export const isCode = (reason: string) => /^[A-Za-z0-9_.-]{1,80}$/.test(reason);

/**
 * The text key for a failure reason. `exists` says whether a key has a text (the translator's):
 * the shop's error codes ('Payment.creditLimitExceeded') use their errors.* sentence.
 */
export function declineTextKey(reason: string, exists: (key: string) => boolean): string {
  const group = KEY_OF.get(reason.trim().toLowerCase());
  if (group) return `payResult.declined.${group}`;
  if (/^[A-Z][A-Za-z]+\.[A-Za-z]+$/.test(reason) && exists(`errors.${reason}`)) return `errors.${reason}`;
  return 'payResult.declined.other';
}
