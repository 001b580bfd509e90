/**
 * Enterprise accounts (SPEC §6, §7): a main account with sub-accounts and account limits.
 * Everything is derived from the session's user; the `site` in the body only picks the
 * currency the limits are shown in, never whose data is read.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, count, eq, ne } from 'drizzle-orm';
import {
  ERROR_CODES,
  EnterpriseChildList,
  EnterpriseChildQuery,
  EnterpriseUserInfo,
  ErrorBody,
  SiteBody,
  type Currency,
} from '@mall/contracts';
import { money } from '@mall/domain';
import type { Db } from '../../db/client.js';
import { enterprises, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { requireRegistered, type UserRow } from '../../lib/session.js';

const tags = ['enterprise'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

async function enterpriseOf(db: Db, user: UserRow) {
  if (!user.enterpriseId)
    throw new AppError(403, ERROR_CODES.notEnterpriseUser, 'This account does not belong to an enterprise');
  const [e] = await db.select().from(enterprises).where(eq(enterprises.id, user.enterpriseId));
  if (!e) throw new AppError(403, ERROR_CODES.notEnterpriseUser, 'This account does not belong to an enterprise');
  return e;
}

export function enterpriseRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/sapi/mall-enterprise/enterprise/queryEnterpriseUserInfo',
    {
      schema: {
        tags,
        summary: 'Enterprise user info and account limits (isMain, orderAmt, remainingAmt, creditAmt)',
        body: SiteBody,
        response: { 200: EnterpriseUserInfo, ...errors },
      },
    },
    async (req) => {
      const user = requireRegistered(req);
      const e = await enterpriseOf(db, user);
      const currency = e.currency as Currency;
      return {
        isMain: user.isEnterpriseMain,
        nickname: user.nickname,
        enterpriseName: e.name,
        accountLimitInfo: {
          isMain: user.isEnterpriseMain,
          orderAmt: money(user.orderAmtMinor, currency),
          remainingAmt: money(user.remainingAmtMinor, currency),
          creditAmt: money(user.creditAmtMinor, currency),
        },
      };
    },
  );

  r.post(
    '/sapi/mall-enterprise/enterprise/queryEnterpriseChildList',
    {
      schema: {
        tags,
        summary: "Sub-accounts of the caller's enterprise (main account only), pending ones included with their status",
        body: EnterpriseChildQuery,
        response: { 200: EnterpriseChildList, ...errors },
      },
    },
    async (req) => {
      const user = requireRegistered(req);
      const e = await enterpriseOf(db, user);
      if (!user.isEnterpriseMain)
        throw new AppError(403, ERROR_CODES.notMainAccount, 'Only the main account can list sub-accounts');
      const where = and(eq(users.enterpriseId, e.id), ne(users.id, user.id));
      const { pageNum, pageSize } = req.body;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(users)
          .where(where)
          .orderBy(asc(users.id))
          .limit(pageSize)
          .offset((pageNum - 1) * pageSize),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return {
        total: total?.n ?? 0,
        data: rows.map((u) => ({ userId: String(u.id), username: u.nickname, status: u.enterpriseStatus })),
      };
    },
  );
}
