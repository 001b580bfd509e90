/**
 * Whose orders a caller may see (SPEC §6): a buyer or tourist its own; an enterprise main
 * account also those of its sub-accounts (not the ones still pending approval). Ids from the
 * request only narrow this set, never widen it.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import type { UserRow } from '../../lib/session.js';

export interface OrderScope {
  viewerId: bigint;
  isMain: boolean;
  /** Every buyer whose orders the viewer may see, with the name shown on sub-account orders. */
  buyers: Map<bigint, string>;
}

/** An enterprise main account: sees its sub-accounts' orders too. */
export const isMainAccount = (user: UserRow) =>
  user.userType === 'REGISTERED' && !!user.enterpriseId && user.isEnterpriseMain && user.enterpriseStatus === 'ENABLED';

export async function orderScope(db: Db, user: UserRow): Promise<OrderScope> {
  const buyers = new Map<bigint, string>([[user.id, user.nickname || user.email || '']]);
  const isMain = isMainAccount(user);
  if (isMain) {
    const subs = await db
      .select({ id: users.id, nickname: users.nickname, email: users.email })
      .from(users)
      .where(
        and(
          eq(users.enterpriseId, user.enterpriseId!),
          eq(users.isEnterpriseMain, false),
          ne(users.enterpriseStatus, 'PENDING_APPROVAL'),
        ),
      );
    for (const s of subs) buyers.set(s.id, s.nickname || s.email || '');
  }
  return { viewerId: user.id, isMain, buyers };
}

/** The buyers a list asks for: all visible ones, or the requested ones that are visible. */
export function requestedBuyers(scope: OrderScope, ids: string[] | undefined): bigint[] {
  const all = [...scope.buyers.keys()];
  if (!ids) return all;
  const wanted = new Set(ids.map((i) => BigInt(i)));
  return all.filter((id) => wanted.has(id));
}
