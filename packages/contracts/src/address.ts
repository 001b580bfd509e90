/**
 * Address form rules (SPEC §3 Address, §5 Address form), one schema for the web form and the
 * server. Messages are i18n keys under `validation.*` so both ends show the same text.
 */
import { z } from 'zod';
import { ADDRESS_TYPES, EMAIL_PATTERN, GENDERS, HEAR_FROM_OPTIONS, MAX_LEN } from './constants.js';
import { isValidPostalCode, type Site } from './sites.js';

export { ADDRESS_TYPES, EMAIL_PATTERN, GENDERS, HEAR_FROM_OPTIONS } from './constants.js';

/** Mobile number patterns by destination country (digits only, after stripping spaces and dashes). */
export const PHONE_PATTERNS: Record<string, RegExp> = {
  US: /^1?\d{10}$/,
  GB: /^0?\d{10}$/,
  DE: /^0?\d{6,13}$/,
  AT: /^0?\d{6,13}$/,
  CH: /^0?\d{9}$/,
  JP: /^0?\d{9,10}$/,
  ES: /^\d{9}$/,
  IT: /^\d{6,11}$/,
  FR: /^0?\d{9}$/,
  NL: /^0?\d{9}$/,
};
export const DEFAULT_PHONE_PATTERN = /^\d{5,15}$/;
export const phoneDigits = (phone: string) => phone.replace(/[\s\-().]/g, '');
export function isValidPhone(countryCode: string, phone: string): boolean {
  return (PHONE_PATTERNS[countryCode] ?? DEFAULT_PHONE_PATTERN).test(phoneDigits(phone));
}

const req = (max: number) =>
  z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(max, 'validation.tooLong');

/** One level of the address (province, city, district, street): name, id and code (SPEC §3). */
export const DistrictLevel = z.object({
  level: z.number().int().min(1).max(4),
  name: z.string().max(100),
  id: z.string().max(20).optional(),
  code: z.string().max(20).optional(),
});

export interface AddressRules {
  site: Site;
  /** Billing forms show no address type and no quick quiz. */
  purpose: 'SHIPPING' | 'BILLING';
  /**
   * 'saved' (default): an address-book entry, with every field SPEC §5 requires. 'typed': an
   * address typed at checkout for this order only (guests; accounts without a saved address),
   * which asks only what delivery needs: gender and the second address line are optional.
   */
  kind?: 'saved' | 'typed';
}

/** The address as entered. countryCode is the region's short code (US, GB, DE...). */
export function addressInput(rules: AddressRules) {
  const { site, purpose } = rules;
  const typed = rules.kind === 'typed';
  const detail = z
    .string()
    .trim()
    .max(MAX_LEN.detailAddress, 'validation.tooLong')
    .refine((v) => !v.includes('"'), 'validation.specialChars');
  const base = z.strictObject({
    firstName: req(MAX_LEN.name),
    lastName: req(MAX_LEN.name),
    gender: typed ? z.enum(GENDERS).optional() : z.enum(GENDERS, { error: 'validation.required' }),
    personPhone: req(MAX_LEN.phone),
    areaCode: z
      .string()
      .trim()
      .max(6)
      .regex(/^\+?\d{1,4}$/, 'validation.areaCode')
      .optional(),
    email: req(MAX_LEN.email).regex(EMAIL_PATTERN, 'validation.email'),
    countryId: z.string({ error: 'validation.required' }).regex(/^\d{1,18}$/, 'validation.required'),
    countryCode: z.string({ error: 'validation.required' }).regex(/^[A-Z]{2}$/, 'validation.required'),
    province: site.features.renderProvince ? req(MAX_LEN.city) : z.string().trim().max(MAX_LEN.city).optional(),
    provinceId: z.string().max(20).optional(),
    city: req(MAX_LEN.city),
    cityId: z.string().max(20).optional(),
    districtList: z.array(DistrictLevel).max(4).optional(),
    postalCode: req(20),
    poiName: req(MAX_LEN.street),
    detailAddress: typed
      ? detail.optional()
      : req(MAX_LEN.detailAddress).refine((v) => !v.includes('"'), 'validation.specialChars'),
    addressType:
      purpose === 'SHIPPING'
        ? z.enum(ADDRESS_TYPES, { error: 'validation.required' })
        : z.enum(ADDRESS_TYPES).optional(),
    company: z.string().trim().max(MAX_LEN.company, 'validation.tooLong').optional(),
    taxCode: z.string().trim().max(50, 'validation.tooLong').optional(),
    isDefault: z.boolean().optional(),
    subscribe: z.boolean().optional(),
    hearFrom: z.enum(HEAR_FROM_OPTIONS).optional(),
    hearFromInput: z.string().trim().max(MAX_LEN.hearFrom, 'validation.tooLong').optional(),
    addressLatitude: z.number().min(-90).max(90).optional(),
    addressLongitude: z.number().min(-180).max(180).optional(),
  });
  // Cross-field rules run even when single fields failed, so the form shows every error at once;
  // hence the defensive reads of a value that may not have parsed.
  return base.superRefine(
    (value, ctx) => {
      // Not an object at all (null, a string...): the base schema has already reported it.
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
      const a = value as Partial<Record<keyof typeof value, unknown>>;
      const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
      const country = str(a.countryCode);
      if (str(a.personPhone) && country && !isValidPhone(country, str(a.personPhone)))
        ctx.addIssue({ code: 'custom', path: ['personPhone'], message: 'validation.phone' });
      if (str(a.postalCode) && country && !isValidPostalCode(site, country, str(a.postalCode)))
        ctx.addIssue({ code: 'custom', path: ['postalCode'], message: 'validation.postalCode' });
      // Person-type addresses drop the company field; company ones need it.
      if (a.addressType === 'COMPANY' && !str(a.company))
        ctx.addIssue({ code: 'custom', path: ['company'], message: 'validation.required' });
      if (purpose === 'SHIPPING' && site.features.quickQuiz) {
        if (!a.hearFrom) ctx.addIssue({ code: 'custom', path: ['hearFrom'], message: 'validation.required' });
        else if (a.hearFrom === 'other' && !str(a.hearFromInput))
          ctx.addIssue({ code: 'custom', path: ['hearFromInput'], message: 'validation.required' });
      }
    },
    { when: () => true },
  );
}
export type AddressInput = z.infer<ReturnType<typeof addressInput>>;

/** A saved address as the API returns it (SPEC §3 Address). */
export const Address = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  personName: z.string(),
  gender: z.enum(GENDERS),
  personPhone: z.string(),
  areaCode: z.string().nullable(),
  email: z.string(),
  countryId: z.string(),
  country: z.string(),
  region: z.object({ id: z.string(), regionName: z.string(), regionShortName: z.string() }),
  province: z.string().nullable(),
  provinceId: z.string().nullable(),
  city: z.string(),
  cityId: z.string().nullable(),
  districtList: z.array(DistrictLevel),
  postalCode: z.string(),
  poiName: z.string(),
  detailAddress: z.string(),
  company: z.string().nullable(),
  taxCode: z.string().nullable(),
  addressType: z.enum(ADDRESS_TYPES),
  isDefault: z.boolean(),
  subscribe: z.boolean(),
  addressStatus: z.literal('ENABLED'),
  site: z.string(),
  hearFrom: z.string().nullable(),
  hearFromInput: z.string().nullable(),
  addressLatitude: z.number().nullable(),
  addressLongitude: z.number().nullable(),
});
export type Address = z.infer<typeof Address>;

export const Region = z.object({
  id: z.string(),
  regionName: z.string(),
  regionShortName: z.string(),
  level: z.number().int(),
  pinyin: z.string(),
  code: z.string(),
});
export const RegionPageBody = z.strictObject({
  pageSize: z.number().int().min(1).max(999).default(999),
  pageNum: z.number().int().min(1).default(1),
  regionName: z.string().max(100).optional(),
  regionStatus: z.literal('ENABLED').optional(),
  parentId: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
  level: z.number().int().min(1).max(4).optional(),
});
export const RegionPage = z.object({ data: z.array(Region), total: z.number().int() });
