/**
 * MOCKPAY (a simulated card provider served by the app itself, modules/mockpay) as a payment
 * provider like the others: its hosted page, its signed webhooks, its refunds and card setups.
 */
import type { MockpayEvent } from '@mall/contracts';
import type { MockpayProvider } from '../../mockpay/provider.js';
import type {
  ChannelOffer,
  DecidedEvent,
  PaymentProvider,
  ProviderEvent,
  RefundInput,
  StartInput,
  VerifiedWebhook,
} from './types.js';

export const MOCKPAY_OFFER: ChannelOffer = {
  // MOCKPAY's hosted page is served by the shop itself (/mockpay/pay/...): no other host.
  channelName: 'MOCKPAY',
  configMap: { environment: 'test', publicKey: 'mock_pk_test' },
  redirectHosts: [],
  paymentMethods: [
    { type: 'card', name: 'Card' },
    { type: 'wallet', name: 'MockPay wallet' },
  ],
  rules: {
    anonymous: true,
    payLater: false,
    enterpriseCredit: false,
    currencies: 'ANY',
    savedCards: true,
    needsDevice: null,
  },
};

/** MOCKPAY's event in the shop's words; null for events the shop does not act on. */
export function mockpayToProviderEvent(e: MockpayEvent): ProviderEvent | null {
  const d = e.data;
  switch (e.type) {
    case 'payment.approved':
      return {
        type: 'payment.succeeded',
        providerPaymentId: d.paymentId,
        merchantReference: d.merchantReference,
        amountMinor: String(d.amount),
        currency: d.currency,
      };
    case 'payment.declined':
      return {
        type: 'payment.failed',
        providerPaymentId: d.paymentId,
        merchantReference: d.merchantReference,
        reason: d.reason ?? 'declined',
      };
    case 'payment.pending':
      return { type: 'payment.pending', providerPaymentId: d.paymentId, merchantReference: d.merchantReference };
    case 'setup.succeeded':
      return d.token
        ? {
            type: 'setup.succeeded',
            setupId: d.paymentId,
            cardId: d.merchantReference,
            token: d.token,
            cardTail: d.cardTail,
            brand: d.brand,
          }
        : null;
    case 'refund.succeeded':
      return { type: 'refund.succeeded', refundKey: d.merchantReference, providerRefundId: d.refundId ?? '' };
    case 'refund.failed':
      return {
        type: 'refund.failed',
        refundKey: d.merchantReference,
        providerRefundId: d.refundId ?? '',
        reason: d.reason ?? 'refund_failed',
      };
    default:
      return null;
  }
}

export class MockpayAdapter implements PaymentProvider {
  readonly name = 'mockpay';
  readonly channels = [MOCKPAY_OFFER];
  constructor(private mockpay: MockpayProvider) {}

  async start(input: StartInput) {
    const started = await this.mockpay.start({
      merchantReference: input.merchantReference,
      amountMinor: input.amountMinor,
      currency: input.currency,
      returnUrl: input.returnPath,
    });
    if (!input.savedCard) return started;
    // A saved card is charged at once (no hosted page): the buyer goes straight to the result page.
    await this.mockpay.chargeWithToken(started.providerPaymentId, input.savedCard.token);
    return { providerPaymentId: started.providerPaymentId, redirectUrl: input.returnPath };
  }

  async confirm(providerPaymentId: string): Promise<DecidedEvent[]> {
    if ((await this.mockpay.status(providerPaymentId)) === 'PENDING') return [];
    return this.mapped(await this.mockpay.undeliveredEvents(providerPaymentId));
  }

  async verifyWebhook(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<VerifiedWebhook | null> {
    const header = headers['mockpay-signature'];
    const event = this.mockpay.verifyWebhook(rawBody, typeof header === 'string' ? header : undefined);
    return event ? { eventId: event.id, event: mockpayToProviderEvent(event) } : null;
  }

  cancel(providerPaymentId: string) {
    return this.mockpay.cancel(providerPaymentId);
  }
  refund(input: RefundInput) {
    return this.mockpay.refund(input);
  }

  async createSetup(input: { cardId: string }) {
    const setup = await this.mockpay.createSetup(input.cardId);
    // The card form posts the card data to MOCKPAY's client API, never to the shop.
    return { ...setup, customerRef: null, configMap: { confirmUrl: '/mockpay/api/setup/confirm' } };
  }

  async setupStatus(setupId: string): Promise<DecidedEvent[]> {
    return this.mapped(await this.mockpay.undeliveredEvents(setupId));
  }

  detachCard(token: string) {
    return this.mockpay.detachToken(token);
  }

  /** Its undelivered events, with their ids: the webhook that brings one later is a replay. */
  private mapped(events: MockpayEvent[]): DecidedEvent[] {
    return events.flatMap((e) => {
      const event = mockpayToProviderEvent(e);
      return event ? [{ ...event, eventId: e.id }] : [];
    });
  }
}
