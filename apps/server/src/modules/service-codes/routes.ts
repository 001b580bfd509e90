/** Service use codes (SPEC §4 checkVerifyCode): the buyer reads them, the shop's seller redeems them. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_CODES, ErrorBody, Id, RedeemServiceCodeBody, RedeemedServiceCode, VerifyCodes } from '@mall/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { requireSeller } from '../merchant/guard.js';
import { buyerVerifyCodes, redeemServiceCode } from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export function serviceCodeRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/orders/:id/verify-codes',
    {
      schema: {
        tags: ['orders'],
        summary: "checkVerifyCode: the order's service use codes with their passwords",
        description:
          "Only the order's buyer, and only while its operationList has checkVerifyCode (paid, with codes used or still to use); otherwise 409 Trade.operationNotAllowed. Order reads show the codes masked.",
        params: z.strictObject({ id: Id }),
        response: { 200: VerifyCodes, ...errors },
      },
    },
    async (req) => {
      if (!req.caller.user) throw new AppError(404, ERROR_CODES.tradeOrderNotExist, 'This order does not exist');
      return buyerVerifyCodes(db, req.caller.user, BigInt(req.params.id), req.caller.language);
    },
  );

  r.post(
    '/api/merchant/service-codes/redeem',
    {
      schema: {
        tags: ['merchant console'],
        summary: "Redeem a service use code of one of the seller's orders (code and password as the buyer shows them)",
        description:
          "The code becomes USED with its time, the line's serviceRemainingTimes goes down by one. Refused: unknown or another shop's code (404 ServiceCode.notFound), wrong password (400), used, refunded, expired, an unpaid or canceled order, a line in after-sales (409 with their codes). Two redemptions of one code make one.",
        body: RedeemServiceCodeBody,
        response: { 200: RedeemedServiceCode, ...errors },
      },
    },
    async (req) => redeemServiceCode(db, requireSeller(req.caller.user, 'fulfil'), req.body),
  );
}
