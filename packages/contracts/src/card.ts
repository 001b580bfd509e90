/** Saved cards (SPEC §3 Card, §4 "Card save", §5 card form, §7 customer_* calls). */
import { z } from 'zod';
import { MAX_LEN } from './constants.js';
import { Id } from './schemas.js';

const fill = (max: number) =>
  z.string({ error: 'validation.fillIn' }).trim().min(1, 'validation.fillIn').max(max, 'validation.tooLong');

/** Cardholder and billing fields the shop keeps; the card number never reaches the shop. */
export const CardForm = z.strictObject({
  cardHolderName: fill(MAX_LEN.name),
  mobile: fill(MAX_LEN.phone),
  email: fill(MAX_LEN.email).regex(/^[^\s@"]+@[^\s@"]+\.[^\s@"]{2,}$/, 'validation.email'),
  country: fill(60),
  province: z.string().trim().max(MAX_LEN.city).optional(),
  city: fill(MAX_LEN.city),
  region: z.string().trim().max(MAX_LEN.city).optional(),
  street: fill(MAX_LEN.street),
  houseNumber: fill(20),
  zipCode: fill(20),
  isSave: z.union([z.literal(1), z.literal(0)]).default(1),
});
export type CardForm = z.infer<typeof CardForm>;
export const CreateCardFlowBody = z.array(CardForm).length(1);
export const CreateCardResult = z.object({ id: Id, extra: z.string(), payCenterToken: z.string().nullable() });
export const QueryOneCardBody = z.array(z.strictObject({ id: z.strictObject({ value: Id }) })).length(1);
export const OneCard = z.object({
  id: Id,
  payCenterToken: z.string().nullable(),
  status: z.enum(['SETUP_PENDING', 'ACTIVE', 'FAILED']),
});
export const QueryCardsBody = z.array(z.strictObject({ isBind: z.literal(1) })).max(1);
export const SavedCard = z.object({
  id: Id,
  isDefault: z.boolean(),
  tailNumber: z.string(),
  bankNetBO: z.object({ bankNetName: z.string(), bankNetLogo: z.string() }),
  payCenterToken: z.string(),
  /** The channels that can charge it: those of the provider it was saved with (none when that provider is no longer configured). */
  payChannels: z.array(z.string()),
});
export type SavedCard = z.infer<typeof SavedCard>;

/** Card fields as the provider's own form checks them (the payment element's errors). */
export function luhnValid(number: string): boolean {
  const digits = number.replace(/\D/g, '');
  if (digits.length < 12 || digits.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function expiryValid(expiry: string, now = new Date()): boolean {
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!m) return false;
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12) return false;
  return year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1);
}

export const SetupConfirmBody = z.strictObject({
  clientSecret: z.string().max(100),
  cardNumber: z.string().max(30),
  expiry: z.string().max(10),
  cvc: z.string().max(4),
});
