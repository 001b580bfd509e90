/**
 * VAT identification numbers of a buyer or seller on a VAT invoice: the format each country
 * publishes (EU member states as VIES writes them, the UK, Japan's qualified-invoice
 * registration number), after dropping the spaces, dots and dashes people type. Only the form
 * is checked here; whether the number is registered is a question for the tax authority.
 */

/** Where a VAT ID is checked: an ISO country code (Greece's VAT prefix is EL, its country GR). */
export interface VatIdFormat {
  /** The prefix the ID starts with once normalised. */
  prefix: string;
  /** The part after the prefix. */
  pattern: RegExp;
  /** What the number looks like, for the message when it does not match. */
  example: string;
  /** The shape in words. */
  shape: string;
}

export const EU_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'GR',
  'ES',
  'FI',
  'FR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;
export type EuCountry = (typeof EU_COUNTRIES)[number];

export const VAT_ID_FORMATS: Readonly<Record<string, VatIdFormat>> = {
  AT: { prefix: 'AT', pattern: /^U\d{8}$/, example: 'ATU12345678', shape: 'ATU followed by 8 digits' },
  BE: {
    prefix: 'BE',
    pattern: /^[01]\d{9}$/,
    example: 'BE0123456789',
    shape: 'BE followed by 10 digits starting with 0 or 1',
  },
  BG: { prefix: 'BG', pattern: /^\d{9,10}$/, example: 'BG123456789', shape: 'BG followed by 9 or 10 digits' },
  CY: { prefix: 'CY', pattern: /^\d{8}[A-Z]$/, example: 'CY12345678L', shape: 'CY followed by 8 digits and a letter' },
  CZ: { prefix: 'CZ', pattern: /^\d{8,10}$/, example: 'CZ12345678', shape: 'CZ followed by 8, 9 or 10 digits' },
  DE: { prefix: 'DE', pattern: /^\d{9}$/, example: 'DE123456789', shape: 'DE followed by 9 digits' },
  DK: { prefix: 'DK', pattern: /^\d{8}$/, example: 'DK12345678', shape: 'DK followed by 8 digits' },
  EE: { prefix: 'EE', pattern: /^\d{9}$/, example: 'EE123456789', shape: 'EE followed by 9 digits' },
  GR: { prefix: 'EL', pattern: /^\d{9}$/, example: 'EL123456789', shape: 'EL followed by 9 digits' },
  ES: {
    prefix: 'ES',
    pattern: /^([A-Z]\d{7}[A-Z0-9]|\d{8}[A-Z])$/,
    example: 'ESB12345678',
    shape: 'ES followed by 9 characters: a letter or digit, 7 digits, a letter or digit (one end a letter)',
  },
  FI: { prefix: 'FI', pattern: /^\d{8}$/, example: 'FI12345678', shape: 'FI followed by 8 digits' },
  FR: {
    prefix: 'FR',
    pattern: /^[0-9A-HJ-NP-Z]{2}\d{9}$/,
    example: 'FR12345678901',
    shape: 'FR followed by 2 characters (digits or letters other than I and O) and 9 digits',
  },
  HR: { prefix: 'HR', pattern: /^\d{11}$/, example: 'HR12345678901', shape: 'HR followed by 11 digits' },
  HU: { prefix: 'HU', pattern: /^\d{8}$/, example: 'HU12345678', shape: 'HU followed by 8 digits' },
  IE: {
    prefix: 'IE',
    pattern: /^(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/,
    example: 'IE1234567T',
    shape: 'IE followed by 7 digits and 1 or 2 letters (or the older digit, letter, 5 digits, letter)',
  },
  IT: { prefix: 'IT', pattern: /^\d{11}$/, example: 'IT12345678901', shape: 'IT followed by 11 digits' },
  LT: { prefix: 'LT', pattern: /^(\d{9}|\d{12})$/, example: 'LT123456789', shape: 'LT followed by 9 or 12 digits' },
  LU: { prefix: 'LU', pattern: /^\d{8}$/, example: 'LU12345678', shape: 'LU followed by 8 digits' },
  LV: { prefix: 'LV', pattern: /^\d{11}$/, example: 'LV12345678901', shape: 'LV followed by 11 digits' },
  MT: { prefix: 'MT', pattern: /^\d{8}$/, example: 'MT12345678', shape: 'MT followed by 8 digits' },
  NL: {
    prefix: 'NL',
    pattern: /^\d{9}B\d{2}$/,
    example: 'NL123456789B01',
    shape: 'NL followed by 9 digits, B and 2 digits',
  },
  PL: { prefix: 'PL', pattern: /^\d{10}$/, example: 'PL1234567890', shape: 'PL followed by 10 digits' },
  PT: { prefix: 'PT', pattern: /^\d{9}$/, example: 'PT123456789', shape: 'PT followed by 9 digits' },
  RO: { prefix: 'RO', pattern: /^[1-9]\d{1,9}$/, example: 'RO1234567', shape: 'RO followed by 2 to 10 digits' },
  SE: {
    prefix: 'SE',
    pattern: /^\d{10}01$/,
    example: 'SE123456789701',
    shape: 'SE followed by 12 digits ending in 01',
  },
  SI: { prefix: 'SI', pattern: /^\d{8}$/, example: 'SI12345678', shape: 'SI followed by 8 digits' },
  SK: { prefix: 'SK', pattern: /^\d{10}$/, example: 'SK1234567890', shape: 'SK followed by 10 digits' },
  // UK: standard 9 digits, branch traders 12, government departments GD000-499, health authorities HA500-999.
  GB: {
    prefix: 'GB',
    pattern: /^(\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/,
    example: 'GB123456789',
    shape: 'GB followed by 9 or 12 digits (or GD and 000-499, HA and 500-999)',
  },
  // Japan: the qualified-invoice issuer registration number, T and the 13-digit corporate (or assigned) number.
  JP: { prefix: 'T', pattern: /^\d{13}$/, example: 'T1234567890123', shape: 'T followed by 13 digits' },
};

/** Stable refusal codes (the API answers them as error codes). */
export const VAT_ID_ERRORS = {
  malformed: 'Invoice.vatIdMalformed',
  countryNotSupported: 'Invoice.vatIdCountryNotSupported',
} as const;

export type VatIdCheck =
  | { ok: true; vatId: string; country: string }
  | { ok: false; code: (typeof VAT_ID_ERRORS)[keyof typeof VAT_ID_ERRORS]; message: string; params: VatIdErrorParams };

/**
 * What a refusal's message needs besides its code (the API sends it as the error's details), so
 * each client words it in its own language: the country checked and, when it has a format, an
 * example of that format.
 */
export interface VatIdErrorParams {
  country: string;
  example?: string;
}

/** Country codes people also write: UK for GB, EL for GR. */
const countryAlias = (c: string) => (c === 'UK' ? 'GB' : c === 'EL' ? 'GR' : c);

/** Without spaces, dots, dashes, slashes and in capitals: "de 123.456-789" -> "DE123456789". */
export const normaliseVatId = (raw: string) => raw.replace(/[\s.\-/]/g, '').toUpperCase();

/**
 * Checks a VAT ID against the format of `country` (the country of the business's address);
 * the prefix may be left out (it is added). Returns the normalised ID or a refusal.
 */
export function checkVatId(countryCode: string, raw: string): VatIdCheck {
  const country = countryAlias(countryCode.trim().toUpperCase());
  const f = VAT_ID_FORMATS[country];
  if (!f)
    return {
      ok: false,
      code: VAT_ID_ERRORS.countryNotSupported,
      message: `VAT invoices with a VAT ID are not available for ${country || 'this country'}`,
      params: { country },
    };
  let id = normaliseVatId(raw);
  // Greek IDs are sometimes written with GR, British ones with UK.
  if (country === 'GR' && id.startsWith('GR')) id = `EL${id.slice(2)}`;
  if (country === 'GB' && id.startsWith('UK')) id = `GB${id.slice(2)}`;
  const body = id.startsWith(f.prefix) ? id.slice(f.prefix.length) : id;
  if (!f.pattern.test(body)) {
    return {
      ok: false,
      code: VAT_ID_ERRORS.malformed,
      message: `This is not a valid VAT ID for ${country}: it should be ${f.shape} (e.g. ${f.example})`,
      params: { country, example: f.example },
    };
  }
  return { ok: true, vatId: `${f.prefix}${body}`, country };
}

export const isEuCountry = (c: string): c is EuCountry =>
  (EU_COUNTRIES as readonly string[]).includes(countryAlias(c.toUpperCase()));

/**
 * EU reverse charge (VAT Directive art. 196): a business supplying a business, both
 * VAT-registered, in two different member states: the buyer accounts for the VAT, the invoice
 * carries none and says so.
 */
export function reverseChargeApplies(
  seller: { country: string; vatId: string | null },
  buyer: { country: string; vatId: string | null },
): boolean {
  if (!seller.vatId || !buyer.vatId) return false;
  const s = countryAlias(seller.country.toUpperCase());
  const b = countryAlias(buyer.country.toUpperCase());
  return isEuCountry(s) && isEuCountry(b) && s !== b;
}

/** The note an invoice under reverse charge carries. */
export const REVERSE_CHARGE_NOTE =
  'Reverse charge: VAT to be accounted for by the recipient (Article 196 of Council Directive 2006/112/EC).';
