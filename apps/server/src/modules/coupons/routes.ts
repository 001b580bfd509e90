/** My coupons (SPEC §2 /buyer/my-coupons); path not shown in the spec, in the mall-customer family. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody, MyCouponPage, PageMyCouponsBody } from '@mall/contracts';
import type { Db } from '../../db/client.js';
import { isRegistered } from '../../lib/session.js';
import { pageMyCoupons } from './service.js';

export function couponRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/sapi/mall-customer/customer/pageMyCoupons',
    {
      schema: {
        tags: ['coupons'],
        summary:
          "The caller's coupons by tab (AVAILABLE: what checkout offers; USED; EXPIRED), pages of 4, with each tab's count. Guests have none",
        body: PageMyCouponsBody,
        response: { 200: MyCouponPage, 400: ErrorBody },
      },
    },
    async (req) =>
      isRegistered(req.caller)
        ? pageMyCoupons(db, req.caller.user.id, req.caller.site, req.body)
        : {
            data: [],
            total: 0,
            pageNo: req.body.pageNo ?? 1,
            pageSize: req.body.pageSize ?? 4,
            counts: { AVAILABLE: 0, USED: 0, EXPIRED: 0 },
          },
  );
}
