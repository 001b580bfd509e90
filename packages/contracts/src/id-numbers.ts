/**
 * The national ID number checks of each site (SPEC §5 "Certificate"): client and server validate
 * with these same functions. No zod here, so the certificates page reads them without loading it
 * (they are part of `@mall/contracts/constants`).
 */
import type { SiteCode } from './sites.js';

export const CERTIFICATE_MAX = { name: 100, number: 40, perBuyer: 10 } as const;

/** Spaces, dashes and dots are typing aids, not part of the number. */
export const normaliseIdNumber = (raw: string) => raw.replace(/[\s.-]/g, '').toUpperCase();

const digits = (s: string) => [...s].map(Number);

/** ES: DNI (8 digits + letter) or NIE (X/Y/Z + 7 digits + letter); the letter is the number mod 23. */
function esDni(v: string): boolean {
  const m = /^([XYZ]?)(\d{7,8})([A-Z])$/.exec(v);
  if (!m) return false;
  if (m[1] ? m[2]!.length !== 7 : m[2]!.length !== 8) return false;
  const num = Number(`${m[1] ? 'XYZ'.indexOf(m[1]) : ''}${m[2]}`);
  return 'TRWAGMYFPDXBNJZSQVHLCKE'[num % 23] === m[3];
}

/** NL: BSN, 9 digits passing the "11-proof" (weights 9..2 and -1). */
function nlBsn(v: string): boolean {
  if (!/^\d{9}$/.test(v)) return false;
  const d = digits(v);
  const sum = d.slice(0, 8).reduce((s, x, i) => s + x * (9 - i), 0) - d[8]!;
  return sum % 11 === 0 && Number(v) !== 0;
}

/** JP: My Number, 12 digits, the last a check digit (weights 6..2,7..2 from the left). */
function jpMyNumber(v: string): boolean {
  if (!/^\d{12}$/.test(v)) return false;
  const d = digits(v);
  let sum = 0;
  for (let n = 1; n <= 11; n++) sum += d[11 - n]! * (n <= 6 ? n + 1 : n - 5);
  const r = sum % 11;
  return d[11] === (r <= 1 ? 0 : 11 - r);
}

/** FR: NIR (social security number), 13 digits + 2-digit key = 97 - (number mod 97); Corsica 2A/2B. */
function frNir(v: string): boolean {
  const m = /^([12]\d{2}(?:0[1-9]|1[0-2]|[2-9]\d)(?:\d{2}|2A|2B)\d{6})(\d{2})$/.exec(v);
  if (!m) return false;
  const body = m[1]!.replace('2A', '19').replace('2B', '18');
  return 97 - Number(BigInt(body) % 97n) === Number(m[2]);
}

/** IT: codice fiscale, 16 characters, the last a check letter over odd/even position tables. */
const CF_ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
function itCodiceFiscale(v: string): boolean {
  if (!/^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/.test(v)) return false;
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const c = v[i]!;
    const k = /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 65;
    sum += i % 2 === 0 ? CF_ODD[k]! : k;
  }
  return String.fromCharCode(65 + (sum % 26)) === v[15];
}

/** DE: Personalausweis serial (9 characters of its alphabet) with its 7-3-1 check digit when given. */
function deAusweis(v: string): boolean {
  const m = /^([CFGHJKLMNPRTVWXYZ0-9]{9})(\d?)$/.exec(v);
  if (!m) return false;
  if (!m[2]) return true;
  const w = [7, 3, 1];
  const sum = [...m[1]!].reduce((s, c, i) => s + (/\d/.test(c) ? Number(c) : c.charCodeAt(0) - 55) * w[i % 3]!, 0);
  return sum % 10 === Number(m[2]);
}

/** Per site: a short description for the form's hint and the check. */
export const ID_NUMBER_RULES: Record<SiteCode, { example: string; valid: (normalised: string) => boolean }> = {
  // SSN: 3-2-4 digits, no all-zero group, area not 000, 666 or 9xx.
  US: { example: '123-45-6789', valid: (v) => /^(?!000|666|9\d\d)\d{3}(?!00)\d{2}(?!0000)\d{4}$/.test(v) },
  // National Insurance number: two prefix letters (not D F I Q U V; O not second), 6 digits, A-D.
  UK: {
    example: 'AB 12 34 56 C',
    valid: (v) => /^(?!BG|GB|NK|KN|TN|NT|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]\d{6}[A-D]$/.test(v),
  },
  DE: { example: 'T22000129', valid: deAusweis },
  JP: { example: '1234 5678 9018', valid: jpMyNumber },
  ES: { example: '12345678Z', valid: esDni },
  IT: { example: 'RSSMRA85T10A562S', valid: itCodiceFiscale },
  FR: { example: '1 85 05 78 006 084 91', valid: frNir },
  NL: { example: '111222333', valid: nlBsn },
};

export function isValidIdNumber(site: SiteCode, raw: string): boolean {
  return ID_NUMBER_RULES[site].valid(normaliseIdNumber(raw));
}

/** Last four characters, the rest hidden: what every answer shows of the number. */
export const maskIdNumber = (normalised: string) =>
  `${'*'.repeat(Math.max(0, normalised.length - 4))}${normalised.slice(-4)}`;
