/**
 * Pay-later providers (Klarna, Affirm) give the payment its lasting id only once the buyer has
 * authorised it: the shop starts with the id of the provider's checkout (Klarna's hosted page
 * session, Affirm's checkout) and the order or transaction that captures and refunds exist later.
 * Neither provider can find that order from the checkout afterwards for as long as refunds may
 * come, so the provider swaps the id on the shop's payment record when the order is placed, and
 * everything after (capture, polls, refunds, voids) uses the order's id.
 */
import type { Db } from '../../../db/client.js';
import { swapProviderPaymentId } from '../records.js';

export type ProviderIdSwap = (from: string, to: string) => Promise<void>;

export function providerIdSwap(db: Db): ProviderIdSwap {
  return (from, to) => swapProviderPaymentId(db, from, to);
}
