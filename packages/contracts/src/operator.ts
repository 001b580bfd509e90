/** The platform operator's review of merchant applications and its control of merchant states (SPEC §6). */
import { z } from 'zod';
import { Id } from './schemas.js';
import { MAX_LEN } from './constants.js';

export const ApplicationStatusSchema = z.enum(['audit', 'pass', 'reject']);
export const MerchantStateSchema = z.enum(['seller', 'frozen', 'clear']);

export const OperatorApplication = z.object({
  id: Id,
  status: ApplicationStatusSchema,
  shopName: z.string(),
  contactName: z.string(),
  phone: z.string(),
  applicant: z.object({ id: Id, email: z.string(), nickname: z.string() }),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
  shopId: Id.nullable(),
});
export type OperatorApplication = z.infer<typeof OperatorApplication>;
export const OperatorApplicationsQuery = z.strictObject({
  status: z.enum(['audit', 'pass', 'reject', 'all']).default('audit'),
});

export const RejectApplicationBody = z.strictObject({ reason: z.string().trim().min(1).max(MAX_LEN.requirements) });
export type RejectApplicationBody = z.infer<typeof RejectApplicationBody>;

export const OperatorSeller = z.object({
  id: Id,
  email: z.string(),
  nickname: z.string(),
  merchantState: MerchantStateSchema,
  shops: z.array(z.object({ id: Id, name: z.string() })),
  /** Events the operator may fire now (from the transition table). */
  events: z.array(z.enum(['FREEZE', 'CLEAR', 'RESTORE'])),
});
export type OperatorSeller = z.infer<typeof OperatorSeller>;
export const MerchantStateBody = z.strictObject({ event: z.enum(['FREEZE', 'CLEAR', 'RESTORE']) });
