/** The customs declaration of a cross-border order, for its order detail and the seller console's order. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CustomsDeclaration, ErrorBody, Id } from '@mall/contracts';
import type { Db } from '../../db/client.js';
import { orderNotFound } from '../trade/service.js';
import { orderScope } from '../trade/scope.js';
import { requireSeller } from '../merchant/guard.js';
import { customsDeclarationOf, sellerCustomsDeclaration } from './service.js';

export function crossBorderRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/orders/:id/customs-declaration',
    {
      schema: {
        tags: ['orders'],
        summary:
          'The customs declaration of a cross-border order (NORMAL_SALE_CBE), for its buyer or its seller: declared value, HS codes, origin, duties, import tax, certificate',
        params: z.object({ id: Id }),
        response: { 200: CustomsDeclaration, 404: ErrorBody },
      },
    },
    async (req) => {
      const user = req.caller.user;
      if (!user) throw orderNotFound();
      const scope = await orderScope(db, user);
      // The buyer's own orders (an enterprise main account also its sub-accounts'), or the seller's.
      return customsDeclarationOf(db, { buyerIds: [...scope.buyers.keys()], sellerId: user.id }, BigInt(req.params.id));
    },
  );

  r.get(
    '/api/merchant/orders/:id/customs-declaration',
    {
      schema: {
        tags: ['merchant console'],
        summary:
          "The customs declaration of a cross-border order (NORMAL_SALE_CBE) of one of the seller's own shops, for the seller console's order",
        params: z.object({ id: Id }),
        response: { 200: CustomsDeclaration, 403: ErrorBody, 404: ErrorBody },
      },
    },
    // The seller is the signed-in one; the order must be of a shop it owns (else 404).
    async (req) => sellerCustomsDeclaration(db, requireSeller(req.caller.user).id, BigInt(req.params.id)),
  );
}
