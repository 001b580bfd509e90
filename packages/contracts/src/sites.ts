/**
 * The site table: one row per country site (SPEC §1, §2 policy routes, §9 feature flags).
 * Both the server and the web app read only this table to decide per-site behaviour.
 */
export const SITE_CODES = ['US', 'UK', 'DE', 'JP', 'ES', 'IT', 'FR', 'NL'] as const;
export type SiteCode = (typeof SITE_CODES)[number];

export const LANGUAGES = ['en', 'de', 'ja', 'es', 'it', 'fr', 'nl'] as const;
export type Language = (typeof LANGUAGES)[number];

export const CURRENCIES = ['USD', 'GBP', 'EUR', 'JPY'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Minor-unit digits per currency: JPY has none (SPEC §9: x100, x1 for JPY). */
export const CURRENCY_DIGITS: Record<Currency, number> = { USD: 2, GBP: 2, EUR: 2, JPY: 0 };

export type PolicyKind = 'privacy' | 'terms' | 'warranty' | 'shipping' | 'sms';

/** Every policy route the spec links (SPEC §2); each site points at its own subset. */
export const POLICY_ROUTES = [
  '/privacy-policy',
  '/agb',
  '/datenschutzerklaerung',
  '/terms-conditions',
  '/termini-e-condizioni',
  '/informativa-privacy',
  '/terms-and-conditions',
  '/algemene-voorwaarden-webwinkel',
  '/warranty',
  '/shipping-policy',
  '/sms',
] as const;
export type PolicyRoute = (typeof POLICY_ROUTES)[number];

/**
 * A site's delivery day and time choices (SPEC §9 "Japan site has delivery day and time
 * choices"). The checkout form offers them and the server accepts only them, with one rule
 * (deliveryDayChoices / deliveryChoiceProblem in packages/domain).
 */
export interface DeliveryDayTimeRule {
  /** The first day offered is this many days after today (today as a date in `timeZone`). */
  firstDayOffset: number;
  /** Days offered, from the first one on. */
  days: number;
  /** Time slots offered, as shown. */
  timeSlots: readonly string[];
  /** Where "today" is reckoned (IANA time zone of the site's country). */
  timeZone: string;
}

export interface SiteFeatures {
  /** Country preselected in address forms (ISO 3166-1 alpha-2). */
  defaultCountry: string;
  riskCheck: boolean;
  quickQuiz: boolean;
  privacyPolicy: boolean;
  renderProvince: boolean;
  renderPostalCode: boolean;
  smsSubscribe: boolean;
  emailSubscribe: boolean;
  shippingMethodSelection: boolean;
  /** Japan: delivery day and time choices at checkout (null: the site offers none). */
  deliveryDayTime: DeliveryDayTimeRule | null;
  preSale: boolean;
  /** US: line details (item name, sku name, price...) are added to the submit payload. */
  submitLineDetails: boolean;
  /** German-type site: order list shows only the 'all' tab; paypal sorted last. */
  germanType: boolean;
  /** Cross-border e-commerce order type (NORMAL_SALE_CBE). */
  cbe: boolean;
  merchantEntry: boolean;
}

/**
 * Cross-border orders into a site (SPEC §4 NORMAL_SALE_CBE, §9 "CBE types per site"): the shops
 * listed as selling cross-border into the site (table cross_border_shops) ship from abroad, and
 * their orders pay these duties and this import tax instead of the site's sales tax or VAT
 * (packages/domain import-duty.ts). Rates are decimal strings.
 */
export interface CrossBorderRule {
  /** The buyer's real-name certificate (one saved for this site) is needed to place the order. */
  certificateRequired: boolean;
  /** Import tax on customs value (goods and shipping) plus duty. */
  importTaxRate: string;
  /** Duty rate by customs category (CUSTOMS_CATEGORIES in packages/domain). */
  dutyRates: Record<string, string>;
  /** Duty rate of a customs category not in dutyRates. */
  defaultDutyRate: string;
}

export interface Site {
  code: SiteCode;
  name: string;
  /** ISO country code used for regions, payment countryCode and shipping. */
  countryCode: string;
  currency: Currency;
  locale: string;
  defaultLanguage: Language;
  /** INCLUSIVE: prices shown with VAT included; EXCLUSIVE: tax added at checkout. */
  taxDisplay: 'INCLUSIVE' | 'EXCLUSIVE';
  /** Standard rate as a decimal string, e.g. "0.19". */
  taxRate: string;
  /**
   * Postal-code patterns by destination country id. An empty object means no pattern
   * is enforced (SPEC §5: US none, UK one pattern, DE by country id).
   */
  postalCodePatterns: Record<string, string>;
  policyRoutes: Partial<Record<PolicyKind, PolicyRoute>>;
  /** Payment channel display order (SPEC §4: paypal last on the DE-type site, else adyen last). */
  paymentChannelOrder: string[];
  /** Points: worth per major unit, step, minimum, earn rate, largest share of an order (SPEC §3 Points). */
  points: { pointsPerUnit: number; step: number; minimum: number; earnPerUnit: string; maxShare: string };
  /** Minutes an unpaid order waits before it closes (pay deadline). */
  payDeadlineMinutes: number;
  features: SiteFeatures;
  /** Cross-border orders into this site (none when absent; features.cbe says the same). */
  crossBorder?: CrossBorderRule;
}

const POINTS = { pointsPerUnit: 100, step: 100, minimum: 500, earnPerUnit: '1', maxShare: '0.5' };
const JPY_POINTS = { pointsPerUnit: 1, step: 100, minimum: 500, earnPerUnit: '0.01', maxShare: '0.5' };

const baseFeatures: SiteFeatures = {
  defaultCountry: 'US',
  riskCheck: false,
  quickQuiz: true,
  privacyPolicy: true,
  renderProvince: true,
  renderPostalCode: true,
  smsSubscribe: false,
  emailSubscribe: true,
  shippingMethodSelection: true,
  deliveryDayTime: null,
  preSale: false,
  submitLineDetails: false,
  germanType: false,
  cbe: false,
  merchantEntry: true,
};

export const SITES: Record<SiteCode, Site> = {
  US: {
    code: 'US',
    name: 'United States',
    countryCode: 'US',
    currency: 'USD',
    locale: 'en-US',
    defaultLanguage: 'en',
    taxDisplay: 'EXCLUSIVE',
    taxRate: '0.0725',
    postalCodePatterns: {},
    policyRoutes: {
      privacy: '/privacy-policy',
      terms: '/terms-conditions',
      warranty: '/warranty',
      shipping: '/shipping-policy',
      sms: '/sms',
    },
    paymentChannelOrder: [
      'STRIPE_PAY_QUICK',
      'STRIPE_PAY_PC',
      'MOCKPAY',
      'INVOICE_ME',
      'KLARNA',
      'AFFIRM_PC',
      'BRAINTREE',
      'PAYPAL_PAY_PC',
      'ADYEN_LINK',
      'ADYEN_PC',
    ],
    points: POINTS,
    payDeadlineMinutes: 30,
    features: {
      ...baseFeatures,
      defaultCountry: 'US',
      riskCheck: true,
      smsSubscribe: true,
      submitLineDetails: true,
      cbe: true,
    },
    crossBorder: {
      certificateRequired: true,
      importTaxRate: '0.0725',
      dutyRates: { ceramics: '0.06', lighting: '0.039', furniture: '0', food: '0.02', textiles: '0.112' },
      defaultDutyRate: '0.05',
    },
  },
  UK: {
    code: 'UK',
    name: 'United Kingdom',
    countryCode: 'GB',
    currency: 'GBP',
    locale: 'en-GB',
    defaultLanguage: 'en',
    taxDisplay: 'INCLUSIVE',
    taxRate: '0.20',
    postalCodePatterns: { GB: '^[A-Za-z]{1,2}\\d[A-Za-z\\d]?\\s?\\d[A-Za-z]{2}$' },
    policyRoutes: {
      privacy: '/privacy-policy',
      terms: '/terms-and-conditions',
      warranty: '/warranty',
      shipping: '/shipping-policy',
    },
    paymentChannelOrder: [
      'STRIPE_PAY_QUICK',
      'STRIPE_PAY_PC',
      'MOCKPAY',
      'INVOICE_ME',
      'KLARNA',
      'AFFIRM_PC',
      'BRAINTREE',
      'PAYPAL_PAY_PC',
      'ADYEN_LINK',
      'ADYEN_PC',
    ],
    points: POINTS,
    payDeadlineMinutes: 30,
    features: { ...baseFeatures, defaultCountry: 'GB', renderProvince: false },
  },
  DE: {
    code: 'DE',
    name: 'Deutschland',
    countryCode: 'DE',
    currency: 'EUR',
    locale: 'de-DE',
    defaultLanguage: 'de',
    taxDisplay: 'INCLUSIVE',
    taxRate: '0.19',
    postalCodePatterns: {
      DE: '^\\d{5}$',
      AT: '^\\d{4}$',
      CH: '^\\d{4}$',
      LU: '^\\d{4}$',
      BE: '^\\d{4}$',
      DK: '^\\d{4}$',
      PL: '^\\d{2}-\\d{3}$',
    },
    policyRoutes: {
      privacy: '/datenschutzerklaerung',
      terms: '/agb',
      warranty: '/warranty',
      shipping: '/shipping-policy',
    },
    paymentChannelOrder: [
      'STRIPE_PAY_QUICK',
      'STRIPE_PAY_PC',
      'MOCKPAY',
      'INVOICE_ME',
      'KLARNA',
      'AFFIRM_PC',
      'BRAINTREE',
      'ADYEN_PC',
      'ADYEN_LINK',
      'PAYPAL_PAY_PC',
    ],
    points: POINTS,
    payDeadlineMinutes: 30,
    features: { ...baseFeatures, defaultCountry: 'DE', renderProvince: false, germanType: true },
  },
  JP: {
    code: 'JP',
    name: '日本',
    countryCode: 'JP',
    currency: 'JPY',
    locale: 'ja-JP',
    defaultLanguage: 'ja',
    taxDisplay: 'INCLUSIVE',
    taxRate: '0.10',
    postalCodePatterns: { JP: '^\\d{3}-?\\d{4}$' },
    policyRoutes: {
      privacy: '/privacy-policy',
      terms: '/terms-conditions',
      warranty: '/warranty',
      shipping: '/shipping-policy',
    },
    paymentChannelOrder: [
      'STRIPE_PAY_QUICK',
      'STRIPE_PAY_PC',
      'MOCKPAY',
      'INVOICE_ME',
      'KLARNA',
      'AFFIRM_PC',
      'BRAINTREE',
      'PAYPAL_PAY_PC',
      'ADYEN_LINK',
      'ADYEN_PC',
    ],
    points: JPY_POINTS,
    payDeadlineMinutes: 30,
    features: {
      ...baseFeatures,
      defaultCountry: 'JP',
      preSale: true,
      deliveryDayTime: {
        firstDayOffset: 2,
        days: 7,
        timeSlots: ['08:00-12:00', '14:00-16:00', '16:00-18:00', '18:00-20:00', '19:00-21:00'],
        timeZone: 'Asia/Tokyo',
      },
    },
  },
  ES: {
    code: 'ES',
    name: 'España',
    countryCode: 'ES',
    currency: 'EUR',
    locale: 'es-ES',
    defaultLanguage: 'es',
    taxDisplay: 'INCLUSIVE',
    taxRate: '0.21',
    postalCodePatterns: { ES: '^\\d{5}$' },
    policyRoutes: {
      privacy: '/privacy-policy',
      terms: '/terms-and-conditions',
      warranty: '/warranty',
      shipping: '/shipping-policy',
    },
    paymentChannelOrder: [
      'STRIPE_PAY_QUICK',
      'STRIPE_PAY_PC',
      'MOCKPAY',
      'INVOICE_ME',
      'KLARNA',
      'AFFIRM_PC',
      'BRAINTREE',
      'PAYPAL_PAY_PC',
      'ADYEN_LINK',
      'ADYEN_PC',
    ],
    points: POINTS,
    payDeadlineMinutes: 30,
    features: { ...baseFeatures, defaultCountry: 'ES' },
  },
  IT: {
    code: 'IT',
    name: 'Italia',
    countryCode: 'IT',
    currency: 'EUR',
    locale: 'it-IT',
    defaultLanguage: 'it',
    taxDisplay: 'INCLUSIVE',
    taxRate: '0.22',
    postalCodePatterns: { IT: '^\\d{5}$' },
    policyRoutes: {
      privacy: '/informativa-privacy',
      terms: '/termini-e-condizioni',
      warranty: '/warranty',
      shipping: '/shipping-policy',
    },
    paymentChannelOrder: [
      'STRIPE_PAY_QUICK',
      'STRIPE_PAY_PC',
      'MOCKPAY',
      'INVOICE_ME',
      'KLARNA',
      'AFFIRM_PC',
      'BRAINTREE',
      'PAYPAL_PAY_PC',
      'ADYEN_LINK',
      'ADYEN_PC',
    ],
    points: POINTS,
    payDeadlineMinutes: 30,
    features: { ...baseFeatures, defaultCountry: 'IT' },
  },
  FR: {
    code: 'FR',
    name: 'France',
    countryCode: 'FR',
    currency: 'EUR',
    locale: 'fr-FR',
    defaultLanguage: 'fr',
    taxDisplay: 'INCLUSIVE',
    taxRate: '0.20',
    postalCodePatterns: { FR: '^\\d{5}$' },
    policyRoutes: {
      privacy: '/privacy-policy',
      terms: '/terms-conditions',
      warranty: '/warranty',
      shipping: '/shipping-policy',
    },
    paymentChannelOrder: [
      'STRIPE_PAY_QUICK',
      'STRIPE_PAY_PC',
      'MOCKPAY',
      'INVOICE_ME',
      'KLARNA',
      'AFFIRM_PC',
      'BRAINTREE',
      'PAYPAL_PAY_PC',
      'ADYEN_LINK',
      'ADYEN_PC',
    ],
    points: POINTS,
    payDeadlineMinutes: 30,
    features: { ...baseFeatures, defaultCountry: 'FR', renderProvince: false },
  },
  NL: {
    code: 'NL',
    name: 'Nederland',
    countryCode: 'NL',
    currency: 'EUR',
    locale: 'nl-NL',
    defaultLanguage: 'nl',
    taxDisplay: 'INCLUSIVE',
    taxRate: '0.21',
    postalCodePatterns: { NL: '^\\d{4}\\s?[A-Za-z]{2}$' },
    policyRoutes: {
      privacy: '/privacy-policy',
      terms: '/algemene-voorwaarden-webwinkel',
      warranty: '/warranty',
      shipping: '/shipping-policy',
    },
    paymentChannelOrder: [
      'STRIPE_PAY_QUICK',
      'STRIPE_PAY_PC',
      'MOCKPAY',
      'INVOICE_ME',
      'KLARNA',
      'AFFIRM_PC',
      'BRAINTREE',
      'PAYPAL_PAY_PC',
      'ADYEN_LINK',
      'ADYEN_PC',
    ],
    points: POINTS,
    payDeadlineMinutes: 30,
    features: { ...baseFeatures, defaultCountry: 'NL', renderProvince: false },
  },
};

export const DEFAULT_SITE: SiteCode = 'US';

export function isSiteCode(v: unknown): v is SiteCode {
  return typeof v === 'string' && (SITE_CODES as readonly string[]).includes(v);
}
export function isLanguage(v: unknown): v is Language {
  return typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);
}

/** The site for a (possibly untrusted) code; unknown codes fall back to the default site. */
export function siteFor(code: unknown): Site {
  return SITES[isSiteCode(code) ? code : DEFAULT_SITE];
}

/**
 * Checks a postal code against the site's pattern for the destination country.
 * No pattern for that country means any non-empty value is accepted.
 */
export function isValidPostalCode(site: Site, countryId: string, postalCode: string): boolean {
  const pattern = site.postalCodePatterns[countryId];
  if (!pattern) return postalCode.trim().length > 0;
  return new RegExp(pattern).test(postalCode.trim());
}
