/**
 * The one gate of every seller route (SPEC §6 merchant states): who is a seller, and what its
 * state lets it do. Reads pass for every state; shipping and after-sales need `fulfil` (a
 * frozen seller keeps them for its historical orders); acts of an active shop need `sell`.
 */
import { ERROR_CODES } from '@mall/contracts';
import { merchantMay, type MerchantRight } from '@mall/domain';
import { AppError } from '../../lib/errors.js';
import type { UserRow } from '../../lib/session.js';

export function requireSeller(user: UserRow | null, right: MerchantRight = 'read'): UserRow {
  if (!user || user.userType !== 'REGISTERED' || user.role !== 'SELLER')
    throw new AppError(403, ERROR_CODES.notSeller, 'Only sellers can do this');
  if (!merchantMay(user.merchantState, right)) {
    throw user.merchantState === 'frozen'
      ? new AppError(
          403,
          ERROR_CODES.merchantFrozen,
          'You are frozen: query and history delivery/after-sales rights only',
        )
      : new AppError(403, ERROR_CODES.merchantCleared, 'Your shop is stopped or removed: query only');
  }
  return user;
}

/** Platform operator routes (merchant application review, merchant states). */
export function requireOperator(user: UserRow | null): UserRow {
  if (!user || user.userType !== 'REGISTERED' || user.role !== 'OPERATOR')
    throw new AppError(403, ERROR_CODES.notOperator, 'Only the platform operator can do this');
  return user;
}
