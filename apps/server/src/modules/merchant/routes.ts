/**
 * Merchant entry (SPEC §2 /merchant/apply, /merchant/audit; §4 "Merchant link"): a buyer
 * applies, the application waits for the platform's audit; sellers see their shops.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { ErrorBody, MerchantApplyBody, MerchantStatus } from '@mall/contracts';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { requireRegistered } from '../../lib/session.js';
import { apply, merchantStatus } from './service.js';

const tags = ['merchant'];

export function merchantRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/merchant/status',
    {
      schema: {
        tags,
        summary:
          'Merchant audit status of the caller (with a rejection reason), its merchant state and the shops it sells in',
        response: { 200: MerchantStatus, 401: ErrorBody },
      },
    },
    async (req) => merchantStatus(db, requireRegistered(req)),
  );

  r.post(
    '/api/merchant/apply',
    {
      schema: {
        tags,
        summary: 'Apply to become a seller; corrects a pending application or applies again after a rejection',
        body: MerchantApplyBody,
        response: { 200: MerchantStatus, 400: ErrorBody, 401: ErrorBody, 409: ErrorBody },
      },
    },
    async (req) => {
      const user = requireRegistered(req);
      await apply(db, user, req.body);
      const [fresh] = await db.select().from(users).where(eq(users.id, user.id));
      return merchantStatus(db, fresh!);
    },
  );
}
