/**
 * Real-name certificates (SPEC §5 "Certificate", §7 certificate flows): the ID number a buyer
 * keeps for customs / age checks. Each country site has its national ID's pattern and, where
 * the ID has one, its check digit; client and server validate with these same functions.
 */
import { z } from 'zod';
import { ERROR_CODES } from './errors.js';
import { Id } from './schemas.js';
import { CERTIFICATE_MAX } from './id-numbers.js';

export { CERTIFICATE_MAX, ID_NUMBER_RULES, isValidIdNumber, maskIdNumber, normaliseIdNumber } from './id-numbers.js';

const CertificateFields = {
  name: z.string().trim().min(1, ERROR_CODES.certificateNameRequired).max(CERTIFICATE_MAX.name),
  certificateNumber: z.string().trim().min(1, ERROR_CODES.certificateNumberRequired).max(CERTIFICATE_MAX.number),
};
/** Flow calls take arrays of objects (DESIGN "API"). The site's ID pattern is checked against the caller's site. */
export const CreateCertificateBody = z.array(z.strictObject(CertificateFields)).length(1);
export const EditCertificateBody = z.array(z.strictObject({ id: Id, ...CertificateFields })).length(1);
export const CertificateIdBody = z.array(z.strictObject({ id: Id })).length(1);
export const CertificateListBody = z.array(z.strictObject({})).max(1);

export const Certificate = z.object({
  id: Id,
  name: z.string(),
  /** Masked: only the last four characters are ever sent back. */
  certificateNumber: z.string(),
  site: z.string(),
  updatedAt: z.string(),
});
export type Certificate = z.infer<typeof Certificate>;
export const CertificateList = z.object({ data: z.array(Certificate) });
