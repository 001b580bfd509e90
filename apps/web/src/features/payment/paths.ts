/**
 * The pay result's read. Its own module: app/early.ts starts it as the payer comes back from the
 * provider's page, and importing it from api.ts would put the payment code into every first load.
 */
export const PAY_RESULT_PATH = '/sapi/mall-pay/payment/payResult';
export const payResultBody = (contractId: string, sessionResult?: string | null) =>
  sessionResult ? { contractId, sessionResult } : { contractId };
