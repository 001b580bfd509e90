/**
 * Merchant entry (SPEC §2 /merchant/apply, /merchant/audit; §4 "Merchant link"): a buyer
 * applies, the application waits for the platform's audit; sellers see their shops.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { ErrorBody, MerchantApplyBody, MerchantStatus } from '@mall/contracts';
import type { Db } from '../../db/client.js';
import { items, merchantApplications, shops, users } from '../../db/schema/index.js';
import { requireRegistered, type UserRow } from '../../lib/session.js';

const tags = ['merchant'];

async function status(db: Db, user: UserRow): Promise<z.infer<typeof MerchantStatus>> {
  const [application] = await db.select().from(merchantApplications).where(eq(merchantApplications.userId, user.id));
  const own = await db.select({ id: shops.id, name: shops.name, itemCount: count(items.id) }).from(shops)
    .leftJoin(items, eq(items.shopId, shops.id)).where(eq(shops.sellerId, user.id)).groupBy(shops.id);
  return {
    auditStatus: user.role === 'SELLER' ? 'pass' as const : application?.status ?? 'none',
    application: application ? { shopName: application.shopName, contactName: application.contactName, createdAt: application.createdAt.toISOString() } : null,
    shops: own.map((s) => ({ id: String(s.id), name: s.name, itemCount: s.itemCount })),
  };
}

export function merchantRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/merchant/status', {
    schema: { tags, summary: 'Merchant audit status of the caller and the shops it sells in', response: { 200: MerchantStatus, 401: ErrorBody } },
  }, async (req) => status(db, requireRegistered(req)));

  r.post('/api/merchant/apply', {
    schema: { tags, summary: 'Apply to become a seller; a second application replaces a pending one', body: MerchantApplyBody, response: { 200: MerchantStatus, 400: ErrorBody, 401: ErrorBody } },
  }, async (req) => {
    const user = requireRegistered(req);
    await db.transaction(async (tx) => {
      await tx.insert(merchantApplications).values({ userId: user.id, ...req.body })
        .onConflictDoUpdate({ target: merchantApplications.userId, set: { ...req.body, status: 'audit', createdAt: new Date() } });
      if (user.merchantAuditStatus === 'none') await tx.update(users).set({ merchantAuditStatus: 'audit' }).where(eq(users.id, user.id));
    });
    const [fresh] = await db.select().from(users).where(eq(users.id, user.id));
    return status(db, fresh!);
  });
}
