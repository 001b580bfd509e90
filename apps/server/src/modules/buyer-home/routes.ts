/** User centre home (SPEC §2 /buyer/index): one summary call; path not shown in the spec. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BuyerHome, ERROR_CODES, ErrorBody } from '@mall/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { isRegistered } from '../../lib/session.js';
import { buyerHome } from './service.js';

export function buyerHomeRoutes(app: FastifyInstance, db: Db): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/buyer/home',
    {
      schema: {
        tags: ['buyer centre'],
        summary:
          "The caller's user centre home: level, points, coupons, super member, latest order, after-sales and reviews waiting (one statement)",
        response: { 200: BuyerHome, 401: ErrorBody },
      },
    },
    async (req) => {
      if (!isRegistered(req.caller)) throw new AppError(401, ERROR_CODES.unauthorized, 'Please log in');
      return buyerHome(db, req.caller.user.id, req.caller.site);
    },
  );
}
