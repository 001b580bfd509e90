/**
 * The payment providers this shop runs with, built once at start from configuration. A provider
 * whose keys are not set is left out, so its channels are never offered to a buyer.
 */
import type { CreditBalance, PayChannelResult, Site } from '@mall/contracts';
import { toMinor } from '@mall/domain';
import type { ChannelOffer, PaymentProvider } from './types.js';

export interface ChannelContext {
  /** Guests and callers without a session (tourist sessions included). */
  tourist: boolean;
  /** The order is paid with points: no pay-later channel (SPEC §4). */
  isPoint: boolean;
  credit: CreditBalance | null;
}

export class PaymentRegistry {
  private byChannel = new Map<string, { provider: PaymentProvider; offer: ChannelOffer }>();
  private byName = new Map<string, PaymentProvider>();

  constructor(readonly providers: readonly PaymentProvider[]) {
    for (const p of providers) {
      this.byName.set(p.name, p);
      for (const offer of p.channels) this.byChannel.set(offer.channelName, { provider: p, offer });
    }
  }

  /** The provider behind a channel name (as stored on payment records and refunds). */
  forChannel(channel: string): PaymentProvider | undefined {
    return this.byChannel.get(channel)?.provider;
  }
  offerOf(channel: string): ChannelOffer | undefined {
    return this.byChannel.get(channel)?.offer;
  }
  /** The provider of a webhook route segment or a saved card. */
  named(name: string): PaymentProvider | undefined {
    return this.byName.get(name);
  }

  /** Where new cards are saved: the first configured provider with card setups, real ones before MOCKPAY. */
  cardProvider(): PaymentProvider | undefined {
    const withCards = this.providers.filter((p) => p.createSetup && p.channels.some((c) => c.rules.savedCards));
    return withCards.find((p) => p.name !== 'mockpay') ?? withCards[0];
  }

  /**
   * The channels a caller may pay with on a site, in the site's configured order (SPEC §4: the
   * DE-type site sorts PayPal last, the others Adyen last), each with the rules applied. A channel
   * that needs a device capability (Apple Pay) carries `needsDevice` in its configMap: only the
   * browser knows, and it shows the channel once its wallet reports one.
   */
  payChannels(site: Site, ctx: ChannelContext): PayChannelResult {
    const offers = site.paymentChannelOrder
      .map((name) => this.byChannel.get(name)?.offer)
      .filter((o): o is ChannelOffer => !!o)
      .filter((o) => !ctx.tourist || o.rules.anonymous)
      .filter((o) => !(ctx.isPoint && o.rules.payLater))
      .filter((o) => o.rules.currencies === 'ANY' || o.rules.currencies.includes(site.currency))
      // Payment terms: enterprise accounts only, shown when credit is left or the account is a sub-account (SPEC §6).
      .filter(
        (o) =>
          !o.rules.enterpriseCredit ||
          (!!ctx.credit &&
            (!ctx.credit.isMain ||
              toMinor(ctx.credit.availableCreditAmt.value, ctx.credit.availableCreditAmt.currency) > 0n)),
      );
    return {
      payChannelGroups: offers.map((o) => ({
        groupName: o.channelName,
        channels: [
          {
            channelName: o.channelName,
            anonymous: o.rules.anonymous,
            redirectHosts: o.redirectHosts,
            configMap: o.rules.needsDevice ? { ...o.configMap, needsDevice: o.rules.needsDevice } : o.configMap,
            // Registered buyers may also pay with a card saved with this channel's provider.
            paymentMethods:
              o.rules.savedCards && !ctx.tourist
                ? [...o.paymentMethods, { type: 'savedCard', name: 'Saved card' }]
                : o.paymentMethods,
          },
        ],
      })),
    };
  }
}
