/**
 * Saved cards (SPEC §4 "Card save", §7 customer_CreateCardFlow / QueryOneCardFunc /
 * QueryCardByCustomerFlow). Creating a card starts a setup with the card provider (the first
 * configured provider with card setups); the card becomes usable when the provider's signed
 * webhook brings its token, or when the card poll asks the provider and it has decided.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import {
  CreateCardFlowBody,
  CreateCardResult,
  ERROR_CODES,
  ErrorBody,
  OneCard,
  QueryCardsBody,
  QueryOneCardBody,
  SavedCard,
} from '@mall/contracts';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { cards } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { requireRegistered } from '../../lib/session.js';
import type { PaymentRegistry } from '../payment/providers/registry.js';
import type { PaymentEvents } from '../payment/webhooks.js';

const tags = ['card'];
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };
const LOGOS: Record<string, string> = {
  VISA: '/media/demo/ticket-230-visa.svg',
  MASTERCARD: '/media/demo/ticket-20-mastercard.svg',
  AMEX: '/media/demo/ticket-200-amex.svg',
};

export function cardRoutes(app: FastifyInstance, db: Db, registry: PaymentRegistry, events: PaymentEvents): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/trantor/flow/customer_CreateCardFlow',
    {
      schema: {
        tags,
        summary:
          "Create a card (holder details only) and start its setup with the card provider; extra carries the provider's name, the clientSecret and the public config its card form needs",
        body: CreateCardFlowBody,
        response: { 200: CreateCardResult, ...errors },
      },
    },
    async (req) => {
      const user = requireRegistered(req);
      const provider = registry.cardProvider();
      if (!provider?.createSetup)
        throw new AppError(400, ERROR_CODES.channelUnavailable, 'This payment method is not available');
      const { isSave, ...holder } = req.body[0]!;
      // The buyer's customer at this provider, when an earlier card made one: all their cards stay under it.
      const [earlier] = await db
        .select({ customerRef: cards.customerRef })
        .from(cards)
        .where(and(eq(cards.buyerId, user.id), eq(cards.provider, provider.name), isNotNull(cards.customerRef)))
        .limit(1);
      const [card] = await db
        .insert(cards)
        .values({
          buyerId: user.id,
          status: 'SETUP_PENDING',
          provider: provider.name,
          holder: holder as Record<string, string>,
          isSave: isSave === 1,
          setupId: 'pending',
          clientSecret: 'pending',
        })
        .returning();
      const setup = await provider.createSetup({
        cardId: String(card!.id),
        buyerId: user.id,
        email: holder.email ?? user.email ?? null,
        customerRef: earlier?.customerRef ?? null,
      });
      await db
        .update(cards)
        .set({ setupId: setup.setupId, clientSecret: setup.clientSecret, customerRef: setup.customerRef })
        .where(eq(cards.id, card!.id));
      return {
        id: String(card!.id),
        extra: JSON.stringify({ provider: provider.name, clientSecret: setup.clientSecret, ...setup.configMap }),
        payCenterToken: null,
      };
    },
  );

  r.post(
    '/api/trantor/func/customer_QueryOneCardFunc',
    {
      schema: {
        tags,
        summary: 'One card of the caller; payCenterToken appears once the setup succeeded (polled once a second)',
        body: QueryOneCardBody,
        response: { 200: OneCard, ...errors },
      },
    },
    async (req) => {
      const user = requireRegistered(req);
      const mine = and(eq(cards.id, BigInt(req.body[0]!.id.value)), eq(cards.buyerId, user.id));
      let [card] = await db.select().from(cards).where(mine);
      if (!card) throw new AppError(404, ERROR_CODES.cardNotFound, 'This card does not exist');
      // Still being set up: the provider may have decided before its webhook arrived.
      const provider = registry.named(card.provider);
      if (card.status === 'SETUP_PENDING' && provider?.setupStatus) {
        const decided = await provider.setupStatus(card.setupId);
        for (const event of decided) await events.applyDirect(provider.name, event);
        if (decided.length) [card] = await db.select().from(cards).where(mine);
      }
      return { id: String(card!.id), payCenterToken: card!.payCenterToken, status: card!.status };
    },
  );

  r.post(
    '/api/trantor/flow/customer_QueryCardByCustomerFlow',
    {
      schema: {
        tags,
        summary: "The caller's usable saved cards, default first",
        body: QueryCardsBody,
        response: { 200: z.array(SavedCard), ...errors },
      },
    },
    async (req) => {
      const user = requireRegistered(req);
      const rows = await db
        .select()
        .from(cards)
        .where(and(eq(cards.buyerId, user.id), eq(cards.status, 'ACTIVE'), eq(cards.isSave, true)))
        .orderBy(desc(cards.isDefault), asc(cards.id));
      return rows.map((c) => ({
        id: String(c.id),
        isDefault: c.isDefault,
        tailNumber: c.tailNumber ?? '',
        payCenterToken: c.payCenterToken ?? '',
        bankNetBO: {
          bankNetName: c.bankNetName ?? 'CARD',
          bankNetLogo: LOGOS[c.bankNetName ?? ''] ?? '/media/demo/ticket-0-card.svg',
        },
        payChannels:
          registry
            .named(c.provider)
            ?.channels.filter((o) => o.rules.savedCards)
            .map((o) => o.channelName) ?? [],
      }));
    },
  );

  r.delete(
    '/api/cards/:id',
    {
      schema: {
        tags,
        summary: 'Remove a saved card',
        params: z.object({ id: z.string().regex(/^\d{1,18}$/) }),
        response: { 200: z.object({ removed: z.boolean() }), ...errors },
      },
    },
    async (req) => {
      const user = requireRegistered(req);
      await db.transaction(async (tx) => {
        const [gone] = await tx
          .delete(cards)
          .where(and(eq(cards.id, BigInt(req.params.id)), eq(cards.buyerId, user.id)))
          .returning();
        if (!gone) throw new AppError(404, ERROR_CODES.cardNotFound, 'This card does not exist');
        if (gone.isDefault) {
          // The oldest remaining usable card becomes the default, so paying still has one preselected.
          const [next] = await tx
            .select({ id: cards.id })
            .from(cards)
            .where(and(eq(cards.buyerId, user.id), eq(cards.status, 'ACTIVE'), eq(cards.isSave, true)))
            .orderBy(asc(cards.id))
            .limit(1);
          if (next) await tx.update(cards).set({ isDefault: true }).where(eq(cards.id, next.id));
        }
      });
      return { removed: true };
    },
  );
}
