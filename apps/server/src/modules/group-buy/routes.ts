/** Group-buy (SPEC §1, §3 isInGroup, §4 inviteToJoinGroup): buyers' reads and the seller's campaigns. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateGroupBuyCampaignBody,
  ErrorBody,
  GroupBuyCampaign,
  GroupBuyGroupPage,
  GroupBuyOffer,
  GroupBuySkuOption,
  Id,
} from '@mall/contracts';
import type { Db } from '../../db/client.js';
import { requireSeller } from '../merchant/guard.js';
import { createCampaign, endCampaign, groupPage, itemOffer, sellerCampaigns, sellerSkuOptions } from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['group-buy'];

export function groupBuyRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/group-buy/items/:itemId',
    {
      schema: {
        tags,
        summary: "An item's group-buy on this site (its currency): the campaign and the open groups one may join",
        params: z.strictObject({ itemId: Id }),
        response: { 200: z.object({ offer: GroupBuyOffer.nullable() }), ...errors },
      },
    },
    async (req) => ({
      offer: await itemOffer(
        db,
        req.caller.user,
        req.caller.site.currency,
        BigInt(req.params.itemId),
        req.caller.language,
      ),
    }),
  );

  r.get(
    '/api/group-buy/groups/:id',
    {
      schema: {
        tags,
        summary: "A group's share page: its campaign, slots left and time limit (anyone with the link)",
        params: z.strictObject({ id: Id }),
        response: { 200: GroupBuyGroupPage, ...errors },
      },
    },
    async (req) => groupPage(db, req.caller.user, BigInt(req.params.id), req.caller.language),
  );

  r.get(
    '/api/merchant/group-buy/campaigns',
    {
      schema: {
        tags: ['merchant console'],
        summary: "The seller's group-buy campaigns with their stock and groups",
        response: { 200: z.array(GroupBuyCampaign), ...errors },
      },
    },
    async (req) => sellerCampaigns(db, requireSeller(req.caller.user), req.caller.language),
  );

  r.get(
    '/api/merchant/group-buy/skus',
    {
      schema: {
        tags: ['merchant console'],
        summary: "The shop's SKUs a campaign may be made on, priced in the site's currency",
        response: { 200: z.array(GroupBuySkuOption), ...errors },
      },
    },
    async (req) => sellerSkuOptions(db, requireSeller(req.caller.user), req.caller.site.currency, req.caller.language),
  );

  r.post(
    '/api/merchant/group-buy/campaigns',
    {
      schema: {
        tags: ['merchant console'],
        summary: "Create a group-buy campaign on one of the shop's SKUs (price in the site's currency)",
        description:
          "The group price must be below the SKU's price in that currency; the stock must hold at least one group (starting a group sets aside a group's units).",
        body: CreateGroupBuyCampaignBody,
        response: { 200: GroupBuyCampaign, ...errors },
      },
    },
    async (req) =>
      createCampaign(
        db,
        requireSeller(req.caller.user, 'sell'),
        req.caller.site.currency,
        req.body,
        req.caller.language,
      ),
  );

  r.post(
    '/api/merchant/group-buy/campaigns/:id/end',
    {
      schema: {
        tags: ['merchant console'],
        summary: 'End a campaign: no new groups start; open groups run to their end',
        params: z.strictObject({ id: Id }),
        response: { 200: GroupBuyCampaign, ...errors },
      },
    },
    async (req) => endCampaign(db, requireSeller(req.caller.user), BigInt(req.params.id), req.caller.language),
  );
}
